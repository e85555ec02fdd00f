// Hex from source: in the row's build copy, its mix.exs dependency on the package (and on each
// dependency given from source) becomes a Mix path dependency on the source tree, with `override: true`
// so that the requirements the trees' own mix.exs files state (`{:jason, "~> 1.4"}`) are met by the same
// path instead of Hex. Then Mix builds offline: no `mix local.hex`, no `mix deps.get` (a path dependency
// needs neither), the row's other install commands (`MIX_ENV=prod mix escript.build`) as they are.
// Every dependency a tree needs at run time (not `only:` dev or test, not `optional:`) must be given from
// source, or the build would reach for Hex: it is named before anything runs.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { SourcePlan, SourceProvider, SourceTree } from "./types.js";

/** One `{:name, ...}` dependency tuple of a mix.exs. */
export interface MixDependency {
  name: string;
  /** The tuple as written. */
  text: string;
  /** Only for dev or test (never built into an escript in prod), or optional. */
  skipped: boolean;
}

/** The dependency tuples of a mix.exs, read with a pattern (the file is never run). */
export function mixDependencies(text: string): MixDependency[] {
  const code = text.replace(/#.*$/gm, "");
  const out: MixDependency[] = [];
  for (const m of code.matchAll(/\{\s*:([a-z_][a-z0-9_]*)\s*,\s*("[^"]*"|[a-z_]+:)[^{}]*\}/g)) {
    const tuple = m[0];
    const only = /\bonly:\s*(\[[^\]]*\]|:[a-z_]+)/.exec(tuple)?.[1];
    const devOrTest = only !== undefined && !/:prod\b/.test(only);
    out.push({ name: m[1]!, text: tuple, skipped: devOrTest || /\boptional:\s*true\b/.test(tuple) });
  }
  return out;
}

export const hexFromSource: SourceProvider = ({ manifest, rowDir, pkg, deps }): SourcePlan => {
  const mixPath = join(rowDir, "mix.exs");
  if (!existsSync(mixPath)) throw new Error("the row has no mix.exs");
  const mix = readFileSync(mixPath, "utf8");
  const trees = new Map<string, SourceTree>([[manifest.package, pkg], ...deps]);

  for (const [name, tree] of trees)
    if (!existsSync(join(tree.dir, "mix.exs")))
      throw new Error(`the source given for ${name} has no mix.exs (give the Mix project's own folder)`);

  // What the row and each tree need at run time: each must be given.
  const needed = new Map<string, string>();
  for (const d of mixDependencies(mix)) if (!d.skipped) needed.set(d.name, "the row's mix.exs");
  for (const [name, tree] of trees)
    for (const d of mixDependencies(readFileSync(join(tree.dir, "mix.exs"), "utf8")))
      if (!d.skipped && !needed.has(d.name)) needed.set(d.name, name);
  const missing = [...needed].filter(([name]) => !trees.has(name));
  if (missing.length > 0)
    throw new Error(
      `${missing.map(([name, by]) => `${name}, needed by ${by}`).join("; ")}: give each from source (--source ROW:NAME=DIR)`,
    );

  // In the row's mix.exs and in each tree's copy, a dependency on a given tree becomes a path dependency
  // on it; one that is never built here (dev or test only, optional) points at a path that is never
  // read, since without Hex Mix cannot even read a version requirement; the row gains any given tree it
  // does not name.
  const notes: string[] = [];
  const rewrite = (file: string, from: string, isRow: boolean): void => {
    let text = readFileSync(file, "utf8");
    const where = relative(rowDir, file);
    for (const d of mixDependencies(text)) {
      const tree = trees.get(d.name);
      let tuple: string | undefined;
      if (tree !== undefined)
        tuple = `{:${d.name}, path: ${JSON.stringify(relative(from, tree.dir) || ".")}, override: true}`;
      else if (d.skipped && /^\{\s*:[a-z0-9_]+\s*,\s*"[^"]*"/.test(d.text))
        tuple = d.text.replace(/"[^"]*"/, `path: ${JSON.stringify(`never-built/${d.name}`)}`);
      if (tuple === undefined) continue;
      text = text.replace(d.text, tuple);
      notes.push(`${where}: ${d.text} became ${tuple}`);
    }
    if (isRow)
      for (const [name, tree] of trees) {
        if (mixDependencies(text).some((d) => d.name === name)) continue;
        const at = /\bdeps:\s*\[/.exec(text);
        if (at === null) throw new Error(`the row's mix.exs has no \`deps: [\` list to add ${name} to`);
        const tuple = `{:${name}, path: ${JSON.stringify(relative(rowDir, tree.dir))}, override: true}`;
        const end = at.index + at[0].length;
        text = `${text.slice(0, end)}${tuple}${/^\s*\]/.test(text.slice(end)) ? "" : ", "}${text.slice(end)}`;
        notes.push(`${where}: ${tuple} added (a tree given from source needs it)`);
      }
    writeFileSync(file, text);
  };
  rewrite(mixPath, rowDir, true);
  for (const tree of trees.values()) rewrite(join(tree.dir, "mix.exs"), tree.dir, false);

  const keep = manifest.install.filter((c) => !/\bmix\s+(local\.hex|local\.rebar|deps\.get|hex\.)/.test(c));
  return {
    install: ["elixir --version", ...keep],
    notes: [
      "its Mix dependencies are path dependencies on the source trees (override: true), built offline: no Hex, no `mix deps.get`, no mix.lock",
      ...notes,
    ],
  };
};

// RubyGems from source: Bundler's path gems. Each gem given from source becomes `path:` in the row's
// Gemfile (the package's own line gets it, keeping its version requirement, which Bundler then checks
// against the source's gemspec; a dependency given from source gets a line of its own), the lockfile,
// which names RubyGems as the source, is set aside for Bundler to write anew, and `bundle install` runs
// with --local (no index; a gem of the lock that was not given comes from the gems installed on this
// machine, or the install says it is missing). The row's own commands (`bundle exec ...`) then run as
// they are.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SourcePlan, SourceProvider, SourceTree } from "./types.js";

/** The gems a Gemfile.lock's GEM section names (its `specs:` at four spaces), in order. */
export function lockedGems(lock: string): string[] {
  const names: string[] = [];
  let inSpecs = false;
  for (const line of lock.split("\n")) {
    if (/^\S/.test(line)) inSpecs = false;
    if (/^ {2}specs:\s*$/.test(line)) {
      inSpecs = true;
      continue;
    }
    const spec = inSpecs ? /^ {4}([^\s(]+) \(/.exec(line) : null;
    if (spec?.[1] !== undefined) names.push(spec[1]);
  }
  return names;
}

const quoted = (s: string) => JSON.stringify(s);
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The Gemfile with `path:` on each given gem's line, and a line for each given gem it does not name. */
export function gemfileWithPaths(gemfile: string, trees: SourceTree[]): string {
  let out = gemfile;
  const added: string[] = [];
  for (const tree of trees) {
    const line = new RegExp(`^(\\s*gem\\s*\\(?\\s*["']${escapeRe(tree.name)}["'][^\\n#]*?)\\s*(#.*)?$`, "m");
    if (line.test(out)) {
      if (/\b(path|git|github|source)\s*:|:(path|git|github|source)\s*=>/.test(out.match(line)?.[1] ?? ""))
        throw new Error(`the Gemfile already gives ${tree.name} a source of its own`);
      out = out.replace(
        line,
        (_m, decl: string, comment?: string) =>
          `${decl}, path: ${quoted(tree.dir)}${comment !== undefined ? ` ${comment}` : ""}`,
      );
    } else added.push(`gem ${quoted(tree.name)}, path: ${quoted(tree.dir)}`);
  }
  if (added.length > 0)
    out = `${out.replace(/\n*$/, "\n")}\n# Given from source by the table (src/table/source/rubygems.ts).\n${added.join("\n")}\n`;
  return out;
}

export const rubygemsFromSource: SourceProvider = ({ manifest, rowDir, pkg, deps }): SourcePlan => {
  const gemfilePath = join(rowDir, "Gemfile");
  if (!existsSync(gemfilePath)) throw new Error("the row has no Gemfile: Bundler is how a Ruby row installs");
  const trees = [pkg, ...deps.values()];
  for (const tree of trees)
    if (!existsSync(join(tree.dir, `${tree.name}.gemspec`)))
      throw new Error(`the source given for ${tree.name} has no ${tree.name}.gemspec at its root`);
  writeFileSync(gemfilePath, gemfileWithPaths(readFileSync(gemfilePath, "utf8"), trees));
  const notes = [
    "Bundler takes it from the source tree (a path gem in the row's Gemfile), not from RubyGems; the row's Gemfile.lock is set aside (as Gemfile.lock.registry) and written anew by `bundle install --local`",
  ];
  const lockPath = join(rowDir, "Gemfile.lock");
  if (existsSync(lockPath)) {
    const locked = lockedGems(readFileSync(lockPath, "utf8"));
    const given = new Set(trees.map((t) => t.name));
    const local = locked.filter((name) => !given.has(name));
    if (local.length > 0)
      notes.push(
        `${local.join(", ")}: not given from source, so from the gems installed on this machine (bundle install --local), not from RubyGems`,
      );
    renameSync(lockPath, join(rowDir, "Gemfile.lock.registry"));
  }
  // The lock is written anew, so a frozen or deployment install (which refuses to change it) is dropped.
  const keep = manifest.install.filter(
    (c) => !/\bbundle\b.*\bconfig\b.*\b(frozen|deployment)\b/.test(c) && !/\bbundle\b.*\binstall\b/.test(c),
  );
  return {
    install: [...keep, "bundle install --local", "ruby -v", "bundle list"],
    notes,
  };
};

// crates.io from source: each source tree patches its crate in the row's Cargo.toml (`[patch.crates-io]`
// with a path, as a developer points a build at a local checkout), and every other crate comes from
// Debian's packaged crates (the librust-*-dev packages, /usr/share/cargo/registry) put in crates.io's
// place as a directory source (`.cargo/config.toml`, `[source.crates-io] replace-with`), built offline.
// Then the row's own cargo commands run. A requirement Debian cannot meet (a version it does not have)
// stops the build with Cargo's own message: give that crate from source too (--source ROW:NAME=DIR).
//
// A tree may be a whole repository: the crate is the one whose Cargo.toml names it (at the root or in
// a workspace member's folder), as Cargo finds a crate in a git dependency. The row's Cargo.lock, if it
// has one, holds crates.io's versions and checksums, which a directory source cannot give: it is set
// aside in the build copy and Cargo locks what is here (the build log shows every version it used).
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import type { SourcePlan, SourceProvider, SourceTree } from "./types.js";

/** Where Debian's librust-*-dev packages put their crates. */
export const DEBIAN_CARGO_REGISTRY = "/usr/share/cargo/registry";

/** The name in a Cargo.toml's [package] table, or undefined (a virtual workspace). */
export function packageName(cargoToml: string): string | undefined {
  return /^\[package\][^[]*?^name\s*=\s*["']([^"']+)["']/ms.exec(cargoToml)?.[1];
}

function cargoTomls(root: string, dir = root, depth = 0, out: string[] = []): string[] {
  if (depth > 3) return out;
  const names = readdirSync(dir).sort();
  if (names.includes("Cargo.toml")) out.push(join(dir, "Cargo.toml"));
  for (const name of names) {
    if (name.startsWith(".") || name === "target" || name === "node_modules") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) cargoTomls(root, path, depth + 1, out);
  }
  return out;
}

/** The folder of the crate `tree.name` in the tree: the shallowest Cargo.toml whose package it is
 * (crates.io treats - and _ alike in names). */
export function crateDir(tree: SourceTree): string {
  const same = (a: string) => a.replaceAll("-", "_") === tree.name.replaceAll("-", "_");
  const found = cargoTomls(tree.dir).find((file) => {
    const name = packageName(readFileSync(file, "utf8"));
    return name !== undefined && same(name);
  });
  if (found === undefined)
    throw new Error(`no Cargo.toml in the source given for ${tree.name} declares the package ${tree.name}`);
  return join(found, "..");
}

function tomlKey(name: string): string {
  return /^[A-Za-z0-9_-]+$/.test(name) ? name : JSON.stringify(name);
}

/** The row's Cargo.toml with `entries` in its [patch.crates-io] table (made at its end when it has none). */
export function withPatches(cargoToml: string, entries: string[]): string {
  const header = /^\[patch\.crates-io\][ \t]*$/m.exec(cargoToml);
  const block = `${entries.join("\n")}\n`;
  if (header !== null) {
    const at = header.index + header[0].length + 1;
    return `${cargoToml.slice(0, at)}${block}${cargoToml.slice(at)}`;
  }
  const sep = cargoToml.endsWith("\n") ? "" : "\n";
  return `${cargoToml}${sep}\n# Added for a build from source (src/table/source/cargo.ts): not in the row.\n[patch.crates-io]\n${block}`;
}

/** The .cargo/config.toml of the build copy: crates.io replaced by Debian's crates, offline. */
export function cargoConfig(registry = DEBIAN_CARGO_REGISTRY): string {
  return [
    "# Written for a build from source (src/table/source/cargo.ts): crates.io is out of reach here.",
    "[source.crates-io]",
    'replace-with = "debian-packages"',
    "",
    "[source.debian-packages]",
    `directory = ${JSON.stringify(registry)}`,
    "",
    "[net]",
    "offline = true",
    "",
  ].join("\n");
}

/** Prints every package Cargo locked, its version and where it came from (a path is a source tree). */
export const LOCKED =
  'echo \'Cargo locked:\'; awk \'/^\\[\\[package\\]\\]/{if(n!="")print n, v, s; n=""; v=""; s="(source tree)"} /^name = /{n=$3} /^version = /{v=$3} /^source = /{s="(registry: Debian packaged crate)"} END{if(n!="")print n, v, s}\' Cargo.lock | tr -d \'"\'';

export const cargoFromSource: SourceProvider = ({ manifest, rowDir, pkg, deps }): SourcePlan => {
  const rowToml = join(rowDir, "Cargo.toml");
  if (!existsSync(rowToml))
    throw new Error("the row has no Cargo.toml: a Rust row builds a crate that depends on the library");
  const configPath = join(rowDir, ".cargo", "config.toml");
  if (existsSync(configPath) || existsSync(join(rowDir, ".cargo", "config")))
    throw new Error("the row has its own .cargo/config.toml: a build from source writes that file");
  const trees = [pkg, ...deps.values()];
  const rel = (dir: string) => relative(rowDir, dir).replaceAll("\\", "/");
  const entries = trees.map((t) => `${tomlKey(t.name)} = { path = ${JSON.stringify(rel(crateDir(t)))} }`);
  writeFileSync(rowToml, withPatches(readFileSync(rowToml, "utf8"), entries));
  mkdirSync(join(rowDir, ".cargo"), { recursive: true });
  writeFileSync(configPath, cargoConfig());
  const notes: string[] = [];
  if (existsSync(join(rowDir, "Cargo.lock"))) {
    renameSync(join(rowDir, "Cargo.lock"), join(rowDir, "Cargo.lock.registry"));
    notes.push(
      "the row's Cargo.lock (crates.io's versions and checksums) is set aside in the build copy (Cargo.lock.registry): Cargo locks what is here",
    );
  }
  return {
    install: [
      `test -d ${DEBIAN_CARGO_REGISTRY} || { echo "${DEBIAN_CARGO_REGISTRY} is missing: install the librust-*-dev packages the row needs"; exit 1; }`,
      "cargo --version && rustc --version",
      ...manifest.install,
      LOCKED,
    ],
    notes: [
      `${trees.map((t) => t.name).join(", ")} patched in from source ([patch.crates-io] with a path in the row's Cargo.toml); every other crate from Debian's packaged crates (${DEBIAN_CARGO_REGISTRY}, in crates.io's place as a directory source), built offline`,
      ...notes,
      "every crate and version Cargo locked is listed at the end of the build log",
    ],
  };
};

// The crates.io provider (src/table/source/cargo.ts) on a tiny fake row and crates, no toolchain: each
// tree patches its crate into the row's Cargo.toml with a path (found by name inside a repository laid
// out as a workspace), crates.io is replaced by Debian's crates as a directory source, offline, the
// row's Cargo.lock is set aside, and the row's own commands run between the checks and the lock listing.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import type { Manifest } from "../../src/table/manifest.js";
import {
  cargoConfig,
  cargoFromSource,
  crateDir,
  DEBIAN_CARGO_REGISTRY,
  LOCKED,
  packageName,
  withPatches,
} from "../../src/table/source/cargo.js";
import { hasSourceProvider } from "../../src/table/source/index.js";
import type { SourceTree } from "../../src/table/source/types.js";

const TMP = mkdtempSync(join(tmpdir(), "source-cargo-"));
after(() => rmSync(TMP, { recursive: true, force: true }));

const manifest = {
  registry: "crates.io",
  package: "the_lib",
  version: "0.3.1",
  install: ["cargo build --release"],
} as unknown as Manifest;

const ROW_TOML = '[package]\nname = "wrapper"\nversion = "0.0.0"\n\n[dependencies]\nthe_lib = "=0.3.1"\n';

function row(name: string): string {
  const dir = join(TMP, name);
  mkdirSync(join(dir, ".table-source"), { recursive: true });
  writeFileSync(join(dir, "Cargo.toml"), ROW_TOML);
  return dir;
}

function crate(at: string, name: string, version = "1.0.0"): void {
  mkdirSync(at, { recursive: true });
  writeFileSync(
    join(at, "Cargo.toml"),
    `[package]\nname = "${name}"\nversion = "${version}"\n\n[dependencies]\n`,
  );
}

function tree(rowDir: string, name: string): SourceTree {
  const dir = join(rowDir, ".table-source", name);
  mkdirSync(dir, { recursive: true });
  return { name, given: dir, dir, tags: [] };
}

test("crates.io has a provider", () => {
  assert.ok(hasSourceProvider("crates.io"));
});

test("each tree is patched in by path; crates.io is Debian's crates, offline; the row's commands run", () => {
  const dir = row("plain");
  const pkg = tree(dir, "the_lib");
  crate(pkg.dir, "the_lib", "0.3.1");
  // A repository laid out as a workspace: the crate is the member whose Cargo.toml names it.
  const dep = tree(dir, "serde");
  writeFileSync(join(dep.dir, "Cargo.toml"), '[workspace]\nmembers = ["serde", "serde_derive"]\n');
  crate(join(dep.dir, "serde_derive"), "serde_derive");
  crate(join(dep.dir, "serde"), "serde");
  const dash = tree(dir, "ryu-js");
  crate(dash.dir, "ryu-js");
  writeFileSync(join(dir, "Cargo.lock"), "# from crates.io\n");
  const plan = cargoFromSource({
    manifest,
    rowDir: dir,
    pkg,
    deps: new Map([
      ["serde", dep],
      ["ryu-js", dash],
    ]),
  });
  const toml = readFileSync(join(dir, "Cargo.toml"), "utf8");
  assert.ok(toml.startsWith(ROW_TOML), "the row's own Cargo.toml is kept as it is, the patch added after");
  assert.ok(
    toml.endsWith(
      '[patch.crates-io]\nthe_lib = { path = ".table-source/the_lib" }\nserde = { path = ".table-source/serde/serde" }\nryu-js = { path = ".table-source/ryu-js" }\n',
    ),
    toml,
  );
  assert.equal(readFileSync(join(dir, ".cargo", "config.toml"), "utf8"), cargoConfig());
  assert.ok(!existsSync(join(dir, "Cargo.lock")));
  assert.equal(readFileSync(join(dir, "Cargo.lock.registry"), "utf8"), "# from crates.io\n");
  assert.deepEqual(plan.install.slice(1), [
    "cargo --version && rustc --version",
    "cargo build --release",
    LOCKED,
  ]);
  assert.ok(plan.install[0]!.startsWith(`test -d ${DEBIAN_CARGO_REGISTRY} ||`));
  assert.ok(plan.notes.some((n) => n.includes("[patch.crates-io]")));
  assert.ok(plan.notes.some((n) => n.includes("Cargo.lock")));
  assert.equal(plan.commands, undefined);
});

test("the config replaces crates.io with Debian's registry as a directory source, offline", () => {
  const config = cargoConfig();
  assert.match(config, /^\[source\.crates-io\]\nreplace-with = "debian-packages"$/m);
  assert.match(config, /^\[source\.debian-packages\]\ndirectory = "\/usr\/share\/cargo\/registry"$/m);
  assert.match(config, /^\[net\]\noffline = true$/m);
});

test("an existing [patch.crates-io] table gets the entries; names are found with - and _ alike", () => {
  const merged = withPatches('[package]\nname = "w"\n\n[patch.crates-io]\nfoo = "1"\n', [
    'bar = { path = "b" }',
  ]);
  assert.equal(merged, '[package]\nname = "w"\n\n[patch.crates-io]\nbar = { path = "b" }\nfoo = "1"\n');
  assert.equal(packageName('[package]\nname = "a-b"\n[lib]\nname = "c"\n'), "a-b");
  assert.equal(packageName('[workspace]\nmembers = ["x"]\n'), undefined);
  const dir = row("names");
  const t = tree(dir, "ryu_js");
  crate(t.dir, "ryu-js");
  assert.equal(crateDir(t), t.dir);
});

test("a tree without the crate, a row without Cargo.toml, a row with its own .cargo/config.toml are refused", () => {
  const dir = row("missing");
  const t = tree(dir, "the_lib");
  crate(t.dir, "other");
  assert.throws(
    () => cargoFromSource({ manifest, rowDir: dir, pkg: t, deps: new Map() }),
    /declares the package the_lib/,
  );
  const bare = join(TMP, "bare");
  mkdirSync(bare);
  assert.throws(() => cargoFromSource({ manifest, rowDir: bare, pkg: t, deps: new Map() }), /no Cargo\.toml/);
  const own = row("own-config");
  const lib = tree(own, "the_lib");
  crate(lib.dir, "the_lib");
  mkdirSync(join(own, ".cargo"));
  writeFileSync(join(own, ".cargo", "config.toml"), "");
  assert.throws(
    () => cargoFromSource({ manifest, rowDir: own, pkg: lib, deps: new Map() }),
    /own \.cargo\/config\.toml/,
  );
});

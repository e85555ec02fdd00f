// The Go modules provider (src/table/source/go.ts) on a tiny fake row and module, no toolchain: each
// source tree replaces its module in the row's go.mod, the row's own commands run after it offline, a
// tree without go.mod gets the one Go assumes, a tree of another module is refused, and the shell step
// that lowers a newer go directive is in the plan.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import type { Manifest } from "../../src/table/manifest.js";
import { GO_ENV, goFromSource, lowerGoDirectives, moduleOf } from "../../src/table/source/go.js";
import { hasSourceProvider } from "../../src/table/source/index.js";
import type { SourceTree } from "../../src/table/source/types.js";

const TMP = mkdtempSync(join(tmpdir(), "source-go-"));
after(() => rmSync(TMP, { recursive: true, force: true }));

const manifest = {
  registry: "go-modules",
  package: "example.com/lib",
  version: "v1.2.3",
  install: ["go build -mod=mod -o wrapper ."],
} as unknown as Manifest;

function row(name: string): string {
  const dir = join(TMP, name);
  mkdirSync(join(dir, ".table-source"), { recursive: true });
  writeFileSync(join(dir, "go.mod"), "module wrapper\n\ngo 1.24\n\nrequire example.com/lib v1.2.3\n");
  return dir;
}

function tree(rowDir: string, name: string, goMod?: string): SourceTree {
  const dir = join(rowDir, ".table-source", name.replace(/[^A-Za-z0-9._-]+/g, "_"));
  mkdirSync(dir, { recursive: true });
  if (goMod !== undefined) writeFileSync(join(dir, "go.mod"), goMod);
  return { name, given: dir, dir, tags: ["v1.2.3"] };
}

test("go-modules has a provider", () => {
  assert.ok(hasSourceProvider("go-modules"));
});

test("each tree replaces its module; the row's own commands run after, offline", () => {
  const dir = row("plain");
  const pkg = tree(dir, "example.com/lib", "module example.com/lib\n\ngo 1.15\n");
  const dep = tree(dir, "example.com/dep", '// a comment\nmodule "example.com/dep"\n');
  const plan = goFromSource({ manifest, rowDir: dir, pkg, deps: new Map([["example.com/dep", dep]]) });
  assert.ok(plan.install.every((c) => c.startsWith(`${GO_ENV}; `)));
  const bare = plan.install.map((c) => c.slice(GO_ENV.length + 2));
  assert.equal(bare[0], "go version");
  assert.ok(
    bare[1]!.includes(
      "for f in go.mod ./.table-source/example.com_lib/go.mod ./.table-source/example.com_dep/go.mod;",
    ),
  );
  assert.deepEqual(bare.slice(2), [
    "go mod edit -replace=example.com/lib=./.table-source/example.com_lib",
    "go mod edit -replace=example.com/dep=./.table-source/example.com_dep",
    "go build -mod=mod -o wrapper .",
  ]);
  assert.match(GO_ENV, /GOPROXY=off/);
  assert.match(GO_ENV, /GOSUMDB=off/);
  assert.match(GO_ENV, /GOTOOLCHAIN=local/);
  assert.ok(plan.notes.some((n) => n.includes("go mod edit -replace")));
  assert.equal(plan.commands, undefined);
});

test("a tree without go.mod gets `module PATH`, as Go assumes; a tree of another module is refused", () => {
  const dir = row("nogomod");
  const pkg = tree(dir, "example.com/lib");
  const plan = goFromSource({ manifest, rowDir: dir, pkg, deps: new Map() });
  assert.equal(readFileSync(join(pkg.dir, "go.mod"), "utf8"), "module example.com/lib\n");
  assert.ok(plan.notes.some((n) => n.includes("has no go.mod")));
  const other = row("other");
  const wrong = tree(other, "example.com/lib", "module example.com/lib/v2\n");
  assert.throws(
    () => goFromSource({ manifest, rowDir: other, pkg: wrong, deps: new Map() }),
    /declares module example\.com\/lib\/v2/,
  );
});

test("a row without go.mod is refused", () => {
  const dir = join(TMP, "empty");
  mkdirSync(dir);
  assert.throws(
    () =>
      goFromSource({
        manifest,
        rowDir: dir,
        pkg: tree(dir, "example.com/lib", "module example.com/lib\n"),
        deps: new Map(),
      }),
    /no go\.mod/,
  );
});

test("moduleOf reads the module line, quoted or not, comments aside", () => {
  assert.equal(moduleOf("module a.b/c\n"), "a.b/c");
  assert.equal(moduleOf('// module x\nmodule "a.b/c" // here\n'), "a.b/c");
  assert.equal(moduleOf("go 1.20\n"), undefined);
});

test("the directive step reads the Go here's version, sets older-than-wanted directives to it and drops toolchain lines", () => {
  const step = lowerGoDirectives(["go.mod", "./x y/go.mod"]);
  assert.ok(step.startsWith("have=$(go env GOVERSION"));
  assert.ok(step.includes("for f in go.mod './x y/go.mod'; do "));
  assert.ok(step.includes("sort -V"));
  assert.ok(step.includes("/^toolchain[[:space:]]/d"));
  assert.ok(step.endsWith("fi; done"));
});

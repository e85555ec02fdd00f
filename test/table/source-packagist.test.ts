// The Packagist provider (src/table/source/packagist.ts) on a tiny fake package in a temp folder: the
// row's composer.json gets a path repository for each tree (copied, at the release's version; a
// dependency at its tag's version) with Packagist off, its own repositories kept; a composer.lock is set
// aside; the row's install runs as it is. No PHP is run.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import type { Manifest } from "../../src/table/manifest.js";
import { declaredVersion } from "../../src/table/source/declared.js";
import { hasSourceProvider } from "../../src/table/source/index.js";
import { composerWithPaths, packagistFromSource, tagVersion } from "../../src/table/source/packagist.js";
import type { SourceTree } from "../../src/table/source/types.js";

const scratch = mkdtempSync(join(tmpdir(), "source-packagist-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

const manifest: Manifest = {
  name: "me/fake-canon",
  language: "PHP",
  registry: "packagist",
  package: "me/fake-canon",
  version: "1.0.0",
  repository: "https://example.org/fake-canon",
  licence: "MIT",
  api: "parsed-value",
  protocol: "lines",
  commands: { once: "php wrapper.php", lines: "php wrapper.php --lines" },
  toolchain: { name: "php", version: "8.3" },
  install: ["composer update --no-interaction --no-progress --prefer-dist"],
  lockfile: "composer.json",
};

function pkg(name: string, composer: object): string {
  const dir = join(scratch, name.replace("/", "_"));
  mkdirSync(join(dir, "src"), { recursive: true });
  writeFileSync(join(dir, "composer.json"), JSON.stringify({ name, ...composer }));
  return dir;
}

const tree = (name: string, dir: string, tags: string[] = []): SourceTree => ({
  name,
  given: dir,
  dir,
  tags,
});

function row(name: string, composer: object): string {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "composer.json"), JSON.stringify(composer));
  return dir;
}

test("tagVersion reads v1.2.3, 1.2.3, name-1.2.3, and nothing from a tag that is no version", () => {
  assert.equal(tagVersion(tree("x", "/", ["v1.2.3"])), "1.2.3");
  assert.equal(tagVersion(tree("x", "/", ["latest", "release/2.0"])), "2.0");
  assert.equal(tagVersion(tree("x", "/", ["lib-1.4.0-rc.1"])), "1.4.0-rc.1");
  assert.equal(tagVersion(tree("x", "/", ["latest"])), undefined);
});

test("composer.json gets a path repository per tree, Packagist off, its own repositories kept", () => {
  const rowDir = row("row-a", {
    require: { "me/fake-canon": "1.0.0" },
    repositories: [{ type: "vcs", url: "https://example.org/other.git" }],
  });
  writeFileSync(join(rowDir, "composer.lock"), "{}");
  const pkgDir = pkg("me/fake-canon", { require: { "me/helper": "^2" } });
  const helperDir = pkg("me/helper", {});
  const plan = packagistFromSource({
    manifest,
    rowDir,
    pkg: tree("me/fake-canon", pkgDir, ["1.0.0"]),
    deps: new Map([["me/helper", tree("me/helper", helperDir, ["v2.1.0"])]]),
  });
  const composer = JSON.parse(readFileSync(join(rowDir, "composer.json"), "utf8"));
  assert.deepEqual(composer.require, { "me/fake-canon": "1.0.0" });
  assert.deepEqual(composer.repositories, [
    { type: "path", url: pkgDir, options: { symlink: false, versions: { "me/fake-canon": "1.0.0" } } },
    { type: "path", url: helperDir, options: { symlink: false, versions: { "me/helper": "2.1.0" } } },
    { type: "vcs", url: "https://example.org/other.git" },
    { "packagist.org": false },
  ]);
  assert.ok(!existsSync(join(rowDir, "composer.lock")));
  assert.ok(existsSync(join(rowDir, "composer.lock.registry")));
  assert.equal(plan.install[0], manifest.install[0]);
  assert.equal(plan.commands, undefined);
  assert.match(plan.notes.join(" "), /dependency me\/helper: at version 2\.1\.0/);
});

test("repositories given as an object are kept as a list, a packagist.org entry replaced", () => {
  const out = composerWithPaths(
    { repositories: { "packagist.org": false, mine: { type: "vcs", url: "https://example.org/m.git" } } },
    [{ tree: tree("me/x", "/x"), version: undefined }],
  );
  assert.deepEqual(out.repositories, [
    { type: "path", url: "/x", options: { symlink: false } },
    { type: "vcs", url: "https://example.org/m.git", name: "mine" },
    { "packagist.org": false },
  ]);
});

test("a tree without composer.json is refused; the provider is registered for packagist", () => {
  const rowDir = row("row-b", { require: { "me/fake-canon": "1.0.0" } });
  const bare = join(scratch, "bare");
  mkdirSync(bare, { recursive: true });
  assert.throws(
    () => packagistFromSource({ manifest, rowDir, pkg: tree("me/fake-canon", bare), deps: new Map() }),
    /no composer\.json/,
  );
  assert.ok(hasSourceProvider("packagist"));
  assert.deepEqual(declaredVersion(pkg("me/declared", { version: "1.0.0" }), "packagist"), {
    file: "composer.json",
    version: "1.0.0",
  });
});

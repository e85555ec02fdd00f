// The RubyGems provider (src/table/source/rubygems.ts) on a tiny fake gem in a temp folder: the row's
// Gemfile gets `path:` on the gem's line (its version requirement kept) and a line for a dependency
// given from source; the lockfile is set aside; the install drops `frozen` and runs `bundle install
// --local`; gems of the lock not given are said to come from this machine. No Ruby is run.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import type { Manifest } from "../../src/table/manifest.js";
import { declaredVersion } from "../../src/table/source/declared.js";
import { hasSourceProvider } from "../../src/table/source/index.js";
import { gemfileWithPaths, lockedGems, rubygemsFromSource } from "../../src/table/source/rubygems.js";
import type { SourceTree } from "../../src/table/source/types.js";

const scratch = mkdtempSync(join(tmpdir(), "source-rubygems-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

const manifest: Manifest = {
  name: "fake-canon",
  language: "Ruby",
  registry: "rubygems",
  package: "fake-canon",
  version: "1.0.0",
  repository: "https://example.org/fake-canon",
  licence: "MIT",
  api: "parsed-value",
  protocol: "lines",
  commands: { once: "bundle exec ruby wrapper.rb", lines: "bundle exec ruby wrapper.rb --lines" },
  toolchain: { name: "ruby", version: "3.3" },
  install: [
    "bundle config set --local path vendor/bundle",
    "bundle config set --local frozen true",
    "bundle install",
  ],
  lockfile: "Gemfile.lock",
};

const LOCK = `GEM
  remote: https://rubygems.org/
  specs:
    fake-canon (1.0.0)
      helper (~> 0.1)
    helper (0.1.2)
    other (2.0.0)

PLATFORMS
  ruby

DEPENDENCIES
  fake-canon (= 1.0.0)

BUNDLED WITH
   2.5.22
`;

function gem(name: string, version: string): string {
  const dir = join(scratch, name);
  mkdirSync(join(dir, "lib"), { recursive: true });
  writeFileSync(
    join(dir, `${name}.gemspec`),
    `Gem::Specification.new { |s| s.name = "${name}"; s.version = "${version}" }\n`,
  );
  return dir;
}

const tree = (name: string, dir: string): SourceTree => ({ name, given: dir, dir, tags: [] });

function row(name: string): string {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "Gemfile"),
    'source "https://rubygems.org"\n\n# pinned\ngem "fake-canon", "1.0.0" # the package\n',
  );
  writeFileSync(join(dir, "Gemfile.lock"), LOCK);
  return dir;
}

test("lockedGems reads the GEM specs, not their dependencies", () => {
  assert.deepEqual(lockedGems(LOCK), ["fake-canon", "helper", "other"]);
});

test("the Gemfile gets path: on the gem's line and a line for a dependency; the lock is set aside", () => {
  const rowDir = row("row-a");
  const pkgDir = gem("fake-canon", "1.0.0");
  const helperDir = gem("helper", "0.1.2");
  const plan = rubygemsFromSource({
    manifest,
    rowDir,
    pkg: tree("fake-canon", pkgDir),
    deps: new Map([["helper", tree("helper", helperDir)]]),
  });
  const gemfile = readFileSync(join(rowDir, "Gemfile"), "utf8");
  assert.ok(
    gemfile.includes(`gem "fake-canon", "1.0.0", path: ${JSON.stringify(pkgDir)} # the package`),
    gemfile,
  );
  assert.ok(gemfile.includes(`gem "helper", path: ${JSON.stringify(helperDir)}`), gemfile);
  assert.ok(!existsSync(join(rowDir, "Gemfile.lock")));
  assert.equal(readFileSync(join(rowDir, "Gemfile.lock.registry"), "utf8"), LOCK);
  assert.deepEqual(plan.install.slice(0, 2), [
    "bundle config set --local path vendor/bundle",
    "bundle install --local",
  ]);
  assert.ok(!plan.install.some((c) => /frozen/.test(c)));
  assert.equal(plan.commands, undefined, "bundle exec runs as the row says");
  assert.match(
    plan.notes.join(" "),
    /other: not given from source, so from the gems installed on this machine/,
  );
});

test("a gem without its gemspec, a Gemfile giving the gem a source of its own, are refused", () => {
  const rowDir = row("row-b");
  const bare = join(scratch, "bare");
  mkdirSync(bare, { recursive: true });
  assert.throws(
    () => rubygemsFromSource({ manifest, rowDir, pkg: tree("fake-canon", bare), deps: new Map() }),
    /no fake-canon\.gemspec/,
  );
  assert.throws(
    () =>
      gemfileWithPaths('gem "fake-canon", git: "https://example.org/x.git"\n', [tree("fake-canon", bare)]),
    /already gives fake-canon a source/,
  );
});

test("the provider is registered for rubygems, and a gem's VERSION file declares its release", () => {
  assert.ok(hasSourceProvider("rubygems"));
  const pkgDir = gem("fake-canon-v", "1.0.0");
  writeFileSync(join(pkgDir, "VERSION"), "1.0.0\n");
  assert.deepEqual(declaredVersion(pkgDir, "rubygems"), { file: "fake-canon-v.gemspec", version: "1.0.0" });
  rmSync(join(pkgDir, "fake-canon-v.gemspec"));
  assert.deepEqual(declaredVersion(pkgDir, "rubygems"), { file: "VERSION", version: "1.0.0" });
});

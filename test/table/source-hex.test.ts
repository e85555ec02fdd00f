// The Hex provider (src/table/source/hex.ts), on tiny fake Mix projects: the row's dependency on the
// package and on each dependency given from source becomes a path dependency (override: true), in the
// row's mix.exs and in the trees' copies; dependencies never built in prod (dev or test only, optional)
// point at a path never read, since Mix without Hex cannot read a version requirement; one needed at run
// time and not given is named; Hex's install commands are dropped. No toolchain runs here.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import type { Manifest } from "../../src/table/manifest.js";
import { hexFromSource, mixDependencies } from "../../src/table/source/hex.js";
import type { SourceTree } from "../../src/table/source/types.js";

const root = mkdtempSync(join(tmpdir(), "source-hex-"));
after(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

const project = (app: string, deps: string) =>
  `defmodule X.MixProject do\n  use Mix.Project\n  def project, do: [app: :${app}, version: "1.0.0", deps: deps()]\n  defp deps do\n    [\n${deps}\n    ]\n  end\nend\n`;

const manifest: Manifest = {
  name: "jcs",
  language: "Elixir",
  registry: "hex",
  package: "jcs",
  version: "0.2.0",
  repository: "https://example.invalid/jcs",
  licence: "MIT",
  api: "parsed-value",
  parser: "Jason",
  protocol: "lines",
  commands: { once: "escript wrapper", lines: "escript wrapper --lines" },
  toolchain: { name: "elixir", version: "1.17", otp: "27" },
  install: ["mix local.hex --force", "mix deps.get", "MIX_ENV=prod mix escript.build"],
  lockfile: "mix.exs",
};

/** A row and its trees as prepareFromSource leaves them: the trees copied into its .table-source/. */
function setup(rowDeps: string): { row: string; pkg: SourceTree; jason: SourceTree } {
  const row = mkdtempSync(join(root, "row-"));
  write(
    join(row, "mix.exs"),
    `defmodule W.MixProject do\n  use Mix.Project\n  def project do\n    [app: :w, version: "0.0.0", deps: [${rowDeps}], escript: [main_module: W]]\n  end\nend\n`,
  );
  const pkgDir = join(row, ".table-source", "jcs");
  write(
    join(pkgDir, "mix.exs"),
    project(
      "jcs",
      `      {:jason, "~> 1.4"},\n      # {:commented, "~> 1.0"},\n      {:ex_doc, "~> 0.30", only: :dev, runtime: false},\n      {:stream_data, "~> 1.0", only: [:dev, :test]}`,
    ),
  );
  const jasonDir = join(row, ".table-source", "jason");
  write(join(jasonDir, "mix.exs"), project("jason", `      {:decimal, "~> 1.0 or ~> 2.0", optional: true}`));
  const t = (name: string, dir: string): SourceTree => ({ name, given: dir, dir, tags: [] });
  return { row, pkg: t("jcs", pkgDir), jason: t("jason", jasonDir) };
}

test("mixDependencies reads the tuples, comments left out, and which are never built in prod", () => {
  const deps = mixDependencies(
    project(
      "a",
      `{:b, "== 1.0"}, # {:c, "1"}\n{:d, "~> 2.0", only: [:dev, :test]}, {:e, "1.0", only: [:prod]}, {:f, ">= 0.0.0", optional: true}, {:g, path: "../g"}`,
    ),
  );
  assert.deepEqual(
    deps.map((d) => [d.name, d.skipped]),
    [
      ["b", false],
      ["d", true],
      ["e", false],
      ["f", true],
      ["g", false],
    ],
  );
});

test("the package and its given dependency become path dependencies, in the row and in the trees' copies", () => {
  const { row, pkg, jason } = setup(`{:jcs, "== 0.2.0"}, {:jason, "== 1.4.4"}`);
  const plan = hexFromSource({ manifest, rowDir: row, pkg, deps: new Map([["jason", jason]]) });
  assert.deepEqual(plan.install, ["elixir --version", "MIX_ENV=prod mix escript.build"]);
  assert.equal(plan.commands, undefined);
  assert.match(
    readFileSync(join(row, "mix.exs"), "utf8"),
    /deps: \[\{:jcs, path: "\.table-source\/jcs", override: true\}, \{:jason, path: "\.table-source\/jason", override: true\}\]/,
  );
  const jcs = readFileSync(join(pkg.dir, "mix.exs"), "utf8");
  assert.match(jcs, /\{:jason, path: "\.\.\/jason", override: true\}/);
  assert.match(jcs, /\{:ex_doc, path: "never-built\/ex_doc", only: :dev, runtime: false\}/);
  assert.match(jcs, /\{:stream_data, path: "never-built\/stream_data", only: \[:dev, :test\]\}/);
  assert.match(jcs, /# \{:commented, "~> 1\.0"\}/);
  assert.match(
    readFileSync(join(jason.dir, "mix.exs"), "utf8"),
    /\{:decimal, path: "never-built\/decimal", optional: true\}/,
  );
  assert.ok(
    plan.notes.some((n) =>
      n.includes('mix.exs: {:jcs, "== 0.2.0"} became {:jcs, path: ".table-source/jcs", override: true}'),
    ),
  );
});

test("a given tree the row does not name is added to its deps", () => {
  const { row, pkg, jason } = setup(`{:jcs, "== 0.2.0"}`);
  hexFromSource({ manifest, rowDir: row, pkg, deps: new Map([["jason", jason]]) });
  assert.match(
    readFileSync(join(row, "mix.exs"), "utf8"),
    /deps: \[\{:jason, path: "\.table-source\/jason", override: true\}, \{:jcs, path: "\.table-source\/jcs", override: true\}\]/,
  );
});

test("a dependency needed at run time and not given is named before anything is written", () => {
  const { row, pkg } = setup(`{:jcs, "== 0.2.0"}, {:jason, "== 1.4.4"}`);
  const before = readFileSync(join(row, "mix.exs"), "utf8");
  assert.throws(
    () => hexFromSource({ manifest, rowDir: row, pkg, deps: new Map() }),
    /jason, needed by the row's mix\.exs: give each from source/,
  );
  assert.equal(readFileSync(join(row, "mix.exs"), "utf8"), before);
});

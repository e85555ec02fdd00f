// The Maven Central provider (src/table/source/maven.ts), on tiny fake source trees: it reads the POMs
// (never runs them), asks for every dependency a tree needs outside the test scope, compiles the trees
// in dependency order into lib/<artifact>-<version>.jar, and keeps the row's own commands but Maven's.
// No toolchain runs here.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import type { Manifest } from "../../src/table/manifest.js";
import { mavenFromSource, readPom } from "../../src/table/source/maven.js";
import type { SourceTree } from "../../src/table/source/types.js";

const root = mkdtempSync(join(tmpdir(), "source-maven-"));
after(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

const dep = (g: string, a: string, extra = "") =>
  `<dependency><groupId>${g}</groupId><artifactId>${a}</artifactId>${extra}</dependency>`;

function pom(g: string, a: string, v: string, deps: string[], more = ""): string {
  return `<project><modelVersion>4.0.0</modelVersion><groupId>${g}</groupId><artifactId>${a}</artifactId>
<version>${v}</version>${more}<dependencies>${deps.join("")}</dependencies></project>`;
}

/** The row's build folder; the trees sit in its .table-source/ as prepareFromSource copies them there. */
const ROW = join(root, "row");

function tree(name: string, text: string, resources = false): string {
  const dir = join(ROW, ".table-source", name);
  write(join(dir, "pom.xml"), text);
  write(join(dir, "src", "main", "java", "x", `${name.replace(/\W/g, "")}.java`), "package x; class A {}\n");
  write(join(dir, "src", "test", "java", "x", "T.java"), "package x; class T {}\n");
  if (resources) write(join(dir, "src", "main", "resources", "META-INF", "services", "x.Y"), "x.Z\n");
  return dir;
}

const manifest: Manifest = {
  name: "lib",
  language: "Java",
  registry: "maven-central",
  package: "g:lib",
  version: "1.0",
  repository: "https://example.invalid/lib",
  licence: "MIT",
  api: "bytes",
  protocol: "lines",
  commands: { once: "java -cp classes:lib/* Wrapper", lines: "java -cp classes:lib/* Wrapper --lines" },
  toolchain: { name: "java", version: "17" },
  install: [
    "mvn -B -q dependency:copy-dependencies -DoutputDirectory=lib",
    "javac -cp 'lib/*' -d classes Wrapper.java",
  ],
  lockfile: "pom.xml",
};

function row(pins: string): string {
  const dir = ROW;
  write(
    join(dir, "pom.xml"),
    pom(
      "t",
      "row",
      "0.0.0",
      [dep("g", "lib", "<version>[1.0]</version>"), pins],
      "<packaging>pom</packaging>",
    ),
  );
  write(join(dir, "Wrapper.java"), "class Wrapper {}\n");
  return dir;
}

/** The provider on trees as prepareFromSource hands them over (without its git calls: a fast test). */
function prepareFromSource(
  m: Manifest,
  rowDir: string,
  given: { pkg: string; deps: Map<string, string> },
): { plan: ReturnType<typeof mavenFromSource>; trees: SourceTree[] } {
  const t = (name: string, dir: string): SourceTree => ({ name, given: dir, dir, tags: [] });
  const pkg = t(m.package, given.pkg);
  const deps = new Map([...given.deps].map(([name, dir]) => [name, t(name, dir)]));
  return { plan: mavenFromSource({ manifest: m, rowDir, pkg, deps }), trees: [pkg, ...deps.values()] };
}

const lib = tree(
  "g_lib",
  pom(
    "g",
    "lib",
    "1.0",
    [
      dep("g", "api", "<scope>provided</scope>"),
      dep("junit", "junit", "<version>4.12</version><scope>test</scope>"),
    ],
    `<properties><maven.compiler.source>1.8</maven.compiler.source><maven.compiler.target>1.8</maven.compiler.target></properties>
<build><plugins><plugin><artifactId>p</artifactId><version>9</version><dependencies>${dep("g", "plugin-only")}</dependencies></plugin></plugins></build>`,
  ),
);
const impl = tree("g_impl", pom("g", "impl", "2.0", [dep("g", "api", "<scope>provided</scope>")]), true);
const api = tree(
  "g_api",
  `<project><parent><groupId>g</groupId><artifactId>parent</artifactId><version>2.0.1</version></parent>
<artifactId>api</artifactId><dependencyManagement><dependencies>${dep("g", "managed-only")}</dependencies></dependencyManagement></project>`,
);

test("readPom: the project's own coordinates and dependencies, properties resolved, managed and plugin ones left out", () => {
  const p =
    readPom(`<project><!-- <version>9</version> --><parent><groupId>p</groupId><version>3</version></parent>
<artifactId>a</artifactId><properties><x.version>1.2</x.version></properties>
<dependencyManagement><dependencies>${dep("m", "m")}</dependencies></dependencyManagement>
<dependencies>${dep("d", "d", "<version>$" + "{x.version}</version>")}${dep("o", "o", "<optional>true</optional><exclusions><exclusion><groupId>e</groupId><artifactId>e</artifactId></exclusion></exclusions>")}</dependencies>
<build><plugins><plugin><version>7</version></plugin></plugins></build></project>`);
  assert.equal(p.groupId, "p");
  assert.equal(p.artifactId, "a");
  assert.equal(p.version, "3");
  assert.deepEqual(p.dependencies, [
    { name: "d:d", version: "1.2", scope: "compile", optional: false },
    { name: "o:o", scope: "compile", optional: true },
  ]);
});

test("the trees compile in dependency order into lib/, resources and all; Maven's command is dropped, the row's javac kept", () => {
  const dir = row(dep("g", "impl", "<version>[2.0]</version>"));
  const { plan, trees } = prepareFromSource(manifest, dir, {
    pkg: lib,
    deps: new Map([
      ["g:impl", impl],
      ["g:api", api],
    ]),
  });
  assert.deepEqual(
    trees.map((t) => t.name),
    ["g:lib", "g:impl", "g:api"],
  );
  const jars = plan.install.filter((c) => c.startsWith("jar cf"));
  assert.deepEqual(jars, [
    "jar cf 'lib/api-2.0.1.jar' -C '.table-build/api/classes' .",
    "jar cf 'lib/impl-2.0.jar' -C '.table-build/impl/classes' .",
    "jar cf 'lib/lib-1.0.jar' -C '.table-build/lib/classes' .",
  ]);
  const javac = plan.install.filter((c) => c.startsWith("javac -nowarn"));
  assert.equal(javac.length, 3);
  assert.match(
    javac[2]!,
    /--release 8 -cp 'lib\/\*' -d '\.table-build\/lib\/classes' @'\.table-build\/lib\/sources\.txt'$/,
  );
  assert.doesNotMatch(javac[0]!, /--release/);
  assert.ok(
    plan.install.includes(
      "find '.table-source/g_lib/src/main/java' -name '*.java' ! -name module-info.java | sort > '.table-build/lib/sources.txt'",
    ),
  );
  assert.deepEqual(
    plan.install.filter((c) => c.startsWith("cp -R")),
    ["cp -R '.table-source/g_impl/src/main/resources/.' '.table-build/impl/classes/'"],
  );
  assert.ok(!plan.install.some((c) => /\bmvn\b/.test(c)));
  assert.equal(plan.install.at(-2), "javac -cp 'lib/*' -d classes Wrapper.java");
  assert.equal(plan.commands, undefined);
  assert.ok(plan.notes.some((n) => /g:api 2\.0\.1: .*the row's pom\.xml does not ask for it/.test(n)));
});

test("a dependency a tree or the row needs, not given from source, is named before anything runs", () => {
  const dir = row(dep("g", "impl", "<version>[2.0]</version>"));
  assert.throws(
    () => prepareFromSource(manifest, dir, { pkg: lib, deps: new Map([["g:api", api]]) }),
    /g:impl, needed by the row's pom\.xml: give each from source/,
  );
  assert.throws(
    () => prepareFromSource(manifest, dir, { pkg: lib, deps: new Map([["g:impl", impl]]) }),
    /g:api, needed by g:lib \(scope provided\)/,
  );
});

test("a dependency the row pins at another version than its source declares is refused", () => {
  const dir = row(dep("g", "impl", "<version>[2.1]</version>"));
  assert.throws(
    () =>
      prepareFromSource(manifest, dir, {
        pkg: lib,
        deps: new Map([
          ["g:impl", impl],
          ["g:api", api],
        ]),
      }),
    /pins g:impl \[2\.1\], but the source given declares 2\.0/,
  );
});

test("a tree without src/main/java is refused with what to give instead", () => {
  const dir = row("");
  const bare = join(ROW, ".table-source", "bare");
  write(join(bare, "pom.xml"), pom("g", "lib", "1.0", []));
  assert.throws(
    () => prepareFromSource(manifest, dir, { pkg: bare, deps: new Map() }),
    /g:lib has no src\/main\/java/,
  );
});

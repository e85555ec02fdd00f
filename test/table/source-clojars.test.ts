// The Clojars provider (src/table/source/clojars.ts), on tiny fake trees made here: the classpath it writes
// (source trees' paths, compiled classes, this machine's jars by the version their file names carry), the
// Java sources it lists (a deps.edn tree's tools.build :src-dirs, a project.clj's :java-source-paths, one
// Maven module of a multi-module checkout, its PackageVersion.java.in template filled from its pom.xml),
// the launcher in place of `clojure -M`, and what it refuses. No JDK or Clojure is needed.
import assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import type { Manifest } from "../../src/table/manifest.js";
import { clojarsFromSource, pinnedCoordinates } from "../../src/table/source/clojars.js";
import type { SourceTree } from "../../src/table/source/types.js";

const ROOT = mkdtempSync(join(tmpdir(), "source-clojars-"));
after(() => rmSync(ROOT, { recursive: true, force: true }));

function put(path: string, text = ""): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

const tree = (name: string, dir: string): SourceTree => ({ name, given: dir, dir, tags: [] });

const MANIFEST = {
  name: "lib",
  language: "Clojure",
  registry: "clojars",
  package: "dev.example/lib",
  version: "1.0.0",
  repository: "https://example.org/lib",
  licence: "MIT",
  api: "parsed-value",
  parser: "jsonista",
  protocol: "lines",
  commands: { once: "clojure -M wrapper.clj", lines: "clojure -M wrapper.clj --lines" },
  toolchain: { name: "clojure", version: "1.11.1.1413" },
  install: ["clojure -P -M"],
  lockfile: "deps.edn",
} satisfies Manifest;

const DEPS = `{:paths ["."]
 :deps {org.clojure/clojure {:mvn/version "1.11.1"}
        dev.example/lib {:mvn/version "1.0.0"}
        example/reader {:mvn/version "0.3.7"}
        com.example/jackson-datatype-x {:mvn/version "2.14.1"}
        com.example/core {:mvn/version "2.14.1"}}}
`;

function fixture(name: string) {
  const base = join(ROOT, name);
  const java = join(base, "java");
  put(join(java, "clojure-1.11.1.jar"));
  symlinkSync("clojure-1.11.1.jar", join(java, "clojure.jar"));
  put(join(java, "core.jar"));
  symlinkSync("core.jar", join(java, "core-2.14.0.jar"));
  // the package: deps.edn with a tools.build javac
  const lib = join(base, "lib");
  put(
    join(lib, "deps.edn"),
    `{:paths ["src/clj" "target/classes"] :deps {example/reader {:mvn/version "0.3.7"}}}`,
  );
  put(join(lib, "build.clj"), `(b/javac {:src-dirs ["src/java"] :class-dir "target/classes"})`);
  put(join(lib, "src/clj/lib/core.clj"), "(ns lib.core)");
  put(join(lib, "src/java/lib/A.java"), "package lib; class A {}");
  put(join(lib, "test/lib/core_test.clj"), "(ns lib.core-test)");
  // a dependency: project.clj
  const reader = join(base, "reader");
  put(
    join(reader, "project.clj"),
    `(defproject example/reader "0.3.7" :source-paths ["src/clj"] :java-source-paths ["src/java"])`,
  );
  put(join(reader, "src/clj/reader/core.clj"), "(ns reader.core)");
  put(join(reader, "src/java/reader/B.java"), "package reader; class B {}");
  // a dependency: one module of a Maven multi-module checkout, with a version template
  const multi = join(base, "multi");
  put(join(multi, "pom.xml"), "<project><artifactId>parent</artifactId><version>2.14.1</version></project>");
  for (const module of ["datetime", "other"]) {
    put(
      join(multi, module, "pom.xml"),
      `<project><parent><groupId>com.example</groupId><version>2.14.1</version></parent><artifactId>${
        module === "datetime" ? "jackson-datatype-x" : "jackson-other"
      }</artifactId><dependencies><dependency><version>9</version></dependency></dependencies></project>`,
    );
    put(join(multi, module, "src/main/java/com/example", module, "C.java"), "class C {}");
    put(join(multi, module, "src/test/java/com/example/T.java"), "class T {}");
  }
  put(
    join(multi, "datetime/src/main/java/com/example/datetime/PackageVersion.java.in"),
    'package @package@; class PackageVersion { String v = "@projectversion@ @projectgroupid@ @projectartifactid@"; }',
  );
  put(join(multi, "datetime/src/main/resources/META-INF/services/x"), "");
  const row = join(base, "row");
  put(join(row, "deps.edn"), DEPS);
  return {
    java,
    row,
    pkg: tree("dev.example/lib", lib),
    deps: new Map([
      ["example/reader", tree("example/reader", reader)],
      ["com.example/jackson-datatype-x", tree("com.example/jackson-datatype-x", multi)],
    ]),
  };
}

test("deps.edn's exact pins are read in order", () => {
  assert.deepEqual(pinnedCoordinates(DEPS), [
    { name: "org.clojure/clojure", version: "1.11.1" },
    { name: "dev.example/lib", version: "1.0.0" },
    { name: "example/reader", version: "0.3.7" },
    { name: "com.example/jackson-datatype-x", version: "2.14.1" },
    { name: "com.example/core", version: "2.14.1" },
  ]);
});

test("the classpath: given trees' paths and compiled classes, then this machine's jars, each by its version", () => {
  const f = fixture("plan");
  const plan = clojarsFromSource(f.java)({ manifest: MANIFEST, rowDir: f.row, pkg: f.pkg, deps: f.deps });
  const launcher = readFileSync(join(f.row, ".table-build/clojure"), "utf8");
  const cp = /-cp '([^']*)'/.exec(launcher)?.[1]?.split(":") ?? [];
  assert.equal(cp[0], ".table-build/classes");
  assert.ok(cp.some((p) => p.endsWith("lib/src/clj")));
  assert.ok(!cp.some((p) => p.includes("target")), "target/classes is what this build compiles");
  assert.ok(cp.some((p) => p.endsWith("reader/src/clj")));
  assert.ok(cp.some((p) => p.endsWith("multi/datetime/src/main/resources")));
  assert.ok(!cp.some((p) => p.includes("other")), "only the module whose artifactId is the coordinate's");
  assert.deepEqual(
    cp.filter((p) => p.endsWith(".jar")),
    [join(f.java, "clojure-1.11.1.jar"), join(f.java, "core.jar")],
  );
  assert.deepEqual(plan.commands, {
    once: "sh .table-build/clojure wrapper.clj",
    lines: "sh .table-build/clojure wrapper.clj --lines",
  });
  assert.ok(plan.install.some((c) => /^javac .*@\.table-build\/sources\.txt$/.test(c)));
  assert.ok(plan.notes.includes(`org.clojure/clojure 1.11.1 from ${join(f.java, "clojure-1.11.1.jar")}`));
  assert.ok(
    plan.notes.includes(`com.example/core 2.14.0 from ${join(f.java, "core.jar")}; the row pins 2.14.1`),
    plan.notes.join("\n"),
  );
});

test("the Java sources: each tree's declared folders, one Maven module, its template filled from its pom", () => {
  const f = fixture("sources");
  clojarsFromSource(f.java)({ manifest: MANIFEST, rowDir: f.row, pkg: f.pkg, deps: f.deps });
  const listed = readFileSync(join(f.row, ".table-build/sources.txt"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as string);
  assert.ok(listed.some((p) => p.endsWith("lib/src/java/lib/A.java")));
  assert.ok(listed.some((p) => p.endsWith("reader/src/java/reader/B.java")));
  assert.ok(listed.some((p) => p.endsWith("datetime/src/main/java/com/example/datetime/C.java")));
  assert.ok(!listed.some((p) => /other|src\/test/.test(p)), listed.join("\n"));
  const generated = join(f.row, ".table-build/generated/com/example/datetime/PackageVersion.java");
  assert.ok(listed.includes(generated));
  assert.equal(
    readFileSync(generated, "utf8"),
    'package com.example.datetime; class PackageVersion { String v = "2.14.1 com.example jackson-datatype-x"; }',
  );
});

test("refused: a pin neither given from source nor on this machine, a command that is not clojure -M", () => {
  const f = fixture("refused");
  const without = new Map([...f.deps].filter(([name]) => name !== "example/reader"));
  assert.throws(
    () => clojarsFromSource(f.java)({ manifest: MANIFEST, rowDir: f.row, pkg: f.pkg, deps: without }),
    /deps\.edn pins example\/reader 0\.3\.7: give each from source/,
  );
  assert.throws(
    () =>
      clojarsFromSource(f.java)({
        manifest: { ...MANIFEST, commands: { once: "java -jar x.jar", lines: "java -jar x.jar --lines" } },
        rowDir: f.row,
        pkg: f.pkg,
        deps: f.deps,
      }),
    /does not start with clojure -M/,
  );
  assert.ok(!existsSync(join(f.row, ".table-build/clojure")), "nothing is written for a row it refuses");
});

// Clojars from source: the classpath the Clojure CLI would make from the row's deps.edn, made by hand. Each
// coordinate the row pins is either given from source (its Clojure source paths on the classpath, its Java
// sources compiled, as `:local/root` with `:deps/prep-lib` does) or taken from this machine's Java
// library folder (Debian's /usr/share/java/<artifact>.jar), with the version that jar is; anything else is
// refused before a command runs. Then the row's `clojure -M ...` commands run as `java -cp <that
// classpath> clojure.main ...` (a launcher written into the build folder), since the Clojure CLI itself
// (tools.deps) is not here.
//
// Where a tree's sources live, as each build tool declares them: project.clj (:source-paths,
// :java-source-paths, :resource-paths), deps.edn (:paths) with a tools.build javac (:src-dirs in build.clj),
// or a Maven module (src/main/java, src/main/resources; in a multi-module checkout, the module whose
// artifactId is the coordinate's). A Maven `PackageVersion.java.in` style template (`@package@`,
// `@projectversion@`, `@projectgroupid@`, `@projectartifactid@`, as the replacer plugin fills them) is filled
// from that module's pom.xml.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import type { SourcePlan, SourceProvider, SourceTree } from "./types.js";

/** The coordinates a deps.edn pins with :mvn/version, in order: "group/artifact" and version. */
export function pinnedCoordinates(depsEdn: string): { name: string; version: string }[] {
  const out: { name: string; version: string }[] = [];
  const pin = /([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)\s*\{\s*:mvn\/version\s+"([^"]+)"\s*\}/g;
  for (let m = pin.exec(depsEdn); m !== null; m = pin.exec(depsEdn))
    out.push({ name: m[1]!, version: m[2]! });
  return out;
}

/** The strings of an EDN/Clojure vector literal following `key` in `text` (e.g. :source-paths ["src"]). */
function vectorAfter(text: string, key: string): string[] | undefined {
  const at = text.indexOf(key);
  if (at < 0) return undefined;
  const open = text.indexOf("[", at);
  const close = text.indexOf("]", open);
  if (open < 0 || close < 0) return undefined;
  return [...text.slice(open + 1, close).matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
}

function dirs(root: string, paths: string[]): string[] {
  return paths.map((p) => join(root, p)).filter((p) => existsSync(p) && statSync(p).isDirectory());
}

/** A Maven project's own coordinates and version from its pom.xml (the parent's group when it has none). */
function pomCoordinates(pom: string): { group?: string; artifact?: string; version?: string } {
  const text = readFileSync(pom, "utf8").replace(/<!--[\s\S]*?-->/g, "");
  const parent = /<parent>([\s\S]*?)<\/parent>/.exec(text)?.[1] ?? "";
  const own = text
    .replace(/<parent>[\s\S]*?<\/parent>/, "")
    .replace(/<(dependencies|dependencyManagement|build|profiles|plugins)>[\s\S]*$/, "");
  const tag = (t: string, s: string) => new RegExp(`<${t}>\\s*([^<]+?)\\s*</${t}>`).exec(s)?.[1];
  const group = tag("groupId", own) ?? tag("groupId", parent);
  const artifact = tag("artifactId", own);
  const version = tag("version", own) ?? tag("version", parent);
  return {
    ...(group !== undefined ? { group } : {}),
    ...(artifact !== undefined ? { artifact } : {}),
    ...(version !== undefined ? { version } : {}),
  };
}

interface Layout {
  /** Folders put on the classpath as they are (Clojure sources, resources). */
  paths: string[];
  /** Folders whose .java files are compiled. */
  java: string[];
  /** The Maven module's pom.xml, when the tree is one (for its templates). */
  pom?: string;
}

/** Where a tree's sources live, as its build tool declares them. */
export function layoutOf(tree: SourceTree): Layout {
  const root = tree.dir;
  const project = join(root, "project.clj");
  if (existsSync(project)) {
    const text = readFileSync(project, "utf8");
    return {
      paths: dirs(root, [
        ...(vectorAfter(text, ":source-paths") ?? ["src"]),
        ...(vectorAfter(text, ":resource-paths") ?? ["resources"]),
      ]),
      java: dirs(root, vectorAfter(text, ":java-source-paths") ?? []),
    };
  }
  const deps = join(root, "deps.edn");
  if (existsSync(deps)) {
    const build = join(root, "build.clj");
    const javac = existsSync(build) ? /b\/javac\s*\{[^}]*/.exec(readFileSync(build, "utf8"))?.[0] : undefined;
    return {
      // A path under target/ is what a build writes (the compiled classes): this provider compiles them.
      paths: dirs(
        root,
        (vectorAfter(readFileSync(deps, "utf8"), ":paths") ?? ["src"]).filter((p) => !/^target\b/.test(p)),
      ),
      java: dirs(root, javac !== undefined ? (vectorAfter(javac, ":src-dirs") ?? []) : []),
    };
  }
  const artifact = tree.name.split("/").pop() ?? tree.name;
  const poms = [join(root, "pom.xml"), ...subdirs(root).map((d) => join(d, "pom.xml"))].filter(existsSync);
  const pom = poms.find((p) => pomCoordinates(p).artifact === artifact);
  if (pom === undefined)
    throw new Error(
      `${tree.name}: no project.clj, deps.edn, or Maven module whose artifactId is ${artifact} in ${tree.given}`,
    );
  const module = dirname(pom);
  return {
    paths: dirs(module, ["src/main/resources"]),
    java: dirs(module, ["src/main/java"]),
    pom,
  };
}

function subdirs(root: string): string[] {
  return readdirSync(root)
    .filter((n) => !n.startsWith("."))
    .map((n) => join(root, n))
    .filter((p) => statSync(p).isDirectory());
}

function walk(dir: string, suffix: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, suffix, out);
    else if (name.endsWith(suffix)) out.push(path);
  }
  return out;
}

/** Fills each `*.java.in` template of a Maven module into `into`; returns the files written. */
function fillTemplates(layout: Layout, into: string): string[] {
  if (layout.pom === undefined) return [];
  const { group = "", artifact = "", version = "" } = pomCoordinates(layout.pom);
  const written: string[] = [];
  for (const root of layout.java) {
    for (const template of walk(root, ".java.in")) {
      const rel = relative(root, template).replace(/\.in$/, "");
      const pkg = dirname(rel).split(/[\\/]/).join(".");
      const out = join(into, rel);
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(
        out,
        readFileSync(template, "utf8")
          .replaceAll("@package@", pkg)
          .replaceAll("@projectversion@", version)
          .replaceAll("@projectgroupid@", group)
          .replaceAll("@projectartifactid@", artifact),
      );
      written.push(out);
    }
  }
  return written;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const sh = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;

/** The Clojars provider, reading this machine's Java libraries from `javaDir`. */
export function clojarsFromSource(javaDir = "/usr/share/java"): SourceProvider {
  return ({ manifest, rowDir, pkg, deps }): SourcePlan => {
    const lock = join(rowDir, manifest.lockfile);
    if (!existsSync(lock) || !lock.endsWith("deps.edn"))
      throw new Error(`the row's lockfile ${manifest.lockfile} is not a deps.edn: nothing says what it pins`);
    const pins = pinnedCoordinates(readFileSync(lock, "utf8"));
    const given = new Map<string, SourceTree>([[manifest.package, pkg], ...deps]);
    const notes: string[] = [];
    const jars: string[] = [];
    const missing: string[] = [];
    for (const { name, version } of pins) {
      if (given.has(name)) continue;
      const jar = join(javaDir, `${name.split("/").pop()}.jar`);
      if (!existsSync(jar)) {
        missing.push(`${name} ${version}`);
        continue;
      }
      const real = realpathSync(jar);
      jars.push(real);
      // Debian names the same jar with its version beside the bare name (a link one way or the other).
      const versioned = new RegExp(`^${literal(name.split("/").pop()!)}-([0-9][^/]*)\\.jar$`);
      const found = [basename(real), ...readdirSync(javaDir)]
        .filter(
          (f) => versioned.test(f) && existsSync(join(javaDir, f)) && realpathSync(join(javaDir, f)) === real,
        )
        .map((f) => versioned.exec(f)?.[1] ?? "")
        .sort((a, b) => b.length - a.length)[0];
      notes.push(
        `${name} ${found ?? "(version not in its file name)"} from ${real}${found === version ? "" : `; the row pins ${version}`}`,
      );
    }
    if (missing.length > 0)
      throw new Error(
        `deps.edn pins ${missing.join(", ")}: give each from source (--source ROW:NAME=DIR), or install it where ${javaDir} has it`,
      );
    if (!given.has(manifest.package) || !pins.some((p) => p.name === manifest.package))
      throw new Error(`deps.edn does not pin ${manifest.package} itself`);

    const launch = (command: string) =>
      command.replace(/^(clojure|clj)\s+-M(?=\s|$)/, "sh .table-build/clojure");
    for (const command of Object.values(manifest.commands))
      if (launch(command) === command)
        throw new Error(`the row's command ${JSON.stringify(command)} does not start with clojure -M`);
    const build = join(rowDir, ".table-build");
    const generated = join(build, "generated");
    const classes = join(build, "classes");
    mkdirSync(classes, { recursive: true });
    const paths: string[] = [];
    const sources: string[] = [];
    for (const tree of given.values()) {
      const layout = layoutOf(tree);
      paths.push(...layout.paths);
      sources.push(...layout.java.flatMap((d) => walk(d, ".java")), ...fillTemplates(layout, generated));
    }
    const rel = (p: string) => relative(rowDir, p) || ".";
    const classpath = [rel(classes), ...paths.map(rel), ...jars].join(":");
    writeFileSync(join(build, "sources.txt"), `${sources.map((s) => `"${s}"`).join("\n")}\n`);
    writeFileSync(
      join(build, "clojure"),
      `#!/bin/sh\n# The Clojure CLI's place here: the classpath deps.edn would resolve to, from source and this machine.\nexec java -cp ${sh(classpath)} clojure.main "$@"\n`,
      { mode: 0o755 },
    );
    return {
      install: [
        "java -version",
        ...(sources.length > 0
          ? [
              `javac -nowarn -encoding UTF-8 -d .table-build/classes -cp ${sh(jars.join(":") || ".")} @.table-build/sources.txt`,
            ]
          : []),
        `sh .table-build/clojure -e '(println "Clojure" (clojure-version))'`,
      ],
      commands: { once: launch(manifest.commands.once), lines: launch(manifest.commands.lines) },
      notes: [
        "its classpath is made here as the Clojure CLI would make it from deps.edn (java -cp ... clojure.main), not resolved from Clojars",
        `${sources.length} Java source files of the given trees compiled with this machine's javac`,
        ...notes,
      ],
    };
  };
}

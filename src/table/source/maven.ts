// Maven Central from source: what `mvn dependency:copy-dependencies -DoutputDirectory=lib` would have put
// in the row's lib/, a jar per artifact, made here by javac from each source tree's src/main/java (and
// its src/main/resources), the package's and each dependency's given from source; then the row's own
// remaining install commands (its `javac -cp 'lib/*' ... Wrapper.java`) run as they are.
//
// The POMs are read with patterns, never run: no plugin of the release runs (code generators, bundlers,
// shading), so a library whose jar needs one cannot be built this way and fails to compile, saying so.
// module-info.java is left out: the row uses the jars on the class path (`-cp 'lib/*'`), where a module
// descriptor is not read. Every dependency a given tree declares outside the test scope (provided and
// optional ones too: javac needs them) must be given from source; each goes to lib/ as its own jar.
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { SourcePlan, SourceProvider, SourceTree } from "./types.js";

/** One `<dependency>` of a POM's own `<dependencies>` (not its dependencyManagement, build or profiles). */
export interface PomDependency {
  /** groupId:artifactId, as the row names a dependency given from source. */
  name: string;
  version?: string;
  scope: string;
  optional: boolean;
}

export interface Pom {
  groupId?: string;
  artifactId?: string;
  version?: string;
  properties: Record<string, string>;
  dependencies: PomDependency[];
}

function withoutBlocks(xml: string, tags: string[]): string {
  let out = xml;
  for (const tag of tags) out = out.replace(new RegExp(`<${tag}>[\\s\\S]*?</${tag}>`, "g"), "");
  return out;
}

function element(xml: string, tag: string): string | undefined {
  return new RegExp(`<${tag}>\\s*([^<]*?)\\s*</${tag}>`).exec(xml)?.[1];
}

/** Reads a POM's own coordinates, properties and dependencies (the parent's version when it has none). */
export function readPom(text: string): Pom {
  const xml = text.replace(/<!--[\s\S]*?-->/g, "");
  const parent = /<parent>([\s\S]*?)<\/parent>/.exec(xml)?.[1] ?? "";
  const own = withoutBlocks(xml, [
    "parent",
    "build",
    "profiles",
    "reporting",
    "dependencyManagement",
    "distributionManagement",
    "pluginRepositories",
    "repositories",
    "developers",
    "contributors",
    "licenses",
    "scm",
    "organization",
    "issueManagement",
    "ciManagement",
  ]);
  const properties: Record<string, string> = {};
  const props = /<properties>([\s\S]*?)<\/properties>/.exec(own)?.[1] ?? "";
  for (const m of props.matchAll(/<([A-Za-z0-9_.-]+)>\s*([^<]*?)\s*<\/\1>/g)) properties[m[1]!] = m[2]!;
  const top = withoutBlocks(own, ["properties", "dependencies"]);
  const groupId = element(top, "groupId") ?? element(parent, "groupId");
  const artifactId = element(top, "artifactId");
  const version = element(top, "version") ?? element(parent, "version");
  const resolve = (value: string | undefined): string | undefined =>
    value?.replace(/\$\{([^}]+)\}/g, (whole, key: string) => {
      if (key === "project.version" || key === "version") return version ?? whole;
      if (key === "project.groupId") return groupId ?? whole;
      return properties[key] ?? whole;
    });
  const block = /<dependencies>([\s\S]*?)<\/dependencies>/.exec(own)?.[1] ?? "";
  const dependencies: PomDependency[] = [];
  for (const m of block.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)) {
    const d = withoutBlocks(m[1]!, ["exclusions"]);
    const g = resolve(element(d, "groupId"));
    const a = resolve(element(d, "artifactId"));
    if (g === undefined || a === undefined) continue;
    const v = resolve(element(d, "version"));
    dependencies.push({
      name: `${g}:${a}`,
      ...(v !== undefined ? { version: v } : {}),
      scope: element(d, "scope") ?? "compile",
      optional: element(d, "optional") === "true",
    });
  }
  return {
    ...(groupId !== undefined ? { groupId } : {}),
    ...(artifactId !== undefined ? { artifactId } : {}),
    ...(resolve(version) !== undefined ? { version: resolve(version)! } : {}),
    properties,
    dependencies,
  };
}

function pomOf(dir: string): Pom | undefined {
  const path = join(dir, "pom.xml");
  return existsSync(path) ? readPom(readFileSync(path, "utf8")) : undefined;
}

/** A version as the row's POM pins it: `[1.1]` and `1.1` alike. */
function bare(version: string): string {
  return version.replace(/^\[\s*|\s*\]$/g, "");
}

/** javac's --release for the POM's maven.compiler.* property, when it declares one ("1.8" is 8). */
function release(pom: Pom | undefined): string | undefined {
  const p = pom?.properties ?? {};
  const v = p["maven.compiler.release"] ?? p["maven.compiler.target"] ?? p["maven.compiler.source"];
  if (v === undefined || !/^(1\.)?\d+$/.test(v)) return undefined;
  const n = Number(v.replace(/^1\./, ""));
  return String(Math.max(n, 8));
}

const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;

export const mavenFromSource: SourceProvider = ({ manifest, rowDir, pkg, deps }): SourcePlan => {
  const trees = new Map<string, SourceTree>([[manifest.package, pkg], ...deps]);
  const poms = new Map([...trees].map(([name, tree]) => [name, pomOf(tree.dir)]));
  for (const [name, tree] of trees)
    if (!existsSync(join(tree.dir, "src", "main", "java")))
      throw new Error(`the source given for ${name} has no src/main/java (give the module's own folder)`);

  // What the row's POM asks for (outside test and provided scopes), and what each given tree needs to
  // compile and run (outside the test scope): each must be given from source.
  const rowPom = pomOf(rowDir);
  const needed = new Map<string, string>();
  for (const d of rowPom?.dependencies ?? [])
    if (d.scope !== "test" && d.scope !== "provided" && !d.optional) needed.set(d.name, "the row's pom.xml");
  for (const [name, pom] of poms)
    for (const d of pom?.dependencies ?? [])
      if (d.scope !== "test" && d.scope !== "system" && !needed.has(d.name))
        needed.set(d.name, `${name} (scope ${d.scope}${d.optional ? ", optional" : ""})`);
  const missing = [...needed].filter(([name]) => !trees.has(name));
  if (missing.length > 0)
    throw new Error(
      `${missing.map(([name, by]) => `${name}, needed by ${by}`).join("; ")}: give each from source (--source ROW:GROUP:ARTIFACT=DIR)`,
    );

  // A version the row's POM pins must be the one the given tree declares.
  const notes: string[] = [];
  for (const d of rowPom?.dependencies ?? []) {
    const tree = trees.get(d.name);
    const declared = poms.get(d.name)?.version;
    if (tree === undefined || d.version === undefined || tree === pkg) continue;
    if (declared !== undefined && declared !== bare(d.version))
      throw new Error(
        `the row's pom.xml pins ${d.name} ${d.version}, but the source given declares ${declared}`,
      );
  }

  // Dependencies before their dependents, as the given trees' POMs say.
  const order: string[] = [];
  const visit = (name: string, path: string[]): void => {
    if (order.includes(name)) return;
    if (path.includes(name))
      throw new Error(`the given sources depend on each other in a cycle: ${[...path, name].join(" -> ")}`);
    for (const d of poms.get(name)?.dependencies ?? [])
      if (d.scope !== "test" && trees.has(d.name)) visit(d.name, [...path, name]);
    order.push(name);
  };
  for (const name of [...deps.keys(), manifest.package]) visit(name, []);

  const install: string[] = ["javac -version", "mkdir -p lib"];
  for (const name of order) {
    const tree = trees.get(name)!;
    const pom = poms.get(name);
    const artifact = pom?.artifactId ?? name.split(":").pop()!;
    const version = pom?.version ?? (tree === pkg ? manifest.version : "source");
    const src = relative(rowDir, tree.dir) || ".";
    const out = `.table-build/${artifact}`;
    const rel = release(pom);
    install.push(
      `rm -rf ${quote(out)} && mkdir -p ${quote(`${out}/classes`)}`,
      `find ${quote(`${src}/src/main/java`)} -name '*.java' ! -name module-info.java | sort > ${quote(`${out}/sources.txt`)}`,
      `javac -nowarn -encoding ${quote(pom?.properties["project.build.sourceEncoding"] ?? "UTF-8")}${rel !== undefined ? ` --release ${rel}` : ""} -cp 'lib/*' -d ${quote(`${out}/classes`)} @${quote(`${out}/sources.txt`)}`,
      ...(existsSync(join(tree.dir, "src", "main", "resources"))
        ? [`cp -R ${quote(`${src}/src/main/resources/.`)} ${quote(`${out}/classes/`)}`]
        : []),
      `jar cf ${quote(`lib/${artifact}-${version}.jar`)} -C ${quote(`${out}/classes`)} .`,
    );
    notes.push(
      `${name} ${version}: compiled from its src/main/java by javac${rel !== undefined ? ` --release ${rel}` : ""} into lib/${artifact}-${version}.jar${
        tree !== pkg && !rowPom?.dependencies.some((d) => d.name === name && d.scope !== "provided")
          ? " (the row's pom.xml does not ask for it: a given tree needs it)"
          : ""
      }`,
    );
  }
  const keep = manifest.install.filter((c) => !/(^|[\s;&|(])mvn\s/.test(c));
  install.push(...keep, "ls -l lib");
  return {
    install,
    notes: [
      "its jars are compiled here from the source trees' src/main/java (module-info.java left out; no Maven plugin runs), not downloaded from Maven Central",
      ...notes,
    ],
  };
};

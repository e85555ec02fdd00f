// NuGet from source. There is no .NET SDK on a machine that cannot reach NuGet, and no `dotnet restore`
// without it: Mono's C# compiler (mcs, Debian's mono-mcs) compiles the row's wrapper (its own .cs files)
// together with the package's C# sources into bin/<AssemblyName>.exe, and the row's commands run it with
// mono in place of `dotnet bin/<AssemblyName>.dll`. The package's sources are those of the project the
// package is packed from (the .csproj whose PackageId, AssemblyName or file name is the package's name),
// as the SDK globs them (every .cs under the project's folder but bin/, obj/ and nested projects), and
// those of each project it references: a ProjectReference inside the given tree, or one given from
// source by its project name; a PackageReference must be given from source by its package name. Test
// projects are never referenced by the library, so never compiled. Nothing of the .NET SDK's build runs
// (no MSBuild targets, no source generators): a package that needs one does not compile and says so.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import type { SourcePlan, SourceProvider, SourceTree } from "./types.js";

interface Project {
  path: string;
  name: string;
  packageId?: string;
  assemblyName?: string;
  projectReferences: string[];
  packageReferences: string[];
}

function element(xml: string, tag: string): string | undefined {
  return new RegExp(`<${tag}>\\s*([^<]*?)\\s*</${tag}>`).exec(xml)?.[1];
}

export function readProject(path: string): Project {
  const xml = readFileSync(path, "utf8").replace(/<!--[\s\S]*?-->/g, "");
  const includes = (tag: string) =>
    [...xml.matchAll(new RegExp(`<${tag}\\s+Include="([^"]+)"`, "g"))].map((m) => m[1]!);
  const packageId = element(xml, "PackageId");
  const assemblyName = element(xml, "AssemblyName");
  return {
    path,
    name: basename(path).replace(/\.csproj$/i, ""),
    ...(packageId !== undefined ? { packageId } : {}),
    ...(assemblyName !== undefined ? { assemblyName } : {}),
    projectReferences: includes("ProjectReference").map((p) => p.replaceAll("\\", "/")),
    packageReferences: includes("PackageReference"),
  };
}

const SKIP = new Set([".git", "bin", "obj", "node_modules", ".table-source", ".table-build"]);

function walk(dir: string, keep: (name: string) => boolean, depth = 0, out: string[] = []): string[] {
  if (depth > 8 || !existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, keep, depth + 1, out);
    else if (keep(name)) out.push(path);
  }
  return out;
}

/** The .cs files the SDK compiles for a project: its folder's, but bin/, obj/ and nested projects'. */
function sources(project: string): string[] {
  const root = dirname(project);
  const nested = walk(root, (n) => n.endsWith(".csproj"))
    .map(dirname)
    .filter((d) => d !== root);
  return walk(root, (n) => n.endsWith(".cs")).filter((f) => !nested.some((d) => f.startsWith(`${d}/`)));
}

/** The project a package is packed from: its PackageId, else its AssemblyName, else its file name. */
function projectFor(tree: SourceTree, name: string): Project {
  const all = walk(tree.dir, (n) => n.endsWith(".csproj")).map(readProject);
  const lower = name.toLowerCase();
  const found =
    all.find((p) => p.packageId?.toLowerCase() === lower) ??
    all.find((p) => p.packageId === undefined && p.assemblyName?.toLowerCase() === lower) ??
    all.find(
      (p) => p.packageId === undefined && p.assemblyName === undefined && p.name.toLowerCase() === lower,
    );
  if (found === undefined)
    throw new Error(
      `no project in the source given for ${name} is packed as ${name} (PackageId, AssemblyName or file name): ${
        all.map((p) => relative(tree.dir, p.path)).join(", ") || "it has no .csproj"
      }`,
    );
  return found;
}

const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;

export const nugetFromSource: SourceProvider = ({ manifest, rowDir, pkg, deps }): SourcePlan => {
  const projects = new Map<string, Project>();
  const via: string[] = [];
  const add = (project: Project, why: string): void => {
    if (projects.has(project.path)) return;
    projects.set(project.path, project);
    via.push(`${relative(rowDir, project.path)} (${why})`);
    for (const ref of project.projectReferences) {
      const path = resolve(dirname(project.path), ref);
      const refName = basename(ref).replace(/\.csproj$/i, "");
      if (existsSync(path)) add(readProject(path), `referenced by ${project.name}`);
      else {
        const tree = deps.get(refName);
        if (tree === undefined)
          throw new Error(
            `${project.name} references the project ${ref}, which is not in its tree: give it from source (--source ROW:${refName}=DIR)`,
          );
        add(projectFor(tree, refName), `referenced by ${project.name}, given from source`);
      }
    }
    for (const ref of project.packageReferences) {
      const tree = deps.get(ref);
      if (tree === undefined)
        throw new Error(
          `${project.name} needs the package ${ref}: give it from source (--source ROW:${ref}=DIR)`,
        );
      add(projectFor(tree, ref), `a package ${project.name} needs, given from source`);
    }
  };
  add(projectFor(pkg, manifest.package), `packed as ${manifest.package}`);

  // The row's own project: its .cs files are the wrapper; each package it references must be the package
  // or given from source.
  const rowProjects = readdirSync(rowDir).filter((n) => n.endsWith(".csproj"));
  if (rowProjects.length !== 1)
    throw new Error(`the row has ${rowProjects.length} .csproj files; one is its wrapper's project`);
  const row = readProject(join(rowDir, rowProjects[0]!));
  for (const ref of row.packageReferences) {
    if (ref.toLowerCase() === manifest.package.toLowerCase()) continue;
    const tree = deps.get(ref);
    if (tree === undefined)
      throw new Error(
        `the row's ${rowProjects[0]} needs the package ${ref}: give it from source (--source ROW:${ref}=DIR)`,
      );
    add(projectFor(tree, ref), "a package the row needs, given from source");
  }
  const wrapper = sources(row.path);
  if (wrapper.length === 0) throw new Error(`the row has no .cs files beside ${rowProjects[0]}`);
  const library = [...projects.values()].flatMap((p) => sources(p.path));
  const exe = `bin/${row.assemblyName ?? row.name}.exe`;
  const files = [...wrapper, ...library].map((f) => quote(relative(rowDir, f)));

  const toMono = (command: string) => command.replace(/\bdotnet\s+(\S+)\.dll\b/, "mono $1.exe");
  const keep = manifest.install.filter((c) => !/(^|[\s;&|(])dotnet\s/.test(c));
  return {
    install: [
      "mcs --version",
      "mkdir -p bin",
      `mcs -nologo -target:exe -optimize+ -r:System.Numerics -out:${quote(exe)} ${files.join(" ")}`,
      ...keep,
    ],
    commands: { once: toMono(manifest.commands.once), lines: toMono(manifest.commands.lines) },
    notes: [
      `no .NET SDK here: Mono's C# compiler (mcs) compiled the wrapper's ${wrapper.length} .cs file(s) with the package's ${library.length} C# source file(s) into ${exe}, run with mono in place of dotnet (the package's projects: ${via.join("; ")})`,
    ],
  };
};

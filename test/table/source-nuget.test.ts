// The NuGet provider (src/table/source/nuget.ts), on tiny fake source trees: it finds the project the
// package is packed from, follows its project references (in its tree or given from source by project
// name), leaves tests and bin/obj out, compiles the wrapper with them by mcs into bin/<AssemblyName>.exe
// and runs it with mono in place of dotnet. And declared.ts reads an SDK project without a version as
// 1.0.0. No toolchain runs here.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import type { Manifest } from "../../src/table/manifest.js";
import { declaredVersion } from "../../src/table/source/declared.js";
import { nugetFromSource } from "../../src/table/source/nuget.js";
import type { SourceTree } from "../../src/table/source/types.js";

const root = mkdtempSync(join(tmpdir(), "source-nuget-"));
after(() => rmSync(root, { recursive: true, force: true }));
const ROW = join(root, "row");
const SRC = join(ROW, ".table-source");

function write(path: string, text = "class X {}\n"): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

const sdk = (body = "") =>
  `<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup></PropertyGroup>${body}</Project>`;

// The package's tree: the library project (referencing a sibling and a project outside the tree), a
// test project, and build output that is never compiled.
write(
  join(SRC, "Lib", "src", "mylib", "mylib.csproj"),
  sdk(
    `<ItemGroup><ProjectReference Include="..\\numbers\\numbers.csproj" /><ProjectReference Include="..\\..\\..\\..\\outside\\helper\\helper.csproj" /></ItemGroup>`,
  ),
);
write(join(SRC, "Lib", "src", "mylib", "Lib.cs"));
write(join(SRC, "Lib", "src", "mylib", "Sub", "More.cs"));
write(join(SRC, "Lib", "src", "mylib", "obj", "Generated.cs"));
write(join(SRC, "Lib", "src", "mylib", "bin", "Old.cs"));
write(join(SRC, "Lib", "src", "numbers", "numbers.csproj"), sdk());
write(join(SRC, "Lib", "src", "numbers", "Num.cs"));
write(
  join(SRC, "Lib", "src", "tests", "tests.csproj"),
  sdk('<ItemGroup><ProjectReference Include="..\\mylib\\mylib.csproj" /></ItemGroup>'),
);
write(join(SRC, "Lib", "src", "tests", "Test.cs"));
write(join(SRC, "helper", "helper.csproj"), sdk());
write(join(SRC, "helper", "Help.cs"));
// The row: its wrapper project and its code.
write(
  join(ROW, "wrapper.csproj"),
  sdk(
    '<PropertyGroup><AssemblyName>wrapper</AssemblyName></PropertyGroup><ItemGroup><PackageReference Include="MyLib" Version="[1.0.0]" /></ItemGroup>',
  ),
);
write(join(ROW, "Program.cs"));

const manifest: Manifest = {
  name: "MyLib",
  language: "C#",
  registry: "nuget",
  package: "MyLib",
  version: "1.0.0",
  repository: "https://example.invalid/mylib",
  licence: "MIT",
  api: "bytes",
  protocol: "lines",
  commands: { once: "dotnet bin/wrapper.dll", lines: "dotnet bin/wrapper.dll --lines" },
  toolchain: { name: "dotnet", version: "8.0.x" },
  install: ["dotnet restore", "dotnet build -c Release --no-restore -o bin"],
  lockfile: "wrapper.csproj",
};

const tree = (name: string, dir: string): SourceTree => ({ name, given: dir, dir, tags: [] });

test("the package's project and those it references are compiled with the wrapper by mcs; dotnet becomes mono", () => {
  const plan = nugetFromSource({
    manifest,
    rowDir: ROW,
    pkg: tree("MyLib", join(SRC, "Lib")),
    deps: new Map([["helper", tree("helper", join(SRC, "helper"))]]),
  });
  assert.deepEqual(plan.install, [
    "mcs --version",
    "mkdir -p bin",
    "mcs -nologo -target:exe -optimize+ -r:System.Numerics -out:'bin/wrapper.exe' 'Program.cs' " +
      "'.table-source/Lib/src/mylib/Lib.cs' '.table-source/Lib/src/mylib/Sub/More.cs' " +
      "'.table-source/Lib/src/numbers/Num.cs' '.table-source/helper/Help.cs'",
  ]);
  assert.deepEqual(plan.commands, { once: "mono bin/wrapper.exe", lines: "mono bin/wrapper.exe --lines" });
  assert.match(plan.notes.join(" "), /no \.NET SDK here: Mono's C# compiler \(mcs\)/);
});

test("a referenced project that is neither in the tree nor given is named", () => {
  assert.throws(
    () => nugetFromSource({ manifest, rowDir: ROW, pkg: tree("MyLib", join(SRC, "Lib")), deps: new Map() }),
    /mylib references the project \.\.\/\.\.\/\.\.\/\.\.\/outside\/helper\/helper\.csproj, which is not in its tree: give it from source \(--source ROW:helper=DIR\)/,
  );
});

test("a tree with no project packed as the package is refused, listing what it has", () => {
  assert.throws(
    () =>
      nugetFromSource({
        manifest: { ...manifest, package: "Other" },
        rowDir: ROW,
        pkg: tree("Other", join(SRC, "helper")),
        deps: new Map(),
      }),
    /no project in the source given for Other is packed as Other .*: helper\.csproj/,
  );
});

test("declared.ts: an SDK project with no version is packed as 1.0.0; one with a version says it", () => {
  const d = declaredVersion(join(SRC, "helper"), "nuget");
  assert.equal(d?.version, "1.0.0");
  assert.match(
    d?.file ?? "",
    /^helper\.csproj, which sets no version, so the \.NET SDK packs it as 1\.0\.0,$/,
  );
  const v = join(root, "versioned");
  write(join(v, "v.csproj"), sdk("<PropertyGroup><Version>2.3.4</Version></PropertyGroup>"));
  assert.deepEqual(declaredVersion(v, "nuget"), { file: "v.csproj", version: "2.3.4" });
  const prefix = join(root, "prefixed");
  write(join(prefix, "p.csproj"), sdk("<PropertyGroup><VersionPrefix>0.9.0</VersionPrefix></PropertyGroup>"));
  assert.equal(declaredVersion(prefix, "nuget"), undefined);
});

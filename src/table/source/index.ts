// A row built from the library's source instead of its registry: `npm run table -- --source ROW=DIR`.
//
// Where this machine cannot reach a row's registry, the row is still run here, against the library's
// source at exactly the release the manifest pins (a checkout of its repository at the release's tag,
// brought here read-only and never committed). Nothing in the table says how to build any one library:
// each registry has one provider here that does what its package manager does for a local path (a
// `replace` for Go, a `[patch]` for Cargo, a `.pth` for Python, a path dependency for Mix, ...), then the
// row's own manifest commands run where they can. What differed from the registry install is said in
// the build log and in build.json, with the source's commit, so a row's page says how it was run.
//
//   --source ROW=DIR            the package itself
//   --source ROW:NAME=DIR       a dependency the row pins (NAME as its registry names it), from source too
//
// The source must be the release: a git checkout whose HEAD carries a tag naming the manifest's
// version, or whose own metadata declares it (a release without tags). Anything else is refused before
// a command runs.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Manifest } from "../manifest.js";
import { cargoFromSource } from "./cargo.js";
import { clojarsFromSource } from "./clojars.js";
import { declaredVersion } from "./declared.js";
import { goFromSource } from "./go.js";
import { hackageFromSource } from "./hackage.js";
import { hexFromSource } from "./hex.js";
import { mavenFromSource } from "./maven.js";
import { nugetFromSource } from "./nuget.js";
import { packagistFromSource } from "./packagist.js";
import { pypiFromSource } from "./pypi.js";
import { rubygemsFromSource } from "./rubygems.js";
import type { SourcePlan, SourceProvider, SourceTree } from "./types.js";

const PROVIDERS: Record<string, SourceProvider> = {
  pypi: pypiFromSource,
  "go-modules": goFromSource,
  "crates.io": cargoFromSource,
  rubygems: rubygemsFromSource,
  packagist: packagistFromSource,
  "maven-central": mavenFromSource,
  nuget: nugetFromSource,
  hex: hexFromSource,
  clojars: clojarsFromSource(),
  hackage: hackageFromSource,
};

/** Whether this machine knows how to build a package of `registry` from its source. */
export function hasSourceProvider(registry: string): boolean {
  return Object.hasOwn(PROVIDERS, registry);
}

/** `ROW=DIR` and `ROW:NAME=DIR` as given on the command line, by row. */
export interface GivenSource {
  pkg?: string;
  deps: Map<string, string>;
}

export function parseSourceFlags(flags: string[]): Map<string, GivenSource> {
  const byRow = new Map<string, GivenSource>();
  for (const flag of flags) {
    const eq = flag.indexOf("=");
    if (eq <= 0 || eq === flag.length - 1)
      throw new Error(`--source ${flag}: give ROW=DIR (or ROW:NAME=DIR for a dependency)`);
    const target = flag.slice(0, eq);
    const dir = resolve(flag.slice(eq + 1));
    if (!existsSync(dir) || !statSync(dir).isDirectory())
      throw new Error(`--source ${flag}: ${dir} is not a folder`);
    const colon = target.indexOf(":");
    const row = colon < 0 ? target : target.slice(0, colon);
    const entry: GivenSource = byRow.get(row) ?? { deps: new Map() };
    if (colon < 0) {
      if (entry.pkg !== undefined) throw new Error(`--source ${row}= is given twice`);
      entry.pkg = dir;
    } else entry.deps.set(target.slice(colon + 1), dir);
    byRow.set(row, entry);
  }
  return byRow;
}

function git(dir: string, args: string[]): string | undefined {
  try {
    return execFileSync("git", ["-C", dir, ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 30_000,
    }).trim();
  } catch {
    return undefined;
  }
}

/** Copies a given tree into the row's build folder (its .git left out) and reads its commit and tags. */
function copyTree(name: string, given: string, into: string): SourceTree {
  const dir = join(into, name.replace(/[^A-Za-z0-9._-]+/g, "_"));
  mkdirSync(into, { recursive: true });
  cpSync(given, dir, { recursive: true, filter: (src) => !/[/\\]\.git$/.test(src) });
  const inRepo = git(given, ["rev-parse", "--show-toplevel"]) !== undefined;
  const commit = inRepo ? git(given, ["rev-parse", "HEAD"]) : undefined;
  const tags = inRepo ? (git(given, ["tag", "--points-at", "HEAD"]) ?? "").split("\n").filter(Boolean) : [];
  return { name, given, dir, tags, ...(commit !== undefined ? { commit } : {}) };
}

/** Whether a tree is the release `version` of `name`: a tag at its commit names the version, or the
 * package's own metadata declares it. Returns how it was shown, or undefined. */
export function releaseShown(tree: SourceTree, registry: string, version: string): string | undefined {
  const bare = version.replace(/^v/, "");
  const tag = tree.tags.find((t) => {
    const last = t.split("/").pop() ?? t;
    return (
      last === version ||
      last === bare ||
      last === `v${bare}` ||
      last.endsWith(`-${bare}`) ||
      last.endsWith(`-v${bare}`)
    );
  });
  if (tag !== undefined) return `tag ${tag}`;
  const declared = declaredVersion(tree.dir, registry);
  if (declared !== undefined && declared.version.replace(/^v/, "") === bare)
    return `${declared.file} declares version ${declared.version}`;
  return undefined;
}

export interface PreparedSource {
  plan: SourcePlan;
  trees: SourceTree[];
}

/**
 * Copies the given trees into `rowDir/.table-source/`, checks that the package's is the pinned release,
 * and asks the registry's provider for its plan. Throws with the reason in words.
 */
export function prepareFromSource(manifest: Manifest, rowDir: string, given: GivenSource): PreparedSource {
  const provider = PROVIDERS[manifest.registry];
  if (provider === undefined)
    throw new Error(`no way to build a ${manifest.registry} package from source is known here`);
  if (given.pkg === undefined)
    throw new Error(`only dependencies were given from source: give the package too (--source ROW=DIR)`);
  const into = join(rowDir, ".table-source");
  const pkg = copyTree(manifest.package, given.pkg, into);
  const shown = releaseShown(pkg, manifest.registry, manifest.version);
  if (shown === undefined)
    throw new Error(
      `the source given for ${manifest.package} is not shown to be release ${manifest.version}: ${
        pkg.commit === undefined
          ? "it is not a git checkout"
          : `commit ${pkg.commit} carries ${pkg.tags.length === 0 ? "no tag" : `the tags ${pkg.tags.join(", ")}`}`
      }, and its metadata does not declare ${manifest.version}`,
    );
  const deps = new Map<string, SourceTree>();
  for (const [name, dir] of given.deps) deps.set(name, copyTree(name, dir, into));
  const plan = provider({ manifest, rowDir, pkg, deps });
  const said = (t: SourceTree) =>
    `${t.name} from ${t.given}${t.commit ? ` at commit ${t.commit}` : ""}${t.tags.length > 0 ? ` (${t.tags.join(", ")})` : ""}`;
  return {
    trees: [pkg, ...deps.values()],
    plan: {
      ...plan,
      notes: [
        `built from source, not from ${manifest.registry}: ${said(pkg)}, shown to be ${manifest.version} by its ${shown}`,
        ...[...deps.values()].map((d) => `dependency ${said(d)}`),
        ...plan.notes,
      ],
    },
  };
}

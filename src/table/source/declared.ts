// The version a source tree's own metadata declares, for a release that carries no tag: the file its
// registry's package manager reads the version from, read with a pattern, never run.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** Where each registry's packages declare their version, and the pattern that finds it. */
const DECLARATIONS: Record<
  string,
  { files: RegExp; version: RegExp; implied?: { version: string; why: string } }[]
> = {
  npm: [{ files: /^package\.json$/, version: /"version"\s*:\s*"([^"]+)"/ }],
  pypi: [
    { files: /^pyproject\.toml$/, version: /^version\s*=\s*["']([^"']+)["']/m },
    { files: /^setup\.cfg$/, version: /^version\s*=\s*(\S+)/m },
    { files: /^setup\.py$/, version: /\bversion\s*=\s*["']([^"']+)["']/ },
    {
      files: /^(src\/)?[A-Za-z0-9_]+\/(__init__|_version|version|__about__)\.py$/,
      version: /^__version__\s*=\s*["']([^"']+)["']/m,
    },
  ],
  "crates.io": [{ files: /^Cargo\.toml$/, version: /^\[package\][^[]*?^version\s*=\s*"([^"]+)"/ms }],
  "maven-central": [
    // The project's own <version>: the first one after the parent block and before any dependency.
    {
      files: /^pom\.xml$/,
      version:
        /<\/parent>[\s\S]*?<version>([^<]+)<\/version>|^(?![\s\S]*<parent>)[\s\S]*?<version>([^<]+)<\/version>/,
    },
  ],
  hex: [{ files: /^mix\.exs$/, version: /(?:\bversion:\s*|@version\s+)"([^"]+)"/ }],
  rubygems: [
    { files: /^[^/]+\.gemspec$/, version: /\.version\s*=\s*["']([^"']+)["']/ },
    { files: /^VERSION$/, version: /^\s*(\S+)/ },
    { files: /^lib\/.*version\.rb$/, version: /VERSION\s*=\s*["']([^"']+)["']/ },
  ],
  packagist: [{ files: /^composer\.json$/, version: /"version"\s*:\s*"([^"]+)"/ }],
  clojars: [
    { files: /^project\.clj$/, version: /\(defproject\s+\S+\s+"([^"]+)"/ },
    {
      files: /^pom\.xml$/,
      version:
        /<\/parent>[\s\S]*?<version>([^<]+)<\/version>|^(?![\s\S]*<parent>)[\s\S]*?<version>([^<]+)<\/version>/,
    },
  ],
  hackage: [{ files: /^[^/]+\.cabal$/, version: /^version:\s*(\S+)/m }],
  nuget: [
    { files: /\.csproj$/, version: /<(?:Package)?Version>([^<]+)<\/(?:Package)?Version>/ },
    // An SDK-style project that sets no version at all is packed as 1.0.0 (the SDK's VersionPrefix).
    {
      files: /\.csproj$/,
      version:
        /^(?![\s\S]*<(?:Package)?Version(?:Prefix|Suffix)?>)[\s\S]*<Project\s+Sdk="Microsoft\.NET\.Sdk"/,
      implied: { version: "1.0.0", why: "which sets no version, so the .NET SDK packs it as 1.0.0," },
    },
  ],
};

function files(root: string, dir = root, depth = 0, out: string[] = []): string[] {
  if (depth > 4) return out;
  for (const name of readdirSync(dir).sort()) {
    if (name === ".git" || name === "node_modules" || name === "target") continue;
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) files(root, path, depth + 1, out);
    else if (stat.isFile() && stat.size < 1 << 20) out.push(relative(root, path).replaceAll("\\", "/"));
  }
  return out;
}

/** The first version a metadata file of `registry` declares in `dir`, and the file. */
export function declaredVersion(
  dir: string,
  registry: string,
): { file: string; version: string } | undefined {
  const kinds = DECLARATIONS[registry];
  if (kinds === undefined || !existsSync(dir)) return undefined;
  const all = files(dir);
  for (const kind of kinds) {
    for (const file of all.filter((f) => kind.files.test(f))) {
      const match = kind.version.exec(readFileSync(join(dir, file), "utf8"));
      const version = match?.slice(1).find((v) => v !== undefined);
      if (version !== undefined) return { file, version: version.trim() };
      if (match && kind.implied !== undefined)
        return { file: `${file}, ${kind.implied.why}`, version: kind.implied.version };
    }
  }
  return undefined;
}

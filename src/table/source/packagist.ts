// Packagist from source: Composer's path repositories. Each package given from source becomes a path
// repository in the row's composer.json (copied, not symlinked, at the version it was shown to be:
// the release the manifest pins for the package, a dependency's version tag when it carries one), and
// Packagist is turned off, so Composer resolves the row's `require` from those trees alone (a package
// not given from source is then missing, and the install says so). A composer.lock, which points at
// Packagist's archives, is set aside for Composer to write anew. The row's own commands then run as
// they are.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SourcePlan, SourceProvider, SourceTree } from "./types.js";

/** A tree's version as its tag says it (`v1.2.3`, `1.2.3`, `name-1.2.3`), when it carries one. */
export function tagVersion(tree: SourceTree): string | undefined {
  for (const tag of tree.tags) {
    const m = /(?:^|[-/])v?(\d+\.\d+(?:\.\d+)*(?:-[0-9A-Za-z.]+)?)$/.exec(tag);
    if (m?.[1] !== undefined) return m[1];
  }
  return undefined;
}

interface ComposerJson {
  repositories?: unknown;
  [key: string]: unknown;
}

/** The row's composer.json with a path repository for each tree and Packagist off. */
export function composerWithPaths(
  composer: ComposerJson,
  trees: { tree: SourceTree; version: string | undefined }[],
): ComposerJson {
  const existing = composer.repositories;
  const before: unknown[] = Array.isArray(existing)
    ? existing
    : existing !== undefined && typeof existing === "object" && existing !== null
      ? Object.entries(existing).map(([name, repo]) =>
          repo === false ? { [name]: false } : { ...(repo as object), name },
        )
      : [];
  const paths = trees.map(({ tree, version }) => ({
    type: "path",
    url: tree.dir,
    options: {
      symlink: false,
      ...(version !== undefined ? { versions: { [tree.name]: version } } : {}),
    },
  }));
  const kept = before.filter(
    (r) => !(typeof r === "object" && r !== null && Object.hasOwn(r, "packagist.org")),
  );
  return { ...composer, repositories: [...paths, ...kept, { "packagist.org": false }] };
}

export const packagistFromSource: SourceProvider = ({ manifest, rowDir, pkg, deps }): SourcePlan => {
  const composerPath = join(rowDir, "composer.json");
  if (!existsSync(composerPath))
    throw new Error("the row has no composer.json: Composer is how a PHP row installs");
  const trees = [pkg, ...deps.values()];
  for (const tree of trees)
    if (!existsSync(join(tree.dir, "composer.json")))
      throw new Error(`the source given for ${tree.name} has no composer.json at its root`);
  const versions = [
    { tree: pkg, version: manifest.version.replace(/^v/, "") },
    ...[...deps.values()].map((tree) => ({ tree, version: tagVersion(tree) })),
  ];
  const composer = JSON.parse(readFileSync(composerPath, "utf8")) as ComposerJson;
  writeFileSync(composerPath, `${JSON.stringify(composerWithPaths(composer, versions), null, 2)}\n`);
  const notes = [
    "Composer takes it from the source tree (a path repository in the row's composer.json, files copied), with Packagist turned off",
    ...versions
      .filter((v) => v.tree !== pkg)
      .map(({ tree, version }) =>
        version === undefined
          ? `dependency ${tree.name}: no version tag at its commit, so at the version its composer.json says or Composer guesses`
          : `dependency ${tree.name}: at version ${version}, as its tag says`,
      ),
  ];
  const lockPath = join(rowDir, "composer.lock");
  if (existsSync(lockPath)) {
    renameSync(lockPath, join(rowDir, "composer.lock.registry"));
    notes.push(
      "the row's composer.lock is set aside (as composer.lock.registry): Composer writes it anew from the source trees",
    );
  }
  return {
    install: [...manifest.install, "php --version", "composer show --no-interaction"],
    notes,
  };
};

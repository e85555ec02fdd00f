// Go modules from source: each source tree replaces its module in the row's go.mod (`go mod edit
// -replace MODULE=DIR`, as a developer points a build at a local checkout), then the row's own `go`
// commands run offline (GOPROXY=off, GOSUMDB=off): a replaced module is read from its folder, so its
// go.sum lines are not used. A requirement that is neither given nor needed by the build is never
// fetched; one the build needs and nobody gave stops it with Go's own message.
//
// The Go here may be older than a go.mod's `go` directive (Debian 12 has Go 1.19; the rows say 1.24).
// Go before 1.21 cannot read a three-part directive (`go 1.24.0`) nor a `toolchain` line, so where the
// Go here is older, the build copy's directives are set to its own version and its toolchain lines
// dropped (the build log says which file, from what to what). Nothing else changes: code that needs a
// newer standard library or language fails to compile, and the row does not build here.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { SourcePlan, SourceProvider, SourceTree } from "./types.js";

/** What every `go` command of the plan runs with: offline, no checksum database, no toolchain download. */
export const GO_ENV = "export GOPROXY=off GOSUMDB=off GOFLAGS=-mod=mod GOTOOLCHAIN=local";

/** The module path a go.mod declares, or undefined. */
export function moduleOf(goMod: string): string | undefined {
  const m = /^\s*module\s+("?)([^\s"]+)\1\s*$/m.exec(goMod.replace(/\/\/.*$/gm, ""));
  return m?.[2];
}

function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:@=+-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`;
}

/** The tree's go.mod, checked against the module it is given for; a tree without one (a release from
 * before modules) gets the go.mod Go itself assumes for it: `module PATH`. Returns a note when written. */
function ensureGoMod(tree: SourceTree): string | undefined {
  const path = join(tree.dir, "go.mod");
  if (!existsSync(path)) {
    writeFileSync(path, `module ${tree.name}\n`);
    return `${tree.name} has no go.mod at this release: its copy was given \`module ${tree.name}\`, as Go assumes for such a module`;
  }
  const declared = moduleOf(readFileSync(path, "utf8"));
  if (declared !== tree.name)
    throw new Error(
      `the source given for ${tree.name} declares module ${declared ?? "(none)"} in its go.mod: give the tree of module ${tree.name}`,
    );
  return undefined;
}

/**
 * A shell command that sets each go.mod's `go` directive to the Go here's version where the Go here is
 * older, and drops its `toolchain` line; it prints what it changed.
 */
export function lowerGoDirectives(goMods: string[]): string {
  const files = goMods.map(shellQuote).join(" ");
  return (
    `have=$(go env GOVERSION | sed -E 's/^go([0-9]+\\.[0-9]+).*/\\1/'); ` +
    `for f in ${files}; do ` +
    `want=$(sed -nE 's/^go[[:space:]]+([0-9]+\\.[0-9]+[.0-9a-z]*)[[:space:]]*$/\\1/p' "$f" | head -n 1); ` +
    `short=$(printf '%s' "$want" | sed -E 's/^([0-9]+\\.[0-9]+).*/\\1/'); ` +
    `if [ -n "$want" ] && [ "$short" != "$have" ] && [ "$(printf '%s\\n%s\\n' "$short" "$have" | sort -V | head -n 1)" = "$have" ]; then ` +
    `sed -i -E -e "s/^go[[:space:]]+[0-9][.0-9a-z]*[[:space:]]*$/go $have/" -e '/^toolchain[[:space:]]/d' "$f" && ` +
    `echo "$f: go $want lowered to go $have (the Go here), its toolchain line dropped"; ` +
    "fi; done"
  );
}

export const goFromSource: SourceProvider = ({ manifest, rowDir, pkg, deps }): SourcePlan => {
  if (!existsSync(join(rowDir, "go.mod")))
    throw new Error("the row has no go.mod: a Go row builds a main module that requires the library");
  const trees = [pkg, ...deps.values()];
  const notes: string[] = [];
  for (const tree of trees) {
    const written = ensureGoMod(tree);
    if (written !== undefined) notes.push(written);
  }
  const rel = (dir: string) => `./${relative(rowDir, dir).replaceAll("\\", "/")}`;
  const replaces = trees.map((t) => `go mod edit -replace=${shellQuote(`${t.name}=${rel(t.dir)}`)}`);
  const goMods = ["go.mod", ...trees.map((t) => `${rel(t.dir)}/go.mod`)];
  const withEnv = (command: string) => `${GO_ENV}; ${command}`;
  return {
    install: [
      withEnv("go version"),
      withEnv(lowerGoDirectives(goMods)),
      ...replaces.map(withEnv),
      ...manifest.install.map(withEnv),
    ],
    notes: [
      ...notes,
      `${trees.map((t) => t.name).join(", ")} replaced by ${trees.length === 1 ? "its source tree" : "their source trees"} in the row's go.mod (go mod edit -replace), built offline (GOPROXY=off, GOSUMDB=off): go.sum's lines for ${trees.length === 1 ? "it are" : "them are"} not used`,
      "where the Go here is older than a go.mod's go directive, the build copy's directive is set to the Go here's version and its toolchain line dropped (the build log says which)",
    ],
  };
};

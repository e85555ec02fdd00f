// How a printed command starts this tool again: in the form the tool was started with, so that it
// runs where it was printed (issue 30 item 1).
//
//   - In the action, `npx --yes github:OWNER/REPO#REF` with the repository and ref the workflow's
//     `uses:` named (GITHUB_ACTION_REPOSITORY, GITHUB_ACTION_REF): the very version that ran. The
//     package is not on the npm registry, so npm installs it from its git repository, which needs no
//     build: dist/ is committed, and package.json has no script npm would run on a git install (a
//     `build` or `prepare` script would make npm install every devDependency first;
//     test/pack/package.test.ts holds it to that).
//   - The CLI from a clone (`node dist/cli.js`): `node` and the path of that cli.js, relative to the
//     working folder when under it.
//   - The CLI from an installed package (node_modules/.bin, or the README's offline tarball install):
//     `npx canon-conformance`, which runs the copy installed in the project.
//   - A copy `npx --yes github:OWNER/REPO#REF` fetched into its cache: that same git form.
//   - Anything else (the sources run by tsx, a library caller): the git form above, from this tool's
//     home (HOME_REPOSITORY, HOME_REF) outside the action.
import { readFileSync, realpathSync, statSync } from "node:fs";
import { basename, isAbsolute, join, relative, sep } from "node:path";
import { shellQuote } from "../text.js";

/** The repository this tool is released from, and the major tag the release workflow moves. */
export const HOME_REPOSITORY = "canon-conformance/canon-conformance";
export const HOME_REF = "v1";

/** `owner/name` as GitHub allows it; anything else is not trusted into a printed command. */
const REPOSITORY = /^[A-Za-z0-9][A-Za-z0-9-]*\/[A-Za-z0-9._-]+$/;
/** A tag, branch or commit: git's ref characters without the ones a shell or npm's spec reads. */
const REF = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

export interface InstallSource {
  repository: string;
  ref: string;
}

/** The repository and ref to install from: the action's own, or this tool's home. */
export function installSource(env: NodeJS.ProcessEnv = process.env): InstallSource {
  const repository = env.GITHUB_ACTION_REPOSITORY ?? "";
  const ref = env.GITHUB_ACTION_REF ?? "";
  if (REPOSITORY.test(repository) && REF.test(ref) && !ref.includes("..")) return { repository, ref };
  return { repository: HOME_REPOSITORY, ref: HOME_REF };
}

/** `npx --yes github:OWNER/REPO#REF`: the start of every command this tool prints for a person. */
export function toolCommand(source: InstallSource = installSource()): string {
  return `npx --yes ${shellQuote(`github:${source.repository}#${source.ref}`)}`;
}

/** The GitHub repository and ref `npx --yes github:OWNER/REPO#REF` installed into the npx cache folder
 * `root` (npm writes the spec it was given into that folder's package.json), when it names one. */
function npxSource(root: string): InstallSource | undefined {
  try {
    const path = join(root, "package.json");
    // npm's own small file; anything else is not read.
    if (statSync(path).size > 64 * 1024) return undefined;
    const spec = (JSON.parse(readFileSync(path, "utf8")) as { dependencies?: Record<string, unknown> })
      .dependencies?.["canon-conformance"];
    const match = typeof spec === "string" ? /^github:([^#]+)#(.+)$/.exec(spec) : null;
    if (!match) return undefined;
    const source = installSource({ GITHUB_ACTION_REPOSITORY: match[1], GITHUB_ACTION_REF: match[2] });
    // installSource answers this tool's home for what no repository or ref could be.
    return source.repository === match[1] && source.ref === match[2] ? source : undefined;
  } catch {
    return undefined;
  }
}

/** The installed package's command, run by npx from the project's node_modules. */
export const PACKAGE_COMMAND = "npx canon-conformance";

/**
 * How the CLI in this process was started, as a printed command starts it again: `script` is the file
 * Node ran (process.argv[1]), `cwd` the working folder, `env` the environment (for the git form).
 */
export function cliToolCommand(script: string | undefined, cwd: string, env: NodeJS.ProcessEnv): string {
  const fallback = toolCommand(installSource(env));
  if (script === undefined || !isAbsolute(script)) return fallback;
  let real: string;
  try {
    // node_modules/.bin/canon-conformance is a link to the package's dist/cli.js.
    real = realpathSync(script);
  } catch {
    return fallback;
  }
  const parts = real.split(sep);
  if (parts.includes("node_modules")) {
    // npx's own cache (`npx --yes github:…` installed it there): `npx canon-conformance` would not
    // find it again from a project, the git form does, from the spec npx was given.
    if (!parts.includes("_npx")) return PACKAGE_COMMAND;
    const source = npxSource(parts.slice(0, parts.indexOf("node_modules")).join(sep));
    return source ? toolCommand(source) : fallback;
  }
  // A clone's bundle; the sources (src/cli.ts) need tsx, which a person's shell may not have.
  if (basename(real) !== "cli.js") return fallback;
  const rel = relative(cwd, script);
  const shown = rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : script;
  return `node ${shellQuote(shown)}`;
}

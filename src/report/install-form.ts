// How a printed command starts this tool on a machine that has only Node. The package is not on the
// npm registry, so `npx canon-conformance` would fail there; npm installs it from its git repository
// instead (`npx --yes github:OWNER/REPO#REF`), which needs no build: dist/ is committed, and
// package.json has no script npm would run on a git install (a `build` or `prepare` script would make
// npm install every devDependency first; test/pack/package.test.ts holds it to that).
//
// In the action the repository and ref are the ones the workflow's `uses:` named
// (GITHUB_ACTION_REPOSITORY, GITHUB_ACTION_REF), so the printed command runs the very version that
// ran. Elsewhere they are HOME_REPOSITORY and HOME_REF.
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

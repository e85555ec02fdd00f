// The sandbox as the action sets it up and tells of it. Before the run: where bwrap does not work and
// the mode wants it, the runner is prepared (prepareRunnerSandbox: install bubblewrap, load the narrow
// AppArmor profile, with sudo -n), each change printed; on a GitHub-hosted Linux runner, `auto` may not
// then fall back to an unsandboxed run. When the run opens its sandbox: one line in the log saying how
// the command runs, and a paragraph for the job summary; after it, the step's `sandboxed` output.
import { inlineText } from "../escape/markdown.js";
import {
  describeSandbox,
  prepareRunnerSandbox,
  probeBwrap,
  type SandboxMode,
  type SandboxOptions,
  type SandboxStatus,
  unsandboxedNotice,
} from "../sandbox/index.js";
import type { ActionCore, SandboxHost } from "./core.js";
import { info } from "./runner-commands.js";

/** The runner's own: the usual lookup of bwrap, and the preparation that may use sudo -n. */
const RUNNER_HOST: SandboxHost = {
  prepare: (runnerEnvironment) => prepareRunnerSandbox({ runnerEnvironment }),
};

/** Why `auto` does not fall back on a GitHub-hosted runner, and what to do instead (after the probe's reason). */
const HOSTED_FALLBACK_REFUSED =
  "On a GitHub-hosted runner (RUNNER_ENVIRONMENT is github-hosted) the action makes bubblewrap work before the run (the lines above say what it tried), so `sandbox: auto` does not fall back to an unsandboxed run there: unsandboxed, the command under test could read the run's signing key and sign a record of its own. Set `sandbox: none` to run it unsandboxed deliberately (the step's `sandboxed` output is then false, and a `mode: sign` job refuses its record unless given `allow-unsandboxed: true`)";

/**
 * Makes bwrap work on this runner if it can, before the run probes it again (cached, fresh after a
 * change). Returns the run's sandbox settings that are no input: where bwrap is (a test's host), and,
 * for `auto` on a GitHub-hosted Linux runner, that a bwrap that still does not work is a setup error
 * rather than an unsandboxed run. Self-hosted runners (someone's machine, where nothing is installed)
 * and other systems (no bubblewrap at all) keep `auto`'s fallback, said in the log and the summary.
 */
export function prepareSandbox(
  core: ActionCore,
  mode: SandboxMode,
  platform: NodeJS.Platform = process.platform,
): Pick<SandboxOptions, "bwrapPath" | "fallbackRefused"> {
  const host = core.sandboxHost ?? RUNNER_HOST;
  const where = host.bwrapPath ? { bwrapPath: host.bwrapPath } : {};
  if (mode === "none" || platform !== "linux") return where;
  const runnerEnvironment = core.env.RUNNER_ENVIRONMENT;
  if (!probeBwrap({ ...where, env: core.env }).works) {
    const setup = host.prepare(runnerEnvironment);
    for (const line of setup.lines) info(core, line);
  }
  const hosted = mode === "auto" && runnerEnvironment === "github-hosted";
  return hosted ? { ...where, fallbackRefused: HOSTED_FALLBACK_REFUSED } : where;
}

/** The job summary's paragraph about it, after the report. */
export function sandboxSummary(status: SandboxStatus, suppliedKey: boolean): string {
  if (status.sandboxed) return `**Sandbox:** the command ran ${inlineText(describeSandbox(status))}\n`;
  return `> [!WARNING]\n> **Unsandboxed:** ${inlineText(unsandboxedNotice(status, suppliedKey) ?? "")}\n`;
}

/** After command processing resumed: the unsandboxed run as a warning annotation too. */
export function warnIfUnsandboxed(
  core: ActionCore,
  status: SandboxStatus | undefined,
  suppliedKey: boolean,
): void {
  if (!status || status.sandboxed) return;
  core.warning(unsandboxedNotice(status, suppliedKey) ?? "", { title: "canon-conformance: unsandboxed" });
}

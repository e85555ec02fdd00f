// The sandbox as the action sets it up and tells of it. Before the run: where bwrap does not work and
// the mode wants it, the runner is prepared (prepareRunnerSandbox: install bubblewrap, load the narrow
// AppArmor profile, with sudo -n), each change printed. When the run opens its sandbox: one line in the
// log saying how the command runs, and a paragraph for the job summary.
import { inlineText } from "../report/markdown-escape.js";
import {
  describeSandbox,
  prepareRunnerSandbox,
  probeBwrap,
  type SandboxMode,
  type SandboxStatus,
  unsandboxedNotice,
} from "../sandbox/index.js";
import type { ActionCore } from "./core.js";
import { info } from "./runner-commands.js";

/** Makes bwrap work on this runner if it can, before the run probes it again (cached, fresh after a change). */
export function prepareSandbox(core: ActionCore, mode: SandboxMode): void {
  if (mode === "none" || process.platform !== "linux") return;
  if (probeBwrap().works) return;
  const setup = prepareRunnerSandbox();
  for (const line of setup.lines) info(core, line);
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

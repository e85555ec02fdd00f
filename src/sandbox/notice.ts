// What the faces print when a run was not sandboxed: why, and what that means for the signing key.
import type { SandboxStatus } from "./types.js";

/**
 * One paragraph for the console and the job summary, or undefined when the run was sandboxed.
 * `suppliedKey`: the run signs with a key the runner supplied (not one made for the run).
 */
export function unsandboxedNotice(status: SandboxStatus, suppliedKey: boolean): string | undefined {
  if (status.sandboxed) return undefined;
  const risk =
    "it ran as this user, with this user's files, network and processes within its reach, and it could leave processes behind (those still carrying the run's token were killed when it ended); its environment still held none of the harness's secrets";
  const key = suppliedKey
    ? "the supplied signing key was on the same machine as the code under test, which could have read it from this process: sign in a separate job that runs no code under test instead (canon-conformance sign)"
    : "the record is signed with a key made for this run, so it proves the run's result only as far as the code under test could not reach into this process";
  return `canon-conformance ran the command unsandboxed because ${status.reason}: ${risk}; ${key}.`;
}

/** One line for logs: how the command was started. */
export function describeSandbox(status: SandboxStatus): string {
  if (!status.sandboxed) return `unsandboxed (${status.reason})`;
  const ignored = status.ignored?.length
    ? `; ignored, as not root's alone: ${status.ignored.join("; ")}`
    : "";
  return `sandboxed with ${status.bwrap} (own PID namespace, read-only filesystem, ${status.network ? "network allowed" : "no network"}${ignored})`;
}

/** What both faces print before the first case: how the command runs, or the unsandboxed notice. */
export function sandboxStatusText(status: SandboxStatus, suppliedKey: boolean): string {
  return (
    unsandboxedNotice(status, suppliedKey) ?? `canon-conformance: the command runs ${describeSandbox(status)}`
  );
}

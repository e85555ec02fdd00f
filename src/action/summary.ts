// What the pull request sees: the job summary (src/report's text, plus a link to the artifact) and one
// annotation per cause of failure (src/report/annotations.ts decides which and how they read).
import { appendFileSync } from "node:fs";
import { escapeHtml, inlineCode, inlineText, textBlock } from "../escape/markdown.js";
import type { Gate } from "../expected/index.js";
import { failureAnnotations, gateAnnotations } from "../report/annotations.js";
import type { VerdictSection } from "../report/index.js";
import { type InterruptedRun, keptText } from "../run/interrupt.js";
import type { RunView } from "../view/index.js";
import type { UploadedArtifact } from "./artifact.js";
import type { ActionCore } from "./core.js";
import { messageOf } from "./failure.js";
import { neutralise, resumeCommands } from "./runner-commands.js";

/** The job summary is a view of the run, not the run: if the runner cannot take it, say so and go on.
 * `uploadTried`: an upload was asked for, so no `artifact` means it failed, which the summary says
 * (its text, written before the upload, tells the reader to download the artifact). */
export async function writeJobSummary(
  core: ActionCore,
  markdown: string,
  artifact: UploadedArtifact | undefined,
  name: string,
  uploadTried = false,
): Promise<void> {
  try {
    core.summary.addRaw(markdown, true);
    if (uploadTried && !artifact) {
      core.summary.addRaw(
        `\n**Artifact:** ${inlineText(name)} was not uploaded: the upload failed (the step's warning says why). The files stay on the runner until the job ends.`,
        true,
      );
    } else if (artifact?.url) {
      const digest = artifact.digest ? ` (zip SHA-256 ${inlineCode(artifact.digest)})` : "";
      core.summary.addRaw(
        `\n**Artifact:** <a href="${escapeHtml(artifact.url)}">${inlineText(name)}</a>${digest}`,
        true,
      );
    }
    await core.summary.write();
  } catch (error) {
    core.summary.emptyBuffer();
    core.warning(
      neutralise(
        `could not write the job summary (${messageOf(error)}); summary.md beside the record has the same text`,
      ),
    );
  }
}

/** Whether the step may write its summary: the `summary` input, read as plainly as possible, since a
 * failure may have come from reading the inputs (anything but `false` writes it). */
function summaryWanted(core: ActionCore): boolean {
  return core.getInput("summary").trim().toLowerCase() !== "false";
}

/**
 * The job summary of a step that ended before its report: what stopped it, in the words the step's
 * failure uses (they may quote the command's stderr or a record's text: shown as text, never markup).
 */
export async function writeFailureSummary(
  core: ActionCore,
  message: string,
  mode: string,
  setup: boolean,
): Promise<void> {
  if (!summaryWanted(core)) return;
  const what = !setup
    ? "The step failed after its work began: the log says where it stopped, and any file written by then stays on the runner."
    : mode === "sign"
      ? "Nothing was signed, and nothing was uploaded."
      : mode === "aggregate"
        ? "No aggregate was made."
        : "No case ran and no record was signed: the run stopped before its first case.";
  const markdown = [
    `## ⛔ canon-conformance ${mode === "sign" || mode === "aggregate" ? `${escapeHtml(mode)} ` : ""}could not finish`,
    "",
    textBlock(message),
    "",
    what,
    "",
  ].join("\n");
  await writeJobSummary(core, markdown, undefined, "");
}

/**
 * The job summary and the log line of a step a signal ended (../run/interrupt.ts): how it ended, how
 * far the run had got, that the command's processes were killed, and what was kept. Written while
 * the process is about to exit, so briefly; command processing is resumed first, so the line is also
 * the step's error annotation.
 */
export async function writeInterruptedSummary(
  core: ActionCore,
  ended: InterruptedRun,
  mode: string,
  status: number,
): Promise<void> {
  resumeCommands(core);
  const running = mode === "sign" || mode === "aggregate" ? mode : "run";
  core.error(
    neutralise(
      `canon-conformance ${running}: ${ended.how}; the command under test's processes were killed; ${keptText(ended)}; exit ${status}`,
    ),
    { title: `canon-conformance: cancelled by ${ended.signal}` },
  );
  if (!summaryWanted(core)) return;
  const kept = ended.kept.includes("record.json")
    ? `Kept, written whole before the signal: ${ended.kept.map((f) => inlineCode(f)).join(", ")} in ${inlineCode(ended.outDir ?? "")} (nothing was uploaded).`
    : mode === "run"
      ? "No record was signed or written: a record is made once every case is judged. Nothing in the output folder looks complete (a file is written under a private name and renamed when whole)."
      : "Nothing was signed, written or uploaded.";
  const markdown = [
    `## ⏹️ canon-conformance ${running === "run" ? "" : `${running} `}was ${inlineText(ended.how)}`,
    "",
    `The runner sends SIGINT and then SIGTERM when a run is cancelled, and SIGTERM when a step passes its \`timeout-minutes\`. ${
      running === "run" ? "The command under test's processes were killed. " : ""
    }The step exits with ${status}.`,
    "",
    kept,
    "",
  ].join("\n");
  core.summary.emptyBuffer();
  // Written at once, not through core.summary's asynchronous write: the run the signal broke may keep
  // the event loop busy past the exit deadline, and a summary still queued then is lost.
  const file = core.env.GITHUB_STEP_SUMMARY;
  if (file) {
    try {
      appendFileSync(file, `${markdown}\n`);
      return;
    } catch {
      // Said below, the usual way, if that can still be done in time.
    }
  }
  await writeJobSummary(core, markdown, undefined, "");
}

/** The failures as annotations, one per cause, within GitHub's 10 per step: errors when the step
 * fails on them, warnings when it passes anyway (fail-on-nonconformant: false). */
export function annotateFailures(
  core: ActionCore,
  view: Pick<RunView, "failures" | "causes">,
  stepWillFail: boolean,
  implementation: string,
): void {
  const annotate = (message: string, properties: { title: string }) =>
    stepWillFail ? core.error(message, properties) : core.warning(message, properties);
  // The answers in them are the command's: neutralised, so no line of theirs can be a runner command.
  for (const { title, message } of failureAnnotations(view, stepWillFail, implementation))
    annotate(neutralise(message), { title: neutralise(title) });
}

/** The verdict in the log, each suite's failed cases folded in a `::group::`. */
export function logVerdict(core: ActionCore, sections: readonly VerdictSection[]): void {
  for (const section of sections) {
    if (section.title === undefined) {
      core.info(neutralise(section.body));
      continue;
    }
    core.startGroup(neutralise(section.title));
    core.info(neutralise(section.body));
    core.endGroup();
  }
}

/** The list's own annotations: a notice counting the expected failures (they are not errors), and a
 * warning naming the fixed entries (the step's own failure says when they fail it). */
export function annotateGate(
  core: ActionCore,
  gate: Gate,
  stepWillFail: boolean,
  implementation: string,
): void {
  for (const { level, title, message } of gateAnnotations(gate, stepWillFail, implementation)) {
    const annotate = (message: string, properties: { title: string }) =>
      level === "warning" ? core.warning(message, properties) : core.notice(message, properties);
    annotate(neutralise(message), { title: neutralise(title) });
  }
}

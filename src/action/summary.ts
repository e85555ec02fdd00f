// What the pull request sees: the job summary (src/report's text, plus a link to the artifact) and one
// annotation per cause of failure (src/report/annotations.ts decides which and how they read).
import type { Gate } from "../expected/index.js";
import { failureAnnotations, gateAnnotations } from "../report/annotations.js";
import type { VerdictSection } from "../report/index.js";
import { escapeHtml, inlineCode, inlineText } from "../report/markdown-escape.js";
import type { CaseResult } from "../types.js";
import type { UploadedArtifact } from "./artifact.js";
import type { ActionCore } from "./core.js";
import { messageOf } from "./failure.js";
import { neutralise } from "./runner-commands.js";

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

/** The failures as annotations, one per cause, within GitHub's 10 per step: errors when the step
 * fails on them, warnings when it passes anyway (fail-on-nonconformant: false). */
export function annotateFailures(
  core: ActionCore,
  results: readonly CaseResult[],
  stepWillFail: boolean,
  implementation: string,
): void {
  const annotate = (message: string, properties: { title: string }) =>
    stepWillFail ? core.error(message, properties) : core.warning(message, properties);
  // The answers in them are the command's: neutralised, so no line of theirs can be a runner command.
  for (const { title, message } of failureAnnotations(results, stepWillFail, implementation))
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

// `mode: run`: the inputs -> the same run as the CLI (src/run/, which writes the reports through
// src/report) -> the step's outputs, the log's verdict, the annotations, the artifact, the job summary
// and the step's status.
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { formatCompare } from "../compare/index.js";
import { inlineText } from "../escape/markdown.js";
import type { Gate } from "../expected/index.js";
import { sha256Hex } from "../jcs/index.js";
import type { Face } from "../options/index.js";
import { type OutFolder, openOutFolder } from "../out-folder.js";
import { implementationName } from "../report/format.js";
import { watchCauses } from "../report/found-causes.js";
import { gateHeadline } from "../report/gate.js";
import { batchPlanText, createProgressReporter, verdictSections } from "../report/index.js";
import { runSummaryMarkdown } from "../report/summary.js";
import { runConformance } from "../run/index.js";
import type { RunSoFar } from "../run/interrupt.js";
import type { RunOptions, RunOutcome } from "../run/types.js";
import type { SandboxStatus } from "../sandbox/index.js";
import { sandboxStatusText } from "../sandbox/index.js";
import type { SigningKey } from "../types.js";
import { setArtifactOutputs, type UploadedArtifact, uploadArtifact } from "./artifact.js";
import type { ActionCore } from "./core.js";
import { type ActionInputs, readInputs } from "./inputs.js";
import { chooseKey, keyInPullRequestJob } from "./key.js";
import { info, neutralise, withCommandsStopped } from "./runner-commands.js";
import { prepareSandbox, sandboxSummary, warnIfUnsandboxed } from "./sandbox.js";
import { annotateFailures, annotateGate, logVerdict, writeJobSummary } from "./summary.js";

/** `soFar` is kept up to date for the words a signal ends the step with (../run/interrupt.ts). */
export async function runMode(
  core: ActionCore,
  face: Face,
  keyText: string,
  soFar: RunSoFar = {},
): Promise<void> {
  const inputs = readInputs(core, face);
  const key = chooseKey(core, keyText);
  // Said before anything runs, outside the stop-commands window, so the annotation reaches the runner.
  const keyWarning = keyInPullRequestJob(key.kind === "supplied", core.env.GITHUB_EVENT_NAME ?? "");
  if (keyWarning)
    core.warning(keyWarning, { title: "canon-conformance: signing key in a pull request's job" });
  const sandbox = inputs.run.sandbox ?? { mode: "auto" as const };
  const sandboxPaths = prepareSandbox(core, sandbox.mode);

  const outDir = join(core.env.RUNNER_TEMP || tmpdir(), "canon-conformance", inputs.artifactName);
  // Made and opened before the command starts; the run writes and the upload reads through this handle.
  const out = await openOutFolder(outDir);
  try {
    soFar.outDir = out.path;
    await runAndReport(core, inputs, key, out, keyWarning, sandboxPaths, soFar);
  } finally {
    out.close();
  }
}

async function runAndReport(
  core: ActionCore,
  inputs: ActionInputs,
  key: SigningKey,
  out: OutFolder,
  keyWarning: string | undefined,
  sandboxPaths: NonNullable<RunOptions["sandboxPaths"]>,
  soFar: RunSoFar,
): Promise<void> {
  const supplied = key.kind === "supplied";
  const outDir = out.path;
  let status: SandboxStatus | undefined;
  // From the first process of the command under test to the last line that can hold its text, the
  // runner takes no workflow command from stdout (runner-commands.ts); annotations come after.
  const { outcome, recordPath } = await withCommandsStopped(core, async () => {
    const progress = createProgressReporter({ stream: { write: (text) => core.write(text) }, isTTY: false });
    // Each cause as its first case shows it, between the progress lines.
    const causes = watchCauses((line) => progress.note(line));
    info(
      core,
      `canon-conformance: ${inputs.run.command ?? inputs.run.url} (${inputs.run.suites.join(", ")}, profile ${inputs.run.profile})`,
    );
    const outcome = await runConformance({
      ...inputs.run,
      key,
      outDir,
      outFolder: out,
      startedFrom: { env: core.env, cwd: core.cwd },
      sandboxPaths,
      // The summary says where its reader finds the record: the artifact, or with upload false the runner.
      reports: { summary: true, badge: inputs.badge, summaryRecordAt: inputs.upload ? "artifact" : "runner" },
      failOnNonconformant: inputs.failOnNonconformant,
      onSandbox: (s) => {
        status = s;
        info(core, sandboxStatusText(s, supplied));
      },
      onBatches: (plan) => info(core, batchPlanText(plan)),
      onProgress: (p) => {
        // After a signal the cases left fail fast; the log's last words are the signal's.
        if (soFar.interruptedBy !== undefined) return;
        soFar.progress = p;
        progress.update(p);
      },
      onFailure: (result) => {
        if (soFar.interruptedBy === undefined) causes.failed(result);
      },
    }).finally(() => causes.stop());
    progress.done();
    const recordPath = outcome.files.record;
    if (!recordPath) throw new Error("the run wrote no record.json");
    compareOutcome(core, outcome, inputs);
    return { outcome, recordPath };
  });
  warnIfUnsandboxed(core, status, supplied);

  setRecordOutputs(core, outcome, recordPath);
  // What a sign job reads (its `run-sandboxed` input) to refuse a record the command could have signed.
  core.setOutput("sandboxed", String(outcome.sandbox.sandboxed));
  // After the resume, so that each suite's failures fold in a ::group::; every line is neutralised.
  // The log is read on GitHub: the page is in the artifact, or (upload false) on the runner.
  logVerdict(
    core,
    verdictSections(outcome, {
      color: false,
      ...(inputs.upload ? { reportAt: { artifact: inputs.artifactName } } : {}),
    }),
  );
  core.setOutput("badge-path", outcome.files.badgeSvg ?? "");

  const { gate, step } = outcome;
  setGateOutputs(core, gate);
  // The run's failures fail the step (errors), or are excused by fail-on-nonconformant (warnings).
  const failing = step.failsOnRun;
  // Titled with the implementation's name, not its command line; the tool's name when none was given.
  const named =
    outcome.record.implementation.name === null ? "canon-conformance" : implementationName(outcome.record);
  // Expected failures are not errors: they leave the annotated failures, and one notice counts them.
  annotateFailures(core, outcome, failing, named);
  if (gate) annotateGate(core, gate, failing, named);

  const { files } = outcome;
  const artifact = inputs.upload
    ? await uploadArtifact(
        core,
        inputs,
        [
          files.record,
          files.results,
          files.junit,
          files.html,
          files.summary,
          files.badgeSvg,
          files.badgeJson,
          files.compare,
        ]
          .filter((f): f is string => f !== undefined)
          .map((f) => out.internalPath(basename(f))),
        out.internalPath("."),
        `the signed record is on the runner at ${recordPath} (the record-path output)`,
      )
    : undefined;
  setArtifactOutputs(core, artifact);
  // The summary names the artifact only once it holds the files: after a failed upload it is drawn
  // again from the view, saying where the files are on the runner, and summary.md says the same.
  let summaryMarkdown = outcome.summaryMarkdown ?? "";
  if (inputs.upload && !artifact) {
    summaryMarkdown = runSummaryMarkdown(outcome, { runner: outDir, uploadFailed: true });
    await out.write("summary.md", summaryMarkdown);
  }
  // Written after the upload so that the pull request's view can link the artifact it describes.
  if (inputs.summary) {
    // summary.md as it is, then how the command ran (the artifact's link follows).
    const sandboxed = status ? `\n${sandboxSummary(status, supplied)}` : "";
    const keyNote = keyWarning ? `\n> [!WARNING]\n> **Signing key:** ${inlineText(keyWarning)}.\n` : "";
    await writeJobSummary(core, `${summaryMarkdown}${sandboxed}${keyNote}`, artifact, inputs.artifactName);
  }

  const { cases, failed } = outcome.record.summary;
  const listed = inputs.summary
    ? "the job summary and results.json list them"
    : "the log above and results.json list them";
  const verdict =
    cases === 0
      ? "no cases ran, and a run of no cases is not conformant (seed 003 §2): check the suites and numbers inputs"
      : `${outcome.record.implementation.impl} is not conformant: ${failed} of ${cases} cases failed; ${listed}`;
  // `impl` is the command's program name, and may hold any text: neutralised like the rest. With a list
  // the step follows its gate; the record's verdict stays seed 003's (the view's step verdict).
  const said = gate
    ? `${outcome.record.implementation.impl}: ${gateHeadline(gate, outcome.record.conformant)}`
    : verdict;
  if (step.failsOnRun) core.setFailed(neutralise(`${said}. ${whereTheRecordIs(artifact, inputs)}`));
  else if (!step.runPasses)
    core.notice(neutralise(`${said}. The step passes because fail-on-nonconformant is false.`));
  const { disagreements } = step;
  if (disagreements > 0) {
    const why = `the differential run found ${disagreements} disagreement${disagreements === 1 ? "" : "s"} between \`command\` and \`compare-command\`; the job summary shows each, shrunk`;
    if (step.excused) core.notice(`${why}. The step passes because fail-on-nonconformant is false.`);
    else core.setFailed(`${why}.`);
  }
}

/** Where the reader of a failed step finds the signed record: the artifact the step uploaded, or
 * (nothing uploaded) the step's record-path output, not a temporary path on a runner that is gone. */
function whereTheRecordIs(artifact: UploadedArtifact | undefined, inputs: ActionInputs): string {
  const name = `'${inputs.artifactName}'`;
  if (artifact)
    return `The signed record is record.json in the artifact ${name}${artifact.url ? `: ${artifact.url}` : ""}.`;
  const why = inputs.upload ? "the artifact upload failed" : "upload is false";
  return `The signed record is the step's record-path output (${why}: no artifact).`;
}

function setRecordOutputs(core: ActionCore, outcome: RunOutcome, recordPath: string): void {
  const { record } = outcome;
  core.setOutput("conformant", String(record.conformant));
  core.setOutput("cases", String(record.summary.cases));
  core.setOutput("passed", String(record.summary.passed));
  core.setOutput("failed", String(record.summary.failed));
  core.setOutput("record-path", recordPath);
  core.setOutput("record-sha256", sha256Hex(outcome.recordBytes));
  core.setOutput("signer-pubkey", record.signer_pubkey);
  core.setOutput("key", record.key);
}

/** The gate's outputs: empty without a list, so a workflow can tell "no list" from "nothing unexpected". */
function setGateOutputs(core: ActionCore, gate: Gate | undefined): void {
  core.setOutput("gate", gate ? (gate.pass ? "pass" : "fail") : "");
  core.setOutput("unexpected-failures", gate ? String(gate.unexpected.length) : "");
  core.setOutput("fixed-expected-failures", gate ? String(gate.fixed.length) : "");
}

/** The differential run, when there was one: its log lines and its output. */
function compareOutcome(core: ActionCore, outcome: RunOutcome, inputs: ActionInputs): void {
  const report = outcome.compare;
  if (!report) {
    if (inputs.run.compareCommand)
      throw new Error("compare-command was given but the run made no comparison");
    core.setOutput("compare-disagreements", "");
    return;
  }
  info(core, formatCompare(report));
  core.setOutput("compare-disagreements", String(report.disagreements.length));
}

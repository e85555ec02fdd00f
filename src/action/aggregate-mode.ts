// `mode: aggregate`: the records a matrix uploaded (downloaded into `records`) are verified and joined
// by src/aggregate; this writes the job summary, uploads the aggregate, sets the outputs, and fails the
// step on a refusal, a disagreement or (with require-conformant) a non-conformant implementation.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { aggregateForAction } from "../aggregate/index.js";
import { inlineCode, inlineText } from "../escape/markdown.js";
import { type Face, readOption } from "../options/index.js";
import { setArtifactOutputs, uploadArtifact } from "./artifact.js";
import type { ActionCore } from "./core.js";
import { readArtifactSettings } from "./inputs.js";
import { info, neutralise, withCommandsStopped } from "./runner-commands.js";
import { writeJobSummary } from "./summary.js";

export async function runAggregateMode(core: ActionCore, face: Face): Promise<void> {
  const records = readOption("records", face);
  const settings = readArtifactSettings(face);
  const upload = readOption("upload", face);
  const summary = readOption("summary", face);
  const requireConformant = readOption("require-conformant", face);
  const outDir = join(core.env.RUNNER_TEMP || tmpdir(), "canon-conformance", settings.artifactName);
  core.info(`canon-conformance aggregate: the records in ${records}`);

  // The records' members (name, impl, reasons) are untrusted text: printed with the runner's command
  // processing stopped, and neutralised (runner-commands.ts).
  const result = await withCommandsStopped(core, async () => {
    const result = await aggregateForAction([records], { requireConformant, outDir });
    info(core, result.consoleText);
    return result;
  });
  core.setOutput("implementations", String(result.implementations));
  core.setOutput("conformant-implementations", String(result.conformantImplementations));
  core.setOutput("refused", String(result.refused));
  core.setOutput("disagreements", String(result.disagreements));
  core.setOutput("incomplete-sweeps", String(result.incompleteSweeps));
  core.setOutput("badge-path", result.badgeSvgPath);

  const artifact = upload
    ? await uploadArtifact(
        core,
        settings,
        result.files,
        outDir,
        `the aggregate's files are on the runner in ${outDir}`,
      )
    : undefined;
  setArtifactOutputs(core, artifact);
  // aggregate.html shows every difference with its input, side by side: named in the log and the
  // summary, with where it is (the artifact, or with upload false the runner).
  const where = artifact ? `in the artifact ${settings.artifactName}` : `on the runner in ${outDir}`;
  info(
    core,
    `canon-conformance aggregate: wrote aggregate.json, aggregate.html (open it in a browser: every difference with its input), summary.md, badge.svg and badge.json ${where}`,
  );
  const page = `**Report page:** ${inlineCode("aggregate.html")} ${inlineText(where)}, beside ${inlineCode("aggregate.json")} and this summary (${inlineCode("summary.md")}): open it in a browser for every difference with its input, side by side.`;
  if (summary)
    await writeJobSummary(core, `${result.markdown}\n${page}\n`, artifact, settings.artifactName, upload);

  if (result.exitCode !== 0) {
    const why = result.failures.length > 0 ? result.failures.join("; ") : `exit code ${result.exitCode}`;
    core.setFailed(neutralise(`the aggregate fails: ${why}. The job summary shows each.`));
  }
}

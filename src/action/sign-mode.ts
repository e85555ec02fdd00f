// `mode: sign`: the second job of the recommended workflow (docs/action.md), which holds the team's
// key and runs no code under test. The run job's record (downloaded) is verified by every step of
// seed 003 §4 and, if it holds (and was signed by `expected-signer`, when given), re-signed with
// `signing-key` by src/record/resign.ts: `key`, `signer_pubkey` and `sig` replaced, nothing else. The
// re-signed record and the run job's beside it are uploaded, with the re-signed record's report page
// and badge; the outputs name the new signer. A refusal writes a job summary that says why. The run
// job says whether its command ran sandboxed (its `sandboxed` output, here `run-sandboxed`): a record
// of an unsandboxed run is refused unless `allow-unsandboxed`, since that command could have read the
// run's key and signed a record of its own; not told, sign mode re-signs and warns.
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fencedBlock, inlineCode, inlineText, textBlock } from "../escape/markdown.js";
import { sha256Hex } from "../jcs/index.js";
import { type Face, OptionError, readOption } from "../options/index.js";
import { toHex } from "../record/keys.js";
import { readRecordBytes } from "../record/read.js";
import { type ResignRefusal, refusalLines, resignRecord } from "../record/resign.js";
import { badgeJson, badgeSvg } from "../report/badge.js";
import { reportHtml } from "../report/html/index.js";
import { installSource, toolCommand } from "../report/install-form.js";
import { verifyCommand } from "../report/verify-command.js";
import type { ConformResult } from "../types.js";
import { setArtifactOutputs, uploadArtifact } from "./artifact.js";
import type { ActionCore } from "./core.js";
import { messageOf } from "./failure.js";
import { readArtifactSettings } from "./inputs.js";
import { suppliedKey } from "./key.js";
import { info, neutralise, withCommandsStopped } from "./runner-commands.js";
import { writeJobSummary } from "./summary.js";

/** The run job's record keeps its name beside the re-signed one, so both signatures travel together. */
const ORIGINAL_NAME = "record.ephemeral.json";

export async function runSignMode(core: ActionCore, face: Face, keyText: string): Promise<void> {
  const recordPath = readOption("record", face);
  const expectedSigner = readOption("expected-signer", face);
  const settings = readArtifactSettings(face);
  const upload = readOption("upload", face);
  const summary = readOption("summary", face);
  const badge = readOption("badge", face);
  const outText = readOption("out", face);
  const runSandboxed = readOption("run-sandboxed", face);
  const allowUnsandboxed = readOption("allow-unsandboxed", face);
  const key = suppliedKey(keyText);
  if (key === undefined) {
    throw new OptionError(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the workflow expression a user writes, shown literally
      "signing-key is empty, and sign mode signs with it: pass the team's key from a secret (e.g. `signing-key: ${{ secrets.CANON_CONFORMANCE_KEY }}` in a job with the environment that holds it). A pull request from a fork gets no secrets: skip the sign job there (docs/action.md)",
      "signing-key",
    );
  }
  // Before the record is read: a record the run's command could have signed itself is not looked at.
  const sandboxWarning = weighRunSandbox(runSandboxed, allowUnsandboxed);
  if (sandboxWarning) core.warning(sandboxWarning.text, { title: sandboxWarning.title });
  const outDir = join(core.env.RUNNER_TEMP || tmpdir(), "canon-conformance", settings.artifactName);
  const out = outText ? resolve(face.base, outText) : join(outDir, "record.json");

  // The record is untrusted until §4 accepts it, and what the refusal says can quote it.
  const { result, bytes } = await withCommandsStopped(core, async () => {
    info(
      core,
      `canon-conformance sign: verifying ${recordPath}${expectedSigner ? `, signed by ${expectedSigner}` : ""}`,
    );
    const bytes = await readRecordBytes(recordPath);
    const result = resignRecord(
      bytes,
      key,
      expectedSigner ? { expectedSigner, signerInput: "expected-signer" } : {},
    );
    if (result.outcome !== "signed") for (const line of refusalLines(result)) info(core, line);
    return { result, bytes };
  });
  if (result.outcome !== "signed") {
    const why = `the record ${recordPath} was refused, and nothing was signed: ${result.detail}`;
    core.setFailed(neutralise(why));
    if (summary)
      await writeJobSummary(core, refusalSummary(recordPath, result, expectedSigner ?? ""), undefined, "");
    return;
  }

  mkdirSync(dirname(out), { recursive: true });
  try {
    writeFileSync(out, result.bytes, { flag: "wx", mode: 0o644 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new OptionError(
      `out: cannot write ${out} (${code === "EEXIST" ? "it already exists" : (code ?? String(error))})`,
      "out",
    );
  }
  const files = [out];
  if (!outText) {
    // The very bytes that were verified, not the file read again: it may have changed since.
    writeFileSync(join(outDir, ORIGINAL_NAME), bytes);
    files.push(join(outDir, ORIGINAL_NAME));
  }
  // The re-signed record's page and badge go with it, as the run job's artifact has them for its own.
  const pages = writePages(core, dirname(out), result.bytes, result.record, badge);
  files.push(...pages);
  core.setOutput("badge-path", pages.find((f) => f.endsWith("badge.svg")) ?? "");
  const { original, record } = result;
  const line = `verified ${recordPath} (conformant=${original.conformant}, ${original.summary.passed}/${original.summary.cases} cases passed, signed by ${original.signer_pubkey}) and re-signed it with ${toHex(key.publicKey)}: ${out}`;
  core.info(neutralise(`canon-conformance sign: ${line}`));

  core.setOutput("record-path", out);
  core.setOutput("record-sha256", sha256Hex(result.bytes));
  core.setOutput("signer-pubkey", record.signer_pubkey);
  core.setOutput("key", record.key);
  core.setOutput("conformant", String(original.conformant));

  const artifact = upload
    ? await uploadArtifact(
        core,
        settings,
        files,
        dirname(out),
        `the re-signed record is on the runner at ${out}`,
      )
    : undefined;
  setArtifactOutputs(core, artifact);
  if (summary) {
    // The artifact is named only when it holds the page; otherwise the page is where it was written.
    const page = !pages.some((f) => f.endsWith("report.html"))
      ? ""
      : artifact
        ? ` The artifact holds its report page: download it, unzip it and open \`report.html\` in a browser.`
        : ` Its report page is \`report.html\` beside it on the runner, in ${inlineCode(dirname(out))}, until the job ends (${upload ? "the artifact upload failed" : "`upload: false`"}).`;
    const warned = sandboxWarning
      ? `\n> [!WARNING]\n> **${sandboxWarning.label}:** ${withCodeSpans(sandboxWarning.text)}.\n`
      : "";
    // The implementation's command line and the verify command are code blocks of their own: in
    // running text a browser wraps them mid-token (`python3 canon.py --` / `lines`).
    const tested = original.implementation.adapter === "http" ? "its URL" : "its command line";
    const verify = verifyCommand(
      "record.json",
      "supplied",
      record.signer_pubkey,
      toolCommand(installSource(core.env)),
    );
    const markdown = `### canon-conformance sign\n\nThe run job's record (signed by ${inlineCode(original.signer_pubkey)}) passed every step of seed 003 §4 and is re-signed with ${inlineCode(record.signer_pubkey)}. The implementation it tested is ${original.conformant ? "**conformant**" : "**not conformant**"} (${original.summary.passed} of ${original.summary.cases} cases passed); ${tested}:\n\n${fencedBlock(original.implementation.impl, "sh")}\n\nCheck the re-signed record with:\n\n${fencedBlock(verify, "sh")}\n${page ? `\n${page.trim()}\n` : ""}${warned}`;
    await writeJobSummary(core, markdown, artifact, settings.artifactName, upload);
  }
}

/**
 * What the run job said of its sandbox (`run-sandboxed`), weighed: `false` is refused (an OptionError,
 * so the step fails before the record is read and the summary says nothing was signed) unless
 * `allow-unsandboxed`, which signs with a warning; not given, a warning that says how to wire it
 * (workflows written before the input keep working); `true`, nothing to say.
 */
function weighRunSandbox(
  runSandboxed: boolean | undefined,
  allowUnsandboxed: boolean,
): { title: string; label: string; text: string } | undefined {
  if (runSandboxed === true) return undefined;
  if (runSandboxed === false) {
    if (!allowUnsandboxed) {
      throw new OptionError(
        "the run job's command ran unsandboxed (`run-sandboxed` is false), so it could have read the run job's ephemeral key and signed a record of its own: its record proves nothing, and is refused. Run the command sandboxed (`sandbox: auto` or `bwrap`; on a self-hosted runner install bubblewrap, docs/sandbox.md), or set `allow-unsandboxed: true` to re-sign the record of a run that was unsandboxed on purpose",
      );
    }
    return {
      title: "canon-conformance: an unsandboxed run's record",
      label: "Unsandboxed run",
      text: "the run job's command ran unsandboxed (`run-sandboxed` is false), so it could have read the run job's ephemeral key and signed a record of its own; the record is re-signed because `allow-unsandboxed` is true",
    };
  }
  if (allowUnsandboxed) return undefined;
  return {
    title: "canon-conformance: run-sandboxed not given",
    label: "Sandbox not known",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the workflow expressions a user writes, shown literally
    text: "`run-sandboxed` is empty, so sign mode cannot tell whether the run job's command ran sandboxed; unsandboxed, it could have read the run job's ephemeral key and signed a record of its own. Pass it on: in the run job `outputs: sandboxed: ${{ steps.<id>.outputs.sandboxed }}`, and in this step `run-sandboxed: ${{ needs.<run job>.outputs.sandboxed }}` (docs/action.md); a run job's `false` is then refused",
  };
}

/** This tool's own text for the summary: its `code` spans as code, the rest as text. */
function withCodeSpans(text: string): string {
  return text
    .split(/`([^`]*)`/)
    .map((part, i) => (i % 2 === 1 ? inlineCode(part) : inlineText(part)))
    .join("");
}

/**
 * report.html and the badge of the re-signed record, beside it: drawn from the record alone (the run
 * job's results.json is not signed, so nothing of it is shown as the record's). A file that cannot be
 * written (one of that name is there already) is a warning: the signed record is what matters.
 */
function writePages(
  core: ActionCore,
  dir: string,
  recordBytes: Uint8Array,
  record: ConformResult,
  badge: boolean,
): string[] {
  const written: string[] = [];
  const pages: [string, () => string][] = [["report.html", () => reportHtml({ recordBytes })]];
  if (badge) {
    pages.push(
      ["badge.svg", () => badgeSvg(record)],
      ["badge.json", () => `${JSON.stringify(badgeJson(record), null, 2)}\n`],
    );
  }
  for (const [name, content] of pages) {
    const path = join(dir, name);
    try {
      writeFileSync(path, content(), { flag: "wx", mode: 0o644 });
      written.push(path);
    } catch (error) {
      core.warning(
        neutralise(
          `could not write ${path} (${(error as NodeJS.ErrnoException).code ?? messageOf(error)}); the re-signed record is written`,
        ),
      );
    }
  }
  return written;
}

/** The job summary of a refused sign step: what §4 (or the pinned signer) said, and what to check. */
function refusalSummary(recordPath: string, refusal: ResignRefusal, expectedSigner: string): string {
  const lines = refusalLines(refusal);
  const check =
    refusal.outcome === "signer_mismatch"
      ? `The record verifies, but \`expected-signer\` (${inlineCode(expectedSigner)}) did not sign it: a record swapped between the jobs, or \`expected-signer\` not wired to the run job's \`signer-pubkey\` output.`
      : "The record does not verify by seed 003 §4: it changed after the run job signed it, or it is not a conform-result/1 record.";
  return [
    "## ⛔ canon-conformance sign: the record was refused, nothing was signed",
    "",
    `- **Record:** ${inlineCode(recordPath)}`,
    `- **Outcome:** ${lines.map((l) => inlineCode(l)).join(" ")}`,
    "",
    textBlock(refusal.detail),
    "",
    check,
    "",
  ].join("\n");
}

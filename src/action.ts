// The GitHub face: action inputs -> the same run as the CLI -> the job summary, annotations, the
// artifact, the step's outputs and its status. The only module that speaks to the runner; everything it
// runs is src/run.ts. Every error ends in core.setFailed with a message saying what to fix.
// `mode: aggregate` instead joins the records a matrix uploaded, through src/aggregate.
import { existsSync, readFileSync, statSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DefaultArtifactClient } from "@actions/artifact";
import * as core from "@actions/core";
import { InputError as AggregateInputError, aggregateForAction } from "./aggregate/index.js";
import { compareMarkdown, formatCompare } from "./compare/index.js";
import { sha256Hex } from "./jcs/index.js";
import {
  DEFAULTS,
  OptionError,
  parseBoolean,
  parseCount,
  parseJobs,
  parseProfile,
  parseProtocol,
  parseSeed,
  parseShard,
  parseSuites,
} from "./options.js";
import { ephemeralKey, KeyError, parseSuppliedKey, toHex } from "./record/keys.js";
import { firstDifference } from "./report/difference.js";
import {
  badgeJson,
  badgeSvg,
  createProgressReporter,
  formatVerdict,
  GITHUB_SUMMARY_LIMIT,
  MIN_SUMMARY_BYTES,
  SUMMARY_MARGIN,
  toMarkdownSummary,
} from "./report/index.js";
import { escapeHtml, inlineCode, inlineText } from "./report/markdown-escape.js";
import { showInvisible } from "./report/visible.js";
import { RunSetupError, runConformance } from "./run.js";
import type { CaseResult, RunOptions, RunOutcome, SigningKey } from "./types.js";

/** GitHub shows at most 10 error annotations per step; the step's own failure is one of them. */
const MAX_ERROR_ANNOTATIONS = 10;
/** An annotation is a pointer to the summary, not the summary: long values are cut. */
const ANNOTATION_VALUE_CHARS = 300;

/** Where the runner passes the signing-key input: dropped once read, since the command inherits env. */
const SIGNING_KEY_ENV = "INPUT_SIGNING-KEY";
/** The runner's tokens (artifacts and cache, OIDC): the command under test is not given them. */
const RUNNER_TOKENS = [
  "ACTIONS_RUNTIME_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_URL",
];

/** The differential run's generated values when `compare-runs` is empty (RunOptions.compareRuns). */
const DEFAULT_COMPARE_RUNS = 1000;

/** An input that cannot be used; the message names the input and what it accepts. */
class InputError extends Error {
  override name = "InputError";
}

interface ActionInputs {
  run: Omit<RunOptions, "key" | "outDir" | "onProgress">;
  artifactName: string;
  retentionDays: number | undefined;
  upload: boolean;
  summary: boolean;
  badge: boolean;
  failOnNonconformant: boolean;
}

export async function run(): Promise<void> {
  try {
    await runAction();
  } catch (error) {
    core.setFailed(failureMessage(error));
  }
}

function failureMessage(error: unknown): string {
  if (error instanceof InputError || error instanceof KeyError) return error.message;
  if (error instanceof AggregateInputError) return `input \`records\`: ${error.message}`;
  if (error instanceof RunSetupError) return `canon-conformance could not run: ${error.message}`;
  return `canon-conformance failed: ${error instanceof Error ? error.message : String(error)}`;
}

async function runAction(): Promise<void> {
  // The key is masked before anything else runs, so no later line of the log can show it.
  const keyText = core.getInput("signing-key");
  maskKey(keyText);
  // The implementation under test runs with this process's environment, and what it prints can end up
  // in the record: it must not be able to read the key.
  delete process.env[SIGNING_KEY_ENV];
  const mode = core.getInput("mode").trim() || "run";
  if (mode === "aggregate") return runAggregateMode();
  if (mode !== "run") {
    throw new InputError(
      `input \`mode\`: choose run (test one implementation, the default) or aggregate (join the records of a matrix), not '${mode}'`,
    );
  }
  const inputs = readInputs();
  const key = chooseKey(keyText);

  const outDir = join(process.env.RUNNER_TEMP || tmpdir(), "canon-conformance", inputs.artifactName);
  const progress = createProgressReporter({ stream: process.stdout, isTTY: false });
  core.info(
    `canon-conformance: ${inputs.run.command ?? inputs.run.url} (${inputs.run.suites.join(", ")}, profile ${inputs.run.profile})`,
  );
  const outcome = await withoutRunnerTokens(() =>
    runConformance({ ...inputs.run, key, outDir, onProgress: (p) => progress.update(p) }),
  );
  progress.done();
  const recordPath = outcome.files.record;
  if (!recordPath) throw new Error("the run wrote no record.json");

  setRecordOutputs(outcome, recordPath);
  core.info(formatVerdict(reportInput(outcome, recordPath), { color: false }));
  const disagreements = compareOutcome(outcome, inputs);

  const reports = await writeReports(outcome, outDir, inputs.badge);
  core.setOutput("badge-path", reports.badgeSvg ?? "");

  const failing = !outcome.record.conformant && inputs.failOnNonconformant;
  annotateFailures(outcome.results, failing);

  const files = [
    recordPath,
    outcome.files.results,
    outcome.files.junit,
    reports.summaryMd,
    reports.badgeSvg,
    reports.badgeJson,
    outcome.files.compare,
  ];
  const artifact = inputs.upload
    ? await uploadArtifact(
        inputs,
        files.filter((f): f is string => f !== undefined),
        outDir,
        `the signed record is on the runner at ${recordPath} (the record-path output)`,
      )
    : undefined;
  core.setOutput("artifact-id", artifact?.id ?? "");
  core.setOutput("artifact-url", artifact?.url ?? "");
  core.setOutput("artifact-digest", artifact?.digest ?? "");
  // Written after the upload so that the pull request's view can link the artifact it describes.
  if (inputs.summary) await writeJobSummary(reports.markdown, artifact, inputs.artifactName);

  const { cases, failed } = outcome.record.summary;
  const verdict =
    cases === 0
      ? "no cases ran, and a run of no cases is not conformant (seed 003 §2): check the suites and numbers inputs"
      : `${outcome.record.implementation.impl} is not conformant: ${failed} of ${cases} cases failed; the job summary and results.json list them`;
  if (failing) {
    core.setFailed(`${verdict}. The signed record is ${recordPath}.`);
  } else if (!outcome.record.conformant) {
    core.notice(`${verdict}. The step passes because fail-on-nonconformant is false.`);
  }
  if (disagreements > 0) {
    const why = `the differential run found ${disagreements} disagreement${disagreements === 1 ? "" : "s"} between \`command\` and \`compare-command\`; the job summary shows each, shrunk`;
    if (inputs.failOnNonconformant) core.setFailed(`${why}.`);
    else core.notice(`${why}. The step passes because fail-on-nonconformant is false.`);
  }
}

/** The differential run, when there was one: its log lines, its output; returns its disagreements. */
function compareOutcome(outcome: RunOutcome, inputs: ActionInputs): number {
  const report = outcome.compare;
  if (!report) {
    if (inputs.run.compareCommand)
      throw new Error("compare-command was given but the run made no comparison");
    core.setOutput("compare-disagreements", "");
    return 0;
  }
  core.info(formatCompare(report));
  core.setOutput("compare-disagreements", String(report.disagreements.length));
  return report.disagreements.length;
}

/** Runs `fn` with the runner's tokens out of the environment (the upload needs them back after). */
async function withoutRunnerTokens<T>(fn: () => Promise<T>): Promise<T> {
  const saved = RUNNER_TOKENS.map((name) => [name, process.env[name]] as const);
  for (const name of RUNNER_TOKENS) delete process.env[name];
  try {
    return await fn();
  } finally {
    for (const [name, value] of saved) if (value !== undefined) process.env[name] = value;
  }
}

// ---- inputs ----

/** Every input, checked before the run starts; the defaults are action.yml's, for runs without it. */
function readInputs(): ActionInputs {
  const command = core.getInput("command");
  const url = core.getInput("url");
  if (!command && !url) {
    throw new InputError(
      "set the input `command` to your canonicalizer's command line (or `url` for one served over HTTP)",
    );
  }
  if (command && url) throw new InputError("set either `command` or `url`, not both");
  const readCommand = core.getInput("read-command");
  const readUrl = core.getInput("read-url");
  if (readCommand && readUrl) throw new InputError("set either `read-command` or `read-url`, not both");
  const implementationName = core.getInput("implementation-name");
  const implementationVersion = core.getInput("implementation-version");
  const { seed, random } = option("seed", parseSeed);
  // A drawn seed is the only way to replay the run: it goes to the log (and into the record's suite).
  if (random) core.info(`seed: random, drew ${seed} (set the input seed: ${seed} to replay this run)`);
  const shard = option("shard", parseShard);
  const compareCommand = core.getInput("compare-command");
  const compareProtocol = core.getInput("compare-protocol");
  if (compareProtocol && !compareCommand) {
    throw new InputError(
      "compare-protocol is set but compare-command is empty: set the second implementation's command line, or clear compare-protocol",
    );
  }
  // Checked even without compare-command, so a typo fails here rather than on the day it is used.
  const compareRuns = option("compare-runs", (text) =>
    parseCount(text, "compare-runs", DEFAULT_COMPARE_RUNS),
  );
  return {
    run: {
      ...(command ? { command } : {}),
      ...(url ? { url } : {}),
      protocol: option("protocol", parseProtocol),
      shell: booleanInput("shell", false),
      ...(readCommand ? { readCommand } : {}),
      ...(readUrl ? { readUrl } : {}),
      suites: option("suites", parseSuites),
      profile: option("profile", parseProfile),
      numbers: option("numbers", (text) => parseCount(text, "numbers", DEFAULTS.numbers)),
      seed,
      generatedRuns: option("generated-runs", (text) =>
        parseCount(text, "generated-runs", DEFAULTS.generatedRuns),
      ),
      ...(shard ? { shard } : {}),
      ...(compareCommand
        ? {
            compareCommand,
            ...(compareProtocol ? { compareProtocol: option("compare-protocol", parseProtocol) } : {}),
            compareRuns,
          }
        : {}),
      jobs: option("jobs", parseJobs),
      timeoutMs: option("timeout-ms", (text) => parseCount(text, "timeout-ms", DEFAULTS.timeoutMs, 1)),
      maxOutputBytes: DEFAULTS.maxOutputBytes,
      workingDirectory: workingDirectory(core.getInput("working-directory")),
      implementationName: implementationName || null,
      implementationVersion: implementationVersion || null,
    },
    artifactName: artifactName(core.getInput("artifact-name") || "canon-conformance"),
    retentionDays: retentionInput(),
    upload: booleanInput("upload", true),
    summary: booleanInput("summary", true),
    badge: booleanInput("badge", true),
    failOnNonconformant: booleanInput("fail-on-nonconformant", true),
  };
}

/** One input through the parser the CLI uses too, so both accept the same; its errors name the input. */
function option<T>(name: string, parse: (text: string) => T): T {
  try {
    return parse(core.getInput(name));
  } catch (error) {
    if (error instanceof OptionError) throw new InputError(`input \`${name}\`: ${error.message}`);
    throw error;
  }
}

function booleanInput(name: string, fallback: boolean): boolean {
  return option(name, (text) => parseBoolean(text, name, fallback));
}

function workingDirectory(text: string): string {
  const directory = resolve(process.env.GITHUB_WORKSPACE || process.cwd(), text || ".");
  let isDirectory = false;
  try {
    isDirectory = statSync(directory).isDirectory();
  } catch {
    // Missing: reported below, with the path it was looked for at.
  }
  if (!isDirectory) {
    throw new InputError(
      `working-directory '${text}' is not a directory (looked for ${directory}); it is relative to the workspace`,
    );
  }
  return directory;
}

/** The artifact's name is also a folder name on the runner: @actions/artifact's rules, plus no dots-only. */
function artifactName(text: string): string {
  if (/[":<>|*?\\/\r\n]/.test(text) || /^\.+$/.test(text)) {
    throw new InputError(
      `artifact-name '${text}' may not contain " : < > | * ? \\ / or a line break, nor be only dots`,
    );
  }
  return text;
}

function retentionInput(): number | undefined {
  const text = core.getInput("retention-days");
  return text === "" ? undefined : retentionDays(text);
}

function retentionDays(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 90) {
    throw new InputError(
      `retention-days must be a whole number of days from 1 to 90 (or empty for the repository's default), not '${text}'`,
    );
  }
  return Number(text);
}

// ---- aggregate mode ----

/**
 * `mode: aggregate`: the records a matrix uploaded (downloaded into `records`) are verified and joined
 * by src/aggregate; this face writes the job summary, uploads the aggregate, sets the outputs, and fails
 * the step on a refusal, a disagreement or (with require-conformant) a non-conformant implementation.
 */
async function runAggregateMode(): Promise<void> {
  const recordsText = core.getInput("records").trim() || ".";
  const records = resolve(process.env.GITHUB_WORKSPACE || process.cwd(), recordsText);
  if (!existsSync(records)) {
    throw new InputError(
      `records '${recordsText}' does not exist (looked for ${records}): set it to the folder actions/download-artifact wrote, or to a record.json; it is relative to the workspace`,
    );
  }
  const settings: ArtifactSettings & { upload: boolean; summary: boolean } = {
    artifactName: artifactName(core.getInput("artifact-name") || "canon-conformance"),
    retentionDays: retentionInput(),
    upload: booleanInput("upload", true),
    summary: booleanInput("summary", true),
  };
  const requireConformant = booleanInput("require-conformant", true);
  const outDir = join(process.env.RUNNER_TEMP || tmpdir(), "canon-conformance", settings.artifactName);
  core.info(`canon-conformance aggregate: the records in ${records}`);

  const result = await aggregateForAction([records], { requireConformant, outDir });
  core.info(result.consoleText);
  core.setOutput("implementations", String(result.implementations));
  core.setOutput("conformant-implementations", String(result.conformantImplementations));
  core.setOutput("refused", String(result.refused));
  core.setOutput("disagreements", String(result.disagreements));
  core.setOutput("incomplete-sweeps", String(result.incompleteSweeps));
  core.setOutput("badge-path", result.badgeSvgPath);

  const artifact = settings.upload
    ? await uploadArtifact(
        settings,
        result.files,
        outDir,
        `the aggregate's files are on the runner in ${outDir}`,
      )
    : undefined;
  core.setOutput("artifact-id", artifact?.id ?? "");
  core.setOutput("artifact-url", artifact?.url ?? "");
  core.setOutput("artifact-digest", artifact?.digest ?? "");
  if (settings.summary) await writeJobSummary(result.markdown, artifact, settings.artifactName);

  if (result.exitCode !== 0) {
    const why = result.failures.length > 0 ? result.failures.join("; ") : `exit code ${result.exitCode}`;
    core.setFailed(`the aggregate fails: ${why}. The job summary shows each.`);
  }
}

// ---- the signing key ----

/** Masks the key and every line of it long enough to be secret (a PEM's body lines; not its armour). */
function maskKey(keyText: string): void {
  if (keyText === "") return;
  core.setSecret(keyText);
  for (const line of keyText.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed !== keyText && trimmed.length >= 8 && !trimmed.startsWith("-----")) core.setSecret(trimmed);
  }
}

function chooseKey(keyText: string): SigningKey {
  if (keyText === "") {
    if (isForkPullRequest()) {
      core.notice(
        'signing-key is empty: GitHub passes no secrets to pull requests from forks. The record is signed with a key made for this run ("key": "ephemeral"): it still verifies, but does not say who ran it.',
        { title: "canon-conformance: ephemeral key" },
      );
    } else {
      core.info(
        'signing-key is empty: the record is signed with a key made for this run ("key": "ephemeral").',
      );
    }
    return ephemeralKey();
  }
  try {
    const key = parseSuppliedKey(keyText);
    core.info(`signing with the supplied key, public half ${toHex(key.publicKey)}`);
    return key;
  } catch (error) {
    // KeyError messages never contain the key; anything else might, so say only which input it was.
    const why = error instanceof KeyError ? error.message : "it could not be read as an Ed25519 key";
    throw new InputError(`signing-key: ${why}. Or leave it empty to sign with a key made for the run.`);
  }
}

/** A pull_request event whose head is another repository: GitHub passes it no secrets. */
function isForkPullRequest(): boolean {
  const event = process.env.GITHUB_EVENT_NAME ?? "";
  if (!event.startsWith("pull_request") || event === "pull_request_target") return false;
  try {
    const payload = JSON.parse(readFileSync(process.env.GITHUB_EVENT_PATH ?? "", "utf8"));
    const pull = payload?.pull_request;
    if (!pull) return false;
    const head = pull.head?.repo;
    // A deleted fork leaves head.repo null; it was a fork all the same.
    return head == null || head.fork === true || head.full_name !== pull.base?.repo?.full_name;
  } catch {
    return false;
  }
}

// ---- reports ----

function reportInput(outcome: RunOutcome, recordPath: string) {
  return { record: outcome.record, results: outcome.results, recordPath, elapsedMs: outcome.elapsedMs };
}

function setRecordOutputs(outcome: RunOutcome, recordPath: string): void {
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

interface WrittenReports {
  markdown: string;
  summaryMd: string;
  badgeSvg?: string;
  badgeJson?: string;
}

async function writeReports(outcome: RunOutcome, outDir: string, badge: boolean): Promise<WrittenReports> {
  await mkdir(outDir, { recursive: true });
  // The differential run is not in the record (seed 003 fixes its members): it follows the run's view,
  // whose trimming leaves it room within GitHub's limit (compareMarkdown caps its own length).
  const compare = outcome.compare ? `\n${compareMarkdown(outcome.compare)}` : "";
  const maxBytes = Math.max(
    MIN_SUMMARY_BYTES,
    GITHUB_SUMMARY_LIMIT - SUMMARY_MARGIN - Buffer.byteLength(compare, "utf8"),
  );
  // The summary is read beside a downloaded record.json, so its verify command names that file.
  const runMarkdown = toMarkdownSummary(
    {
      record: outcome.record,
      results: outcome.results,
      recordPath: "record.json",
      elapsedMs: outcome.elapsedMs,
    },
    { maxBytes },
  );
  const markdown = `${runMarkdown}${compare}`;
  const written: WrittenReports = { markdown, summaryMd: join(outDir, "summary.md") };
  await writeFile(written.summaryMd, markdown);
  if (badge) {
    written.badgeSvg = join(outDir, "badge.svg");
    written.badgeJson = join(outDir, "badge.json");
    await writeFile(written.badgeSvg, badgeSvg(outcome.record));
    await writeFile(written.badgeJson, `${JSON.stringify(badgeJson(outcome.record), null, 2)}\n`);
  }
  return written;
}

/** The job summary is a view of the run, not the run: if the runner cannot take it, say so and go on. */
async function writeJobSummary(
  markdown: string,
  artifact: UploadedArtifact | undefined,
  name: string,
): Promise<void> {
  try {
    core.summary.addRaw(markdown, true);
    if (artifact?.url) {
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
      `could not write the job summary (${messageOf(error)}); summary.md beside the record has the same text`,
    );
  }
}

/**
 * One error annotation per failed case, within GitHub's 10 per step: when the step itself will fail,
 * its failure takes one; when the cases do not all fit, the last one says how many more there are.
 */
function annotateFailures(results: CaseResult[], stepWillFail: boolean): void {
  const failures = results.filter((r) => !r.pass);
  const budget = MAX_ERROR_ANNOTATIONS - (stepWillFail ? 1 : 0);
  const shown = failures.length <= budget ? failures : failures.slice(0, budget - 1);
  for (const r of shown) {
    // Corpus text goes through showInvisible, as in every report: a control character must not hide.
    const lines = [r.why, `expected: ${cut(r.expected)}`, `got: ${cut(r.got)}`].map(showInvisible);
    const difference = firstDifference(r.expected, r.got); // already shown visibly
    if (difference) lines.push(difference);
    core.error(lines.join("\n"), {
      title: `canon-conformance: ${r.suite}/${r.name} failed`,
    });
  }
  const more = failures.length - shown.length;
  if (more > 0) {
    core.error(
      `${more} more failed case${more === 1 ? "" : "s"}, not annotated (GitHub shows 10 per step): the job summary and results.json list every one.`,
      {
        title: `canon-conformance: ${failures.length} cases failed`,
      },
    );
  }
}

function cut(text: string): string {
  return text.length <= ANNOTATION_VALUE_CHARS
    ? text
    : `${text.slice(0, ANNOTATION_VALUE_CHARS)}… (${text.length} chars)`;
}

// ---- the artifact ----

interface UploadedArtifact {
  id: string;
  url: string;
  digest: string;
}

type ArtifactSettings = Pick<ActionInputs, "artifactName" | "retentionDays">;

/** Uploads the files; a failure is a warning, since they are already on disk (`kept` says where). */
async function uploadArtifact(
  inputs: ArtifactSettings,
  files: string[],
  outDir: string,
  kept: string,
): Promise<UploadedArtifact | undefined> {
  try {
    const response = await new DefaultArtifactClient().uploadArtifact(inputs.artifactName, files, outDir, {
      ...(inputs.retentionDays !== undefined ? { retentionDays: inputs.retentionDays } : {}),
    });
    const id = response.id === undefined ? "" : String(response.id);
    const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: runId } = process.env;
    const url =
      id && server && repository && runId
        ? `${server}/${repository}/actions/runs/${runId}/artifacts/${id}`
        : "";
    core.info(`uploaded artifact '${inputs.artifactName}'${url ? `: ${url}` : ""}`);
    return { id, url, digest: response.digest ?? "" };
  } catch (error) {
    core.warning(`the artifact upload failed (${messageOf(error)}); the result is not lost: ${kept}`, {
      title: "canon-conformance: artifact not uploaded",
    });
    return undefined;
  }
}

/** Some errors (the blob client's REST errors) carry a status and an empty message. */
function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
  const detail = error.message.trim() || (typeof code === "string" ? code : error.name);
  return typeof statusCode === "number" ? `HTTP ${statusCode}: ${detail}` : detail;
}

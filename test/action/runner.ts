// Runs the bundled action the way the runner does: `node dist/index.js` (here the bundle built from
// src/, test/helpers/dist.ts) with every input of action.yml as an INPUT_<NAME> variable (its default
// unless the test sets it), GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, RUNNER_TEMP,
// GITHUB_WORKSPACE, and the results service's URL and token.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { actionScript } from "../helpers/dist.js";
import type { ResultsService } from "./results-service.js";

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** The action bundled from today's src/ (the committed dist/ is .ci/run's dist-in-sync check). */
export const BUNDLE = actionScript();
/** The runner's node (action.yml says node24); ACTION_NODE runs the bundle under another one. */
const NODE = process.env.ACTION_NODE ?? process.execPath;

/** action.yml's inputs and their defaults. The file's own simple shape: `  name:` then `    default: v`. */
export function actionInputs(): Map<string, string> {
  const text = readFileSync(join(REPO, "action.yml"), "utf8");
  const section = text.slice(text.indexOf("\ninputs:\n"), text.indexOf("\noutputs:\n"));
  const inputs = new Map<string, string>();
  let current: string | undefined;
  for (const line of section.split(/\r?\n/)) {
    const name = /^ {2}([a-z][a-z0-9-]*):\s*$/.exec(line);
    if (name) {
      current = name[1]!;
      inputs.set(current, "");
      continue;
    }
    const value = /^ {4}default:\s*(.*)$/.exec(line);
    if (value && current) inputs.set(current, unquote(value[1]!.trim()));
  }
  return inputs;
}

/** action.yml's output names. */
export function actionOutputs(): string[] {
  const text = readFileSync(join(REPO, "action.yml"), "utf8");
  const section = text.slice(text.indexOf("\noutputs:\n"), text.indexOf("\nruns:\n"));
  return [...section.matchAll(/^ {2}([a-z][a-z0-9-]*):\s*$/gm)].map((m) => m[1]!);
}

function unquote(value: string): string {
  if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0])
    return value.slice(1, -1);
  return value;
}

export interface Annotation {
  level: "error" | "warning" | "notice";
  properties: Record<string, string>;
  message: string;
}

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  /** The job summary file's text, or undefined when the run had none. */
  summary: string | undefined;
  annotations: Annotation[];
  /** Every value the action asked the runner to mask. */
  masked: string[];
  runnerTemp: string;
}

export interface RunSpec {
  inputs?: Record<string, string>;
  service?: ResultsService;
  /** Extra or replaced environment variables; `undefined` removes one. */
  env?: Record<string, string | undefined>;
  /** False: no GITHUB_STEP_SUMMARY at all. */
  summaryFile?: boolean;
}

// Workflow commands (core's toCommandValue/escape): %25 %0D %0A in messages, plus %3A %2C in properties.
function unescapeData(text: string): string {
  return text.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%25/g, "%");
}
function unescapeProperty(text: string): string {
  return unescapeData(text).replace(/%3A/g, ":").replace(/%2C/g, ",");
}

function parseCommands(stdout: string): { annotations: Annotation[]; masked: string[] } {
  const annotations: Annotation[] = [];
  const masked: string[] = [];
  for (const line of stdout.split(/\r?\n/)) {
    const command = /^::(error|warning|notice|add-mask)( [^:]*)?::(.*)$/.exec(line);
    if (!command) continue;
    const [, level, props, message] = command;
    if (level === "add-mask") {
      masked.push(unescapeData(message!));
      continue;
    }
    const properties: Record<string, string> = {};
    for (const pair of (props ?? "").trim().split(",").filter(Boolean)) {
      const eq = pair.indexOf("=");
      properties[pair.slice(0, eq)] = unescapeProperty(pair.slice(eq + 1));
    }
    annotations.push({ level: level as Annotation["level"], properties, message: unescapeData(message!) });
  }
  return { annotations, masked };
}

/** GITHUB_OUTPUT's heredoc form, as core.setOutput writes it: `name<<DELIM`, the value, `DELIM`. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const head = /^([^<]+)<<(.+)$/.exec(lines[i]!);
    if (!head) continue;
    const [, name, delimiter] = head;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i]!);
    outputs[name!] = value.join("\n");
  }
  return outputs;
}

/** The runner's own variables are not passed through: a test states every one it means. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || /^(INPUT_|GITHUB_|ACTIONS_|RUNNER_)/.test(name)) continue;
    env[name] = value;
  }
  return env;
}

export async function runAction(spec: RunSpec = {}): Promise<ActionRun> {
  const home = mkdtempSync(join(tmpdir(), "cc-action-"));
  const runnerTemp = join(home, "runner-temp");
  const outputFile = join(home, "github-output");
  const summaryPath = join(home, "step-summary.md");
  writeFileSync(outputFile, "");
  if (spec.summaryFile !== false) writeFileSync(summaryPath, "");

  const env: Record<string, string> = {
    ...baseEnv(),
    GITHUB_ACTIONS: "true",
    GITHUB_WORKSPACE: REPO,
    GITHUB_OUTPUT: outputFile,
    GITHUB_SERVER_URL: "https://github.com",
    GITHUB_REPOSITORY: "octo-org/canon-conformance",
    GITHUB_RUN_ID: "4242",
    GITHUB_EVENT_NAME: "push",
    RUNNER_TEMP: runnerTemp,
  };
  if (spec.summaryFile !== false) env.GITHUB_STEP_SUMMARY = summaryPath;
  if (spec.service) {
    env.ACTIONS_RESULTS_URL = spec.service.url;
    env.ACTIONS_RUNTIME_TOKEN = spec.service.token;
  }
  const inputs = actionInputs();
  for (const [name, value] of Object.entries(spec.inputs ?? {})) {
    if (!inputs.has(name)) throw new Error(`action.yml has no input '${name}'`);
    inputs.set(name, value);
  }
  for (const [name, value] of inputs) env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] = value;
  for (const [name, value] of Object.entries(spec.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }

  const child = spawn(NODE, [BUNDLE], { cwd: REPO, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((done) => child.on("close", (c) => done(c)));

  const { annotations, masked } = parseCommands(stdout);
  let summary: string | undefined;
  if (spec.summaryFile !== false) summary = readFileSync(summaryPath, "utf8");
  return {
    code,
    stdout,
    stderr,
    outputs: parseOutputFile(readFileSync(outputFile, "utf8")),
    summary,
    annotations,
    masked,
    runnerTemp,
  };
}

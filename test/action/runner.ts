// Runs the bundled action the way the runner does: `node dist/index.js` (here the bundle built from
// src/, test/helpers/dist.ts) with every input of action.yml as an INPUT_<NAME> variable (its default
// unless the test sets it), GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, RUNNER_TEMP,
// GITHUB_WORKSPACE, and the results service's URL and token.
import { execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  chownSync,
  closeSync,
  constants,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { Socket } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { SandboxHost } from "../../src/action/core.js";
import { actionScript } from "../helpers/dist.js";
import { fakeCore } from "./fake-core.js";
import type { ResultsService } from "./results-service.js";

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** The action bundled from today's src/ (the committed dist/ is .ci/run's dist-in-sync check); built
 * when first asked for, so that the tests that run the action in this process need no bundle. */
export function actionBundle(): string {
  return actionScript();
}
const NOBODY = 65534;

function chownTree(path: string, uid: number): void {
  chownSync(path, uid, uid);
  if (statSync(path).isDirectory()) for (const e of readdirSync(path)) chownTree(join(path, e), uid);
}

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
  /** Each file command's file (GITHUB_OUTPUT, GITHUB_ENV, ...) as the run left it. */
  fileCommands: Record<string, string>;
  /** With RunSpec.interrupt: milliseconds from the signal to the process's end. */
  signalledMs?: number;
}

export interface RunSpec {
  inputs?: Record<string, string>;
  service?: ResultsService;
  /** Extra or replaced environment variables; `undefined` removes one. */
  env?: Record<string, string | undefined>;
  /** False: no GITHUB_STEP_SUMMARY at all. */
  summaryFile?: boolean;
  /** The folder RUNNER_TEMP and the file-command files go in (default: a fresh one under /tmp). */
  home?: string;
  /** Give the action a FIFO for stdout, as the runner's pipe is (see runAction). */
  fifo?: boolean;
  /** Extra arguments after dist/index.js (the action ignores them; a test tags its process so). */
  argv?: string[];
  /** Run the action as uid 65534 (setpriv; this process must be root): `home` is handed to it. */
  user?: "root" | "nobody";
  /** A hosted runner's layout (trust.slow.test.ts): the bundle to start (the copy in the action's
   * folder), the workspace (GITHUB_WORKSPACE and the working directory), RUNNER_TEMP, and the folder
   * of the file commands, which get the runner's own names. The test owns and prepares all of it. */
  layout?: HostedLayout;
  /** Sends `signal` to the action once its stdout matches `after` (as the runner does on cancel or
   * `timeout-minutes`); the run's `signalledAt` says when. */
  interrupt?: { signal: NodeJS.Signals; after: RegExp };
}

export interface HostedLayout {
  bundle: string;
  workspace: string;
  runnerTemp: string;
  fileCommands: string;
}

/** The runner's names for the file-command files in `_runner_file_commands/`. */
const RUNNER_FILE_NAMES: Record<string, string> = {
  GITHUB_OUTPUT: "set_output_1",
  GITHUB_STEP_SUMMARY: "step_summary_1",
  GITHUB_ENV: "set_env_1",
  GITHUB_PATH: "add_path_1",
  GITHUB_STATE: "save_state_1",
};

/** The file commands a step gets besides GITHUB_OUTPUT and GITHUB_STEP_SUMMARY (empty files). */
export const OTHER_FILE_COMMANDS = ["GITHUB_ENV", "GITHUB_PATH", "GITHUB_STATE"] as const;

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

/** A step's files and environment as the runner prepares them: RUNNER_TEMP, the file commands, the
 * inputs as INPUT_<NAME> (action.yml's defaults unless the test sets them), the results service. */
function prepareStep(spec: RunSpec) {
  const home = spec.home ?? mkdtempSync(join(tmpdir(), "cc-action-"));
  const layout = spec.layout;
  const fileCommand = (name: string, fallback: string) =>
    layout ? join(layout.fileCommands, RUNNER_FILE_NAMES[name]!) : join(home, fallback);
  const runnerTemp = layout?.runnerTemp ?? join(home, "runner-temp");
  const outputFile = fileCommand("GITHUB_OUTPUT", "github-output");
  const summaryPath = fileCommand("GITHUB_STEP_SUMMARY", "step-summary.md");
  writeFileSync(outputFile, "");
  if (spec.summaryFile !== false) writeFileSync(summaryPath, "");

  const env: Record<string, string> = {
    ...baseEnv(),
    GITHUB_ACTIONS: "true",
    GITHUB_WORKSPACE: layout?.workspace ?? REPO,
    GITHUB_OUTPUT: outputFile,
    GITHUB_SERVER_URL: "https://github.com",
    GITHUB_REPOSITORY: "octo-org/canon-conformance",
    // The action's own repository and ref, as `uses: octo-org/canon-conformance@v1.2.3` sets them.
    GITHUB_ACTION_REPOSITORY: "octo-org/canon-conformance",
    GITHUB_ACTION_REF: "v1.2.3",
    GITHUB_RUN_ID: "4242",
    GITHUB_EVENT_NAME: "push",
    RUNNER_TEMP: runnerTemp,
  };
  if (spec.summaryFile !== false) env.GITHUB_STEP_SUMMARY = summaryPath;
  for (const name of OTHER_FILE_COMMANDS) {
    env[name] = fileCommand(name, name.toLowerCase());
    writeFileSync(env[name], "");
  }
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
  return { home, layout, env, runnerTemp, outputFile, summaryPath };
}

export async function runAction(spec: RunSpec = {}): Promise<ActionRun> {
  const { home, layout, env, runnerTemp, outputFile, summaryPath } = prepareStep(spec);
  const bundle = layout?.bundle ?? actionBundle();
  if (spec.user === "nobody" && !layout) {
    chownTree(home, NOBODY);
    chmodSync(dirname(bundle), 0o755); // a test bundle's folder is made 0700
  }
  if (spec.user === "nobody" && layout) {
    for (const path of [outputFile, summaryPath, ...OTHER_FILE_COMMANDS.map((n) => env[n]!)])
      if (existsSync(path)) chownSync(path, NOBODY, NOBODY);
  }
  const [program, args] =
    spec.user === "nobody"
      ? [
          "setpriv",
          [
            `--reuid=${NOBODY}`,
            `--regid=${NOBODY}`,
            "--clear-groups",
            "--",
            NODE,
            bundle,
            ...(spec.argv ?? []),
          ],
        ]
      : [NODE, [bundle, ...(spec.argv ?? [])]];
  // The runner gives a step a pipe for stdout; Node's own child pipes are sockets, which another
  // process cannot open through /proc/<pid>/fd/1. `fifo` gives the action a real one.
  let fifo: { read: number; write: number } | undefined;
  if (spec.fifo) {
    const path = join(home, "stdout.fifo");
    execFileSync("mkfifo", [path]);
    if (spec.user === "nobody") chownSync(path, NOBODY, NOBODY);
    const read = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    fifo = { read, write: openSync(path, constants.O_WRONLY) };
  }
  const child = spawn(program, args, {
    cwd: layout?.workspace ?? REPO,
    env,
    stdio: ["ignore", fifo ? fifo.write : "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const out = fifo ? new Socket({ fd: fifo.read, readable: true, writable: false }) : child.stdout!;
  if (fifo) closeSync(fifo.write);
  let signalledAt: number | undefined;
  out.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    if (spec.interrupt && signalledAt === undefined && spec.interrupt.after.test(stdout)) {
      signalledAt = Date.now();
      child.kill(spec.interrupt.signal);
    }
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const outClosed = new Promise<void>((done) => out.on("close", () => done()));
  const code = await new Promise<number | null>((done) => child.on("close", (c) => done(c)));
  // A FIFO stays open while anything holds its write end: wait a little, not for ever.
  await Promise.race([outClosed, new Promise((r) => setTimeout(r, 5000))]);
  if (fifo) out.destroy();

  const endedAt = Date.now();
  const result = await stepResult(spec, { code, stdout, stderr, env, runnerTemp, outputFile, summaryPath });
  return signalledAt === undefined ? result : { ...result, signalledMs: endedAt - signalledAt };
}

/**
 * The action in this process, as run(core) (src/action/main.ts) with a port that does what the runner
 * and @actions/core do (./fake-core.ts), over the same step as runAction prepares: the same ActionRun
 * comes back. For everything but the runner's side of the process (its exit, its environ, a real
 * pipe) and the bundle itself, which runAction and test/e2e/action.slow.test.ts start.
 */
export async function runActionHere(
  spec: Omit<RunSpec, "fifo" | "argv" | "user" | "layout"> & {
    /** The machine's bwrap and its preparation, instead of this one's (src/action/core.ts SandboxHost). */
    sandboxHost?: SandboxHost;
  } = {},
): Promise<ActionRun> {
  const { env, runnerTemp, outputFile, summaryPath } = prepareStep(spec);
  const { run } = await import("../../src/action/main.js");
  const { core, log, failed } = fakeCore(env, env.GITHUB_WORKSPACE ?? REPO, spec.sandboxHost);
  let stderr = "";
  try {
    await run(core);
  } catch (error) {
    // src/index.ts leaves it to Node: the step fails with the error on stderr.
    stderr = `${error instanceof Error ? error.stack : String(error)}\n`;
  }
  const code = failed() || stderr ? 1 : 0;
  return stepResult(spec, { code, stdout: log(), stderr, env, runnerTemp, outputFile, summaryPath });
}

/** What a step left: its exit code and log, and its outputs, summary and file commands as read back. */
function stepResult(
  spec: RunSpec,
  step: {
    code: number | null;
    stdout: string;
    stderr: string;
    env: Record<string, string>;
    runnerTemp: string;
    outputFile: string;
    summaryPath: string;
  },
): ActionRun {
  const { code, stdout, stderr, env, runnerTemp, outputFile, summaryPath } = step;
  const { annotations, masked } = parseCommands(stdout);
  let summary: string | undefined;
  if (spec.summaryFile !== false) summary = readFileSync(summaryPath, "utf8");
  const fileCommands: Record<string, string> = { GITHUB_OUTPUT: readFileSync(outputFile, "utf8") };
  if (spec.summaryFile !== false) fileCommands.GITHUB_STEP_SUMMARY = summary ?? "";
  for (const name of OTHER_FILE_COMMANDS) fileCommands[name] = readFileSync(env[name]!, "utf8");
  return {
    code,
    fileCommands,
    stdout,
    stderr,
    outputs: parseOutputFile(readFileSync(outputFile, "utf8")),
    summary,
    annotations,
    masked,
    runnerTemp,
  };
}

// The action's port (src/action/core.ts) for running the action in a test's own process: it does what
// @actions/core does over a step's environment (the one test/action/runner.ts prepares), writing the
// log it would write (workflow commands in @actions/core's own form, so the tests read it as they read
// a real step's), the output and summary files, and uploading with the real @actions/artifact client.
// It touches nothing of this process: the environment it reads and takes secrets out of is the step's
// own copy (the runner's side, /proc/self/environ included, is test/e2e/action.slow.test.ts's).
import { randomUUID } from "node:crypto";
import { appendFileSync } from "node:fs";
import { EOL } from "node:os";
import type { ActionCore, AnnotationProperties, SandboxHost } from "../../src/action/core.js";
import { SIGNING_KEY_VARIABLE } from "../../src/action/runner-tokens.js";
import { RUNNER_SECRET_VARIABLES } from "../../src/sandbox/index.js";

/** The tokens the real upload gets back (src/action/runner-tokens.ts). */
const UPLOAD_VARIABLES = ["ACTIONS_RUNTIME_TOKEN", "ACTIONS_RESULTS_URL", "ACTIONS_RUNTIME_URL"];

// @actions/core's escaping of a workflow command's message and its properties.
const escapeData = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

export interface FakeCore {
  core: ActionCore;
  /** The step's log so far. */
  log(): string;
  /** Whether setFailed was called: the step's exit code is then 1. */
  failed(): boolean;
}

/** A port over `env` (the step's environment, changed in place as the runner's would be) and `cwd`;
 * `sandboxHost` stands for the machine's bwrap and its preparation (a broken one, no sudo). */
export function fakeCore(
  env: Record<string, string | undefined>,
  cwd: string,
  sandboxHost?: SandboxHost,
): FakeCore {
  let log = "";
  let failed = false;
  let summary = "";
  const kept = new Map<string, string>();
  const command = (name: string, message: string, properties: Record<string, string | undefined> = {}) => {
    const props = Object.entries(properties)
      .filter(([, value]) => value)
      .map(([key, value]) => `${key}=${escapeProperty(value!)}`)
      .join(",");
    log += `::${name}${props ? ` ${props}` : ""}::${escapeData(message)}${EOL}`;
  };
  const annotation =
    (level: string) =>
    (message: string, properties: AnnotationProperties = {}) =>
      command(level, message, Object.keys(properties).length ? { title: properties.title } : {});
  const core: ActionCore = {
    getInput: (name) => (env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim(),
    setOutput: (name, value) => {
      // The heredoc form @actions/core writes to GITHUB_OUTPUT.
      const delimiter = `ghadelimiter_${randomUUID()}`;
      appendFileSync(env.GITHUB_OUTPUT!, `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`);
    },
    setFailed: (message) => {
      failed = true;
      command("error", message);
    },
    setSecret: (secret) => command("add-mask", secret),
    info: (message) => {
      log += `${message}${EOL}`;
    },
    warning: annotation("warning"),
    notice: annotation("notice"),
    error: annotation("error"),
    startGroup: (name) => command("group", name),
    endGroup: () => command("endgroup", ""),
    summary: {
      addRaw(text: string, addEOL = false) {
        summary += addEOL ? `${text}${EOL}` : text;
        return this;
      },
      async write() {
        const path = env.GITHUB_STEP_SUMMARY;
        if (!path) {
          throw new Error(
            "Unable to find environment variable for $GITHUB_STEP_SUMMARY. Check if your runtime environment supports job summaries.",
          );
        }
        appendFileSync(path, summary);
        summary = "";
      },
      emptyBuffer() {
        summary = "";
      },
    },
    write: (text) => {
      log += text;
    },
    env,
    cwd,
    ...(sandboxHost ? { sandboxHost } : {}),
    takeSecrets: () => {
      for (const name of UPLOAD_VARIABLES) if (env[name] !== undefined) kept.set(name, env[name]!);
      const environ = [SIGNING_KEY_VARIABLE, ...RUNNER_SECRET_VARIABLES].filter((name) => name in env);
      for (const name of environ) delete env[name];
      return { supported: true, environ, argv: 0 };
    },
    uploadArtifact: async (name, files, root, options) => {
      // The real client, which reads its service and token from process.env: lent them for the upload.
      const lent = new Map<string, string | undefined>();
      const lend = (variable: string, value: string | undefined) => {
        lent.set(variable, process.env[variable]);
        if (value === undefined) delete process.env[variable];
        else process.env[variable] = value;
      };
      for (const variable of UPLOAD_VARIABLES) lend(variable, kept.get(variable));
      for (const variable of ["GITHUB_SERVER_URL", "GITHUB_WORKSPACE"]) lend(variable, env[variable]);
      try {
        const { DefaultArtifactClient } = await import("@actions/artifact");
        return await new DefaultArtifactClient().uploadArtifact(name, files, root, options);
      } finally {
        for (const [variable, value] of lent) {
          if (value === undefined) delete process.env[variable];
          else process.env[variable] = value;
        }
      }
    },
  };
  return { core, log: () => log, failed: () => failed };
}

// Building and running one row: the same steps in the workflow's matrix job and in `npm run table`.
// Building copies the row's folder into a scratch folder and runs its manifest's install commands there
// (from the lockfile, by exact version); what they print goes to the row's build.log, and build.json
// says whether it built. Running it is the harness's job: the action (`uses: ./`) in the workflow, the
// CLI bundle (`node dist/cli.js run`) here, both with the row's command in the row's built folder.
import { spawn, spawnSync } from "node:child_process";
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import {
  freshInstallHome,
  type InstallSandbox,
  installBwrapArgs,
  installEnvironment,
} from "./install-sandbox.js";
import type { Row } from "./manifest.js";
import { type GivenSource, prepareFromSource } from "./source/index.js";

/** The few cases `npm run table -- smoke` asks a new row, in both protocols: an object, arrays, a
 * duplicate name to refuse, a top-level scalar (names of the shipped corpus; a test holds that). */
export const SMOKE_CASES = [
  "jcs/literals-in-object",
  "jcs/rfc-testdata-arrays",
  "reject/dup-top-level",
  "canon-or-reject/top-level-integer",
];

export interface BuildResult {
  status: "built" | "did-not-build";
  reason?: string;
  /** The folder the row was built in: its commands run there. */
  dir: string;
  log: string;
  /** The row's commands as built here, when a source build changed them (mono for dotnet). */
  commands?: { once: string; lines: string };
  /** How it was built, when not from its registry: said in build.json and on its page. */
  source?: BuiltFromSource;
}

/** A row built from the library's source (src/table/source/), as build.json records it. */
export interface BuiltFromSource {
  /** What differed from the registry install, in words. */
  notes: string[];
  /** Each tree: name, commit and tags (where it was given is left out: a local path). */
  trees: { name: string; commit?: string; tags: string[] }[];
}

/** Where a row's results go in a results folder (src/table/results.ts). */
export function rowResultsDir(results: string, id: string): string {
  return join(results, "rows", id);
}

export function writeStatus(dir: string, status: string, reason?: string, source?: BuiltFromSource): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "build.json"),
    `${JSON.stringify({ status, ...(reason !== undefined ? { reason } : {}), ...(source !== undefined ? { source } : {}) })}\n`,
  );
}

/** Where and how an install command runs: the row's folder, and the sandbox with its home. */
interface InstallPlace {
  dir: string;
  sandbox: InstallSandbox;
  home: string;
}

/** Runs one shell command in the row's folder (in the install sandbox, ./install-sandbox.ts, when there
 * is one), its output appended to the log file descriptor. */
function shell(
  command: string,
  at: InstallPlace,
  logFd: number,
  timeoutMs: number,
): Promise<number | string> {
  return new Promise((resolve) => {
    writeSync(logFd, `$ ${command}\n`);
    const options = { cwd: at.dir, stdio: ["ignore", logFd, logFd] as ["ignore", number, number] };
    const child =
      at.sandbox.kind === "bwrap"
        ? spawn(
            at.sandbox.bwrap,
            [...installBwrapArgs(at.sandbox, at.dir, at.home), "--", "sh", "-c", command],
            {
              ...options,
              env: installEnvironment(process.env, at.home),
            },
          )
        : spawn("sh", ["-c", command], options);
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve(`timed out after ${timeoutMs / 1000} s`);
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve(error.message);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? `killed by ${signal}`);
    });
  });
}

export interface BuildOptions {
  /** How the install commands run (./install-sandbox.ts). */
  sandbox: InstallSandbox;
  /** Each install command's time limit. */
  timeoutMs?: number;
  /** The library's source trees, instead of its registry (src/table/source/). */
  source?: GivenSource;
}

/**
 * Builds `row` in `work/<id>`: a fresh copy of its folder, then its install commands in order, each
 * up to `timeoutMs` (15 minutes), in the install sandbox unless told otherwise, with a home of its own
 * (`work/.install-home/<id>`). Writes build.log and build.json into `out` (the row's results folder).
 */
export async function buildRow(row: Row, work: string, out: string, o: BuildOptions): Promise<BuildResult> {
  const { sandbox, timeoutMs = 15 * 60_000, source } = o;
  const dir = join(work, row.id);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  cpSync(row.dir, dir, {
    recursive: true,
    filter: (src) => !/[/\\](node_modules|target|\.venv|_build|deps|vendor)$/.test(src),
  });
  mkdirSync(out, { recursive: true });
  const logPath = join(out, "build.log");
  const fd = openSync(logPath, "w");
  let result: BuildResult = { status: "built", dir, log: logPath };
  let install = row.manifest.install;
  const at: InstallPlace = { dir, sandbox, home: freshInstallHome(work, row.id) };
  writeSync(
    fd,
    sandbox.kind === "bwrap"
      ? `# the install commands run in a sandbox: everything read-only but this folder and ${at.home} (its HOME), a private /tmp, no process outlives a command; the network stays\n`
      : `# the install commands run unsandboxed: ${sandbox.why}\n`,
  );
  if (source !== undefined) {
    try {
      const prepared = prepareFromSource(row.manifest, dir, source);
      install = prepared.plan.install;
      result.source = {
        notes: prepared.plan.notes,
        trees: prepared.trees.map((t) => ({
          name: t.name,
          ...(t.commit !== undefined ? { commit: t.commit } : {}),
          tags: t.tags,
        })),
      };
      if (prepared.plan.commands !== undefined) result.commands = prepared.plan.commands;
      for (const note of prepared.plan.notes) writeSync(fd, `# ${note}\n`);
    } catch (error) {
      closeSync(fd);
      const reason = `it could not be built from the source given: ${(error as Error).message}`;
      writeStatus(out, "did-not-build", reason);
      return { status: "did-not-build", reason, dir, log: logPath };
    }
  }
  try {
    for (const command of install) {
      const ended = await shell(command, at, fd, timeoutMs);
      if (ended !== 0) {
        const how = typeof ended === "number" ? `exited with code ${ended}` : ended;
        result = {
          status: "did-not-build",
          reason: `the install step \`${command}\` ${how}`,
          dir,
          log: logPath,
          ...(result.source !== undefined ? { source: result.source } : {}),
        };
        break;
      }
    }
  } finally {
    closeSync(fd);
  }
  writeStatus(out, result.status, result.reason, result.source);
  return result;
}

/** The harness's words for a run, as `run` takes them (the action's inputs say the same). */
export function runArguments(
  row: Row,
  dir: string,
  out: string,
  commands: { once: string; lines: string } = row.manifest.commands,
): string[] {
  const m = row.manifest;
  return [
    "run",
    "--protocol",
    m.protocol,
    "--command",
    commands[m.protocol],
    "--working-directory",
    dir,
    "--implementation-name",
    m.package,
    "--implementation-version",
    m.version,
    "--out",
    out,
    "--quiet",
    "--no-color",
  ];
}

/** Runs the CLI bundle on a built row; appends its output to the row's log. Exit 0/1 is a verdict; 2 is
 * a run that could not start. */
export function runRow(
  cli: string,
  row: Row,
  built: BuildResult,
  out: string,
  extra: string[] = [],
): Promise<{ code: number | null }> {
  const runOut = join(out, "run");
  rmSync(runOut, { recursive: true, force: true });
  return new Promise((resolve) => {
    const fd = openSync(built.log, "a");
    const args = runArguments(row, built.dir, runOut, built.commands);
    writeSync(fd, `\n$ canon-conformance ${args.join(" ")}\n`);
    const child = spawn(process.execPath, [cli, ...args, ...extra], {
      stdio: ["ignore", fd, fd],
    });
    child.on("exit", (code) => {
      closeSync(fd);
      if (existsSync(join(runOut, "record.json"))) {
        cpSync(join(runOut, "record.json"), join(out, "record.json"));
        writeStatus(out, "built", undefined, built.source);
      } else {
        writeStatus(
          out,
          "did-not-build",
          `the harness could not run its command (exit code ${code}): see its log`,
        );
      }
      resolve({ code });
    });
  });
}

/**
 * Signs a row's record with the build's key, as the workflow's sign job does: `canon-conformance sign`
 * verifies it against its run's own key first (--pubkey, read from the run's record, which this
 * machine's own run just wrote). The run's record is kept as record.run.json. Returns true, or why not.
 */
export function signRowRecord(cli: string, out: string, keyFile: string): true | string {
  const record = join(out, "record.json");
  if (!existsSync(record)) return "the run left no record";
  let signer: string;
  try {
    signer = String(JSON.parse(readFileSync(record, "utf8")).signer_pubkey);
  } catch (error) {
    return `its record is not JSON: ${(error as Error).message}`;
  }
  const signed = join(out, "record.signed.json");
  const result = spawnSync(
    process.execPath,
    [cli, "sign", record, "--key-file", keyFile, "--pubkey", signer, "--out", signed, "--force"],
    { encoding: "utf8", timeout: 60_000 },
  );
  if (result.status !== 0 || !existsSync(signed))
    return `canon-conformance sign exited ${result.status}: ${(result.stderr || result.stdout).trim().split("\n")[0]}`;
  renameSync(record, join(out, "record.run.json"));
  renameSync(signed, record);
  return true;
}

// One run's way of starting the command under test. `openSandbox` decides, once, whether the run is
// sandboxed (the mode, the probe), checks the paths it was given, and makes the scratch directory;
// `launch` turns each process the adapters start into what to spawn; `close` kills what the run left
// behind and removes the scratch directory.
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, isAbsolute, resolve } from "node:path";
import { bwrapArgs, exposedFor, isWithin } from "./bwrap-args.js";
import {
  checkPassEnv,
  FILE_COMMAND_VARIABLES,
  inheritedEnvironment,
  sandboxEnvironment,
} from "./environment.js";
import { SandboxSetupError } from "./errors.js";
import { killProcessesCarrying } from "./leftovers.js";
import { type BwrapProbe, probeBwrap } from "./probe.js";
import { hiddenSecretPaths } from "./secret-paths.js";
import {
  type Launched,
  type Launcher,
  type LaunchSpec,
  SANDBOX_MODES,
  type SandboxOptions,
} from "./types.js";

export interface SandboxSession extends Launcher {
  /** Kills what the run left behind and removes the scratch directory. Safe to call twice. */
  close(): void;
}

export interface OpenSandbox extends SandboxOptions {
  /** The run's working directory. */
  cwd: string;
  /** Where the run writes its record: hidden from the command. */
  outDir?: string;
  /** The harness's environment (default process.env): where the file-command paths are read from. */
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
}

/** The real path of `path`, or of its nearest existing ancestor with the rest appended. */
function realish(path: string): string {
  let head = path;
  const tail: string[] = [];
  for (;;) {
    try {
      const real = realpathSync(head);
      return tail.length === 0 ? real : resolve(real, ...tail.reverse());
    } catch {
      const up = dirname(head);
      if (up === head) return path;
      tail.push(basename(head));
      head = up;
    }
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The existing paths a command line names: each argument, each word of one (a `sh -c` script), the
 * value of a `--name=value` one, and each entry of a colon-separated list (a Java classpath), relative
 * ones from `cwd`. Best effort: a path built at run time is not seen. */
function namedPaths(args: readonly string[], cwd: string): { path: string; dir: boolean }[] {
  const out: { path: string; dir: boolean }[] = [];
  const seen = new Set<string>();
  for (const arg of args) {
    const eq = arg.indexOf("=");
    const words = [arg, ...arg.split(/\s+/)];
    const pieces = [...words, ...(eq >= 0 ? [arg.slice(eq + 1)] : [])].flatMap((p) => [p, ...p.split(":")]);
    for (const piece of pieces) {
      if (piece === "" || seen.has(piece)) continue;
      seen.add(piece);
      const absolute = resolve(cwd, piece);
      if (isFile(absolute)) out.push({ path: realish(absolute), dir: false });
      else if (isDirectory(absolute)) out.push({ path: realish(absolute), dir: true });
    }
  }
  return out;
}

interface Hidden {
  path: string;
  /** A directory (or one that will be made): hidden with a tmpfs. Otherwise a file: /dev/null over it. */
  dir: boolean;
  /** Never bound back, not even for the working directory. */
  secret: boolean;
  what: string;
}

/** Every path the command must not read: the output directory, RUNNER_TEMP, the file commands, and
 * what the caller names (the key file). */
function hiddenPaths(o: OpenSandbox, env: NodeJS.ProcessEnv): Hidden[] {
  const hidden: Hidden[] = [];
  const add = (path: string, dir: boolean, secret: boolean, what: string) =>
    hidden.push({ path: realish(resolve(o.cwd, path)), dir, secret, what });
  for (const name of FILE_COMMAND_VARIABLES) {
    const path = env[name];
    if (!path || !isAbsolute(path)) continue;
    add(path, false, true, name);
    add(dirname(path), true, true, `the directory of ${name}`);
  }
  if (env.RUNNER_TEMP && isAbsolute(env.RUNNER_TEMP)) add(env.RUNNER_TEMP, true, false, "RUNNER_TEMP");
  if (o.outDir) add(o.outDir, true, false, "the output directory");
  for (const path of [...(o.hiddenPaths ?? []), ...hiddenSecretPaths()]) {
    const absolute = resolve(o.cwd, path);
    add(absolute, isDirectory(absolute), true, `the hidden path ${path}`);
  }
  return hidden;
}

function checkWritable(paths: readonly string[], cwd: string, hidden: readonly Hidden[]): string[] {
  const out: string[] = [];
  for (const given of paths) {
    const absolute = resolve(cwd, given);
    if (!existsSync(absolute)) throw new SandboxSetupError(`writable path ${given} does not exist`);
    const real = realpathSync(absolute);
    for (const h of hidden) {
      if (isWithin(real, h.path)) {
        throw new SandboxSetupError(
          `writable path ${given} is inside ${h.what}, which the command must not see`,
        );
      }
      // A hidden directory that does not exist yet would be made by the harness inside a path the
      // command can write: it could plant a symlink there first, and the record would follow it.
      if (h.dir && !existsSync(h.path) && isWithin(h.path, real)) {
        throw new SandboxSetupError(
          `writable path ${given} holds ${h.what}, which does not exist yet: make it first, or name another writable path`,
        );
      }
    }
    out.push(real);
  }
  return out;
}

/** /tmp's real path, if it is a directory. */
function tmpDir(): string | undefined {
  try {
    return statSync("/tmp").isDirectory() ? realpathSync("/tmp") : undefined;
  } catch {
    return undefined;
  }
}

/** /run and /var/run, as real directories, each once. */
function coverDirs(): string[] {
  const out = new Set<string>();
  for (const path of ["/run", "/var/run"]) {
    try {
      if (lstatSync(path).isDirectory()) out.add(realpathSync(path));
    } catch {
      // Not on this system.
    }
  }
  return [...out];
}

/** Removes a directory tree the command may have made hard to remove (a directory without write or
 * search permission for its owner). Never follows a symlink. */
function removeTree(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true, maxRetries: 3 });
    return;
  } catch {
    // Fall through: give the owner its permissions back, then remove again.
  }
  const restore = (p: string) => {
    try {
      if (!lstatSync(p).isDirectory()) return;
      chmodSync(p, 0o700);
      for (const entry of readdirSync(p)) restore(resolve(p, entry));
    } catch {
      // Best effort.
    }
  };
  restore(path);
  rmSync(path, { recursive: true, force: true, maxRetries: 3 });
}

function unsandboxed(o: OpenSandbox, reason: string, env: NodeJS.ProcessEnv): SandboxSession {
  const token = randomBytes(16).toString("hex");
  const childEnv = inheritedEnvironment(env, token);
  let closed = false;
  return {
    status: { sandboxed: false, mode: o.mode, reason },
    launch: (spec: LaunchSpec): Launched => ({
      program: spec.program,
      argv0: spec.argv0,
      args: [...spec.args],
      env: childEnv,
    }),
    close() {
      if (closed) return;
      closed = true;
      killProcessesCarrying(token);
    },
  };
}

function sandboxed(o: OpenSandbox, probe: Extract<BwrapProbe, { works: true }>, env: NodeJS.ProcessEnv) {
  const cwd = realish(resolve(o.cwd));
  if (!isDirectory(cwd)) throw new SandboxSetupError(`the working directory ${o.cwd} is not a directory`);
  const hidden = hiddenPaths(o, env);
  for (const h of hidden) {
    if (h.secret && h.dir && isWithin(cwd, h.path)) {
      throw new SandboxSetupError(
        `the working directory is inside ${h.what}, which the command must not see`,
      );
    }
  }
  const writable = checkWritable(o.writablePaths ?? [], cwd, hidden);
  const scratch = realpathSync(mkdtempSync(resolve(tmpdir(), "canon-conformance-sandbox-")));
  const childEnv = sandboxEnvironment(env, { scratch, passEnv: o.passEnv ?? [] });
  const resolvConf = o.allowNetwork ? realish("/etc/resolv.conf") : undefined;
  let closed = false;
  const session: SandboxSession = {
    status: { sandboxed: true, mode: o.mode, bwrap: probe.path, network: o.allowNetwork === true },
    launch(spec: LaunchSpec): Launched {
      if (closed) throw new SandboxSetupError("the sandbox of this run is closed");
      // Worked out at every start: the output directory, say, only exists once the record is written.
      const tmp = tmpDir();
      const cover = coverDirs().filter((d) => d !== tmp);
      const named = [{ path: realish(spec.program), dir: false }, ...namedPaths(spec.args, spec.cwd)];
      const args = bwrapArgs({
        disableUserns: probe.disableUserns,
        argv0Flag: probe.argv0,
        program: spec.program,
        argv0: spec.argv0,
        args: spec.args,
        cwd: realish(resolve(spec.cwd)),
        scratch,
        writable,
        ...(tmp ? { tmp } : {}),
        cover,
        expose: exposedFor(named, [...cover, ...(tmp ? [tmp] : [])]),
        hiddenDirs: hidden.filter((h) => h.dir && isDirectory(h.path)),
        hiddenFiles: hidden.filter((h) => !h.dir && existsSync(h.path)).map((h) => h.path),
        allowNetwork: o.allowNetwork === true,
        ...(resolvConf ? { resolvConf } : {}),
      });
      return { program: probe.path, argv0: probe.path, args, env: childEnv };
    },
    close() {
      if (closed) return;
      closed = true;
      removeTree(scratch);
    },
  };
  return session;
}

/**
 * Decides how this run starts the command under test. `none`, or `auto` where bwrap does not work,
 * gives an unsandboxed session whose status says why. Throws SandboxSetupError for `bwrap` where bwrap
 * does not work, and for options that cannot be honoured (a bad pass-env name, a writable path that
 * does not exist or would expose a hidden one).
 */
export function openSandbox(o: OpenSandbox): SandboxSession {
  if (!SANDBOX_MODES.includes(o.mode)) {
    throw new SandboxSetupError(`sandbox must be one of ${SANDBOX_MODES.join(", ")}, not ${String(o.mode)}`);
  }
  checkPassEnv(o.passEnv ?? []);
  const env = o.env ?? process.env;
  if (o.mode === "none") return unsandboxed(o, "the sandbox was turned off (sandbox: none)", env);
  const probe = probeBwrap({
    ...(o.bwrapPath ? { bwrapPath: o.bwrapPath } : {}),
    ...(o.platform ? { platform: o.platform } : {}),
    env,
  });
  if (!probe.works) {
    if (o.mode === "bwrap") throw new SandboxSetupError(`sandbox bwrap was asked for, but ${probe.reason}`);
    return unsandboxed(o, probe.reason, env);
  }
  return sandboxed(o, probe, env);
}

// One run's way of starting the command under test. `openSandbox` decides, once, whether the run is
// sandboxed (the mode, the probe), checks the paths it was given (a writable path is confined:
// confineWritable), and makes the scratch directory; `prepare` turns each side's command (the command,
// read-command, compare-command) into what to spawn, once, before any of them runs, each side with a
// scratch of its own, after checking the paths its command line names (confineNamed); `close` kills
// what the run left behind and removes the scratch directories.
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
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
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
import { starterSource } from "./starter.js";
import {
  type Launched,
  type Launcher,
  type LaunchSpec,
  SANDBOX_MODES,
  type SandboxOptions,
  type WorkerLaunch,
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
  /** The harness's own files, which no writable path may be or hold (default: ownFolders()). */
  ownFolders?: readonly OwnFolder[];
}

/** A folder of the harness's own files, and what to call it in a refusal. */
export interface OwnFolder {
  path: string;
  what: string;
}

/**
 * The folders the harness runs from: the running bundle's folder (dist/ for the action and the CLI),
 * the package around it (the action's own folder: `_actions/<owner>/<repo>/<ref>`, or the workspace
 * itself for `uses: ./`), and Node's install prefix. Real paths.
 */
export function ownFolders(): OwnFolder[] {
  const folders: OwnFolder[] = [];
  const add = (path: string, what: string) => {
    try {
      folders.push({ path: realpathSync(path), what });
    } catch {
      // Not there: nothing to protect.
    }
  };
  const bundle = dirname(fileURLToPath(import.meta.url));
  add(bundle, "the folder of the running harness");
  for (let dir = bundle; dirname(dir) !== dir; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) {
      add(dir, "the harness's own folder (the action's or the package's)");
      break;
    }
  }
  add(dirname(dirname(realpathSync(process.execPath))), "Node's install prefix");
  return folders;
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

/** A path a command line names: as written, its lexical path (resolved from the working directory the
 * command runs in, `..` taken lexically, no link followed), and its real path (links followed). */
interface NamedPath {
  given: string;
  /** The program, rather than an argument. */
  program?: boolean;
  lexical: string;
  path: string;
  dir: boolean;
}

/** The existing paths a command line names: each argument, each word of one (a `sh -c` script), the
 * value of a `--name=value` one, and each entry of a colon-separated list (a Java classpath), relative
 * ones from `cwd` (the real working directory, the one the command runs in). Best effort: a path built
 * at run time is not seen. */
function namedPaths(args: readonly string[], cwd: string): NamedPath[] {
  const out: NamedPath[] = [];
  const seen = new Set<string>();
  for (const arg of args) {
    const eq = arg.indexOf("=");
    const words = [arg, ...arg.split(/\s+/)];
    const pieces = [...words, ...(eq >= 0 ? [arg.slice(eq + 1)] : [])].flatMap((p) => [p, ...p.split(":")]);
    for (const piece of pieces) {
      if (piece === "" || seen.has(piece)) continue;
      seen.add(piece);
      const lexical = resolve(cwd, piece);
      const dir = isDirectory(lexical);
      if (dir || isFile(lexical)) out.push({ given: piece, lexical, path: realish(lexical), dir });
    }
  }
  return out;
}

export interface Hidden {
  path: string;
  /** Other spellings of the same place (RUNNER_TEMP as the variable gives it, /var/run for /run): a
   * path named lexically under one of them was named there directly. */
  spelled?: string[];
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
    hidden.push({ path: realish(resolve(o.cwd, path)), spelled: [resolve(o.cwd, path)], dir, secret, what });
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

/**
 * Each writable path resolved (links followed) now, at setup, and confined: inside the working
 * directory's tree; not being or holding the harness's own folders (its bundle, its package, Node);
 * not being, holding or inside a hidden path (RUNNER_TEMP or an ancestor of it, the output folder, the
 * file commands, the key file), whether it exists yet or not. A writable path inside another is
 * dropped: the outer one covers it, and binding the inner one again at each start would follow
 * whatever link the command left at its place.
 */
export function confineWritable(
  paths: readonly string[],
  cwd: string,
  hidden: readonly Hidden[],
  own: readonly OwnFolder[],
): string[] {
  const out: string[] = [];
  for (const given of paths) {
    const absolute = resolve(cwd, given);
    if (!existsSync(absolute)) throw new SandboxSetupError(`writable path ${given} does not exist`);
    const real = realpathSync(absolute);
    const named = real === absolute ? given : `${given} (${real})`;
    const refuse = (why: string): never => {
      throw new SandboxSetupError(`writable path ${named} ${why}`);
    };
    if (!isWithin(real, cwd)) {
      refuse(`is outside the working directory ${cwd}: a writable path must lie inside it`);
    }
    for (const o of own) {
      if (isWithin(o.path, real)) {
        refuse(
          `${o.path === real ? "is" : "holds"} ${o.what} (${o.path}), which the command must never write`,
        );
      }
    }
    for (const h of hidden) {
      if (isWithin(real, h.path)) refuse(`is inside ${h.what}, which the command must not see`);
    }
    for (const h of hidden) {
      if (isWithin(h.path, real)) {
        // One that does not exist yet would be made by the harness inside a path the command can
        // write: it could plant a link there first.
        refuse(
          existsSync(h.path)
            ? `${h.path === real ? "is" : "holds"} ${h.what}, which the command must not see`
            : `holds ${h.what}, which does not exist yet: name a writable path that does not hold it`,
        );
      }
    }
    out.push(real);
  }
  const unique = [...new Set(out)];
  return unique.filter((p) => !unique.some((q) => q !== p && isWithin(p, q)));
}

/**
 * Every path the command line names (its program, an argument) is bound back into the sandbox,
 * read-only, wherever it lies (bwrap-args.ts, step 6). So each is checked here, at setup, by its real
 * path (links followed), against the places the sandbox hides (`places`):
 * - inside a secret one (a file command or its directory, a hidden path such as the key file): always
 *   refused;
 * - inside any other (RUNNER_TEMP, the output folder, the host's /tmp and /run): refused when it got
 *   there through a link, that is when its lexical path is not inside that same place (under any
 *   spelling of it), or when it is a path of the working directory's tree that leads out of that tree
 *   (so a working directory inside RUNNER_TEMP does not open the rest of RUNNER_TEMP). A path named
 *   there directly (`python3 /tmp/x/canon.py`) is kept, as is a link that leads nowhere hidden (the
 *   program /usr/bin/python3, a link to python3.11).
 * `cwd` is the real working directory, the one the command runs in (lexical paths are resolved from it).
 * The messages name paths and places, never what a file holds.
 */
function confineNamed(named: readonly NamedPath[], cwd: string, places: readonly Hidden[]): void {
  const ordered = [...places.filter((h) => h.secret), ...places.filter((h) => !h.secret)];
  for (const n of named) {
    const subject = n.program ? `the program ${n.given}` : `the path ${n.given} on the command line`;
    const linked = n.path !== n.lexical;
    for (const h of ordered) {
      if (!isWithin(n.path, h.path)) continue;
      const where = n.path === h.path ? `${n.path} (${h.what})` : `${n.path} (inside ${h.what})`;
      if (h.secret) {
        const what = linked
          ? `leads through a link to ${where}`
          : `${n.path === h.path ? "is" : "lies inside"} ${h.what}`;
        throw new SandboxSetupError(
          `${subject} ${what}, which the command must never see: take it off the command line`,
        );
      }
      const namedThere = [h.path, ...(h.spelled ?? [])].some((s) => isWithin(n.lexical, s));
      const leavesCwd = isWithin(n.lexical, cwd) && !isWithin(n.path, cwd);
      if (namedThere && !leavesCwd) continue;
      const rule = namedThere
        ? `a link inside the working directory may not lead out of it into ${h.what}`
        : `a named path may lie there only when named there directly, not through a link`;
      throw new SandboxSetupError(
        `${subject} leads through a link to ${where}, which the command must not see (${rule}): name a path inside the working directory instead (copy the ${n.dir ? "folder" : "file"} there)`,
      );
    }
  }
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
  const launch = (spec: LaunchSpec): Launched => ({
    program: spec.program,
    argv0: spec.argv0,
    args: [...spec.args],
    env: childEnv,
  });
  return {
    status: { sandboxed: false, mode: o.mode, reason },
    launch,
    // Unsandboxed, the sides share this user's HOME: nothing a harness can do keeps one side's
    // writes from another running as the same user (docs/sandbox.md, what stays out of reach).
    prepare: launch,
    close() {
      if (closed) return;
      closed = true;
      killProcessesCarrying(token);
    },
  };
}

function sandboxed(
  o: OpenSandbox,
  probe: Extract<BwrapProbe, { works: true }>,
  env: NodeJS.ProcessEnv,
  setup: { cwd: string; hidden: Hidden[]; writable: string[] },
) {
  const { cwd, hidden, writable } = setup;
  for (const h of hidden) {
    if (h.secret && h.dir && isWithin(cwd, h.path)) {
      throw new SandboxSetupError(
        `the working directory is inside ${h.what}, which the command must not see`,
      );
    }
  }
  const newScratch = () => realpathSync(mkdtempSync(resolve(tmpdir(), "canon-conformance-sandbox-")));
  const scratches = [newScratch()];
  const resolvConf = o.allowNetwork ? realish("/etc/resolv.conf") : undefined;
  let closed = false;
  const plan = (spec: LaunchSpec, scratch: string): Launched => {
    if (closed) throw new SandboxSetupError("the sandbox of this run is closed");
    const childEnv = sandboxEnvironment(env, { scratch, passEnv: o.passEnv ?? [] });
    // Worked out when the side is prepared, before any process of the command ran (the output folder
    // exists by then: the run opened it first).
    const tmp = tmpDir();
    const cover = coverDirs().filter((d) => d !== tmp);
    const cwd = realish(resolve(spec.cwd));
    // The program was resolved from the working directory as given; a relative one's lexical path is
    // taken from the real one, as the arguments' are (the working directory's own links are the
    // harness's choice, not the command's).
    const program = resolve(spec.cwd, spec.program);
    const asGiven = resolve(spec.cwd);
    const relativeProgram = spec.argv0.includes("/") && !isAbsolute(spec.argv0);
    const named: NamedPath[] = [
      {
        given: spec.argv0 || spec.program,
        program: true,
        lexical: relativeProgram
          ? resolve(cwd, spec.argv0)
          : isWithin(program, asGiven)
            ? join(cwd, relative(asGiven, program))
            : program,
        path: realish(program),
        dir: false,
      },
      ...namedPaths(spec.args, cwd),
    ];
    const hidingDirs = [...cover, ...(tmp ? [tmp] : [])];
    // Before any process of this side starts: a named path that leads where the sandbox hides is
    // refused, not bound back.
    confineNamed(named, cwd, [
      ...hidden,
      ...hidingDirs.map(
        (path): Hidden => ({
          path,
          spelled: ["/tmp", "/run", "/var/run"].filter((p) => realish(p) === path),
          dir: true,
          secret: false,
          what: `the host's ${path}`,
        }),
      ),
    ]);
    const sandboxOf = (run: { program: string; argv0: string; args: readonly string[] }, also: string[]) =>
      bwrapArgs({
        disableUserns: probe.disableUserns,
        argv0Flag: probe.argv0,
        ...run,
        cwd,
        scratch,
        writable,
        ...(tmp ? { tmp } : {}),
        cover,
        expose: exposedFor([...named, ...also.map((path) => ({ path, dir: false }))], hidingDirs),
        hiddenDirs: hidden.filter((h) => h.dir && isDirectory(h.path)),
        hiddenFiles: hidden.filter((h) => !h.dir && existsSync(h.path)).map((h) => h.path),
        allowNetwork: o.allowNetwork === true,
        ...(resolvConf ? { resolvConf } : {}),
      });
    const args = sandboxOf(spec, []);
    // The same sandbox, with the starter in it instead of the command (and Node, which runs the
    // starter, visible even where it lies under a hidden folder such as /tmp). Its environment is
    // empty: nothing of the command's (NODE_OPTIONS, say) reaches the starter's Node; the command
    // gets exactly the environment it gets from bubblewrap (childEnv).
    const node = realish(process.execPath);
    const worker: WorkerLaunch = {
      launched: {
        program: probe.path,
        argv0: probe.path,
        args: sandboxOf({ program: node, argv0: node, args: ["-e", starterSource()] }, [node]),
        env: {},
      },
      command: {
        program: spec.program,
        argv0: spec.argv0,
        args: [...spec.args],
        cwd,
        env: Object.fromEntries(
          Object.entries(childEnv).filter((e): e is [string, string] => e[1] !== undefined),
        ),
        ...(tmp ? { tmp } : {}),
      },
    };
    return { program: probe.path, argv0: probe.path, args, env: childEnv, worker };
  };
  const session: SandboxSession = {
    status: {
      sandboxed: true,
      mode: o.mode,
      bwrap: probe.path,
      network: o.allowNetwork === true,
      ...(probe.ignored ? { ignored: probe.ignored } : {}),
    },
    launch: (spec) => plan(spec, scratches[0]!),
    prepare(spec) {
      if (closed) throw new SandboxSetupError("the sandbox of this run is closed");
      // A side of its own: what one side writes to HOME (a .pth file in ~/.local, say) no other reads.
      const scratch = newScratch();
      scratches.push(scratch);
      return plan(spec, scratch);
    },
    close() {
      if (closed) return;
      closed = true;
      for (const scratch of scratches) removeTree(scratch);
    },
  };
  return session;
}

/**
 * Decides how this run starts the command under test. `none`, or `auto` where bwrap does not work,
 * gives an unsandboxed session whose status says why. Throws SandboxSetupError for `bwrap` where bwrap
 * does not work, for `auto` there when the caller refused the fallback (`fallbackRefused`), and for
 * options that cannot be honoured (a bad pass-env name, a writable path that does not exist or would
 * expose a hidden one).
 */
export function openSandbox(o: OpenSandbox): SandboxSession {
  if (!SANDBOX_MODES.includes(o.mode)) {
    throw new SandboxSetupError(`sandbox must be one of ${SANDBOX_MODES.join(", ")}, not ${String(o.mode)}`);
  }
  checkPassEnv(o.passEnv ?? []);
  const env = o.env ?? process.env;
  // Checked whatever the mode, so that a workflow is refused the same way on every runner.
  const cwd = realish(resolve(o.cwd));
  if (!isDirectory(cwd)) throw new SandboxSetupError(`the working directory ${o.cwd} is not a directory`);
  const hidden = hiddenPaths(o, env);
  const writable = confineWritable(o.writablePaths ?? [], cwd, hidden, o.ownFolders ?? ownFolders());
  if (o.mode === "none") return unsandboxed(o, "the sandbox was turned off (sandbox: none)", env);
  const probe = probeBwrap({
    ...(o.bwrapPath ? { bwrapPath: o.bwrapPath } : {}),
    ...(o.platform ? { platform: o.platform } : {}),
    env,
  });
  if (!probe.works) {
    if (o.mode === "bwrap") throw new SandboxSetupError(`sandbox bwrap was asked for, but ${probe.reason}`);
    if (o.fallbackRefused !== undefined)
      throw new SandboxSetupError(
        `sandbox auto found no working bwrap: ${probe.reason}. ${o.fallbackRefused}`,
      );
    return unsandboxed(o, probe.reason, env);
  }
  return sandboxed(o, probe, env, { cwd, hidden, writable });
}

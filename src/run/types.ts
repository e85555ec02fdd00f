// The run's API (./index.ts): what a caller gives a run and what it gets back. The options themselves
// come from the one reader (src/options: readRunOptions for a face's texts, runSettings for values);
// the rest is the caller's: the key, where the files go, and what it wants to be told while it runs.
import type { BatchReport } from "../batch/index.js";
import type { RunSettings } from "../options/index.js";
import type { OutFolder } from "../out-folder.js";
import type { SandboxOptions, SandboxStatus } from "../sandbox/index.js";
import type { Canonicalizer, CaseResult, Progress, SigningKey } from "../types.js";
import type { RunFiles, RunView } from "../view/index.js";
import type { ProtocolUsed } from "../view/protocol.js";

/** Everything a run needs: the options as read, and the caller's part. */
export interface RunOptions extends RunSettings {
  key: SigningKey;
  /** The implementation under test in this process, as the write side (and the read side, unless
   * `readCommand` or `readUrl` is set): the engine's tests run the whole pipeline without a process.
   * The options' command or URL is then only its name in the record (as a command line, with no
   * files hashed). The faces always run a command or a URL. */
  implementation?: Canonicalizer;
  /** The output folder already made and opened by the caller (src/out-folder.ts), written
   * instead of `outDir` and left open: the action uploads the files through the same handle. */
  outFolder?: OutFolder;
  /** What else goes into `outDir` (src/report/write.ts): summary.md, the badges. */
  reports?: { summary?: boolean; badge?: boolean; summaryRecordAt?: "artifact" | "runner" };
  /** The action's `fail-on-nonconformant`: false, the step passes whatever the run found (the view's
   * step verdict says so). The CLI's exit code always follows the run. */
  failOnNonconformant?: boolean;
  /** The sandbox's settings that are no option: files the command must not read even if it guesses
   * them (a key file), where bwrap is when not on PATH (tests point it at something broken), and
   * whether `auto` may fall back to an unsandboxed run (the action on a GitHub-hosted runner refuses). */
  sandboxPaths?: Pick<SandboxOptions, "hiddenPaths" | "bwrapPath" | "fallbackRefused">;
  /** Sandboxed once mode: false starts a sandbox per process instead of one per worker (the tests
   * hold both to the same verdicts, test/adapters/hostile-matrix.slow.test.ts). */
  sandboxWorkers?: boolean;
  /** Where the run was started (the face's): its environment and working directory. The sandbox hides
   * the runner's file-command paths and passes pass-env's values from `env`; the record's programs are
   * looked up on its PATH; printed commands start with `tool` (how the face was started,
   * install-form.ts), else install from its GITHUB_ACTION_REPOSITORY and GITHUB_ACTION_REF, and name
   * paths relative to `cwd`. This process's own when absent. */
  startedFrom?: { env: NodeJS.ProcessEnv; cwd: string; tool?: string };
  /** Told, before the first case, whether the run is sandboxed and if not why. */
  onSandbox?: (status: SandboxStatus) => void;
  onProgress?: (progress: Progress) => void;
  /** Told each case that failed, as it is judged (the faces print causes as they are found). */
  onFailure?: (result: CaseResult) => void;
  /** Told, before their first process, what once mode's batches plan (src/batch): the processes the
   * run will start; told again if the sentinels turn batching off. */
  onBatches?: (report: BatchReport) => void;
  /** Progress of the differential run, after the corpus. */
  onCompareProgress?: (progress: Progress) => void;
}

/** What one run produced: its view (src/view), made once after the record was sealed, which every
 * face and report reads; and what only the caller needs beside it. */
export interface RunOutcome extends RunView {
  elapsedMs: number;
  protocol: ProtocolUsed;
  /** Paths written under `outDir`, if one was given. */
  files: RunFiles;
  /** summary.md's text, when `reports.summary` asked for it: the action's job summary. */
  summaryMarkdown?: string;
  /** Whether the command ran sandboxed, and if not why (the faces print unsandboxedNotice of it). */
  sandbox: SandboxStatus;
}

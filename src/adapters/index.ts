// The adapters: how a run reaches the implementation under test (docs/protocol.md).
// createCanonicalizer picks one from the run's options.
import { availableParallelism } from "node:os";
import type { Launcher } from "../sandbox/types.js";
import type { Canonicalizer } from "../types.js";
import { createLinesCanonicalizer } from "./command-lines.js";
import { createOnceCanonicalizer } from "./command-once.js";
import { AdapterSetupError } from "./errors.js";
import { createHttpCanonicalizer } from "./http.js";

export { backslashNote } from "./argv.js";
export { AdapterSetupError } from "./errors.js";

export { encodeRequestLine, linesCanCarry } from "./line-framing.js";
export { casesForLines } from "./lines-plan.js";
export { atExitOrInterrupt } from "./process-group.js";
export {
  describeImplementation,
  type ImplementationDescription,
} from "./program.js";

/** Parallel processes in once mode, and parallel requests over http: one per CPU. */
export function defaultJobs(): number {
  return availableParallelism();
}

export interface AdapterOptions {
  command?: string;
  url?: string;
  protocol: "once" | "lines";
  shell: boolean;
  cwd: string;
  jobs: number;
  timeoutMs: number;
  maxOutputBytes: number;
  /** How the command adapters start their processes (the run's sandbox); ignored over http. */
  launcher?: Launcher;
  /** Sandboxed once mode: false starts a sandbox per process instead of per worker (the tests hold
   * the two to the same verdicts). */
  workers?: boolean;
}

/**
 * The Canonicalizer for a command line (once or lines protocol) or a URL (http). Throws
 * AdapterSetupError, with what to fix, when the program cannot be found or run, or the URL is bad.
 */
export function createCanonicalizer(options: AdapterOptions): Canonicalizer {
  const { command, url } = options;
  if ((command === undefined) === (url === undefined)) {
    throw new AdapterSetupError("give exactly one of a command line or a URL");
  }
  if (url !== undefined) return createHttpCanonicalizer({ ...options, url });
  const o = { ...options, command: command! };
  return options.protocol === "lines" ? createLinesCanonicalizer(o) : createOnceCanonicalizer(o);
}

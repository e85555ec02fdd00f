// The Python interpreter the tests and benchmarks start, found once per process.
import { execFileSync } from "node:child_process";

let python: string | undefined;

/** The interpreter `python3` runs, by its absolute path: never a version manager's shim in front of it
 * (a pyenv shim is a shell start and more per process, which once mode would pay for every case). */
export function pythonExecutable(): string {
  python ??= execFileSync("python3", ["-c", "import sys; print(sys.executable)"], {
    encoding: "utf8",
  }).trim();
  if (!python.startsWith("/")) throw new Error(`python3 names no interpreter: ${JSON.stringify(python)}`);
  return python;
}

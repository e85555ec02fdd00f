// Known-bads whose fault is in the process, not in the canonical form (./process-faults.ts): one
// hangs on one number, one crashes on bad input. They prove the judgement, not the corpus: a hang
// costs only the cases that send its number, in both protocols, and the numbers case names it; a
// crash that exits non-zero is a refusal in both protocols, as once mode's contract says.
import type { JsonValue } from "../jcs/index.js";
import { JcsError } from "../jcs/index.js";
import { Crash, Hang } from "../process-faults.js";
import { referenceParse, referenceWrite } from "./tools.js";
import type { KnownBad } from "./types.js";

/** The number it hangs on, as a formatter that loops on one subnormal does (issue 20 met one on
 * 1e-315 in a Java library, a C# one likewise); 1e-320 is also in stored cases, so the proof shows
 * stored cases lost too. */
export const HANG_NUMBER = 1e-320;

function holds(value: JsonValue, n: number, depth = 0): boolean {
  if (depth > 2_000) return false;
  if (typeof value === "number") return value === n;
  if (value === null || typeof value !== "object") return false;
  return Object.values(value).some((v) => holds(v, n, depth + 1));
}

/** A Python-like traceback, as a script that lets its parser's exception escape prints it. */
function traceback(error: JcsError): string {
  return [
    "Traceback (most recent call last):",
    '  File "canon.py", line 12, in <module>',
    "    value = parse(sys.stdin.buffer.read())",
    '  File "canon.py", line 7, in parse',
    "    raise ValueError(message)",
    `ValueError: ${error.code} at byte ${error.offset}`,
    "",
  ].join("\n");
}

export const HANGS: KnownBad[] = [
  {
    name: "hangs_on_1e_320",
    description:
      "never answers for a value holding the double 1e-320 (however it is spelled) and keeps its " +
      "process alive, as a formatter stuck on one subnormal does; right about everything else",
    caughtBy: ["canon", "numbers"],
    write: (input) => {
      const output = referenceWrite(input);
      if (holds(referenceParse(input), HANG_NUMBER)) throw new Hang("hangs formatting 1e-320");
      return output;
    },
  },
  {
    name: "crashes_on_bad_input",
    description:
      "lets its parser's exception escape: on input it must refuse it prints a traceback and exits 1 " +
      "(in lines mode it dies on that line). A crash that exits non-zero is a refusal by the protocol, " +
      "so this is no fault: it must pass every case in both protocols",
    caughtBy: [],
    legitimate: true,
    write: (input) => {
      try {
        return referenceWrite(input);
      } catch (error) {
        if (error instanceof JcsError) throw new Crash(traceback(error));
        throw error;
      }
    },
  },
];

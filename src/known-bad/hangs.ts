// Known-bads whose fault is in the process, not in the canonical form (./process-faults.ts): one
// hangs on one number, one hangs on two numbers among a thousand it misreads, one crashes on bad
// input. They prove the judgement, not the corpus: a hang costs only the cases that send its number,
// in both protocols, and the numbers case names it, first, however many other numbers it got wrong; a
// crash that exits non-zero is a refusal in both protocols, as once mode's contract says.
import type { JsonValue } from "../jcs/index.js";
import { JcsError } from "../jcs/index.js";
import { Crash, Hang } from "../process-faults.js";
import { decodeStrict, encoder, referenceParse, referenceWrite, rewriteBareTokens } from "./tools.js";
import type { KnownBad } from "./types.js";

/** The number it hangs on, as a formatter that loops on one subnormal does (issue 20 met one on
 * 1e-315 in a Java library, a C# one likewise); 1e-320 is also in stored cases, so the proof shows
 * stored cases lost too. */
export const HANG_NUMBER = 1e-320;

/** The two numbers `hangs_among_subnormal_misreads` never answers for: subnormals of the numbers
 * sweep's grid, past the first of the thousand others it misreads (so a listing in input order would
 * not reach them), and in no stored case. */
export const HANG_AMONG_MISREADS = [Number("33e-317"), Number("47e-316")];

const SMALLEST_NORMAL = 2.2250738585072014e-308;

/** A number token read as a naive strtod does: its mantissa times 10 to its exponent, in doubles
 * (two roundings: another double for most subnormals). */
function naiveRead(token: string): number {
  const [mantissa, exponent] = token.split(/[eE]/);
  return Number(mantissa) * 10 ** Number(exponent ?? 0);
}

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
    name: "hangs_among_subnormal_misreads",
    description:
      "reads subnormal numbers as mantissa × 10^exponent in doubles (another value for most of them, " +
      "about 1,500 of a default numbers sweep) and never answers for two of them (33e-317, 47e-316), " +
      "as the RFC authors' C# library misreads subnormals and hangs on 1e-315",
    caughtBy: ["canon", "numbers"],
    causes: {
      faults: [
        "subnormal numbers read as another value: a difference in numbers",
        "no answer for two numbers (a hang), named first among the numbers sweep's culprits",
      ],
    },
    write: (input) => {
      const text = rewriteBareTokens(decodeStrict(input), (token) => {
        const n = Number(token);
        if (HANG_AMONG_MISREADS.includes(n)) throw new Hang(`hangs reading ${token}`);
        if (n === 0 || !(Math.abs(n) < SMALLEST_NORMAL)) return undefined;
        return String(naiveRead(token));
      });
      return referenceWrite(encoder.encode(text));
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

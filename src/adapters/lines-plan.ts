// What a lines-mode run sends for each case (docs/protocol.md, "What lines mode can carry"). The CR/LF
// rewrite of the lines protocol keeps an input's meaning only for a parser that reads JSON exactly;
// for a lenient one (`//` comments, raw control characters in strings) it can turn a case that must
// fail into one that passes. So a stored case whose input lines mode cannot carry faithfully is sent
// in its lines form (the same rule in bytes lines mode carries, stated in the manifest), and a case
// with no such form is marked not run: it is reported so, and never passes.
import type { CorpusCase } from "../types.js";
import { linesCanCarry } from "./line-framing.js";

/** `cases` as a lines-mode run sends them, in the same order. */
export function casesForLines(cases: readonly CorpusCase[]): CorpusCase[] {
  return cases.map(caseForLines);
}

function caseForLines(c: CorpusCase): CorpusCase {
  const problem = firstUncarried(inputsOf(c));
  if (problem === undefined) return c;
  if ((c.kind === "canon" || c.kind === "reject" || c.kind === "canon-or-reject") && c.lines) {
    const lines = linesCanCarry(c.lines.input);
    // A lines form lines mode cannot carry either is a corpus bug; say so rather than send it.
    if (!lines.faithful) return { ...c, notRun: `its lines form is not carried either: ${lines.why}` };
    return { ...c, input: c.lines.input, why: `${c.why} (in lines mode: ${c.lines.why})` };
  }
  return { ...c, notRun: `lines mode cannot carry its input faithfully: ${problem}` };
}

/** The request bodies a stored case sends (generated kinds make theirs lines-safe: src/corpus/generated). */
function inputsOf(c: CorpusCase): Uint8Array[] {
  switch (c.kind) {
    case "canon":
    case "reject":
    case "canon-or-reject":
    case "idempotent":
    case "roundtrip":
      return [c.input];
    case "equal":
    case "differ":
      return [c.a, c.b];
    case "consistent-choice":
      return c.members.map((m) => m.input);
    default:
      return [];
  }
}

function firstUncarried(inputs: Uint8Array[]): string | undefined {
  for (const input of inputs) {
    const carry = linesCanCarry(input);
    if (!carry.faithful) return carry.why;
  }
  return undefined;
}

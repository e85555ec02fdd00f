// Verdicts by responsibility: what a row's library answers for, apart from what its wrapper's parser did.
//
// The record judges the command as run, and that does not change (conform-result/1 is untouched). The
// table's headline judges the library. A library whose API reads JSON text (api `bytes`) answers for
// every case. A library whose API takes an already-parsed value (api `parsed-value`) never sees the
// input's bytes: the parser the wrapper names read them first. Where parsing erases the fault (a
// duplicate name the parser kept once, syntax it accepted and turned into an ordinary value), the
// library cannot see it: that input-validation case is the parser's, shown by name. Where the value the
// library is handed still shows the fault (a non-finite or out-of-range number, a string holding a lone
// surrogate), RFC 8785 makes the library refuse it (§3.2.2.3: NaN and Infinity MUST end in an error;
// §3.1: the data MUST be I-JSON, RFC 7493 §2.1, §2.2), so that case stays the library's. Such a library
// is judged on the output rules, the open choices and those value checks, unless the row's manifest
// says (parserErases, checked by hand) that its parser erases such a fault too: Go's encoding/json hands
// the library U+FFFD for a lone surrogate, and then that case is the parser's as well.
import { readAnswerText } from "../text-forms/index.js";
import type { ConformResult } from "../types.js";
import type { Manifest, ParserErasure } from "./manifest.js";

/** The suite of what must be refused: a parsed-value library's parser answers for it. */
export const INPUT_VALIDATION_SUITE = "reject";

/** The rules of the input-validation cases whose fault survives parsing as a value the library sees and
 * must refuse itself (a case's `source` in the corpus), by the fault a parser may still erase. */
const VALUE_RULES: Record<ParserErasure, RegExp> = {
  "lone-surrogates": /RFC 7493 §2\.1\b/,
  "out-of-range-numbers": /RFC 8785 §3\.2\.2\.3|RFC 7493 §2\.2\b/,
};

/** Whether a parsed-value library answers for an input-validation case, by the rule the case cites and
 * the faults its parser erases. */
export function libraryRefuses(source: string | undefined, erased: readonly ParserErasure[] = []): boolean {
  if (source === undefined) return false;
  return Object.entries(VALUE_RULES).some(
    ([fault, rule]) => rule.test(source) && !erased.includes(fault as ParserErasure),
  );
}

export interface Tally {
  passed: number;
  cases: number;
}

export interface ParserShare {
  /** The parser, as the manifest names it, shortened to its name (`JSON.parse`, `json.loads`). */
  name: string;
  /** The manifest's full words for it. */
  described: string;
  tally: Tally;
  /** Failed input-validation cases answered with an output: input that must be refused, accepted. */
  accepted: number;
  /** Failed input-validation cases answered otherwise (no answer, a crash). */
  otherwise: number;
}

export interface RowVerdict {
  /** What the library answers for: every case for a bytes API; all but input validation otherwise. */
  library: Tally & { conformant: boolean };
  /** For a parsed-value API: the input-validation cases, the parser's. */
  parser?: ParserShare;
  /** The record's own verdict, over the command as run. */
  record: Tally & { conformant: boolean };
}

/** A parser's name from the manifest's words: up to the first comma, parenthesis, or " after". */
export function parserName(described: string): string {
  const cut = described.split(/,|\s\(|\safter\s|\sinto\s/)[0]?.trim();
  return cut === undefined || cut === "" ? described : cut;
}

const suiteOf = (name: string) => name.slice(0, name.indexOf("/"));

/** `sourceOf` gives a stored case's rule (the corpus's `source`), to tell the value checks apart. */
export function rowVerdict(
  record: ConformResult,
  manifest: Manifest | undefined,
  sourceOf: (name: string) => string | undefined = () => undefined,
): RowVerdict {
  const all: Tally = { passed: 0, cases: 0 };
  const own: Tally = { passed: 0, cases: 0 };
  const input: Tally = { passed: 0, cases: 0 };
  let accepted = 0;
  let otherwise = 0;
  const parsed = manifest?.api === "parsed-value";
  for (const c of record.cases) {
    all.cases++;
    if (c.pass) all.passed++;
    const parsers =
      parsed &&
      suiteOf(c.name) === INPUT_VALIDATION_SUITE &&
      !libraryRefuses(sourceOf(c.name), manifest?.parserErases);
    const tally = parsers ? input : own;
    tally.cases++;
    if (c.pass) tally.passed++;
    else if (parsers) {
      if (readAnswerText(c.got).status === "canonical") accepted++;
      else otherwise++;
    }
  }
  const verdict: RowVerdict = {
    library: { ...own, conformant: own.passed === own.cases },
    record: { ...all, conformant: record.conformant },
  };
  if (parsed) {
    const described = manifest?.parser ?? "the language's parser";
    verdict.parser = { name: parserName(described), described, tally: input, accepted, otherwise };
  }
  return verdict;
}

/** The parser's share in words: `input validation by JSON.parse: 12 accepted that must be refused`. */
export function parserWords(parser: ParserShare): string {
  const failed = parser.tally.cases - parser.tally.passed;
  if (failed === 0)
    return `input validation by ${parser.name}: every one of ${parser.tally.cases} refused as it must be`;
  const parts = [
    ...(parser.accepted > 0 ? [`${parser.accepted} accepted that must be refused`] : []),
    ...(parser.otherwise > 0 ? [`${parser.otherwise} not answered as a refusal`] : []),
  ];
  return `input validation by ${parser.name}: ${parts.join(", ")}`;
}

/** The headline a row's verdict cell and page carry. */
export function headline(v: RowVerdict): { ok: boolean; text: string; detail?: string } {
  const failed = v.library.cases - v.library.passed;
  if (v.parser === undefined)
    return v.library.conformant
      ? { ok: true, text: "conformant" }
      : { ok: false, text: "not conformant", detail: `${failed} failed` };
  const lib = v.library.conformant
    ? { ok: true, text: "conformant in what it answers for" }
    : { ok: false, text: "not conformant", detail: `${failed} of the cases it answers for failed` };
  return { ...lib, detail: [lib.detail, parserWords(v.parser)].filter(Boolean).join("; ") };
}

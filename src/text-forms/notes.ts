// The notes a check writes into a case's texts about the texts themselves:
//   cut bytes   `<shown>… (<N> bytes, sha256 <hex>)`: a value (an output, an input) cut to a readable
//               length, with its whole length and digest, so two long values can still be told apart
//   cut text    `<shown>… (<N> UTF-16 units)`: a text (a reason, an input) cut likewise
//   not run     `not run in lines mode: <why>`: a case the transport could not carry, as its `got`
// A cut note ends the text it is in: an answer or an input whose own text ends like one reads as cut.

const ELLIPSIS = "…";

/** A value cut to `shown`, of `length` bytes whole, with the SHA-256 of the whole. */
export interface CutBytes {
  shown: string;
  length: number;
  sha256: string;
}

export function writeCutBytes(cut: CutBytes): string {
  return `${cut.shown}${ELLIPSIS} (${cut.length} bytes, sha256 ${cut.sha256})`;
}

const CUT_BYTES = /… \((\d+) bytes, sha256 ([0-9a-f]{64})\)$/;

/** The cut `text` states, or undefined when it ends in no note of cut bytes. */
export function readCutBytes(text: string): CutBytes | undefined {
  const match = CUT_BYTES.exec(text);
  if (!match) return undefined;
  return { shown: text.slice(0, match.index), length: Number(match[1]), sha256: match[2]! };
}

/** A text cut to `shown`, of `units` UTF-16 units whole. */
export interface CutText {
  shown: string;
  units: number;
}

export function writeCutText(cut: CutText): string {
  return `${cut.shown}${ELLIPSIS} (${cut.units} UTF-16 units)`;
}

const CUT_TEXT = /… \((\d+) UTF-16 units\)$/;

/** The cut `text` states, or undefined when it ends in no note of a cut text. */
export function readCutText(text: string): CutText | undefined {
  const match = CUT_TEXT.exec(text);
  return match ? { shown: text.slice(0, match.index), units: Number(match[1]) } : undefined;
}

const NOT_RUN = "not run in lines mode: ";

/** The `got` of a case lines mode cannot carry (src/adapters/lines-plan.ts), never a pass. */
export function writeNotRun(why: string): string {
  return `${NOT_RUN}${why}`;
}

/** Why a case was not run, or undefined when `text` does not say it was not. */
export function readNotRun(text: string): string | undefined {
  return text.startsWith(NOT_RUN) ? text.slice(NOT_RUN.length) : undefined;
}

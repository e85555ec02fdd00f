// How a check writes what it expected and what it got, so that a person reading a report or a record
// can see the difference: text cut to a readable length on a character boundary (with the full
// length and a digest when cut, so two long outputs can still be told apart), and bytes that are not
// UTF-8 shown as \xHH (instead of being silently replaced: they have no code point to show).
// Characters stay as they are, control characters too: every report shows them as ⟨U+XXXX⟩
// (src/report/visible.ts), so a raw DEL (which RFC 8785 writes raw) reads ⟨U+007F⟩ and can never look
// like an output that spells the text `\x7F`, and a CR/LF reads ⟨U+000D⟩⟨U+000A⟩. Nothing here is
// printed unshown: the record and results.json are JSON, and each report runs showInvisible.
//
// The answer and pair forms are text contracts other stages read back (src/text-forms.ts).
import { sha256Hex } from "../jcs/index.js";
import { utf8SequenceLength } from "../jcs/utf8.js";
import { cutCodePoints } from "../text.js";
import { writeAnswerText, writePairText } from "../text-forms.js";
import type { Answer } from "../types.js";
import type { PairVerdict, TwiceVerdict } from "./rules.js";

/** The most characters (code points) a shown value keeps before it is cut. */
export const SHOW_LIMIT = 200;
/** The most characters (code points) a failed case's input keeps (CaseResult.input) before it is cut;
 * a cut input ends with its full length and SHA-256, and its vector file holds it whole. */
export const INPUT_LIMIT = 200;

const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** `bytes` as readable text: UTF-8 decoded, ill-formed sequences as `\xHH`, cut when long. */
export function showBytes(bytes: Uint8Array, limit = SHOW_LIMIT): string {
  // Decoding only a prefix keeps this cheap on a 100 MB output; 4 bytes per code point at most.
  const prefix = bytes.length > limit * 4 + 4 ? bytes.subarray(0, limit * 4 + 4) : bytes;
  const text = decodeShowingInvalid(prefix, prefix !== bytes);
  const cut = cutCodePoints(text, limit);
  if (cut === text && prefix === bytes) return text;
  return `${cut}… (${bytes.length} bytes, sha256 ${sha256Hex(bytes)})`;
}

/** A string cut to `limit` code points, with a note of its full length when cut. */
export function showText(text: string, limit = SHOW_LIMIT): string {
  const cut = cutCodePoints(text, limit);
  return cut === text ? text : `${cut}… (${text.length} UTF-16 units)`;
}

/** An answer as a report states it: the output, `reject: <reason>`, or `failed: <reason>`. */
export function showAnswer(answer: Answer, limit = SHOW_LIMIT): string {
  return writeAnswerText(
    answer.status === "canonical"
      ? { status: "canonical", output: showBytes(answer.output, limit) }
      : { status: answer.status, reason: showText(answer.reason, limit) },
  );
}

/** A pair's answers: `both: <answer>` when they are the same output, else `a: <answer> | b: <answer>`. */
export function showPair(verdict: PairVerdict, limit = SHOW_LIMIT): string {
  return writePairText(
    verdict.same
      ? { both: showAnswer(verdict.a, limit) }
      : { a: showAnswer(verdict.a, limit), b: showAnswer(verdict.b, limit) },
  );
}

/** How I1 and I4 name their two steps: `canon(x)` then `canon(canon(x))`, or `write(x)` then `read(w)`. */
export interface TwiceSteps {
  first: string;
  second: string;
  /** What the second step must give back: `canon(x)`, or `w`. */
  echo: string;
}

/** I1's steps (idempotent) and I4's (roundtrip). */
export const I1_STEPS: TwiceSteps = { first: "canon(x)", second: "canon(canon(x))", echo: "canon(x)" };
export const I4_STEPS: TwiceSteps = { first: "write(x)", second: "read(w)", echo: "w" };

/** Expected and got of a twice rule: they start alike (`canon(canon(x)) → `), so that a report can
 * point at the first difference. */
export function showTwice(
  verdict: TwiceVerdict,
  steps: TwiceSteps,
  limit = SHOW_LIMIT,
): { expected: string; got: string } {
  if (verdict.second === undefined) {
    return {
      expected: `${steps.first} → canonical JSON`,
      got: `${steps.first} → ${showAnswer(verdict.first, limit)}`,
    };
  }
  return {
    expected: `${steps.second} → ${showBytes(verdict.first.output, limit)} (= ${steps.echo})`,
    got: `${steps.second} → ${showAnswer(verdict.second, limit)}`,
  };
}

/**
 * Decodes UTF-8, writing each byte of an ill-formed sequence as `\xHH`. When `truncated`, a sequence
 * cut by the end of the prefix is dropped rather than shown as invalid: it may be fine in the whole.
 */
function decodeShowingInvalid(bytes: Uint8Array, truncated: boolean): string {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    // Slow path, only for bytes that are not UTF-8: walk them sequence by sequence.
  }
  let out = "";
  let i = 0;
  while (i < bytes.length) {
    const length = utf8SequenceLength(bytes, i);
    if (length > 0) {
      out += strictDecoder.decode(bytes.subarray(i, i + length));
      i += length;
    } else if (length < 0 && truncated) {
      break;
    } else {
      out += `\\x${bytes[i]!.toString(16).toUpperCase().padStart(2, "0")}`;
      i++;
    }
  }
  return out;
}

// How a check writes what it expected and what it got, so that a person reading a report or a record
// can see the difference: text cut to a readable length on a character boundary (with the full
// length and a digest when cut, so two long outputs can still be told apart), and bytes that are not
// UTF-8 shown as \xHH (instead of being silently replaced: they have no code point to show).
// Characters stay as they are, control characters too: every report shows them as ⟨U+XXXX⟩
// (src/escape/visible.ts), so a raw DEL (which RFC 8785 writes raw) reads ⟨U+007F⟩ and can never look
// like an output that spells the text `\x7F`, and a CR/LF reads ⟨U+000D⟩⟨U+000A⟩. Nothing here is
// printed unshown: the record and results.json are JSON, and each report runs showInvisible.
//
// Every text written here is a form other stages read back, written by its writer (src/text-forms).
import { sha256Hex } from "../jcs/index.js";
import { utf8SequenceLength } from "../jcs/utf8.js";
import { cutCodePoints } from "../text.js";
import {
  type TwiceSteps,
  writeAnswerText,
  writeCutBytes,
  writeCutText,
  writePairText,
  writeStepText,
  writeTwiceExpectation,
} from "../text-forms/index.js";
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
  return writeCutBytes({ shown: cut, length: bytes.length, sha256: sha256Hex(bytes) });
}

/** A string cut to `limit` code points, with a note of its full length when cut. */
export function showText(text: string, limit = SHOW_LIMIT): string {
  const cut = cutCodePoints(text, limit);
  return cut === text ? text : writeCutText({ shown: cut, units: text.length });
}

/** An answer as a report states it: the output, `reject: <reason>`, or `failed: <reason>`. */
export function showAnswer(answer: Answer, limit = SHOW_LIMIT): string {
  return writeAnswerText(
    answer.status === "canonical"
      ? { status: "canonical", output: showBytes(answer.output, limit) }
      : { status: answer.status, reason: showText(answer.reason, limit) },
  );
}

/** A pair's answers in the pair form (src/text-forms/pair.ts): one answer when they are the same
 * output, else each. */
export function showPair(verdict: PairVerdict, limit = SHOW_LIMIT): string {
  const a = showAnswer(verdict.a, limit);
  return writePairText(verdict.same ? { both: a } : { a, b: showAnswer(verdict.b, limit) });
}

/** Expected and got of a twice rule, in the step form (src/text-forms/steps.ts): they start alike (the
 * second step's lead), so that a report can point at the first difference. */
export function showTwice(
  verdict: TwiceVerdict,
  steps: TwiceSteps,
  limit = SHOW_LIMIT,
): { expected: string; got: string } {
  if (verdict.second === undefined) {
    return {
      expected: writeTwiceExpectation({ steps }),
      got: writeStepText(steps.first, showAnswer(verdict.first, limit)),
    };
  }
  return {
    expected: writeTwiceExpectation({ steps, own: showBytes(verdict.first.output, limit) }),
    got: writeStepText(steps.second, showAnswer(verdict.second, limit)),
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

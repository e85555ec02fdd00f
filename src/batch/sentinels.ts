// The doubt rule. A batch reads every input one level down; its verdict is the input's own only if
// the implementation canonicalizes a value the same at the top level as nested in an array. That is
// tested at the start of every batched run, not trusted: a few values about the top level (a top-level
// object whose members need sorting, every kind of whitespace around the text, top-level arrays and
// empties, escapes among top-level members) are each asked alone, then all together as one array. If
// any comes back alone as anything but exactly its place in the array's answer, batching is off for the
// run and every request is asked alone. An implementation wrong the same way in both places (a
// number it writes wrongly anywhere) keeps batching: its batches fail, and the inputs they are about
// are asked alone by their checks.
//
// The sentinels bet on nothing but reading at the top level: they hold no fraction, no big or odd
// number (a command that refuses every fraction, as OLPC canonical JSON does, must not lose batching
// for that), and an array answer that is exactly the alone answers joined is their agreement even
// when it cannot be cut into elements (a command that writes invalid JSON the same way everywhere).
// The numbers block's shape (a top-level array of respelled numbers) is tested apart, alone and as an
// array of one: refused (or unanswered) both ways, it says nothing about the top level.
import { ask } from "../ask.js";
import { bytesEqual } from "../bytes.js";
import { showAnswer, showBytes } from "../checks/index.js";
import type { Answer, Canonicalizer } from "../types.js";
import { arrayOf } from "./confirm.js";
import { splitArray } from "./shape.js";

const encoder = new TextEncoder();
/** Characters of an answer the reason shows. */
const SHOWN = 80;

/** Each one valid JSON that a conformant implementation canonicalizes, about the top level; none
 * holds a fraction or a large number, which another defect could refuse. */
export const SENTINELS: readonly string[] = [
  // A top-level object whose members, and whose nested object's members, need sorting.
  '{"b":2,"a":1,"c":{"e":[3,{"g":1,"f":2}],"d":null}}',
  // Every whitespace the generated spellings put around the text, on both sides.
  ' \t\r\n  {"y":"x","x":"y"}\r\n \t\n  ',
  // A top-level array of objects to sort, and empties, between line breaks.
  '\n[{"b":true,"a":false},[],{}]\t',
  "{}",
  "[]",
  // Escapes and the empty name among the top-level members, with spaces inside.
  '{ "b" : "\\u00e9\\"\\\\\\/" , "" : [ 1 , 2 ] , "A" : -1 , "a" : 0 }',
];

/** A numbers block's shape: a top-level array of respelled numbers (file comment). */
export const NUMBERS_SENTINEL = "[1.0,10e-1,-0.5,1E2,5e-1]";

/** Requests the doubt rule makes when the sentinels agree: each alone, then all in one array (two
 * more when the numbers sentinel is not answered alone: the others' array, and it as an array of one). */
export const SENTINEL_REQUESTS = SENTINELS.length + 2;

type Canonical = Extract<Answer, { status: "canonical" }>;

/** Why batching must be off for this implementation, or undefined when the sentinels agree. */
export async function doubtOf(impl: Canonicalizer): Promise<string | undefined> {
  const inputs = [...SENTINELS, NUMBERS_SENTINEL].map((s) => encoder.encode(s));
  const [alone, nested] = await Promise.all([
    Promise.all(inputs.map((input) => ask(impl, input))),
    ask(impl, arrayOf(inputs)),
  ]);
  const numbersAlone = alone.at(-1)!;
  if (numbersAlone.status === "canonical") return disagreement(inputs.length, alone, nested);
  // Refused (or unanswered) alone: the numbers shape is tested apart, and the others without it.
  const numbers = inputs.at(-1)!;
  const [others, numbersNested] = await Promise.all([
    ask(impl, arrayOf(inputs.slice(0, -1))),
    ask(impl, arrayOf([numbers])),
  ]);
  const off = disagreement(SENTINELS.length, alone.slice(0, -1), others);
  if (off !== undefined) return off;
  if (numbersNested.status === "canonical") {
    return `the numbers sentinel ${NUMBERS_SENTINEL} was answered ${showAnswer(numbersAlone, SHOWN)} alone, and ${showAnswer(numbersNested, SHOWN)} in an array of one`;
  }
  return undefined;
}

/** Why `nested`, the answer to the `n` sentinels `alone` answers as one array, disagrees with them. */
function disagreement(n: number, alone: readonly Answer[], nested: Answer): string | undefined {
  // Exactly the alone answers joined: each has its place, whatever they are (even unparseable).
  if (
    nested.status === "canonical" &&
    alone.every((a) => a.status === "canonical") &&
    bytesEqual(nested.output, arrayOf(alone.map((a) => (a as Canonical).output)))
  )
    return undefined;
  const parts = nested.status === "canonical" ? splitArray(nested.output) : null;
  if (parts === null || parts.length !== n) {
    return `the array of the ${n} top-level sentinel values was answered ${showAnswer(nested, SHOWN)}, not as an array of ${n}`;
  }
  for (const [k, answer] of alone.entries()) {
    if (answer.status !== "canonical" || !bytesEqual(answer.output, parts[k]!)) {
      return `sentinel ${k + 1} of ${n} was answered ${showAnswer(answer, SHOWN)} alone, and ${showBytes(parts[k]!, SHOWN)} in an array`;
    }
  }
  return undefined;
}

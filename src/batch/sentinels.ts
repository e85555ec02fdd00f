// The doubt rule. A batch reads every input one level down; its verdict is the input's own only if
// the implementation canonicalizes a value the same at the top level as nested in an array. That is
// tested at the start of every batched run, not trusted: a few values about the top level (a top-level
// object whose members need sorting, every kind of whitespace around the text, top-level arrays and
// empties, the shape of a numbers block) are each asked alone, then all together as one array. If any
// comes back alone as anything but exactly its place in the array's answer, batching is off for the
// run and every request is asked alone. An implementation wrong the same way in both places (a
// number it writes wrongly anywhere) keeps batching: its batches fail, and the inputs they are about
// are asked alone by their checks.
import { ask } from "../ask.js";
import { bytesEqual } from "../bytes.js";
import { showAnswer, showBytes } from "../checks/index.js";
import type { Canonicalizer } from "../types.js";
import { arrayOf } from "./confirm.js";
import { splitArray } from "./shape.js";

const encoder = new TextEncoder();
/** Characters of an answer the reason shows. */
const SHOWN = 80;

/** Each one valid JSON that a conformant implementation canonicalizes, about the top level. */
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
  '{ "b" : "\\u00e9\\"\\\\\\/" , "" : [ 1 , 2 ] , "A" : -1 , "a" : 0.5 }',
  // A numbers block's shape: a top-level array of respelled numbers.
  "[1.0,10e-1,-0.5,1E2,5e-1]",
];

/** Why batching must be off for this implementation, or undefined when the sentinels agree. */
export async function doubtOf(impl: Canonicalizer): Promise<string | undefined> {
  const inputs = SENTINELS.map((s) => encoder.encode(s));
  const alone = await Promise.all(inputs.map((input) => ask(impl, input)));
  const nested = await ask(impl, arrayOf(inputs));
  const parts = nested.status === "canonical" ? splitArray(nested.output) : null;
  if (parts === null || parts.length !== inputs.length) {
    return `the array of the ${inputs.length} top-level sentinel values was answered ${showAnswer(nested, SHOWN)}, not as an array of ${inputs.length}`;
  }
  for (const [k, answer] of alone.entries()) {
    if (answer.status !== "canonical" || !bytesEqual(answer.output, parts[k]!)) {
      return `sentinel ${k + 1} of ${inputs.length} was answered ${showAnswer(answer, SHOWN)} alone, and ${showBytes(parts[k]!, SHOWN)} in an array`;
    }
  }
  return undefined;
}

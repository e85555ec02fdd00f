// `numbers`: generated doubles, sent in blocks (one JSON array per request), each output compared
// with the exact ES6 Number-to-String text RFC 8785 §3.2.2.3 requires. One case stands for many
// numbers, so the result counts them, spells out the first mismatch (input spelling, expected, got)
// and pins the expected text of the whole group by its SHA-256 (over the expected block texts
// concatenated in order), so two runs can be shown to have asked the same thing.
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { ask } from "../ask.js";
import { numberBlocks } from "../corpus/index.js";
import type { Answer, CaseResult, CheckContext, CorpusCase, NumberBlock } from "../types.js";
import { judged } from "./judge.js";
import { answeredExactly } from "./rules.js";
import { showAnswer, showText } from "./show.js";

/** Blocks in flight at once per numbers case: enough to keep a parallel adapter busy, few enough
 * that memory stays bounded whatever the count (blocks are generated lazily). */
const BLOCKS_IN_FLIGHT = 8;

const lenientDecoder = new TextDecoder();

interface Tally {
  numbers: number;
  matched: number;
  /** The first number that did not come back as expected, in generation order. */
  firstMismatch: string | null;
}

/** Judges a numbers case; `blocks` are the case's own (made as they are iterated) unless given. */
export async function judgeNumbers(
  c: Extract<CorpusCase, { kind: "numbers" }>,
  ctx: CheckContext,
  blocks: Iterable<NumberBlock> = numberBlocks(c),
): Promise<CaseResult> {
  const tally: Tally = { numbers: 0, matched: 0, firstMismatch: null };
  const digest = sha256.create();
  const inFlight: { block: NumberBlock; first: number; answer: Promise<Answer> }[] = [];
  let generated = 0;
  for (const block of blocks) {
    digest.update(block.expected);
    inFlight.push({ block, first: generated, answer: ask(ctx.write, block.input) });
    generated += block.count;
    if (inFlight.length >= BLOCKS_IN_FLIGHT) await settle(inFlight.shift()!, tally);
  }
  while (inFlight.length > 0) await settle(inFlight.shift()!, tally);
  return result(c, tally, bytesToHex(digest.digest()));
}

async function settle(
  pending: { block: NumberBlock; first: number; answer: Promise<Answer> },
  tally: Tally,
): Promise<void> {
  const { block, first } = pending;
  const answer = await pending.answer;
  tally.numbers += block.count;
  if (answeredExactly(answer, block.expected)) {
    tally.matched += block.count;
    return;
  }
  const inputs = arrayItems(lenientDecoder.decode(block.input)) ?? [];
  const expected = arrayItems(lenientDecoder.decode(block.expected)) ?? [];
  const got = answer.status === "canonical" ? arrayItems(lenientDecoder.decode(answer.output)) : null;
  if (got === null) {
    // Not an array of numbers at all (a rejection, a crash, other text): the whole block is lost.
    tally.firstMismatch ??= `block of numbers #${first}–#${first + block.count - 1}: ${showAnswer(answer)}`;
    return;
  }
  let mismatched = false;
  for (let k = 0; k < block.count; k++) {
    if (got[k] === expected[k]) tally.matched++;
    else if (!mismatched) {
      mismatched = true;
      tally.firstMismatch ??=
        `number #${first + k}: input ${inputs[k] ?? "?"}, expected ${expected[k] ?? "?"}, ` +
        `got ${got[k] === undefined ? "(missing)" : showText(got[k]!, 60)}`;
    }
  }
  // Every number right but the block still not byte-exact: extra items, or whitespace in the array.
  if (!mismatched) tally.firstMismatch ??= `block of numbers from #${first}: ${showAnswer(answer)}`;
}

/** The items of a one-line JSON array of numbers (numbers hold no commas), or null if not an array. */
function arrayItems(text: string): string[] | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith("[") || !trimmed.endsWith("]")) return null;
  const inner = trimmed.slice(1, -1);
  return inner.trim() === "" ? [] : inner.split(",").map((item) => item.trim());
}

function result(c: CorpusCase, tally: Tally, expectedSha256: string): CaseResult {
  const expected = `${tally.numbers} numbers as ES6 String(n), expected blocks sha256 ${expectedSha256}`;
  const pass = tally.matched === tally.numbers && tally.firstMismatch === null;
  const got = pass
    ? `${tally.matched} of ${tally.numbers} matched`
    : `${tally.matched} of ${tally.numbers} matched; first mismatch: ${tally.firstMismatch}`;
  return judged(c, pass, expected, got);
}

// `numbers`: generated doubles, sent in blocks (one JSON array per request), each output compared
// with the exact ES6 Number-to-String text RFC 8785 §3.2.2.3 requires. A block answered byte for byte
// passes every number in it. A block that is not is narrowed to its culprits, so one fault costs only
// the numbers it is about, and the report names each of them:
//   - an array of the right length: each number is judged in its place;
//   - anything else (a rejection, no answer, a hang, another length): the block is split in halves,
//     each asked on its own (under its own time limit), until the failing numbers stand alone;
//   - every number right but the array's bytes not (whitespace): the block itself is the culprit.
// The narrowing is ./narrow.ts, shared with once-mode batches (src/batch).
// The case's `got` counts the numbers matched, names culprits (input spelling, expected, got) and
// counts each kind of mismatch (numberKind), so a single refused -0 reads as one culprit; the result
// also carries the culprits as data (CaseResult.culprits), which an expected-failures entry can pin.
// Both name every number that got no answer first (a hang among a thousand other mismatches is what
// a user most needs to find), then examples of each other kind, kind by kind, taken in turns so that
// no kind is crowded out by a bigger one (namedCulprits). The expected text of the whole case
// is pinned by its SHA-256 (over the expected block texts concatenated in order), so two runs can be
// shown to have asked the same thing.
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { ask, askBriefly, askPart } from "../ask.js";
import { normalizeReason } from "../causes/cause.js";
import { numberBlocks } from "../corpus/index.js";
import {
  type NumbersCulprit,
  readNotUtf8Reason,
  writeNumbersExpectation,
  writeNumbersGot,
} from "../text-forms/index.js";
import type { Answer, CaseCulprits, CaseResult, CheckContext, CorpusCase, NumberBlock } from "../types.js";
import { judged } from "./judge.js";
import { narrowBatch } from "./narrow.js";
import { answeredExactly } from "./rules.js";
import { showAnswer, showBytes, showText } from "./show.js";

/** Blocks in flight at once per numbers case: enough to keep a parallel adapter busy, few enough
 * that memory stays bounded whatever the count (blocks are generated lazily). */
const BLOCKS_IN_FLIGHT = 8;
/** Culprits other than no-answers the case's `got` spells out; the kinds count every one. */
export const SHOWN_CULPRITS = 10;
/** Culprits other than no-answers the result keeps as data for an expected-failures entry to pin
 * (CaseResult.culprits). */
export const KEPT_CULPRITS = 200;
/** Numbers that got no answer, named before any other culprit in the `got` and in the kept culprits.
 * Each cost a time limit or a process that died, so a run seldom has more; a bound all the same, for
 * a program that dies on every number. */
const NAMED_NO_ANSWERS = 200;

/**
 * How a number came back wrong, as an expected-failures entry pins it:
 *   refused       the number, alone, was rejected
 *   no-answer     no answer for it alone (a hang, a crash by a signal, a lost process)
 *   not-utf-8     an answer for it alone whose bytes are not UTF-8
 *   minus-zero    -0 written for 0
 *   other-value   another number (a rounding or parsing fault)
 *   not-shortest  the same value with more digits than the shortest that round-trips
 *   notation      the same value and digits, written otherwise (exponent form, sign, plain vs exponent)
 *   not-a-number  text that is no JSON number
 *   array         every number right, the array around them not byte for byte (spaces)
 *   not-narrowed  a part of a block (one culprit per part) refused or unanswered as a whole, which the
 *                 sweep's narrowing budget left unsplit, or (where narrowing is bounded) refused for
 *                 a reason SHOWN_CULPRITS numbers were refused for alone: not counted matched
 */
export type NumberKind =
  | "refused"
  | "no-answer"
  | "not-utf-8"
  | "minus-zero"
  | "other-value"
  | "not-shortest"
  | "notation"
  | "not-a-number"
  | "array"
  | "not-narrowed";

const lenientDecoder = new TextDecoder();
const encoder = new TextEncoder();
const NUMBER_TOKEN = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/** One number of a block: where it is in the sweep, how it was sent, what must come back. */
interface Item {
  index: number;
  spelled: string;
  expected: string;
}

interface Culprit {
  index: number;
  spelled: string;
  expected: string;
  /** What came back for it, as a report shows it. */
  got: string;
  kind: NumberKind;
}

interface Tally {
  numbers: number;
  matched: number;
  culprits: Culprit[];
  /** Narrowing requests the sweep may still make where each is a process (undefined: no bound). */
  narrowingLeft: number | undefined;
  /** Where narrowing is bounded: how many numbers were refused alone for each reason (src/causes
   * normalizeReason); a block or a part of one refused for a reason as many numbers as a report names
   * (SHOWN_CULPRITS) were refused for is not narrowed. */
  refusedAlone?: Map<string, number>;
}

/** Where a narrowing request is a process (once mode, http), a sweep spends at most this many on
 * narrowing per block it sends, and at least SWEEP_NARROWING_FLOOR: a command that refuses most
 * numbers would otherwise cost about two processes per number (200,000 for a default sweep). */
const SWEEP_NARROWING_PER_BLOCK = 4;
const SWEEP_NARROWING_FLOOR = 256;
/** ...and at most this many on one block: a few refused numbers (about 20 requests each) or two
 * hangs (about √1,000 + 32 each) are still found one by one. */
const BLOCK_NARROWING = 128;

/** Judges a numbers case; `blocks` are the case's own (made as they are iterated) unless given. */
export async function judgeNumbers(
  c: Extract<CorpusCase, { kind: "numbers" }>,
  ctx: CheckContext,
  blocks: Iterable<NumberBlock> = numberBlocks(c),
): Promise<CaseResult> {
  // Blocks are settled one after another, in order: the budget left for each is the same every run.
  const bounded = ctx.write.canonicalizeAlone === undefined;
  const tally: Tally = {
    numbers: 0,
    matched: 0,
    culprits: [],
    narrowingLeft: bounded
      ? Math.max(SWEEP_NARROWING_FLOOR, SWEEP_NARROWING_PER_BLOCK * Math.ceil(c.count / c.blockSize))
      : undefined,
    ...(bounded ? { refusedAlone: new Map<string, number>() } : {}),
  };
  const digest = sha256.create();
  const inFlight: { block: NumberBlock; first: number; answer: Promise<Answer> }[] = [];
  // Without a budget (lines mode) a block's narrowing spends nothing another's needs, and culprits are
  // listed in generation order whenever they are found: blocks are narrowed side by side, so one
  // block's hangs, each confirmed alone within the full limit, do not hold back the next block's.
  const sideBySide = tally.narrowingLeft === undefined;
  const narrowing: Promise<void>[] = [];
  const settleOldest = async (): Promise<void> => {
    const settled = settle(inFlight.shift()!, tally, ctx);
    if (!sideBySide) return settled;
    narrowing.push(settled);
    if (narrowing.length >= BLOCKS_IN_FLIGHT) await narrowing.shift();
  };
  let generated = 0;
  for (const block of blocks) {
    digest.update(block.expected);
    // A block of several numbers decides no verdict by a time-out: that only narrows it.
    const asked = block.count > 1 ? askBriefly(ctx.write, block.input) : ask(ctx.write, block.input);
    inFlight.push({ block, first: generated, answer: asked });
    generated += block.count;
    if (inFlight.length >= BLOCKS_IN_FLIGHT) await settleOldest();
  }
  while (inFlight.length > 0) await settleOldest();
  await Promise.all(narrowing);
  return result(c, tally, bytesToHex(digest.digest()));
}

async function settle(
  pending: { block: NumberBlock; first: number; answer: Promise<Answer> },
  tally: Tally,
  ctx: CheckContext,
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
  const items = expected.map((e, k) => ({ index: first + k, spelled: inputs[k] ?? "?", expected: e }));
  // Where each narrowing request is a process: a block refused as a whole for a reason that as many
  // numbers refused alone as the got names have shown (a command that refuses every fraction refuses
  // every block) is one culprit, not narrowed: narrowing every block would spend the sweep's budget,
  // about 4 processes a block, only counting the same refusal (issue 36).
  if (explained(tally, answer) && items.length > 0) {
    tally.culprits.push({ ...items[0]!, spelled: "part", got: showAnswer(answer), kind: "not-narrowed" });
    return;
  }
  await narrow(items, answer, tally, ctx);
}

/** Whether `answer` is a refusal for a reason SHOWN_CULPRITS numbers were refused for alone, where
 * narrowing is bounded (./narrow.ts `explained`). */
function explained(tally: Tally, answer: Answer): boolean {
  if (answer.status !== "rejected" || tally.refusedAlone === undefined) return false;
  return (tally.refusedAlone.get(normalizeReason(answer.reason)) ?? 0) >= SHOWN_CULPRITS;
}

/** Attributes a block's inexact `answer` to its numbers, asking halves again where it must
 * (./narrow.ts, the same narrowing as a once-mode batch). */
async function narrow(items: Item[], answer: Answer, tally: Tally, ctx: CheckContext): Promise<void> {
  /** Lines mode: asking alone is possible, and asking is a line in a running process. */
  const pipelined = ctx.write.canonicalizeAlone !== undefined;
  const budget =
    tally.narrowingLeft === undefined ? undefined : Math.min(BLOCK_NARROWING, tally.narrowingLeft);
  let requests = 0;
  await narrowBatch<Item, string>(
    items,
    answer,
    {
      request: (part) => ({
        input: encoder.encode(`[${part.map((i) => i.spelled).join(",")}]`),
        expected: encoder.encode(`[${part.map((i) => i.expected).join(",")}]`),
      }),
      parts: (a) => (a.status === "canonical" ? arrayItems(lenientDecoder.decode(a.output)) : null),
      right: (item, part) => part === item.expected,
      ask: (input, alone, single) => {
        requests++;
        // Lines mode: a number is a request line of its own in the pipeline, where the adapter itself
        // confirms alone the one a hang stops at (src/adapters/command-lines.ts).
        return pipelined && single ? ask(ctx.write, input) : askPart(ctx.write, input, alone, single);
      },
      // Lines mode: a request costs a line, not a process, so a block that got no answer has each of
      // its numbers asked at once, in the pipeline: a hang costs the shorter limit there, a restart,
      // and its own full limit alone, beside the pipeline; no level of parts, each hang a restart.
      oneByOne: pipelined,
      matched: (part) => {
        tally.matched += part.length;
      },
      wrong: (item, a, part, parts) => {
        if (part === undefined && a.status === "rejected" && tally.refusedAlone !== undefined) {
          const reason = normalizeReason(a.reason);
          tally.refusedAlone.set(reason, (tally.refusedAlone.get(reason) ?? 0) + 1);
        }
        tally.culprits.push(
          part === undefined
            ? { ...item, got: showAnswer(a), kind: answerKind(item, a, parts) }
            : { ...item, got: showText(part, 60), kind: numberKind(item.expected, part) },
        );
      },
      // Every number right but the block still not byte-exact: whitespace in the array.
      arrayWrong: (part, a) => {
        const shown = a.status === "canonical" ? showBytes(a.output, 60) : showAnswer(a);
        tally.culprits.push({ ...part[0]!, spelled: "array", got: shown, kind: "array" });
      },
      unplaced: (part, a) => {
        tally.culprits.push({ ...part[0]!, spelled: "part", got: showAnswer(a), kind: "not-narrowed" });
      },
      explained: (a) => explained(tally, a),
    },
    false,
    budget,
  );
  if (tally.narrowingLeft !== undefined) tally.narrowingLeft -= requests;
}

/** The kind of a number that, alone, did not come back as an array of one. */
function answerKind(item: Item, answer: Answer, got: string[] | null): NumberKind {
  if (answer.status === "rejected") return "refused";
  if (answer.status === "failed") return readNotUtf8Reason(answer.reason) ? "not-utf-8" : "no-answer";
  return got?.length === 1 ? numberKind(item.expected, got[0]!) : "not-a-number";
}

/** How `got` differs from `expected`, ES6 String(n) of the same double. */
export function numberKind(expected: string, got: string): NumberKind {
  if (!NUMBER_TOKEN.test(got)) return "not-a-number";
  if (/^-0(?:\.0+)?(?:[eE][+-]?[0-9]+)?$/.test(got) && expected === "0") return "minus-zero";
  if (Number(got) !== Number(expected)) return "other-value";
  return significantDigits(got) > significantDigits(expected) ? "not-shortest" : "notation";
}

/** The significant digits of a JSON number's mantissa. */
function significantDigits(token: string): number {
  const mantissa = token
    .replace(/^-/, "")
    .replace(/[eE].*$/, "")
    .replace(".", "");
  return mantissa.replace(/^0+/, "").replace(/0+$/, "").length;
}

/** The items of a one-line JSON array of numbers (numbers hold no commas), or null if not an array. */
function arrayItems(text: string): string[] | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith("[") || !trimmed.endsWith("]")) return null;
  const inner = trimmed.slice(1, -1);
  return inner.trim() === "" ? [] : inner.split(",").map((item) => item.trim());
}

function showCulprit(c: Culprit): NumbersCulprit {
  if (c.kind === "array" || c.kind === "not-narrowed") return { block: c.index, got: c.got };
  return { index: c.index, input: c.spelled, expected: c.expected, got: c.got };
}

function result(c: CorpusCase, tally: Tally, expectedSha256: string): CaseResult {
  const expected = writeNumbersExpectation(tally.numbers, expectedSha256);
  const summary = { matched: tally.matched, total: tally.numbers, culprits: [], more: 0, kinds: [] };
  if (tally.culprits.length === 0)
    return judged(c, tally.matched === tally.numbers, expected, writeNumbersGot(summary));
  const culprits = tally.culprits.sort((a, b) => a.index - b.index);
  const kinds: Record<string, number> = {};
  for (const culprit of culprits) kinds[culprit.kind] = (kinds[culprit.kind] ?? 0) + 1;
  const shown = namedCulprits(culprits, SHOWN_CULPRITS);
  const got = writeNumbersGot({
    ...summary,
    culprits: shown.map(showCulprit),
    more: culprits.length - shown.length,
    kinds: Object.entries(kinds),
  });
  const pins: CaseCulprits = {
    kinds,
    listed: namedCulprits(culprits, KEPT_CULPRITS).map((x) => ({ id: x.spelled, kind: x.kind })),
  };
  return { ...judged(c, false, expected, got), culprits: pins };
}

/**
 * The culprits to name, from `culprits` in generation order: every one that got no answer first (up
 * to NAMED_NO_ANSWERS), then up to `examples` more, taken in turns from each other kind (in the order
 * the kinds first appear), so that every kind is named with its first examples; each kind's in
 * generation order. With one kind, these are simply its first `examples`.
 */
export function namedCulprits<T extends { kind: string }>(culprits: readonly T[], examples: number): T[] {
  const byKind = new Map<string, T[]>();
  for (const culprit of culprits) {
    const same = byKind.get(culprit.kind) ?? [];
    same.push(culprit);
    byKind.set(culprit.kind, same);
  }
  const noAnswer = (byKind.get("no-answer") ?? []).slice(0, NAMED_NO_ANSWERS);
  byKind.delete("no-answer");
  const others = [...byKind.values()];
  const taken = others.map(() => 0);
  for (let left = examples, turn = 0; left > 0; turn++) {
    const before = left;
    others.forEach((same, k) => {
      if (left > 0 && turn < same.length) {
        taken[k]!++;
        left--;
      }
    });
    if (left === before) break;
  }
  return [...noAnswer, ...others.flatMap((same, k) => same.slice(0, taken[k]))];
}

// Narrowing a batch that was not answered exactly: the one procedure behind a numbers block (one
// JSON array of numbers, ./numbers.ts) and a once-mode batch (one JSON array of whole inputs,
// src/batch). RFC 8785 writes an array element by element, so:
//   - an answer that is an array of as many elements as were sent is judged element by element, each
//     in its place, with no further request;
//   - a rejection or another length splits the items in halves, each asked on its own, until the
//     failing items stand alone;
//   - no answer at all (a hang, a crash, a lost process) is narrowed so that a hang is paid once, not
//     once per level of halving: where asking alone costs a round trip (lines mode: one request at a
//     time in a lane's process, `oneByOne`), each item is asked alone at once, and only the item that
//     hangs costs its time limit; where it costs a process (once mode), the items are split into about
//     √n parts, each asked alone, and a part that again gets no answer has its items asked one by one:
//     n items cost two levels (√n + √n processes, two time limits), not one per halving;
//   - every element right but the array's bytes not (whitespace between them) is the caller's to say.
import type { Answer } from "../types.js";
import { answeredExactly } from "./rules.js";

export interface Narrowing<T, P> {
  /** The request for `items` as one array, and the exact answer it must get. */
  request(items: readonly T[]): { input: Uint8Array; expected: Uint8Array };
  /** The answer cut into its array's elements, or null when it is no array. */
  parts(answer: Answer): P[] | null;
  /** Whether `part` is exactly what `item` must come back as. */
  right(item: T, part: P): boolean;
  /** Asks one request; `alone` after a request that got no answer at all; `single` when it holds one
   * item (its answer may then be that item's verdict: the full time limit). */
  ask(input: Uint8Array, alone: boolean, single: boolean): Promise<Answer>;
  /** Asking alone costs a round trip, not a process (the file's comment). */
  oneByOne?: boolean;
  /** A part of one item is not asked: the caller asks each such item alone itself (a once-mode
   * batch's item is asked by its own check), so asking it here would pay for it twice. */
  leavesSingles?: boolean;
  /** Items found right (in a half answered exactly, or in their place in an array answer). */
  matched(items: readonly T[]): void;
  /** An item found wrong: `part` is what came back in its place, or undefined when it stood alone and
   * its answer was no array of one (`parts` is then how the answer split, if it did). */
  wrong(item: T, answer: Answer, part: P | undefined, parts: P[] | null): void;
  /** Every element right and the answer still not exact (whitespace in the array). */
  arrayWrong(items: readonly T[], answer: Answer): void;
  /** Items of a part answered inexactly as a whole that the budget left no requests to narrow, or
   * refused for a reason already `explained`. */
  unplaced?(items: readonly T[], answer: Answer): void;
  /** With a budget: whether `answer`, a part's, is a refusal for a reason an item refused alone has
   * already shown, so that narrowing the part would only show it again. */
  explained?(answer: Answer): boolean;
}

/** Attributes `answer`, the inexact answer to `items` as one array, to the items (file comment).
 * With a `budget`, at most that many requests are made: each level's parts are all asked first, then
 * the requests left go to the parts answered inexactly (after a refusal to each in turn, in order,
 * else shared equally), so which items stay unplaced (`unplaced`) depends on the answers alone, never
 * on the order they came in. */
export async function narrowBatch<T, P>(
  items: readonly T[],
  answer: Answer,
  n: Narrowing<T, P>,
  /** Whether `items` is already a part split off after an earlier request got no answer. */
  splitAfterNoAnswer = false,
  budget?: number,
): Promise<void> {
  if (judgedInPlace(items, answer, n)) return;
  const alone = answer.status === "failed";
  const parts = split(items, answer, n, splitAfterNoAnswer);
  if (budget !== undefined) {
    const asked = parts.filter((part) => !(part.length === 1 && n.leavesSingles));
    if (asked.length > budget) {
      n.unplaced?.(items, answer);
      return;
    }
    const requests = asked.map((part) => n.request(part));
    const answers = await Promise.all(requests.map((r, k) => n.ask(r.input, alone, asked[k]!.length === 1)));
    const inexact: [T[], Answer][] = [];
    asked.forEach((part, k) => {
      if (answeredExactly(answers[k]!, requests[k]!.expected)) n.matched(part);
      else inexact.push([part, answers[k]!]);
    });
    // A part answered as an array of its length is judged in place, for nothing: the rest is shared
    // among the parts that must be split again.
    const free = ([part, again]: [T[], Answer]) =>
      part.length === 1 || n.parts(again)?.length === part.length;
    const left = budget - asked.length;
    if (answer.status === "rejected") {
      // A refusal's parts are narrowed one after another, in order, each with what those before it
      // left, and a part refused for a reason an item refused alone has already shown is not narrowed
      // (`explained`): an array of which every part is refused (a command refusing every fraction)
      // spends its budget naming refused items, not splitting every part once.
      let spent = 0;
      const counting: Narrowing<T, P> = {
        ...n,
        ask: (input, askAlone, single) => {
          spent++;
          return n.ask(input, askAlone, single);
        },
      };
      for (const p of inexact) {
        if (free(p)) await narrowBatch(p[0], p[1], n, splitAfterNoAnswer, 0);
        else if (n.explained?.(p[1])) n.unplaced?.(p[0], p[1]);
        else await narrowBatch(p[0], p[1], counting, splitAfterNoAnswer, left - spent);
      }
      return;
    }
    const share = Math.floor(left / Math.max(inexact.filter((p) => !free(p)).length, 1));
    await Promise.all(
      inexact.map((p) => narrowBatch(p[0], p[1], n, splitAfterNoAnswer || alone, free(p) ? 0 : share)),
    );
    return;
  }
  await Promise.all(
    parts.map(async (part) => {
      if (part.length === 1 && n.leavesSingles) return;
      const { input, expected } = n.request(part);
      const again = await n.ask(input, alone, part.length === 1);
      if (answeredExactly(again, expected)) n.matched(part);
      else await narrowBatch(part, again, n, splitAfterNoAnswer || alone);
    }),
  );
}

/** Judges `answer` in place when it is an array of as many elements as `items`, or when `items` is one
 * item (then wrong); true when it did, so nothing is left to split. */
function judgedInPlace<T, P>(items: readonly T[], answer: Answer, n: Narrowing<T, P>): boolean {
  const got = n.parts(answer);
  if (got !== null && got.length === items.length) {
    const right: T[] = [];
    let wrong = 0;
    items.forEach((item, k) => {
      if (n.right(item, got[k]!)) right.push(item);
      else {
        wrong++;
        n.wrong(item, answer, got[k]!, got);
      }
    });
    n.matched(right);
    if (wrong === 0) n.arrayWrong(items, answer);
    return true;
  }
  if (items.length === 1) {
    n.wrong(items[0]!, answer, undefined, got);
    return true;
  }
  return false;
}

/** The parts `items` is split into after `answer` (file comment): halves after a refusal or another
 * length; after no answer, about √n parts, or single items where asking alone is a round trip or the
 * items are already a part split off after no answer. */
function split<T, P>(
  items: readonly T[],
  answer: Answer,
  n: Narrowing<T, P>,
  splitAfterNoAnswer: boolean,
): T[][] {
  const size =
    answer.status !== "failed"
      ? Math.ceil(items.length / 2)
      : n.oneByOne || splitAfterNoAnswer
        ? 1
        : // Never the whole again: at most half, so every level narrows.
          Math.min(Math.ceil(Math.sqrt(items.length)), Math.ceil(items.length / 2));
  const parts: T[][] = [];
  for (let at = 0; at < items.length; at += size) parts.push(items.slice(at, at + size));
  return parts;
}

/**
 * The same narrowing, level by level, paying its way: it may spend `allowance` requests, plus one for
 * each item it confirms (`matched`), since each confirmed item is a request its check need not make.
 * A level it cannot afford is not asked: its parts go to `unplaced`. So a batch most of whose items
 * fail (a command that refuses a third of the generated values) is not halved down to every item: it
 * costs at most `allowance` more than asking every item alone, and a batch with a few culprits is
 * narrowed as far as they need. Which parts stay unplaced depends on the answers alone. Returns the
 * requests made.
 */
export async function narrowEarning<T, P>(
  items: readonly T[],
  answer: Answer,
  n: Narrowing<T, P>,
  allowance: number,
): Promise<number> {
  let frontier: { items: readonly T[]; answer: Answer; afterNoAnswer: boolean }[] = [
    { items, answer, afterNoAnswer: false },
  ];
  let spent = 0;
  let earned = 0;
  const matched = n.matched.bind(n);
  const counting: Narrowing<T, P> = {
    ...n,
    matched: (right) => {
      earned += right.length;
      matched(right);
    },
  };
  while (frontier.length > 0) {
    // Each part to split again, and the parts of it to ask: alone after a request that got no answer.
    const splitting: (typeof frontier)[number][] = [];
    const asked: { items: T[]; alone: boolean; afterNoAnswer: boolean }[] = [];
    for (const part of frontier) {
      if (judgedInPlace(part.items, part.answer, counting)) continue;
      splitting.push(part);
      const alone = part.answer.status === "failed";
      for (const sub of split(part.items, part.answer, n, part.afterNoAnswer)) {
        if (sub.length === 1 && n.leavesSingles) continue;
        asked.push({ items: sub, alone, afterNoAnswer: part.afterNoAnswer || alone });
      }
    }
    if (asked.length === 0) break;
    if (spent + asked.length > allowance + earned) {
      for (const part of splitting) n.unplaced?.(part.items, part.answer);
      break;
    }
    const requests = asked.map((part) => n.request(part.items));
    const answers = await Promise.all(
      requests.map((r, k) => n.ask(r.input, asked[k]!.alone, asked[k]!.items.length === 1)),
    );
    spent += asked.length;
    frontier = [];
    asked.forEach((part, k) => {
      if (answeredExactly(answers[k]!, requests[k]!.expected)) counting.matched(part.items);
      else frontier.push({ items: part.items, answer: answers[k]!, afterNoAnswer: part.afterNoAnswer });
    });
  }
  return spent;
}

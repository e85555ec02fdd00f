// Which requests a run will send, found before it sends any: a dry pass of the very checks that will
// judge the cases, each asking a stand-in that answers what the reference answers and starts no
// process. Where the implementation answers as the reference does, the run then asks exactly these
// inputs in exactly this order: a stored case its stored inputs, I1 its input then canon(x), and a
// generated case the draws fast-check makes from the case's seed, which are the same draws while
// nothing fails. Where it does not (a wrong first answer, a shrink), the run asks inputs this pass
// never saw, and those are simply asked alone. The numbers blocks are taken as made, without a pass.
import { checkFor } from "../checks/index.js";
import { numberBlocks, plannedRequests } from "../corpus/index.js";
import { canonicalizeFor } from "../jcs/index.js";
import type { Answer, Canonicalizer, CorpusCase, Profile } from "../types.js";
import { batchForm, kindMayBatch, MAX_ITEM_BYTES } from "./select.js";

/** One input that may travel in a batch, and the canonical bytes the reference gives it. */
export interface BatchItem {
  /** The input's bytes as a map key (latin1: one character per byte). */
  key: string;
  input: Uint8Array;
  expected: Uint8Array;
}

export interface Collected {
  /** The inputs that may travel, each once, in the order the dry pass first asked them. */
  items: BatchItem[];
  /** Requests the run will send whose input is one of `items` (repeats counted). */
  batchable: number;
  /** Requests that will go alone whatever is confirmed: their kind, their input or the bound. */
  alone: number;
}

export interface CollectOptions {
  profile: Profile;
  /** I4's read side is the write side (no read command or URL of its own): its requests count as the
   * write side's. Otherwise they go to the read side, never batched. */
  readIsWrite: boolean;
  /** The most input bytes collected in all (memory stays bounded whatever the counts); requests past
   * it are asked alone. */
  maxBytes: number;
}

/** Latin1 maps each byte to one character and back: a byte string's exact key. */
export function keyOf(input: Uint8Array): string {
  return Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString("latin1");
}

/** The dry pass over `cases` (file comment). */
export async function collectRequests(cases: readonly CorpusCase[], o: CollectOptions): Promise<Collected> {
  const byKey = new Map<string, BatchItem>();
  let bytes = 0;
  const out: Collected = { items: [], batchable: 0, alone: 0 };
  /** Takes `input` as an item when it may travel and the bound allows; true when it is one. */
  const take = (input: Uint8Array, expected: () => Uint8Array | undefined): boolean => {
    const key = keyOf(input);
    if (byKey.has(key)) return true;
    if (bytes + input.length > o.maxBytes) return false;
    const e = expected();
    if (e === undefined) return false;
    const item = { key, input, expected: e };
    byKey.set(key, item);
    out.items.push(item);
    bytes += input.length;
    return true;
  };

  for (const c of cases) {
    // The pass runs beside the requests that need no batch: let their processes' events in.
    await new Promise((resolve) => setImmediate(resolve));
    if (c.notRun !== undefined) continue;
    if (c.kind === "numbers") {
      for (const block of numberBlocks(c)) {
        if (block.input.length <= MAX_ITEM_BYTES && take(block.input, () => block.expected)) out.batchable++;
        else out.alone++;
      }
      continue;
    }
    if (!kindMayBatch(c.kind)) {
      out.alone += plannedRequests(c);
      continue;
    }
    const write = standIn((input, answer) => {
      const form = answer.status === "canonical" ? batchForm(input, o.profile) : undefined;
      if (form && "expected" in form && take(input, () => form.expected)) out.batchable++;
      else out.alone++;
    }, o.profile);
    const read = o.readIsWrite ? write : standIn(() => out.alone++, o.profile);
    try {
      await checkFor(c.kind)(c, { write, read });
    } catch {
      // A check that throws is judged failed by the run; what it asked before travels as listed.
    }
  }
  return out;
}

/** The reference as a Canonicalizer that reports each request it is asked. */
function standIn(seen: (input: Uint8Array, answer: Answer) => void, profile: Profile): Canonicalizer {
  return {
    label: "reference (dry pass)",
    async canonicalize(input) {
      let answer: Answer;
      try {
        answer = { status: "canonical", output: canonicalizeFor(profile, input) };
      } catch (error) {
        answer = { status: "rejected", reason: String(error) };
      }
      seen(input, answer);
      return answer;
    },
    close: async () => {},
  };
}

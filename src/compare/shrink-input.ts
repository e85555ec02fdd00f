// Shrinks a corpus input that shows a disagreement: greedily lifts a nested value out to be the whole
// document, or deletes members and elements (a run of them at once first, halving down to one),
// keeping any change after which the two implementations still disagree the same way. The bytes
// outside what is deleted stay exactly as they were (whitespace, escapes, number spellings), since
// the disagreement may lie in them.
import { type Container, type Span, type Structure, structureOf } from "./structure.js";

/** Values are lifted one by one only in a document this small: each try is a probe. */
const LIFT_ONE_BY_ONE_MAX = 16;

/** Does this candidate still show the disagreement? Each call costs one request to each implementation. */
export type StillDisagrees = (candidate: Uint8Array) => Promise<boolean>;

export interface ShrinkResult {
  input: Uint8Array;
  /** Candidates tried. */
  probes: number;
}

export async function shrinkInput(
  input: Uint8Array,
  stillDisagrees: StillDisagrees,
  budget: number,
): Promise<ShrinkResult> {
  let current = input;
  let probes = 0;
  const tried = new Set<string>();
  const attempt = async (candidate: Uint8Array): Promise<boolean> => {
    const key = Buffer.from(candidate).toString("latin1");
    if (tried.has(key) || probes >= budget) return false;
    tried.add(key);
    probes++;
    return stillDisagrees(candidate);
  };
  let improved = true;
  while (improved && probes < budget) {
    improved = false;
    const structure = structureOf(current);
    if (!structure) break;
    // Nested containers form a chain when the input is deep; if the disagreement lasts from the top
    // down to some depth, a binary search over them finds that depth in a few probes, not one a level.
    const lifts = containerSpans(current, structure);
    const lift = (i: number) => current.slice(lifts[i]!.start, lifts[i]!.end);
    let lo = -1;
    let hi = lifts.length;
    while (hi - lo > 1 && probes < budget) {
      const mid = (lo + hi) >> 1;
      if (await attempt(lift(mid))) lo = mid;
      else hi = mid;
    }
    if (lo >= 0) {
      current = lift(lo);
      improved = true;
      continue;
    }
    for (const candidate of candidatesOf(current, structure)) {
      if (probes >= budget) break;
      if (await attempt(candidate)) {
        current = candidate;
        improved = true;
        break;
      }
    }
  }
  return { input: current, probes };
}

const isContainer = (bytes: Uint8Array, v: Span) => bytes[v.start] === 0x5b || bytes[v.start] === 0x7b;
const bySize = (values: Span[]) => [...values].sort((x, y) => y.end - y.start - (x.end - x.start));

/** Each nested array or object, the biggest first. */
function containerSpans(bytes: Uint8Array, structure: Structure): Span[] {
  return bySize(structure.values.filter((v) => isContainer(bytes, v)));
}

/**
 * Smaller versions of `bytes` after the binary search over lifts has found nothing, the biggest cuts
 * first: runs of children deleted (halving, as delta debugging does, so a block of a thousand numbers
 * takes a few dozen probes, not a thousand); then, once few values are left, each value lifted out
 * to be the whole document, and each scalar made 0.
 */
function* candidatesOf(bytes: Uint8Array, structure: Structure): Generator<Uint8Array> {
  for (const container of structure.containers) {
    const n = container.children.length;
    // A lone nested container is cut down by lifting it out and by deleting its own children; deleting
    // it whole would, in a deep chain, spend a probe on every level.
    if (n === 1 && isContainer(bytes, { start: container.children[0]!.valueStart, end: -1 })) continue;
    for (let size = n; size >= 1; size = size === 1 ? 0 : Math.ceil(size / 2)) {
      for (let first = 0; first < n; first += size) {
        yield withoutChildren(bytes, container, first, Math.min(size, n - first));
      }
    }
  }
  if (structure.values.length > LIFT_ONE_BY_ONE_MAX) return;
  for (const v of containerSpans(bytes, structure)) yield bytes.slice(v.start, v.end);
  const scalars = bySize(structure.values).filter((v) => !isContainer(bytes, v));
  for (const v of scalars) yield bytes.slice(v.start, v.end);
  // A long string or number that plays no part in the disagreement, made the shortest value there is.
  for (const v of scalars) if (v.end - v.start > 1) yield replaced(bytes, v, ZERO);
}

const ZERO = new Uint8Array([0x30]);

function replaced(bytes: Uint8Array, span: Span, by: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length - (span.end - span.start) + by.length);
  out.set(bytes.subarray(0, span.start), 0);
  out.set(by, span.start);
  out.set(bytes.subarray(span.end), span.start + by.length);
  return out;
}

/** `bytes` without `size` children of `container` from `first`, and the comma that separated them. */
function withoutChildren(bytes: Uint8Array, container: Container, first: number, size: number): Uint8Array {
  const children = container.children;
  const last = first + size - 1;
  let cutStart: number;
  let cutEnd: number;
  if (last + 1 < children.length) {
    cutStart = children[first]!.start;
    cutEnd = children[last + 1]!.start;
  } else if (first > 0) {
    cutStart = children[first - 1]!.end;
    cutEnd = children[last]!.end;
  } else {
    cutStart = children[first]!.start;
    cutEnd = children[last]!.end;
  }
  const out = new Uint8Array(bytes.length - (cutEnd - cutStart));
  out.set(bytes.subarray(0, cutStart), 0);
  out.set(bytes.subarray(cutEnd), cutStart);
  return out;
}

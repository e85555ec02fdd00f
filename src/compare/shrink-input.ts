// Shrinks a corpus input that shows a disagreement: greedily deletes members and elements (a run of
// them at once first, halving down to one), or replaces the whole document by one of its values,
// keeping any change after which the two implementations still disagree the same way. The bytes
// outside what is deleted stay exactly as they were (whitespace, escapes, number spellings), since
// the disagreement may lie in them.
import { type Container, type Span, structureOf } from "./structure.js";

/** Scalars are tried alone only in a document this small: each try is a probe. */
const SCALAR_HOIST_MAX = 16;

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
    for (const candidate of candidatesOf(current)) {
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

/**
 * Smaller versions of `bytes`, the biggest cuts first: a nested array or object as the whole document,
 * then runs of children deleted (halving, as delta debugging does, so a block of a thousand numbers
 * takes a few dozen probes, not a thousand), then, once few values are left, a scalar alone.
 */
function* candidatesOf(bytes: Uint8Array): Generator<Uint8Array> {
  const structure = structureOf(bytes);
  if (!structure) return;
  const bySize = [...structure.values].sort((x, y) => y.end - y.start - (x.end - x.start));
  const isContainer = (v: Span) => bytes[v.start] === 0x5b || bytes[v.start] === 0x7b;
  for (const v of bySize) if (isContainer(v)) yield bytes.slice(v.start, v.end);
  for (const container of structure.containers) {
    const n = container.children.length;
    for (let size = n; size >= 1; size = size === 1 ? 0 : Math.ceil(size / 2)) {
      for (let first = 0; first < n; first += size) {
        yield withoutChildren(bytes, container, first, Math.min(size, n - first));
      }
    }
  }
  if (structure.values.length > SCALAR_HOIST_MAX) return;
  for (const v of bySize) if (!isContainer(v)) yield bytes.slice(v.start, v.end);
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

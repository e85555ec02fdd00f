// Case names: a case as the record names it, `<suite>/<name>`, and the names of a swept suite's
// cases, a range of the sweep `seed-S/FROM-TO` (zero-padded), written by the corpus (numbers and
// generated) and read back by the aggregate to join shards into whole sweeps.

/** Part of a swept suite: indices `from`..`to` (inclusive) of the sweep drawn from run seed `seed`. */
export interface SweptRange {
  seed: number;
  from: number;
  to: number;
}

/** How many digits a range's indices are padded to: `minimum`, or more for a sweep of `total`. */
export function rangeWidth(total: number, minimum: number): number {
  return Math.max(minimum, String(Math.max(total - 1, 0)).length);
}

/** `seed-S/FROM-TO`, both indices zero-padded to `width` digits. */
export function writeRangeName(range: SweptRange, width: number): string {
  const pad = (i: number) => String(i).padStart(width, "0");
  return `seed-${range.seed}/${pad(range.from)}-${pad(range.to)}`;
}

const RANGE = /^seed-(\d+)\/(\d+)-(\d+)$/;

/** The range `text` names, or undefined when it names none (or a range that ends before it starts). */
export function readRangeName(text: string): SweptRange | undefined {
  const match = RANGE.exec(text);
  if (!match) return undefined;
  const [seed, from, to] = [match[1]!, match[2]!, match[3]!].map(Number) as [number, number, number];
  if (![seed, from, to].every(Number.isSafeInteger) || from > to) return undefined;
  return { seed, from, to };
}

/** A case as the record names it: `<suite>/<name>`. */
export function recordCaseName(suite: string, name: string): string {
  return `${suite}/${name}`;
}

/** The suite and case a record case name states: split at the first `/` (a suite's name holds none);
 * a name without one is all suite. */
export function readRecordCaseName(text: string): { suite: string; name: string } {
  const slash = text.indexOf("/");
  return slash < 0 ? { suite: text, name: "" } : { suite: text.slice(0, slash), name: text.slice(slash + 1) };
}

/** A generated case's name within its suite: `<property>/<range>`, one sweep per property. */
export function generatedCaseName(property: string, range: string): string {
  return `${property}/${range}`;
}

/** A record case of a sweep: `numbers/seed-S/F-T`, or `generated/<property>/seed-S/F-T` (one sweep
 * per property). */
export interface SweptCaseName extends SweptRange {
  /** `numbers`, or `generated/<property>`. */
  sweep: string;
}

const SWEEP = /^(numbers|generated\/[^/]+)\/(.*)$/s;

/** The sweep and range a record case name states, or undefined when it states none. */
export function readSweptCaseName(name: string): SweptCaseName | undefined {
  const match = SWEEP.exec(name);
  const range = match ? readRangeName(match[2]!) : undefined;
  return range && { sweep: match![1]!, ...range };
}

// Shards of one run (issue 7 item 4): a record's `suite` states the run's parameters
// (`rfc8785:jcs,numbers numbers=300000 shard=2/3 seed=1`, src/text-forms/suite.ts recordSuite). Shards of
// one run differ only in `shard=K/N`, so that parameter is left out of what makes records one
// implementation; the shards found must then be 1..N of one N, each once. The totals the suite
// states (`numbers=N`, `generated=R`, `seed=S`) say what the joined sweeps must cover. The suite's
// form is read with src/text-forms/suite.ts, where it is written.

import { PROPERTIES } from "../corpus/index.js";
import { parseRecordSuite, readShardWord, readWholeNumber } from "../text-forms/index.js";
import type { ConformResult, Shard } from "../types.js";
import { TOOL_NAME, TOOL_VERSION } from "../version.js";
import type { ShardCoverage } from "./types.js";

/** What a record's `suite` says about the run it came from. */
export interface SuiteShape {
  /** The suite without its `shard=K/N` parameter: what the shards of one run share. */
  joined: string;
  /** The shard the record is, or null for an unsharded run (or a suite that does not read). */
  shard: Shard | null;
  /** The suites it names (empty when the suite does not read). */
  suites: string[];
  /** `numbers=N`, `generated=R` and `seed=S` when the suite states them. */
  numbers?: number;
  generated?: number;
  seed?: number;
}

export function suiteShape(suite: string): SuiteShape {
  const parsed = parseRecordSuite(suite);
  // A suite that does not read is kept whole: such records join only records with the same text.
  if (parsed === undefined) return { joined: suite, shard: null, suites: [] };
  const words = suite.split(" ");
  const shardWord = words.find((w) => readShardWord(w) !== undefined);
  const shard = shardWord === undefined ? undefined : readShardWord(shardWord);
  const valid = shard !== undefined && shard.index >= 1 && shard.index <= shard.count;
  const shape: SuiteShape = {
    // A shard word that names no shard (0/3, 4/3) stays in: that record stands alone.
    joined: valid ? words.filter((w) => w !== shardWord).join(" ") : suite,
    shard: valid ? shard : null,
    suites: parsed.suites,
  };
  const numbers = readWholeNumber(parsed.parameters.numbers);
  const generated = readWholeNumber(parsed.parameters.generated);
  const seed = readWholeNumber(parsed.parameters.seed);
  if (numbers !== undefined) shape.numbers = numbers;
  if (generated !== undefined) shape.generated = generated;
  if (seed !== undefined) shape.seed = seed;
  return shape;
}

/**
 * The sweeps a run with this suite must hold, each with its stated total: `numbers` when it ran N > 0
 * numbers, and each generated property when it ran R > 0 runs. The properties are known only for
 * records this very tool version wrote (another version may have others); for other records a
 * property is expected only when some shard holds it, which the caller adds.
 */
export function expectedSweeps(
  shape: SuiteShape,
  toolchain: ConformResult["toolchain"],
): Map<string, number> {
  const out = new Map<string, number>();
  if (shape.suites.includes("numbers") && shape.numbers !== undefined && shape.numbers > 0)
    out.set("numbers", shape.numbers);
  if (
    shape.suites.includes("generated") &&
    shape.generated !== undefined &&
    shape.generated > 0 &&
    toolchain.name === TOOL_NAME &&
    toolchain.version === TOOL_VERSION
  ) {
    for (const p of PROPERTIES) out.set(`generated/${p.name}`, shape.generated);
  }
  return out;
}

/** How the records of one implementation form shards 1..N, or null when none of them is a shard. */
export function shardCoverage(
  records: readonly { source: string; shard: Shard | null }[],
): ShardCoverage | null {
  const sharded = records.filter((r): r is { source: string; shard: Shard } => r.shard !== null);
  if (sharded.length === 0) return null;
  const problems: string[] = [];
  const counts = [...new Set(sharded.map((r) => r.shard.count))].sort((a, b) => a - b);
  if (counts.length > 1)
    problems.push(`the shards are of different runs' sizes: ${counts.map((n) => `of ${n}`).join(", ")}`);
  const whole = records.filter((r) => r.shard === null).map((r) => r.source);
  if (whole.length > 0)
    problems.push(
      `${whole.length === 1 ? "a record that is" : "records that are"} not a shard joined the shards: ${whole.join(", ")}`,
    );

  const count = Math.max(...counts);
  const byIndex = new Map<number, string[]>();
  for (const r of sharded) byIndex.set(r.shard.index, [...(byIndex.get(r.shard.index) ?? []), r.source]);
  const missing: number[] = [];
  const doubled: { index: number; sources: string[] }[] = [];
  for (let index = 1; index <= count; index++) {
    const sources = byIndex.get(index) ?? [];
    if (sources.length === 0) missing.push(index);
    if (sources.length > 1) doubled.push({ index, sources });
  }
  return {
    count: counts.length === 1 ? count : null,
    shards: sharded
      .map((r) => ({ index: r.shard.index, count: r.shard.count, source: r.source }))
      .sort((a, b) => a.index - b.index || a.count - b.count),
    missing,
    doubled,
    problems,
    complete: missing.length === 0 && doubled.length === 0 && problems.length === 0,
  };
}

/** `shards 1-3 of 3, each once`, or what is missing, doubled and wrong. */
export function shardLine(coverage: ShardCoverage): string {
  const n = coverage.count ?? Math.max(...coverage.shards.map((s) => s.count));
  if (coverage.complete) return `shards: 1-${n} of ${n}, each once`;
  const parts: string[] = [];
  if (coverage.missing.length > 0)
    parts.push(`missing ${coverage.missing.map((k) => `${k}/${n}`).join(", ")}`);
  for (const d of coverage.doubled)
    parts.push(`${d.index}/${n} is in ${d.sources.length} records (${d.sources.join(", ")})`);
  parts.push(...coverage.problems);
  return `shards: NOT 1-${n} of ${n} each once: ${parts.join("; ")}`;
}

// `--shard K/N` (issue 7 item 4): a matrix of N jobs splits the numbers sweep and the generated
// cases, each job taking a contiguous slice of the cases a whole run would make. Cases keep their
// whole-run names (global indices), so the shards' cases together are exactly the whole run's, each
// once. The stored suites are small and run in every shard, so each shard's record is a complete
// verdict on them and a shard can be rerun alone.
import type { Shard } from "../types.js";

/** Shard K's part of `items`: items [floor((K-1)·L/N), floor(K·L/N)). All of them without a shard. */
export function shardSlice<T>(items: readonly T[], shard: Shard | undefined): T[] {
  if (!shard) return [...items];
  const start = Math.floor(((shard.index - 1) * items.length) / shard.count);
  const end = Math.floor((shard.index * items.length) / shard.count);
  return items.slice(start, end);
}

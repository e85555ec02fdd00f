// ParseOptions with their defaults applied and checked once, when a parse starts. A bad option is
// the caller's programming error (RangeError), not a property of the input (JcsError).
import { DEFAULT_MAX_DEPTH, type ParseOptions } from "./types.js";

export interface ResolvedOptions {
  ignoreBom: boolean;
  rejectBigIntegers: boolean;
  maxDepth: number;
}

export function resolveOptions(options: ParseOptions = {}): ResolvedOptions {
  const bom = options.bom ?? "reject";
  const big = options.bigIntegers ?? "round";
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (bom !== "reject" && bom !== "ignore")
    throw new RangeError(`bom must be "reject" or "ignore", got ${bom}`);
  if (big !== "round" && big !== "reject") {
    throw new RangeError(`bigIntegers must be "round" or "reject", got ${big}`);
  }
  if (typeof maxDepth !== "number" || !(maxDepth >= 0)) {
    throw new RangeError(`maxDepth must be a number >= 0, got ${maxDepth}`);
  }
  return { ignoreBom: bom === "ignore", rejectBigIntegers: big === "reject", maxDepth };
}

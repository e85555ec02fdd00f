// The corpus as a differential run sees it: every input any case sends, named after its case. The
// expectations do not matter here (the reference judges), only the bytes each implementation gets.
import { numberBlocks } from "../corpus/index.js";
import { recordCaseName } from "../text-forms/index.js";
import type { CorpusCase } from "../types.js";
import type { CompareInput } from "./types.js";

export interface CorpusInputsOptions {
  /** Also send the generated numbers blocks (each a JSON array of many doubles). Default false. */
  numbers?: boolean;
}

/** Each input of `cases` in corpus order: a pair case's two inputs as `[input 1]` and `[input 2]`. */
export function* corpusInputs(
  cases: Iterable<CorpusCase>,
  options: CorpusInputsOptions = {},
): Generator<CompareInput> {
  for (const c of cases) {
    const name = recordCaseName(c.suite, c.name);
    switch (c.kind) {
      case "canon-or-reject":
        yield { name, input: c.input, either: c.expected };
        break;
      case "canon":
      case "reject":
      case "idempotent":
      case "roundtrip":
        yield { name, input: c.input };
        break;
      case "equal":
      case "differ":
        yield { name: `${name} [input 1]`, input: c.a };
        yield { name: `${name} [input 2]`, input: c.b };
        break;
      case "numbers":
        if (!options.numbers) break;
        {
          let k = 0;
          for (const block of numberBlocks(c)) yield { name: `${name} block ${++k}`, input: block.input };
        }
        break;
      case "consistent-choice":
        // Its members are canon-or-reject cases of their own, whose inputs are sent there.
        break;
      case "property":
        // A generated property draws its inputs while it runs; the differential run's own generated
        // stream (compareImplementations' `generated`) stands in for it.
        break;
      default:
        throw new Error(
          `corpusInputs: no inputs known for case kind ${JSON.stringify((c satisfies never as CorpusCase).kind)}`,
        );
    }
  }
}

/** How many inputs corpusInputs(cases, options) yields, without making any numbers block: a numbers
 * case sends count / blockSize blocks, rounded up. */
export function corpusInputCount(cases: Iterable<CorpusCase>, options: CorpusInputsOptions = {}): number {
  let count = 0;
  for (const c of cases) {
    if (c.kind === "equal" || c.kind === "differ") count += 2;
    else if (c.kind === "numbers") {
      if (options.numbers) count += Math.ceil(c.count / c.blockSize);
    } else if (c.kind !== "property" && c.kind !== "consistent-choice") count += 1;
  }
  return count;
}

// Which case sent each request, so that a report can name the case a lines-mode command died on
// (docs/protocol.md, "A process that ends mid-run"). The adapter keeps the very bytes object a
// request was asked with; every case is judged inside a context of its own (AsyncLocalStorage), and
// each request asked in that context is remembered with the case's name, by identity: a check's
// narrowing and re-asking all happen inside its case's context, and two cases that send equal bytes
// are still told apart.
import { AsyncLocalStorage } from "node:async_hooks";
import { recordCaseName } from "../text-forms/index.js";
import type { Canonicalizer, CaseResult, CorpusCase } from "../types.js";

export interface RequestCases {
  /** `impl`, remembering the case of every request asked through it. */
  wrap(impl: Canonicalizer): Canonicalizer;
  /** Judges case `c` inside its context (RunCasesOptions.around). */
  around(c: CorpusCase, judge: () => Promise<CaseResult>): Promise<CaseResult>;
  /** The case (`suite/name`) that asked `input`, if one did (the setup probe is no case's). */
  caseOf(input: Uint8Array): string | undefined;
}

export function requestCases(): RequestCases {
  const current = new AsyncLocalStorage<string>();
  const sentBy = new WeakMap<Uint8Array, string>();
  const note = (input: Uint8Array): Uint8Array => {
    const name = current.getStore();
    if (name !== undefined) sentBy.set(input, name);
    return input;
  };
  return {
    wrap: (impl) => {
      const { canonicalizeAlone: alone, canonicalizeBriefly: briefly } = impl;
      return {
        label: impl.label,
        canonicalize: (input) => impl.canonicalize(note(input)),
        ...(alone ? { canonicalizeAlone: (input: Uint8Array) => alone.call(impl, note(input)) } : {}),
        ...(briefly ? { canonicalizeBriefly: (input: Uint8Array) => briefly.call(impl, note(input)) } : {}),
        close: () => impl.close(),
      };
    },
    around: (c, judge) => current.run(recordCaseName(c.suite, c.name), judge),
    caseOf: (input) => sentBy.get(input),
  };
}

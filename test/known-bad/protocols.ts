// One verdict per case whatever the protocol (issue 20): a known-bad judged through lines-mode and
// once-mode commands fails exactly the cases it fails when each case is judged in this process. The
// slow test (protocols.slow.test.ts) uses this.
import assert from "node:assert/strict";
import { casesForLines } from "../../src/adapters/index.js";
import { runCases } from "../../src/checks/index.js";
import { loadCorpus } from "../../src/corpus/index.js";
import { referenceCanonicalizer } from "../../src/jcs/canonicalizer.js";
import { canonicalizersOf } from "../../src/known-bad/index.js";
import type { KnownBad } from "../../src/known-bad/types.js";
import { knownBadCommands, type Launcher, referenceCommand } from "../../src/known-bad/via-command.js";
import type { Canonicalizer, CaseResult, CorpusCase } from "../../src/types.js";
import { implScript } from "../helpers/dist.js";

export type Protocol = "once" | "lines";

/**
 * The tests' bundle of the CLI's `canonicalize` and `known-bad` commands (test/helpers/impl.ts): these
 * tests are about the protocols, not the CLI around the commands, and it starts in about half the CPU
 * of the whole CLI bundle (a plain node start is several times quicker than one through tsx). The
 * CLI bundle itself serves known-bads to the adapters in ./via-command.slow.test.ts.
 */
export const launcher = (): Launcher => ({ node: process.execPath, execArgv: [], script: implScript() });

/** What a run shows of a case: its verdict and, for a sweep, the culprits it names. */
export interface Verdict {
  pass: boolean;
  culprits?: string[];
}

export type Verdicts = Record<string, Verdict>;

/** The verdicts of `cases` judged by `write` (and `read`), by `suite/name`. */
export async function verdicts(
  cases: CorpusCase[],
  write: Canonicalizer,
  read: Canonicalizer = write,
): Promise<Verdicts> {
  let results: CaseResult[];
  try {
    results = await runCases(cases, { write, read }, { concurrency: 64 });
  } finally {
    await Promise.all([write.close(), read === write ? undefined : read.close()]);
  }
  return Object.fromEntries(
    results.map((r) => [
      `${r.suite}/${r.name}`,
      r.culprits
        ? { pass: r.pass, culprits: r.culprits.listed.map((c) => `${c.id} ${c.kind}`) }
        : { pass: r.pass },
    ]),
  );
}

/** A known-bad (or the reference, `bad` undefined) judged in this process, case by case. */
export function inProcess(cases: CorpusCase[], bad: KnownBad | undefined): Promise<Verdicts> {
  if (bad === undefined) return verdicts(cases, referenceCanonicalizer());
  const { write, read } = canonicalizersOf(bad);
  return verdicts(cases, write, read);
}

/** The same through the command adapters, sending each case as a run of `protocol` sends it. */
export function viaCommand(
  cases: CorpusCase[],
  bad: KnownBad | undefined,
  protocol: Protocol,
  timeoutMs: number,
): Promise<Verdicts> {
  const via = { protocol, jobs: 2, launcher: launcher(), timeoutMs };
  const sent = protocol === "lines" ? casesForLines(cases) : cases;
  if (bad === undefined) return verdicts(sent, referenceCommand(via));
  const { write, read } = knownBadCommands(bad, via);
  return verdicts(sent, write, read);
}

/** The failed cases of `v`, with a sweep's culprits: what the protocols must agree on. */
export function failures(v: Verdicts): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(v)
      .filter(([, x]) => !x.pass)
      .map(([name, x]) => [name, x.culprits ?? []]),
  );
}

/** Asserts that every protocol gives `bad` the verdicts it has in this process. */
export async function assertSameVerdicts(
  cases: CorpusCase[],
  bad: KnownBad | undefined,
  protocols: Protocol[],
  timeoutMs: number,
): Promise<Record<string, string[]>> {
  const name = bad?.name ?? "the reference";
  const expected = failures(await inProcess(cases, bad));
  for (const protocol of protocols) {
    const got = failures(await viaCommand(cases, bad, protocol, timeoutMs));
    assert.deepEqual(got, expected, `${name} in ${protocol} mode fails other cases than in process`);
  }
  return expected;
}

/** A sample of the corpus: the first `perKind` cases of each kind, every case whose name matches
 * `also`, and the numbers sweep of `numbers` numbers (from number `numbersFrom` on, when given) in
 * blocks of `blockSize`. */
export async function sample(options: {
  perKind: number;
  also?: RegExp;
  numbers: number;
  numbersFrom?: number;
  blockSize: number;
  generatedRuns?: number;
}): Promise<CorpusCase[]> {
  const suites = ["jcs", "reject", "canon-or-reject", "invariants", "numbers"] as const;
  const corpus = await loadCorpus({
    suites: options.generatedRuns ? [...suites, "generated"] : [...suites],
    profile: "rfc8785",
    numbers: options.numbers,
    ...(options.generatedRuns ? { generatedRuns: options.generatedRuns } : {}),
  });
  const taken = new Map<string, number>();
  return corpus.cases.flatMap((c): CorpusCase[] => {
    if (c.kind === "numbers") {
      const from = options.numbersFrom ?? c.from;
      return [{ ...c, from, count: c.to - from + 1, blockSize: options.blockSize }];
    }
    const n = taken.get(c.kind) ?? 0;
    const wanted = n < options.perKind || options.also?.test(`${c.suite}/${c.name}`);
    if (!wanted) return [];
    taken.set(c.kind, n + 1);
    return [c];
  });
}

// Signed records and their results for the HTML pages' tests: real runs in this process (the reference
// and known-bads over the corpus), hand-built ones, and hostile ones whose every field tries to break out.
import { runCases } from "../../../src/checks/run-cases.js";
import { loadCorpus } from "../../../src/corpus/index.js";
import { referenceCanonicalizer } from "../../../src/jcs/canonicalizer.js";
import { canonicalizersOf, knownBad } from "../../../src/known-bad/index.js";
import { buildRecord, recordBytes, signingKey, signRecord } from "../../../src/record/index.js";
import type { ReportCase } from "../../../src/report/html/index.js";
import { recordCaseName, writeAnswerText, writeExpectedAnswer } from "../../../src/text-forms/index.js";
import { type CaseResult, type ConformResult, SUITES } from "../../../src/types.js";

export const KEY = signingKey("supplied", new Uint8Array(32).fill(0x42));
export const OTHER_PUBKEY = signingKey("supplied", new Uint8Array(32).fill(0x43)).publicKey;

export interface SignedRun {
  record: ConformResult;
  bytes: Uint8Array;
  results: ReportCase[];
}

export interface RunShape {
  name?: string;
  impl?: string;
  files?: { path: string; sha256: string }[];
  suite?: string;
}

/** A signed record of `results`, as a run writes it. */
export function signedRun(results: ReportCase[], shape: RunShape = {}): SignedRun {
  const unsigned = buildRecord({
    suite:
      shape.suite ?? "rfc8785:jcs,reject,canon-or-reject,invariants,numbers,generated numbers=1000 seed=1",
    standard: "2026.12.0",
    toolchain: { name: "canon-conformance", version: "0.1.0" },
    corpus: { dir: "vectors", files: 808, digest: `sha256:${"ab".repeat(32)}` },
    implementation: {
      adapter: "command",
      impl: shape.impl ?? "python3 canon.py --lines",
      name: shape.name ?? "example",
      version: "1.0",
      files: shape.files ?? [
        { path: "/usr/bin/python3", sha256: "11".repeat(32) },
        { path: "canon.py", sha256: "22".repeat(32) },
      ],
    },
    startedAt: new Date("2026-12-01T10:20:30Z"),
    cases: results.map((r) => ({
      name: recordCaseName(r.suite, r.name),
      pass: r.pass,
      expected: r.expected,
      got: r.got,
    })),
    key: "supplied",
  });
  const record = signRecord(unsigned, KEY);
  return { record, bytes: recordBytes(record), results };
}

let corpusCache: Awaited<ReturnType<typeof loadCorpus>> | undefined;

/** The whole corpus with a short numbers sweep, loaded once. */
export async function corpus() {
  corpusCache ??= await loadCorpus({
    suites: [...SUITES],
    profile: "rfc8785",
    numbers: 1000,
    generatedRuns: 50,
  });
  return corpusCache;
}

const judgedCache = new Map<string | null, Promise<CaseResult[]>>();

/** The corpus judged in this process against the reference (null) or a known-bad; each once a
 * process (the results are the same every time), a fresh array each call. */
export async function judged(bad: string | null): Promise<CaseResult[]> {
  let results = judgedCache.get(bad);
  if (results === undefined) {
    results = corpus().then(({ cases }) => {
      const impl = bad === null ? { write: referenceCanonicalizer() } : canonicalizersOf(knownBad(bad));
      return runCases(cases, { write: impl.write, read: impl.read ?? impl.write }, { concurrency: 32 });
    });
    judgedCache.set(bad, results);
  }
  return [...(await results)];
}

/** Every way text can try to leave its place in a page: markup, script ends, comments, URLs,
 * line and paragraph separators, bidi controls, lone surrogates, and what a check shows for bytes
 * that are not UTF-8. Each payload sets window.__pwned if it ever runs. */
export const HOSTILE = [
  "</script><script>window.__pwned=1</script>",
  '<img src=x onerror="window.__pwned=1">',
  "\"'><svg onload=window.__pwned=1>",
  "javascript:window.__pwned=1",
  '<a href="javascript:window.__pwned=1">x</a>',
  "<!-- <script>window.__pwned=1</script> -->",
  "<style>body{display:none}</style>",
  "</pre></dd></dl></details></section></main><h1>forged</h1>",
  "\u2028\u2029",
  "\u202eevil\u202c\u200b\ufeff",
  "lone \ud800 high",
  "\\xC3\\x28 \\xFF not UTF-8",
  "&lt;b&gt; &amp;",
  "x".repeat(3000),
].join(" ");

/** One hostile case of each kind the page shows: a failed canon case, a refusal, an acceptance. */
export function hostileResults(): ReportCase[] {
  const base = { why: `why ${HOSTILE}`, source: `source ${HOSTILE}`, input: `input ${HOSTILE}` };
  return [
    {
      suite: "jcs",
      name: `hostile-${HOSTILE}`,
      kind: "canon",
      pass: false,
      expected: `expected ${HOSTILE}`,
      got: `got ${HOSTILE}`,
      ...base,
    },
    {
      suite: "jcs",
      name: "refused",
      kind: "canon",
      pass: false,
      expected: "[1]",
      got: writeAnswerText({ status: "rejected", reason: HOSTILE }),
      ...base,
    },
    {
      suite: "reject",
      name: "accepted",
      kind: "reject",
      pass: false,
      expected: writeExpectedAnswer({ status: "rejected" }),
      got: HOSTILE,
      ...base,
    },
    { suite: "jcs", name: "passes", kind: "canon", pass: true, expected: "[1]", got: "[1]", ...base },
  ];
}

/** A hostile run: every string of the record (names, command line, paths, cases) is hostile. */
export function hostileRun(): SignedRun {
  return signedRun(hostileResults(), {
    name: `name ${HOSTILE}`,
    impl: `impl ${HOSTILE}`,
    files: [{ path: `path ${HOSTILE}`, sha256: "33".repeat(32) }],
    // The suite is the one member a writer does not repair: RFC 8785 cannot write a lone surrogate.
    suite: `rfc8785:jcs ${HOSTILE.replace("\ud800", "")}`,
  });
}

/** A record with `count` failed cases, whose reasons vary the way real ones do. */
export function manyFailures(count: number): SignedRun {
  const results: ReportCase[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 4;
    results.push({
      suite: "generated",
      name: `case-${String(i).padStart(5, "0")}`,
      kind: "canon",
      pass: false,
      expected: `{"a":[${i},"caf\u00e9"]}`,
      got:
        kind === 0
          ? `{"a":[${i},"caf\\u00e9"]}`
          : kind === 1
            ? writeAnswerText({ status: "rejected", reason: `unexpected character at byte ${i}` })
            : kind === 2
              ? writeAnswerText({ status: "failed", reason: `timed out after ${10000 + i} ms` })
              : `{"a":[${i + 0.5},"café"]}`,
      why: "a generated case",
      source: "RFC 8785 §3.2",
    });
  }
  return signedRun(results);
}

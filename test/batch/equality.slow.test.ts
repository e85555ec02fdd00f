// Batches change no verdict, through real processes: the reference, five known-bads (as once-mode
// commands, `canon-conformance known-bad NAME`) and the Python example, over a sample of
// every kind of the corpus, fail exactly the same cases with once mode's batches as asked a request at
// a time, each with the same `expected` and `got`: a process per request for the Python example and the
// known-bads whose faults are a process's (a hang, a crash), the rest judged in this process (which the
// in-process and protocol tests hold equal to their commands). The fast suite holds every known-bad to it over
// the whole corpus in this process (./equality-in-process.slow.test.ts).
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { createCanonicalizer } from "../../src/adapters/index.js";
import { liveGroupCount } from "../../src/adapters/process-group.js";
import { prepareBatches } from "../../src/batch/index.js";
import { runCases } from "../../src/checks/index.js";
import { reasonOf } from "../../src/commands/serve-protocol.js";
import { inProcessCanonicalizer, referenceCanonicalizer } from "../../src/jcs/canonicalizer.js";
import { KNOWN_BADS } from "../../src/known-bad/index.js";
import type { KnownBad } from "../../src/known-bad/types.js";
import { knownBadCommands, referenceCommand } from "../../src/known-bad/via-command.js";
import type { Canonicalizer, CaseResult, CorpusCase } from "../../src/types.js";
import { launcher, sample } from "../known-bad/protocols.js";

after(() => assert.equal(liveGroupCount(), 0, "every process group was killed"));

/** Long enough for a loaded machine to start node for a request; what a hang costs per request. */
const TIME_LIMIT_MS = 4000;

let cases: CorpusCase[];
// Small: every request is a node start, twice per known-bad (with batches and without).
const loaded = sample({
  perKind: 1,
  // Top-level whitespace, a case a hang is about (a failing batch), nesting kept alone, a top-level
  // object to sort, a control character and a non-ASCII one to escape.
  also: /ws-around-top-level|subnormal-1e-320|nesting-100$|sort-simple|control-u001f|latin1-raw/,
  numbers: 40,
  blockSize: 20,
  generatedRuns: 2,
}).then((c) => {
  cases = c;
});

type Sides = { write: Canonicalizer; read?: Canonicalizer };

/** Each case's verdict as a line. */
async function judged(sides: Sides, batched: boolean): Promise<{ lines: string[]; off?: string }> {
  let write = sides.write;
  let off: string | undefined;
  try {
    if (batched) {
      const prepared = await prepareBatches(sides.write, cases, {
        profile: "rfc8785",
        readIsWrite: sides.read === undefined,
      });
      write = prepared.canonicalizer;
      off = prepared.report.off;
    }
    const results: CaseResult[] = await runCases(
      cases,
      { write, read: sides.read ?? write },
      { concurrency: 8 },
    );
    const lines = results.map(
      (r) => `${r.suite}/${r.name} ${r.pass ? "pass" : "FAIL"} ${r.expected} → ${r.got}`,
    );
    return { lines, ...(off === undefined ? {} : { off }) };
  } finally {
    await Promise.all([sides.write.close(), sides.read?.close()]);
  }
}

/** The same lines with batches as a request at a time: through `connect`'s processes, or, where the
 * subject's faults are none a process adds (no hang, no crash), judged one request at a time in this
 * process (`inProcess`), as ./equality-in-process.slow.test.ts and test/known-bad/protocols.slow.test.ts
 * hold every known-bad's lines and once runs to; a process per request there cost some hundreds of node
 * starts per subject. */
async function assertSame(name: string, connect: () => Sides, inProcess?: () => Sides): Promise<void> {
  await loaded;
  const alone = await judged((inProcess ?? connect)(), false);
  const batched = await judged(connect(), true);
  assert.deepEqual(batched.lines, alone.lines, `${name}: batches changed a verdict or a got`);
}

const via = () => ({ protocol: "once" as const, jobs: 2, launcher: launcher(), timeoutMs: TIME_LIMIT_MS });

test("the reference as a once-mode command: the same verdicts with batches as without", async () => {
  await assertSame(
    "the reference",
    () => ({ write: referenceCommand(via()) }),
    () => ({ write: referenceCanonicalizer() }),
  );
});

// Through processes, the known-bads whose faults are about what a batch changes or a process does:
// the top level (sorts_nested_not_top_level, emits_bom), escaping inside values (escapes_non_ascii), a
// crash on bad input and a hang inside a batch. Every known-bad is held to the same rule over the whole
// corpus in process (./equality-in-process.slow.test.ts); all of them here cost over ten minutes of node starts.
const THROUGH_PROCESSES = [
  "sorts_nested_not_top_level",
  "emits_bom",
  "escapes_non_ascii",
  "crashes_on_bad_input",
  "hangs_on_1e_320",
];
/** A known-bad in this process, its refusals worded as its command words them (one line, a JcsError's
 * code and byte offset first). */
function asItsCommandWords(bad: KnownBad): Sides {
  const side = (label: string, f: KnownBad["write"]) => inProcessCanonicalizer(label, f, reasonOf);
  const write = side(`known-bad:${bad.name}`, bad.write);
  return bad.read ? { write, read: side(`known-bad:${bad.name} (read side)`, bad.read) } : { write };
}

/** Those whose faults are in the process: their answers a request at a time come from processes too
 * (a time-out's and a crash's words are a process's). */
const PROCESS_FAULTS = new Set(["crashes_on_bad_input", "hangs_on_1e_320"]);

test("the known-bads run through processes exist", () => {
  for (const name of THROUGH_PROCESSES)
    assert.ok(
      KNOWN_BADS.some((b) => b.name === name),
      name,
    );
});

for (const bad of KNOWN_BADS.filter((b) => THROUGH_PROCESSES.includes(b.name))) {
  test(`${bad.name} as a once-mode command: the same verdicts and got with batches as without`, async () => {
    await assertSame(
      bad.name,
      () => knownBadCommands(bad, via()),
      PROCESS_FAULTS.has(bad.name) ? undefined : () => asItsCommandWords(bad),
    );
  });
}

const command = (line: string) => () => ({
  write: createCanonicalizer({
    command: line,
    protocol: "once",
    shell: false,
    cwd: process.cwd(),
    jobs: 2,
    timeoutMs: TIME_LIMIT_MS,
    maxOutputBytes: 16 * 1024 * 1024,
  }),
});

// The Python example: an implementation of its own in another language. (The Node example is not run
// here: the reference above is already a Node program in once mode, and each subject costs some
// hundreds of node starts; test/examples/examples.slow.test.ts runs it in both protocols.)
test("the Python example: the same verdicts with batches as without", async () => {
  await assertSame("examples/python", command("python3 examples/python/canon.py"));
});

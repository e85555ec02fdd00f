// The same proof through the real command path: the known-bads run as `canon-conformance known-bad
// NAME` commands behind the adapters, and must be judged exactly as they are in this process. The
// bundled CLI serves them in lines mode and one of them in once mode; the other once-mode known-bads
// are served by the tests' bundle of the same commands (test/helpers/impl.ts), which starts in half
// the CPU, as once mode starts a process per request.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runCases } from "../../src/checks/index.js";
import { loadCorpus } from "../../src/corpus/index.js";
import { canonicalizersOf, KNOWN_BADS, knownBad } from "../../src/known-bad/index.js";
import { prove } from "../../src/known-bad/prove.js";
import { knownBadCommands, type Launcher, referenceCommand } from "../../src/known-bad/via-command.js";
import { cliScript, implScript } from "../helpers/dist.js";

// The CLI bundled as dist/cli.js is (test/helpers/dist.ts): a plain node start is several times
// quicker than one through tsx, which matters when once mode starts a process per request.
const launcher: Launcher = { node: process.execPath, execArgv: [], script: cliScript() };
const impl: Launcher = { node: process.execPath, execArgv: [], script: implScript() };

// The faults where the CLI's own stdin and stdout are part of the answer: bytes that are not UTF-8 on
// the wire (a lenient decoder), an output that starts with a BOM, and a read side served by a command
// of its own. Every known-bad's logic goes through lines-mode commands in
// ./protocols.slow.test.ts (the tests' bundle of the same commands); here only the CLI around them.
const SAMPLE = ["accepts_invalid_utf8", "emits_bom", "nfd_store"];

test("through lines-mode commands, known-bads are caught exactly as in process", async () => {
  const bads = KNOWN_BADS.filter((b) => SAMPLE.includes(b.name));
  const inProcess = await prove({ profile: "rfc8785", numbers: 2_000, bads });
  const via = { protocol: "lines" as const, jobs: 2, launcher };
  const viaCommand = await prove({
    profile: "rfc8785",
    numbers: 2_000,
    bads,
    connect: (bad) => knownBadCommands(bad, via),
    reference: () => referenceCommand(via),
  });
  assert.match(viaCommand.references[0]!.label, /canonicalize --lines$/);
  assert.deepEqual(viaCommand.references[0]!.failures, [], "the reference command passes every case");
  assert.equal(viaCommand.ok, true);
  for (const run of viaCommand.runs) {
    const same = inProcess.runs.find((r) => r.bad.name === run.bad.name)!;
    assert.deepEqual(run.failed, same.failed, run.bad.name);
    assert.deepEqual(run.missed, []);
  }
});

test("through once-mode commands, each case is judged as in process", async () => {
  const corpus = await loadCorpus({
    suites: ["jcs", "reject", "invariants"],
    profile: "rfc8785",
    numbers: 0,
  });
  // A few cases of each kind keep the one-process-per-request mode quick.
  const cases = ["canon", "reject", "equal", "differ", "idempotent", "roundtrip"].flatMap((kind) =>
    corpus.cases.filter((c) => c.kind === kind).slice(0, 4),
  );
  // emits_bom through the CLI: its BOM is bytes the CLI's own stdout must pass on untouched.
  const launchers: [string, Launcher][] = [
    ["emits_bom", launcher],
    ["nfd_store", impl],
    ["keeps_last_duplicate", impl],
  ];
  for (const [name, by] of launchers) {
    const bad = knownBad(name);
    const local = canonicalizersOf(bad);
    const expected = await runCases(
      cases,
      { write: local.write, read: local.read ?? local.write },
      { concurrency: 8 },
    );
    const remote = knownBadCommands(bad, { protocol: "once", jobs: 4, launcher: by });
    try {
      const got = await runCases(
        cases,
        { write: remote.write, read: remote.read ?? remote.write },
        { concurrency: 8 },
      );
      assert.deepEqual(
        got.map((r) => [r.name, r.pass]),
        expected.map((r) => [r.name, r.pass]),
        name,
      );
      assert.ok(
        got.some((r) => !r.pass),
        `${name} is caught on the sample too`,
      );
    } finally {
      await remote.write.close();
      await remote.read?.close();
    }
  }
});

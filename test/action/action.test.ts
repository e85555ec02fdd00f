// The action in the tests' own process (run(core) with a port that does what the runner and
// @actions/core do: test/action/runner.ts runActionHere), over a step prepared as the runner prepares
// it, against a loopback results service: the real @actions/artifact client uploads, and the record in
// the uploaded zip must verify. The bundle itself, as the runner starts it: test/e2e/action.slow.test.ts.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import type { SandboxHost } from "../../src/action/core.js";
import { prepareSandbox } from "../../src/action/sandbox.js";
import { showInvisible } from "../../src/escape/visible.js";
import { canonicalize } from "../../src/jcs/index.js";
import { parseSuppliedKey, toHex } from "../../src/record/keys.js";
import { verifyRecord } from "../../src/record/verify.js";
import type { SandboxMode } from "../../src/sandbox/index.js";
import { groupFailures } from "../../src/view/causes.js";
import { canRun } from "../sandbox/helpers.js";
import { assertExit, CONFORMANT, errors, KNOWN_BAD } from "./common.js";
import { fakeCore } from "./fake-core.js";
import { startResultsService } from "./results-service.js";
import { type ActionRun, actionInputs, actionOutputs, REPO, runActionHere } from "./runner.js";
import { readZip } from "./zip.js";

// The reference and a known-bad (./common.ts), and an echo that fails nearly every case with answers
// full of invisible characters.
const ECHO = {
  command: "node test/action/fixtures/noisy-echo.mjs",
  protocol: "lines",
  // The stored suites: failures of every kind, far more causes than annotations (no sweep is needed).
  suites: "jcs,reject,canon-or-reject,invariants",
};
const _ARTIFACT_FILES = ["record.json", "summary.md", "junit.xml", "report.html", "badge.svg", "badge.json"];

/** The title of a cause's annotation: `canon-conformance: suite/name failed: <cause>` for a cause of
 * one case, `canon-conformance: N cases failed: <cause>` for more (no implementation-name given). */
const CASE_TITLE = /^canon-conformance: (?:\d+ cases|[^ ]+\/[^ ]+) failed: ./;

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The log without its add-mask commands: the only lines allowed to hold a secret (the runner eats them). */
function withoutMasks(stdout: string): string {
  return stdout.replace(/^::add-mask::.*$/gm, "");
}

describe("a non-conformant implementation", () => {
  test("fails the step, with at most 10 error annotations, and still uploads a record that verifies", async () => {
    const service = await startResultsService("ok");
    try {
      const run = await runActionHere({ service, inputs: ECHO });
      assertExit(run, 1);
      assert.equal(run.outputs.conformant, "false");
      const failed = Number(run.outputs.failed);
      assert.ok(failed > 10, `the echo failed only ${failed} cases`);
      assert.equal(Number(run.outputs.passed) + failed, Number(run.outputs.cases));
      const errorAnnotations = errors(run);
      assert.equal(
        errorAnnotations.length,
        10,
        "GitHub shows 10 error annotations per step: use them all, no more",
      );
      // One per cause: 8 causes, one saying how many more, and the step's own failure.
      const cases = errorAnnotations.filter((a) => CASE_TITLE.test(a.properties.title ?? ""));
      assert.equal(cases.length, 8);
      assert.equal(new Set(cases.map((a) => a.properties.title)).size, 8, "distinct causes");
      for (const a of cases) {
        assert.match(a.message, /\nexpected: [\s\S]*\ngot: /);
        // Control and format characters from the output are shown as ⟨U+XXXX⟩, never raw.
        assert.ok(
          !/[\p{Cc}\p{Cf}]/u.test(a.message.replaceAll("\n", "")),
          `a raw control character in ${JSON.stringify(a.message)}`,
        );
      }
      assert.ok(
        cases.some((a) => /\ngot: .*⟨U\+0007⟩.*⟨U\+202E⟩/.test(a.message)),
        "the BEL and the override the echo sends are shown as ⟨U+XXXX⟩",
      );
      const more = errorAnnotations.find((a) => a.message.includes("not annotated"));
      assert.match(more?.message ?? "", /^\d+ more causes \(\d+ failed cases\), not annotated/);
      assert.match(
        errorAnnotations.at(-1)!.message,
        new RegExp(`not conformant: ${failed} of ${run.outputs.cases} cases failed`),
      );
      // The failure points at the uploaded artifact, not at a temporary path on the runner.
      assert.match(
        errorAnnotations.at(-1)!.message,
        /The signed record is record\.json in the artifact 'canon-conformance[^']*'(: http\S+)?\.$/,
      );
      assert.ok(!errorAnnotations.at(-1)!.message.includes(run.outputs["record-path"]!));
      assert.match(run.summary!, /Download the artifact and check <code>record\.json<\/code> offline:/);

      const zip = readZip(service.artifacts[0]!.blob);
      const verdict = verifyRecord(zip.get("record.json")!);
      assert.deepEqual(
        [verdict.outcome, verdict.outcome === "accept" && verdict.conformant],
        ["accept", false],
      );
      assert.match(run.summary!, /❌/);
      assert.equal(JSON.parse(zip.get("badge.json")!.toString("utf8")).color, "red");
    } finally {
      await service.close();
    }
  });

  // One run of the known-bad, which the next two tests only read.
  let knownBadRun: Promise<ActionRun> | undefined;
  const knownBad = () => (knownBadRun ??= runActionHere({ inputs: { ...KNOWN_BAD, upload: "false" } }));

  test("a known-bad with a few failures: every failure annotated, no 'more' line", async () => {
    const run = await knownBad();
    assertExit(run, 1);
    const failed = Number(run.outputs.failed);
    assert.ok(
      failed >= 1 && failed <= 9,
      `sorts_by_code_point failed ${failed} cases; this test wants 1 to 9`,
    );
    const cases = errors(run).filter((a) => CASE_TITLE.test(a.properties.title ?? ""));
    const causes = groupFailures(
      JSON.parse(readFileSync(join(dirname(run.outputs["record-path"]!), "results.json"), "utf8")).results,
    );
    assert.equal(cases.length, causes.length, "one annotation per cause");
    const named = cases.reduce(
      (sum, a) => sum + (a.message.match(/also: (.*)/)?.[1]?.split(", ").length ?? 0) + 1,
      0,
    );
    assert.equal(named, failed, "every failed case is named under its cause");
    assert.ok(!errors(run).some((a) => a.message.includes("not annotated")));
    assert.equal(errors(run).length, causes.length + 1, "the causes and the step's failure");
    // upload false: no artifact to point at, so neither the failure nor the summary mentions one to
    // download, and the failure names the record-path output, not the runner's temporary path.
    const failure = errors(run).at(-1)!.message;
    assert.match(
      failure,
      /The signed record is the step's record-path output \(upload is false: no artifact\)\.$/,
    );
    assert.ok(!failure.includes(dirname(run.outputs["record-path"]!)), failure);
    assert.doesNotMatch(run.summary!, /[Dd]ownload|unzip/);
    assert.match(run.summary!, /This run uploaded no artifact \(`upload: false`\)/);
    // It says where the files are instead: the output folder on the runner.
    const folder = dirname(run.outputs["record-path"]!);
    assert.ok(
      run.summary!.includes(
        `\`report.html\`, beside \`record.json\` on the runner in <code>${folder}</code>`,
      ),
    );
  });

  test("the summary and the log print the re-run of the failed cases from the action's own repository and ref, and cases runs just them", async () => {
    const run = await knownBad();
    assertExit(run, 1);
    const results = JSON.parse(
      readFileSync(join(dirname(run.outputs["record-path"]!), "results.json"), "utf8"),
    );
    const command: string = results.rerun.command;
    assert.ok(
      command.startsWith("npx --yes 'github:octo-org/canon-conformance#v1.2.3' run --protocol "),
      command,
    );
    assert.ok(run.summary!.includes("### Re-run the failed cases locally"));
    assert.ok(
      run.stdout.includes(command.replaceAll("::", "")) || run.stdout.includes(command),
      "the log prints it",
    );
    const failed = (results.results as { suite: string; name: string; pass: boolean }[])
      .filter((r) => !r.pass)
      .map((r) => `${r.suite}/${r.name}`);
    const again = await runActionHere({
      inputs: { ...KNOWN_BAD, upload: "false", cases: failed.join("\n") },
    });
    assertExit(again, 1);
    assert.equal(again.outputs.cases, String(failed.length), "only the chosen cases ran");
    assert.equal(again.outputs.failed, String(failed.length), "and each failed again");
    const record = JSON.parse(readFileSync(again.outputs["record-path"]!, "utf8"));
    assert.match(record.suite, / cases=/);
    assert.match(again.summary!, /a partial run: only the chosen cases/);
  });

  test("with fail-on-nonconformant false the step passes, with a notice", async () => {
    const run = await runActionHere({
      inputs: { ...ECHO, "fail-on-nonconformant": "false", upload: "false" },
    });
    assertExit(run, 0);
    assert.equal(run.outputs.conformant, "false");
    assert.ok(
      run.annotations.some((a) => a.level === "notice" && /fail-on-nonconformant is false/.test(a.message)),
    );
    // The step passes, so the failures are warnings, not errors: 10 of them, 9 causes and one
    // saying how many more.
    assert.equal(errors(run).length, 0, "no error annotation on a green step");
    const warnings = run.annotations.filter((a) => a.level === "warning");
    assert.equal(warnings.filter((a) => CASE_TITLE.test(a.properties.title ?? "")).length, 9);
  });
});

describe("other ways to reach the implementation", () => {
  test("url: the reference served over HTTP (200 canonical, 422 to reject) is conformant", async () => {
    const server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      try {
        const body = canonicalize(Buffer.concat(chunks));
        response.writeHead(200, { "content-type": "application/json" }).end(body);
      } catch (error) {
        response.writeHead(422, { "content-type": "text/plain" }).end(String(error));
      }
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/canonicalize`;
      // Every kind of case but the generated suite's 1,750 requests (the adapter's own tests cover those).
      const run = await runActionHere({
        inputs: {
          url,
          command: "",
          suites: "jcs,reject,canon-or-reject,invariants,numbers",
          numbers: "50",
          upload: "false",
        },
      });
      assertExit(run, 0);
      assert.equal(run.outputs.conformant, "true");
      const record = JSON.parse(readFileSync(run.outputs["record-path"]!, "utf8"));
      assert.deepEqual([record.implementation.adapter, record.implementation.impl], ["http", url]);
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });

  test("working-directory: the command runs there, and the record hashes the file it names", async () => {
    const run = await runActionHere({
      inputs: {
        command: "node noisy-echo.mjs",
        protocol: "lines",
        suites: "jcs",
        "working-directory": "test/action/fixtures",
        "fail-on-nonconformant": "false",
        upload: "false",
      },
    });
    assertExit(run, 0);
    assert.equal(run.outputs.conformant, "false");
    const record = JSON.parse(readFileSync(run.outputs["record-path"]!, "utf8"));
    const script = readFileSync(join(REPO, "test/action/fixtures/noisy-echo.mjs"));
    const named = record.implementation.files.find((f: { path: string }) =>
      f.path.endsWith("noisy-echo.mjs"),
    );
    assert.equal(named?.sha256, sha256(script), JSON.stringify(record.implementation.files));
  });
});

describe("a run of no cases", () => {
  test("is not conformant (seed 003 §2), fails the step, and says which inputs to check", async () => {
    const run = await runActionHere({
      inputs: { ...CONFORMANT, suites: "numbers", numbers: "0", upload: "false" },
    });
    assertExit(run, 1);
    assert.deepEqual([run.outputs.cases, run.outputs.conformant], ["0", "false"]);
    assert.match(errors(run).at(-1)?.message ?? "", /no cases ran[\s\S]*check the suites and numbers inputs/);
    assert.equal(verifyRecord(readFileSync(run.outputs["record-path"]!)).outcome, "accept");
  });
});

describe("the upload fails: a warning, not a lost result", () => {
  for (const mode of ["create-forbidden", "blob-forbidden"] as const) {
    test(`the service answers 403 (${mode})`, async () => {
      const service = await startResultsService(mode);
      try {
        const run = await runActionHere({ service, inputs: { ...CONFORMANT, suites: "jcs" } });
        assertExit(run, 0);
        const warning = run.annotations.find(
          (a) => a.level === "warning" && /artifact upload failed/.test(a.message),
        );
        assert.ok(warning, `no upload warning in\n${run.stdout}`);
        assert.match(
          warning.message,
          new RegExp(run.outputs["record-path"]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
        );
        assert.equal(run.outputs.conformant, "true");
        assert.equal(run.outputs["artifact-id"], "");
        assert.equal(run.outputs["artifact-url"], "");
        const verdict = verifyRecord(readFileSync(run.outputs["record-path"]!));
        assert.equal(verdict.outcome, "accept");
        assert.equal(service.artifacts.length, 0);
        // The summary names no artifact that is not there: it says the upload failed and where the
        // files are on the runner, and summary.md beside the record says the same.
        const folder = dirname(run.outputs["record-path"]!);
        assert.doesNotMatch(run.summary!, /[Dd]ownload|unzip/);
        assert.match(run.summary!, /The artifact upload failed \(the step's warning says why\)/);
        assert.ok(run.summary!.includes(`on the runner in <code>${folder}</code>`), run.summary);
        assert.ok(run.summary!.startsWith(readFileSync(join(folder, "summary.md"), "utf8")));
      } finally {
        await service.close();
      }
    });
  }

  test("no results service at all (no ACTIONS_RUNTIME_TOKEN): a warning too", async () => {
    const run = await runActionHere({ inputs: { ...CONFORMANT, suites: "jcs" } });
    assertExit(run, 0);
    assert.ok(run.annotations.some((a) => a.level === "warning" && /artifact upload failed/.test(a.message)));
    assert.equal(run.outputs.conformant, "true");
  });
});

describe("the job summary cannot be written", () => {
  test("no GITHUB_STEP_SUMMARY: a warning, and the run and its outputs stand", async () => {
    const run = await runActionHere({
      summaryFile: false,
      inputs: { ...CONFORMANT, suites: "jcs,reject", upload: "false" },
    });
    assertExit(run, 0);
    assert.ok(
      run.annotations.some((a) => a.level === "warning" && /job summary/.test(a.message)),
      run.stdout,
    );
    assert.equal(run.outputs.conformant, "true");
    assert.ok(existsSync(join(run.outputs["record-path"]!, "..", "summary.md")));
  });

  test("summary false: nothing is written to the job summary", async () => {
    const run = await runActionHere({
      inputs: { ...CONFORMANT, suites: "jcs", upload: "false", summary: "false" },
    });
    assertExit(run, 0);
    assert.equal(run.summary, "");
  });
});

describe("the signing key", () => {
  const SEED = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"; // RFC 8032 §7.1 test 1

  test("a supplied key signs the record, is masked first, and never reaches the log", async () => {
    const run = await runActionHere({
      inputs: { ...CONFORMANT, suites: "jcs", upload: "false", "signing-key": SEED },
    });
    assertExit(run, 0);
    assert.equal(run.outputs.key, "supplied");
    assert.equal(run.outputs["signer-pubkey"], toHex(parseSuppliedKey(SEED).publicKey));
    assert.equal(
      run.outputs["signer-pubkey"],
      "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
    );
    assert.ok(run.stdout.startsWith(`::add-mask::${SEED}`), "the key was not masked before anything else");
    assert.deepEqual(run.masked, [SEED], "mask the key once, whole");
    const unmasked = withoutMasks(run.stdout);
    for (let i = 0; i + 16 <= SEED.length; i += 8)
      assert.ok(!unmasked.includes(SEED.slice(i, i + 16)), "part of the key in the log");
    assert.ok(!run.stderr.includes(SEED.slice(0, 16)));
    const record = readFileSync(run.outputs["record-path"]!, "utf8");
    assert.ok(!record.includes(SEED.slice(0, 16)), "part of the key in the record");
  });

  test("the command under test cannot read the key or the runner's tokens, so they cannot reach the record", async () => {
    const service = await startResultsService("ok");
    try {
      const run = await runActionHere({
        service,
        env: { ACTIONS_ID_TOKEN_REQUEST_TOKEN: "oidc-request-token-value" },
        inputs: {
          command: "node test/action/fixtures/env-leak.mjs",
          protocol: "lines",
          suites: "jcs",
          "signing-key": SEED,
        },
      });
      assertExit(run, 1);
      const record = readFileSync(run.outputs["record-path"]!, "utf8");
      assert.match(
        record,
        /key=undefined runtime=undefined oidc=undefined/,
        "the fixture did not report its environment",
      );
      // The upload still had its token: the artifact went up.
      assert.equal(service.artifacts.length, 1);
      const files = [...readZip(service.artifacts[0]!.blob).values()].map((b) => b.toString("utf8"));
      for (const text of [record, run.summary!, withoutMasks(run.stdout), ...files]) {
        assert.ok(!text.includes(SEED.slice(0, 16)), "part of the key escaped");
        assert.ok(!text.includes(service.token.slice(0, 24)), "the runtime token escaped");
        assert.ok(!text.includes("oidc-request-token-value"), "the OIDC token escaped");
      }
    } finally {
      await service.close();
    }
  });

  test("a malformed key fails the step without echoing it", async () => {
    const bad = `${SEED.slice(0, 40)}zz${SEED.slice(42)}`;
    const run = await runActionHere({
      inputs: { ...CONFORMANT, suites: "jcs", upload: "false", "signing-key": bad },
    });
    assertExit(run, 1);
    const failure = errors(run).at(-1);
    assert.match(failure?.message ?? "", /^signing-key: /);
    const unmasked = withoutMasks(run.stdout);
    for (let i = 0; i + 12 <= bad.length; i += 6)
      assert.ok(!unmasked.includes(bad.slice(i, i + 12)), "part of the key in the log");
    assert.ok(!run.stderr.includes(bad.slice(0, 12)));
    assert.equal(run.outputs["record-path"], undefined, "no run with a key it could not read");
  });

  test("a PEM key's body lines are each masked", async () => {
    const pem =
      "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC\n-----END PRIVATE KEY-----";
    const run = await runActionHere({
      inputs: { ...CONFORMANT, suites: "jcs", upload: "false", "signing-key": pem },
    });
    assertExit(run, 0);
    assert.equal(run.outputs.key, "supplied");
    assert.ok(run.masked.includes("MC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC"));
    assert.equal(run.masked[0], pem, "the whole key first");
    assert.ok(!run.masked.some((m) => m.startsWith("-----END")), "the PEM armour alone is not secret");
  });

  test("a pull request from a fork without the secret: an ephemeral key and a notice, not a failure", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-event-"));
    const eventPath = join(dir, "event.json");
    writeFileSync(
      eventPath,
      JSON.stringify({
        pull_request: {
          head: { repo: { full_name: "someone/canon-conformance", fork: true } },
          base: { repo: { full_name: "octo-org/canon-conformance", fork: false } },
        },
      }),
    );
    const run = await runActionHere({
      env: { GITHUB_EVENT_NAME: "pull_request", GITHUB_EVENT_PATH: eventPath },
      inputs: { ...CONFORMANT, suites: "jcs", upload: "false", "signing-key": "" },
    });
    assertExit(run, 0);
    assert.equal(run.outputs.key, "ephemeral");
    const notice = run.annotations.find((a) => a.level === "notice");
    assert.match(notice?.message ?? "", /forks[\s\S]*ephemeral/);
    assert.equal(verifyRecord(readFileSync(run.outputs["record-path"]!)).outcome, "accept");
  });

  test("a push without a key: ephemeral, quietly (no notice)", async () => {
    const run = await runActionHere({ inputs: { ...CONFORMANT, suites: "jcs", upload: "false" } });
    assertExit(run, 0);
    assert.equal(run.outputs.key, "ephemeral");
    assert.deepEqual(
      run.annotations.filter((a) => a.level === "notice"),
      [],
    );
  });
});

describe("runs that cannot start fail the step with what to fix", () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    [
      "no command and no url",
      { command: "" },
      /^set `command` to your canonicalizer's command line \(or `url` for one served over HTTP\)$/,
    ],
    ["both command and url", { url: "http://127.0.0.1:9/" }, /either `command` or `url`/],
    [
      "a command that is not on PATH",
      { command: "no-such-canonicalizer-xyz --lines" },
      /could not run: .*no-such-canonicalizer-xyz/,
    ],
    ["numbers not a number", { numbers: "lots" }, /^input `numbers`: numbers must be a whole number/],
    ["an unknown suite", { suites: "jcs,everything" }, /^input `suites`: unknown suite 'everything'/],
    [
      "an unknown protocol",
      { protocol: "carrier-pigeon" },
      /^input `protocol`: unknown protocol 'carrier-pigeon'/,
    ],
    [
      "a working directory that does not exist",
      { "working-directory": "no/such/dir" },
      /working-directory 'no\/such\/dir' is not a directory/,
    ],
    [
      "retention past 90 days",
      { "retention-days": "365" },
      /retention-days must be a whole number of days from 1 to 90/,
    ],
    [
      "an artifact name with a slash",
      { "artifact-name": "../escape" },
      /artifact-name '\.\.\/escape' may not contain/,
    ],
    ["upload neither true nor false", { upload: "maybe" }, /^input `upload`: upload must be true or false/],
    [
      "a shard past its count",
      { shard: "4/3" },
      /^input `shard`: shard must be K\/N with 1 <= K <= N .*'4\/3'/,
    ],
    ["a shard that is not K/N", { shard: "half" }, /^input `shard`: shard must be K\/N/],
    [
      "a negative seed",
      { seed: "-1" },
      /^input `seed`: seed must be a whole number from 0 to 4294967295, or 'random'/,
    ],
    ["a seed past 32 bits", { seed: "4294967296" }, /^input `seed`: seed must be a whole number/],
    [
      "generated-runs not a number",
      { "generated-runs": "many" },
      /^input `generated-runs`: generated-runs must be a whole number/,
    ],
    [
      "compare-runs not a number",
      { "compare-runs": "1e3" },
      /^input `compare-runs`: compare-runs must be a whole number/,
    ],
    [
      "compare-protocol without compare-command",
      { "compare-protocol": "lines" },
      /^`compare-protocol` is set but `compare-command` is empty: set the second implementation's command line/,
    ],
    [
      "an unknown compare-protocol",
      { "compare-command": "node x.js", "compare-protocol": "smoke" },
      /^input `compare-protocol`: unknown protocol 'smoke'/,
    ],
    ["an unknown mode", { mode: "everything" }, /^input `mode`: choose run .* or sign/],
    // Issue 12: bounds that keep a signed record meaningful, in the CLI's words (test/options).
    [
      "a timeout past what a timer holds",
      { "timeout-ms": "3000000000" },
      /^input `timeout-ms`: timeout-ms must be a whole number from 1 to 2147483647, not '3000000000'$/,
    ],
    [
      "numbers past the maximum",
      { numbers: "9007199254740991" },
      /^input `numbers`: numbers must be a whole number from 0 to 100000000, not '9007199254740991'$/,
    ],
    [
      "generated-runs past the maximum",
      { "generated-runs": "1000001" },
      /^input `generated-runs`: generated-runs must be a whole number from 0 to 1000000/,
    ],
    [
      "compare-runs past the maximum",
      { "compare-runs": "9007199254740991" },
      /^input `compare-runs`: compare-runs must be a whole number from 0 to 1000000/,
    ],
    ["jobs past the maximum", { jobs: "100000" }, /^input `jobs`: jobs must be a whole number from 0 to 256/],
  ];
  for (const [what, inputs, message] of cases) {
    test(what, async () => {
      const run = await runActionHere({ inputs: { ...CONFORMANT, suites: "jcs", ...inputs } });
      assertExit(run, 1);
      const failure = errors(run).at(-1);
      assert.match(failure?.message ?? "(no error annotation)", message);
      // The job summary says why as well, in the failure's own words (issue 22).
      assertFailureSummary(run, failure!.message);
    });
  }

  test("a misspelt input (the runner passes it on, and only warns): refused, with the input it is near", async () => {
    const run = await runActionHere({
      inputs: { ...CONFORMANT, suites: "jcs", protocol: "" },
      // `protocl: lines` and `expected_signer: ...` in `with:`; INPUT_GREETING is near no input.
      env: { INPUT_PROTOCL: "lines", INPUT_EXPECTED_SIGNER: "ab".repeat(32), INPUT_GREETING: "hello" },
    });
    assertExit(run, 1);
    const failure = errors(run).at(-1)!;
    assert.match(
      failure.message,
      /not an input of canon-conformance: `expected_signer` \(did you mean `expected-signer`\?\), `protocl` \(did you mean `protocol`\?\)/,
    );
    assert.doesNotMatch(failure.message, /greeting/i);
    assert.doesNotMatch(failure.message, /(ab){32}/, "a misspelt input's value is never printed");
    assertFailureSummary(run, failure.message);
    // An INPUT_ variable near no input is not refused.
    const fine = await runActionHere({
      inputs: { ...CONFORMANT, suites: "jcs", upload: "false" },
      env: { INPUT_GREETING: "hello" },
    });
    assertExit(fine, 0);
  });
});

/** The job summary of a step that could not finish: its heading, and the failure's message in it. */
function assertFailureSummary(run: ActionRun, message: string): void {
  const summary = run.summary ?? "(no summary)";
  assert.match(summary, /^## ⛔ canon-conformance could not finish$/m);
  const block = summary.match(/^<p><code>(.*)<\/code><\/p>$/m)?.[1] ?? "";
  const text = block.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  assert.equal(text, showInvisible(message), "the summary holds the step's failure as it was");
  assert.match(summary, /No case ran and no record was signed/);
}

describe("the sandbox: the sandboxed output, and auto on a GitHub-hosted runner", () => {
  /** A machine whose bwrap is broken and whose preparation (sudo -n on a real hosted runner) only
   * notes that it was asked, with what RUNNER_ENVIRONMENT, and says one line. */
  function brokenMachine(): { host: SandboxHost; asked: (string | undefined)[] } {
    const asked: (string | undefined)[] = [];
    const host: SandboxHost = {
      bwrapPath: "/bin/false",
      prepare: (runnerEnvironment) => {
        asked.push(runnerEnvironment);
        return { ready: false, changed: [], lines: ["sandbox: (the test's machine) nothing prepared"] };
      },
    };
    return { host, asked };
  }
  const QUICK = { ...CONFORMANT, suites: "jcs", upload: "false" };

  test("the fallback is refused only for auto on a GitHub-hosted Linux runner", () => {
    const refused = (mode: SandboxMode, runner: string, platform: NodeJS.Platform) => {
      const { core } = fakeCore({ RUNNER_ENVIRONMENT: runner }, REPO, brokenMachine().host);
      return prepareSandbox(core, mode, platform).fallbackRefused !== undefined;
    };
    assert.equal(refused("auto", "github-hosted", "linux"), true);
    // bwrap refuses anyway; none is chosen; macOS and Windows have no bubblewrap; a self-hosted
    // runner is someone's machine, where the action installs nothing.
    assert.equal(refused("bwrap", "github-hosted", "linux"), false);
    assert.equal(refused("none", "github-hosted", "linux"), false);
    assert.equal(refused("auto", "github-hosted", "darwin"), false);
    assert.equal(refused("auto", "github-hosted", "win32"), false);
    assert.equal(refused("auto", "self-hosted", "linux"), false);
  });

  test("sandboxed is true when the command ran in bubblewrap, and the summary says so as before", async (t) => {
    if (!canRun(t)) return;
    const run = await runActionHere({ inputs: QUICK, env: { RUNNER_ENVIRONMENT: "github-hosted" } });
    assertExit(run, 0);
    assert.equal(run.outputs.sandboxed, "true");
    assert.match(run.summary ?? "", /^\*\*Sandbox:\*\* the command ran sandboxed with \S*bwrap /m);
  });

  test("sandboxed is false with sandbox none (on a GitHub-hosted runner too: a deliberate choice), nothing prepared", async () => {
    const machine = brokenMachine();
    const run = await runActionHere({
      inputs: { ...QUICK, sandbox: "none" },
      env: { RUNNER_ENVIRONMENT: "github-hosted" },
      sandboxHost: machine.host,
    });
    assertExit(run, 0);
    assert.equal(run.outputs.sandboxed, "false");
    assert.deepEqual(machine.asked, []);
    assert.ok(run.annotations.some((a) => a.properties.title === "canon-conformance: unsandboxed"));
    assert.match(
      run.summary ?? "",
      /^> \*\*Unsandboxed:\*\* canon-conformance ran the command unsandboxed because the sandbox was turned off \(sandbox: none\)/m,
    );
  });

  test("auto on a self-hosted runner where bwrap does not work: today's fallback, said, and sandboxed is false", async () => {
    const machine = brokenMachine();
    const run = await runActionHere({
      inputs: QUICK,
      env: { RUNNER_ENVIRONMENT: "self-hosted" },
      sandboxHost: machine.host,
    });
    assertExit(run, 0);
    assert.deepEqual(machine.asked, ["self-hosted"], "the preparation is asked, with the runner's kind");
    assert.equal(run.outputs.sandboxed, "false");
    assert.equal(run.outputs.conformant, "true");
    assert.match(run.summary ?? "", /\*\*Unsandboxed:\*\* .*\/bin\/false could not start a sandbox/);
  });

  test("auto on a GitHub-hosted runner where bwrap cannot be made to work: the step could not run, with the probe's reason and the fix", async () => {
    const machine = brokenMachine();
    const run = await runActionHere({
      inputs: QUICK,
      env: { RUNNER_ENVIRONMENT: "github-hosted" },
      sandboxHost: machine.host,
    });
    assertExit(run, 1);
    assert.deepEqual(machine.asked, ["github-hosted"], "the runner was prepared first");
    assert.match(run.stdout, /^sandbox: \(the test's machine\) nothing prepared$/m);
    const failure = errors(run).at(-1)?.message ?? "(no error annotation)";
    assert.match(
      failure,
      /^canon-conformance could not run: sandbox auto found no working bwrap: \/bin\/false could not start a sandbox: .*\. On a GitHub-hosted runner \(RUNNER_ENVIRONMENT is github-hosted\) .*could read the run's signing key.*Set `sandbox: none` to run it unsandboxed deliberately/,
    );
    assertFailureSummary(run, failure);
    assert.equal(run.outputs.sandboxed, undefined);
    assert.equal(run.outputs["record-path"], undefined, "nothing ran, nothing was signed");
  });
});

describe("badge false", () => {
  test("no badge files, and badge-path is empty", async () => {
    const run = await runActionHere({
      inputs: { ...CONFORMANT, suites: "jcs", upload: "false", badge: "false" },
    });
    assertExit(run, 0);
    assert.equal(run.outputs["badge-path"], "");
    assert.ok(!existsSync(join(run.outputs["record-path"]!, "..", "badge.svg")));
  });
});

test("action.yml runs the bundle on node24 and its every input is documented", () => {
  const text = readFileSync(join(REPO, "action.yml"), "utf8");
  assert.match(text, /\nruns:\n {2}using: node24\n {2}main: dist\/index\.js\n/);
  // The Marketplace takes a description of at most 125 characters.
  const description = /^description: (.*)$/m.exec(text)?.[1] ?? "";
  assert.ok(
    description.length > 0 && description.length <= 125,
    `description is ${description.length} characters`,
  );
  assert.match(text, /\nbranding:\n {2}icon: (shield|check-circle)\n {2}color: [a-z]+\n/);
  const inputs = text.slice(text.indexOf("\ninputs:\n"), text.indexOf("\noutputs:\n"));
  const names = [...inputs.matchAll(/^ {2}([a-z][a-z0-9-]*):\s*$/gm)].map((m) => m[1]!);
  const descriptions = [...inputs.matchAll(/^ {4}description:/gm)].length;
  assert.equal(descriptions, names.length, "an input without a description");
});

test("docs/action.md documents every input and output action.yml declares", () => {
  const docs = readFileSync(join(REPO, "docs/action.md"), "utf8");
  for (const name of [...actionInputs().keys(), ...actionOutputs()])
    assert.ok(docs.includes(`\`${name}\``), `docs/action.md does not mention \`${name}\``);
});

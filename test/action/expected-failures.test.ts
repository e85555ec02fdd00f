// The action (in this process: test/action/runner.ts runActionHere) with an expected-failures list, against a known-bad that fails exactly the four
// trailing-comma cases of the reject suite: the step's status, the outputs, the annotations and the
// job summary follow the list, while the record (and the `conformant` output) stay as the run was.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import { verifyRecord } from "../../src/record/verify.js";
import { implCommand } from "../helpers/cli.js";
import { assertExit, errors } from "./common.js";
import { type ActionRun, runActionHere } from "./runner.js";

const tmp = mkdtempSync(join(tmpdir(), "expected-action-"));
const TRAILING_COMMAS = {
  command: implCommand("known-bad accepts_trailing_commas --lines"),
  protocol: "lines",
  suites: "reject",
  upload: "false",
};

function list(name: string, text: string): string {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
}

/** A file the run wrote beside its record. */
function fileBeside(run: ActionRun, name: string): string {
  return readFileSync(join(dirname(run.outputs["record-path"]!), name), "utf8");
}

function recordOf(run: ActionRun) {
  const verdict = verifyRecord(readFileSync(run.outputs["record-path"]!));
  if (verdict.outcome !== "accept") assert.fail(`the record is refused: ${verdict.detail}`);
  return verdict.record;
}

const COVERING =
  "reject/trailing-comma-* we strip trailing commas, issue #3\nreject/comma-only-object same fault\n";

describe("expected-failures through the action", () => {
  test("every failure listed: the step passes, no error annotation, the record still not conformant", async () => {
    const run = await runActionHere({
      inputs: { ...TRAILING_COMMAS, "expected-failures": list("covering.txt", COVERING) },
    });
    assertExit(run, 0);
    assert.equal(recordOf(run).conformant, false);
    assert.equal(run.outputs.conformant, "false", "the record's verdict, unchanged in meaning");
    assert.equal(run.outputs.failed, "4");
    assert.deepEqual(
      [run.outputs.gate, run.outputs["unexpected-failures"], run.outputs["fixed-expected-failures"]],
      ["pass", "0", "0"],
    );
    assert.deepEqual(errors(run), []);
    assert.deepEqual(
      run.annotations.filter((a) => a.level === "warning"),
      [],
    );
    const notices = run.annotations.filter((a) => a.level === "notice");
    const counted = notices.find((a) => /4 expected failures/.test(a.properties.title ?? ""));
    assert.ok(counted, JSON.stringify(run.annotations, null, 2));
    assert.match(
      counted.message,
      /reject\/trailing-comma-array: expected failure \(we strip trailing commas, issue #3\)/,
    );
    const summary = run.summary ?? "";
    assert.match(summary, /^## ❌ Not conformant: /);
    assert.match(summary, /### ✅ Step passes by the expected-failures list/);
    assert.match(summary, /#### ☑️ <code>reject\/comma-only-object<\/code> \(expected failure\)/);
    assert.match(summary, /\*\*Expected failure:\*\* same fault \(list line 2\)/);
    // junit.xml follows the gate (issue 30 item 5): a test reporter beside the green step is green.
    const junit = fileBeside(run, "junit.xml");
    assert.doesNotMatch(junit, /<failure/);
    assert.match(junit, /<testsuites [^>]*failures="0" errors="0" skipped="4"/);
    const skipped = [
      ...junit.matchAll(/<testcase classname="reject" name="([^"]+)">\n {6}<skipped message="([^"]+)"\/>/g),
    ];
    assert.deepEqual(
      skipped.map((m) => [m[1], m[2]]),
      [
        ...["trailing-comma-array", "trailing-comma-object", "trailing-comma-nested"].map((n) => [
          n,
          "expected failure (list line 1): we strip trailing commas, issue #3",
        ]),
        ["comma-only-object", "expected failure (list line 2): same fault"],
      ],
    );
  });

  test("a failure left out: the step fails naming it; only its cause is an error annotation", async () => {
    const run = await runActionHere({
      inputs: {
        ...TRAILING_COMMAS,
        "expected-failures": list("partial.txt", "reject/trailing-comma-* we strip trailing commas\n"),
      },
    });
    assertExit(run, 1);
    assert.deepEqual([run.outputs.gate, run.outputs["unexpected-failures"]], ["fail", "1"]);
    const errs = errors(run);
    // The cause's annotation names only the unexpected case; the step's failure says why it failed.
    assert.ok(
      errs.some((a) => /reject\/comma-only-object failed/.test(a.properties.title ?? "")),
      JSON.stringify(errs),
    );
    assert.ok(!errs.some((a) => /trailing-comma-array/.test(`${a.properties.title} ${a.message}`)));
    assert.ok(
      errs.some((a) => /the step fails by the expected-failures list: 1 unexpected failure/.test(a.message)),
    );
    assert.match(
      run.summary ?? "",
      /\*\*Unexpected failures \(1\), not in the list:\*\* <code>reject\/comma-only-object<\/code>/,
    );
    // junit.xml and report.html mark exactly the unexpected failure as what fails the step.
    const junit = fileBeside(run, "junit.xml");
    const failures = [
      ...junit.matchAll(/<testcase classname="reject" name="([^"]+)">\n {6}<failure message="([^"]+)"/g),
    ];
    assert.deepEqual(
      failures.map((m) => m[1]),
      ["comma-only-object"],
    );
    assert.match(
      failures[0]![2]!,
      /^unexpected failure, not in the expected-failures list: fails the step: /,
    );
    assert.match(junit, /<testsuites [^>]*failures="1" errors="0" skipped="3"/);
    const html = fileBeside(run, "report.html");
    const marked = [...html.matchAll(/<code>([^<]+)<\/code><span class="listed unexpected">/g)].map(
      (m) => m[1],
    );
    assert.deepEqual(marked, ["reject/comma-only-object"]);
  });

  test("a listed entry that passes: the step fails as fixed, unless allow-fixed-expected-failures", async () => {
    const text = `${COVERING}reject/dup-top-level was broken, issue #9\n`;
    const strict = await runActionHere({
      inputs: { ...TRAILING_COMMAS, "expected-failures": list("fixed.txt", text) },
    });
    assertExit(strict, 1);
    assert.deepEqual([strict.outputs.gate, strict.outputs["fixed-expected-failures"]], ["fail", "1"]);
    const warning = strict.annotations.find((a) => a.level === "warning");
    assert.match(warning?.message ?? "", /line 3: reject\/dup-top-level: fixed: remove it from the list/);
    assert.ok(errors(strict).some((a) => /1 listed entry fixed/.test(a.message)));
    const allowed = await runActionHere({
      inputs: {
        ...TRAILING_COMMAS,
        "expected-failures": list("fixed.txt", text),
        "allow-fixed-expected-failures": "true",
      },
    });
    assertExit(allowed, 0);
    assert.deepEqual([allowed.outputs.gate, allowed.outputs["fixed-expected-failures"]], ["pass", "1"]);
    assert.deepEqual(errors(allowed), []);
  });

  test("a list naming no case of the corpus: the step fails before anything runs, naming the line", async () => {
    const run = await runActionHere({
      inputs: { ...TRAILING_COMMAS, "expected-failures": list("typo.txt", "reject/trailing-coma-* typo\n") },
    });
    assertExit(run, 1);
    assert.match(
      errors(run)
        .map((a) => a.message)
        .join("\n"),
      /typo\.txt line 1: 'reject\/trailing-coma-\*' matches no case/,
    );
    assert.equal(run.outputs["record-path"], undefined, "no record: nothing ran");
  });

  test("without a list the gate outputs are empty", async () => {
    const run = await runActionHere({ inputs: { ...TRAILING_COMMAS, "fail-on-nonconformant": "false" } });
    assertExit(run, 0);
    assert.deepEqual(
      [run.outputs.gate, run.outputs["unexpected-failures"], run.outputs["fixed-expected-failures"]],
      ["", "", ""],
    );
  });
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { BADGE_LABEL, badgeJson, badgeSvg } from "../../src/report/index.js";
import { caseResult, mixedRun, recordFor } from "./fixtures.js";
import { parseStrictXml } from "./xml-check.js";

const passing = () => mixedRun().map((r) => ({ ...r, pass: true }));

test("a conformant run: passed/total in green, in shields' endpoint schema", () => {
  assert.deepEqual(badgeJson(recordFor(passing())), {
    schemaVersion: 1,
    label: "canon conformance",
    message: "5/5",
    color: "brightgreen",
  });
});

test("a failing run is red, and a run with no cases is grey", () => {
  assert.deepEqual(badgeJson(recordFor(mixedRun())), {
    schemaVersion: 1,
    label: BADGE_LABEL,
    message: "3/5",
    color: "red",
  });
  assert.deepEqual(badgeJson(recordFor([])), {
    schemaVersion: 1,
    label: BADGE_LABEL,
    message: "no cases",
    color: "lightgrey",
  });
});

test("the SVG is badge-maker's, says the same, and is well-formed XML", () => {
  const cases: [ReturnType<typeof recordFor>, string, string][] = [
    [recordFor(passing()), "5/5", "#4b0"],
    [recordFor(mixedRun()), "3/5", "#dd4343"],
    [recordFor([]), "no cases", "#939393"],
  ];
  for (const [record, message, fill] of cases) {
    const svg = badgeSvg(record);
    const root = parseStrictXml(svg);
    assert.equal(root.name, "svg");
    assert.equal(root.attrs["aria-label"], `canon conformance: ${message}`);
    assert.ok(svg.includes(`fill="${fill}"`), `${message} drawn in ${fill}`);
  }
});

test("a run of some cases only (--case) says chosen and is never green, conformant or not", () => {
  const results = [caseResult("jcs", "a", true)];
  const full = recordFor(results, { suite: "rfc8785:jcs" });
  const partial = recordFor(results, { suite: "rfc8785:jcs cases=jcs/a" });
  assert.deepEqual([badgeJson(full).message, badgeJson(full).color], ["1/1", "brightgreen"]);
  assert.deepEqual([badgeJson(partial).message, badgeJson(partial).color], ["1/1 chosen", "blue"]);
  const failing = recordFor([caseResult("jcs", "a", false)], { suite: "rfc8785:jcs cases=jcs/*" });
  assert.deepEqual([badgeJson(failing).message, badgeJson(failing).color], ["0/1 chosen", "red"]);
});

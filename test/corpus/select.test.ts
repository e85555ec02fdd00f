// --case: which cases a name or glob chooses, in corpus order, and what a pattern that chooses none gets.
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadCorpus } from "../../src/corpus/index.js";
import { casePattern, nearNames, selectCases } from "../../src/corpus/select.js";

const corpus = await loadCorpus({ suites: ["jcs", "reject", "numbers"], profile: "rfc8785", numbers: 2000 });
const names = (cases: { suite: string; name: string }[]) => cases.map((c) => `${c.suite}/${c.name}`);

test("a name chooses that case alone; a glob's * is any text, / included", () => {
  assert.deepEqual(names(selectCases(corpus.cases, ["jcs/literal-null"]).cases), ["jcs/literal-null"]);
  const literals = names(selectCases(corpus.cases, ["jcs/literal-*"]).cases);
  assert.ok(literals.length >= 3 && literals.every((n) => n.startsWith("jcs/literal-")), literals.join());
  const rejects = selectCases(corpus.cases, ["reject/*"]).cases;
  assert.equal(rejects.length, corpus.cases.filter((c) => c.suite === "reject").length);
  assert.ok(selectCases(corpus.cases, ["numbers/*"]).cases.length > 0, "* crosses the / of seed-1/...");
});

test("the chosen cases keep corpus order, each once, whatever the order of the patterns", () => {
  const chosen = names(selectCases(corpus.cases, ["reject/*", "jcs/literal-null", "jcs/*"]).cases);
  const all = names(corpus.cases).filter((n) => n.startsWith("jcs/") || n.startsWith("reject/"));
  assert.deepEqual(chosen, all);
});

test("regular-expression characters in a pattern are themselves", () => {
  assert.ok(casePattern("a.b").test("a.b"));
  assert.ok(!casePattern("a.b").test("axb"));
  assert.ok(!casePattern("jcs/literal").test("jcs/literal-null"), "a name is matched whole");
});

test("a pattern that matches nothing is returned with the names nearest to it", () => {
  const { cases, unmatched } = selectCases(corpus.cases, ["jcs/litral-nul", "jcs/literal-null"]);
  assert.deepEqual(names(cases), ["jcs/literal-null"]);
  assert.equal(unmatched.length, 1);
  assert.equal(unmatched[0]!.pattern, "jcs/litral-nul");
  assert.equal(unmatched[0]!.near[0], "jcs/literal-null");
  assert.equal(unmatched[0]!.near.length, 5);
  assert.equal(
    nearNames("rejct/*", ["jcs/a", "reject/b"], 1)[0],
    "reject/b",
    "a glob is held to names' starts",
  );
});

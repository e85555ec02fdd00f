// `--case` (repeatable) and the action's `cases` (commas or lines) read into the same list of patterns.
import assert from "node:assert/strict";
import { test } from "node:test";
import { actionFace, cliFace, OptionError, readRunOptions } from "../../src/options/index.js";

const CWD = process.cwd();
const base = { command: "python3 canon.py" };

test("--case repeated, --cases with commas, and the action's lines give one list, each pattern once", () => {
  const fromCli = readRunOptions(
    cliFace({ ...base, case: ["jcs/a", "reject/*"], cases: ["jcs/b,jcs/a"] }, CWD),
  ).options.cases;
  assert.deepEqual(fromCli, ["jcs/b", "jcs/a", "reject/*"]);
  const fromAction = readRunOptions(
    actionFace((name) => ({ ...base, cases: "jcs/b\njcs/a, reject/*\n\n" })[name] ?? "", CWD),
  ).options.cases;
  assert.deepEqual(fromAction, ["jcs/b", "jcs/a", "reject/*"]);
});

test("none given: no selection, every case runs", () => {
  assert.equal(readRunOptions(cliFace(base, CWD)).options.cases, undefined);
  assert.equal(
    readRunOptions(actionFace((n) => ({ ...base, cases: " \n " })[n] ?? "", CWD)).options.cases,
    undefined,
  );
});

test("a pattern with a blank could match no case name and is refused, naming the option", () => {
  const refused = (() => {
    try {
      readRunOptions(actionFace((n) => ({ ...base, cases: "jcs/a b" })[n] ?? "", CWD));
    } catch (error) {
      return error;
    }
  })();
  assert.ok(refused instanceof OptionError);
  assert.equal(refused.option, "cases");
  assert.match(refused.message, /^cases 'jcs\/a b': a case name holds no blank/);
});

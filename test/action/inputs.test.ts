// Which `with:` keys the action refuses as misspelt inputs (src/action/inputs.ts): the runner passes
// every key on as an INPUT_ variable and only warns about unknown ones. Near a known input (edit
// distance 2, or 1 for a short name; `-` and `_` alike): refused with the input meant. Near none: left.
import assert from "node:assert/strict";
import { test } from "node:test";
import { misspeltInputs } from "../../src/action/inputs.js";

const env = (...names: string[]) => Object.fromEntries(names.map((n) => [n, "x"]));

test("misspelt inputs are caught with the input meant; declared and far-away ones are left", () => {
  assert.deepEqual(
    misspeltInputs(
      env(
        "INPUT_PROTOCOL", // declared
        "INPUT_EXPECTED-SIGNER", // declared
        "INPUT_PROTOCL", // a letter missing
        "INPUT_SUITS", // a letter missing from a short name
        "INPUT_SIGNING_KEY", // `_` for `-`
        "INPUT_COMAND", // a letter missing
        "INPUT_GREETING", // near nothing
        "INPUT_VERBOSE", // near nothing
        "PROTOCL", // not an input at all
      ),
    ),
    [
      { given: "comand", meant: "command" },
      { given: "protocl", meant: "protocol" },
      { given: "signing_key", meant: "signing-key" },
      { given: "suits", meant: "suites" },
    ],
  );
});

test("a short name allows one edit, a longer one two", () => {
  const known = ["seed", "shard", "numbers"];
  assert.deepEqual(misspeltInputs(env("INPUT_SEDE"), known), [], "two edits from a 4-letter name");
  assert.deepEqual(misspeltInputs(env("INPUT_SED"), known), [{ given: "sed", meant: "seed" }]);
  assert.deepEqual(misspeltInputs(env("INPUT_NUBMERS"), known), [{ given: "nubmers", meant: "numbers" }]);
  assert.deepEqual(misspeltInputs(env("INPUT_NUMBERZZZ"), known), [], "three edits");
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { showBytes } from "../../src/checks/index.js";
import { codePointTag, showInvisible } from "../../src/escape/visible.js";
import { knownBadCanonicalizer } from "../../src/known-bad/index.js";
import { verifyCommand } from "../../src/report/verify-command.js";
import { shellQuote } from "../../src/text.js";
import {
  writeChoiceExpectation,
  writeChoiceGot,
  writeNumbersExpectation,
  writeNumbersGot,
} from "../../src/text-forms/index.js";
import { differenceNote, firstDifference } from "../../src/view/difference.js";

test("invisible and control characters are shown as their code points", () => {
  assert.equal(
    showInvisible("a\u0000b\tc\nd\re\u007f\u0085"),
    "a⟨U+0000⟩b⟨U+0009⟩c⟨U+000A⟩d⟨U+000D⟩e⟨U+007F⟩⟨U+0085⟩",
  );
  assert.equal(
    showInvisible("\u202eabc\u202c\u2066\u200b\u200d\ufeff\u00ad"),
    "⟨U+202E⟩abc⟨U+202C⟩⟨U+2066⟩⟨U+200B⟩⟨U+200D⟩⟨U+FEFF⟩⟨U+00AD⟩",
  );
  assert.equal(showInvisible("a\u00a0b\u3000c\u2028\u2029"), "a⟨U+00A0⟩b⟨U+3000⟩c⟨U+2028⟩⟨U+2029⟩");
  assert.equal(showInvisible("\ud800x\udfff"), "⟨U+D800⟩x⟨U+DFFF⟩", "lone surrogates");
  assert.equal(
    showInvisible("\ufffe\uffff\ufdd0\u{10ffff}"),
    "⟨U+FFFE⟩⟨U+FFFF⟩⟨U+FDD0⟩⟨U+10FFFF⟩",
    "noncharacters",
  );
  assert.equal(showInvisible("\u3164\u115f"), "⟨U+3164⟩⟨U+115F⟩", "Hangul fillers draw nothing");
});

test("private-use and unassigned code points are shown as their code points (issue 37 item 10)", async () => {
  assert.equal(showInvisible("\ue000"), codePointTag(0xe000));
  assert.equal(showInvisible("a\u{f0000}\u{10fffd}b"), `a${codePointTag(0xf0000)}${codePointTag(0x10fffd)}b`);
  assert.equal(showInvisible("\u0378"), codePointTag(0x378), "unassigned (a gap in the Greek block)");
  // The first failure of a sort by code point: the name U+E000 must not read as an empty name.
  const input = new TextEncoder().encode('{"\\ue000":1,"\\ud83d\\ude00":2}');
  const answer = await knownBadCanonicalizer("sorts_by_code_point").write.canonicalize(input);
  assert.equal(answer.status, "canonical");
  const got = showBytes(answer.status === "canonical" ? answer.output : new Uint8Array());
  assert.equal(showInvisible(got), `{"${codePointTag(0xe000)}":1,"😀":2}`);
  // The difference note names it by its code point alone, as it does every character that draws nothing.
  assert.equal(
    firstDifference(showBytes(new TextEncoder().encode('{"😀":2,"\ue000":1}')), got),
    'first difference at character 3: expected U+1F600 "😀", got U+E000',
  );
});

test("visible text, spaces, pairs and marks stay as they are", () => {
  const kept = 'plain {"a":[1,2]} é A\u030a 😀 \u{1F469}\u200d\u{1F4BB}'.replace("\u200d", "");
  assert.equal(showInvisible(kept), kept);
});

test("the notation cannot be forged: distinct texts stay distinct", () => {
  assert.notEqual(showInvisible("\u0001"), showInvisible("⟨U+0001⟩"));
  assert.equal(showInvisible("⟨U+0001⟩"), "⟨U+27E8⟩U+0001⟩");
});

test("the first difference is pointed out where a reader could miss it", () => {
  assert.equal(
    firstDifference("[1,2]", "[1,2.0]"),
    'first difference at character 5: expected U+005D "]", got U+002E "."',
  );
  assert.equal(
    firstDifference('"A\u030a"', '"\u00c5"'),
    'first difference at character 2: expected U+0041 "A", got U+00C5 "Å"',
  );
  assert.equal(
    firstDifference("ab", "abc"),
    'first difference at character 3: expected the end, got U+0063 "c"',
  );
  assert.equal(
    firstDifference("a\u00a0", "a\u2007"),
    "first difference at character 2: expected U+00A0, got U+2007",
  );
  assert.equal(firstDifference("reject", '{"a":1}'), undefined, "unrelated from the start");
  assert.equal(firstDifference("same", "same"), undefined);
  assert.equal(
    firstDifference("😀x", "😀y"),
    'first difference at character 2: expected U+0078 "x", got U+0079 "y"',
  );
});

test("the verify command quotes what a shell would split, and pins only a supplied key", () => {
  assert.equal(shellQuote("out/record.json"), "out/record.json");
  assert.equal(shellQuote("my dir/it's.json"), "'my dir/it'\\''s.json'");
  assert.equal(shellQuote("$(rm -rf)"), "'$(rm -rf)'");
  assert.equal(
    verifyCommand("r.json", "ephemeral", "ab"),
    "npx --yes 'github:canon-conformance/canon-conformance#v1' verify r.json",
  );
  assert.equal(
    verifyCommand("r.json", "supplied", "ab"),
    "npx --yes 'github:canon-conformance/canon-conformance#v1' verify r.json --pubkey ab",
  );
});

test("a tally gets no first-difference note: its characters are no output's (issue 29 item 9)", () => {
  // Both start with "a" (and the numbers with "1"): a note would point at the second character.
  const choice = {
    expected: writeChoiceExpectation(3),
    got: writeChoiceGot({
      accepted: ["top-level-string", "top-level-zero"],
      refused: ["top-level-fraction"],
      noAnswer: [],
    }),
  };
  assert.ok(firstDifference(choice.expected, choice.got) !== undefined);
  assert.equal(differenceNote(choice), undefined);
  const numbers = {
    expected: writeNumbersExpectation(1000, "ab"),
    got: writeNumbersGot({
      matched: 100,
      total: 1000,
      culprits: [{ block: 0, got: "[ 1 ]" }],
      more: 0,
      kinds: [["array", 1]],
    }),
  };
  assert.ok(firstDifference(numbers.expected, numbers.got) !== undefined);
  assert.equal(differenceNote(numbers), undefined);
  // An output still gets its note.
  assert.ok(
    differenceNote({ expected: "[1,2]", got: "[1,2.0]" })?.startsWith("first difference at character 5"),
  );
});

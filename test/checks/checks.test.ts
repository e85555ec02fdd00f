import assert from "node:assert/strict";
import { test } from "node:test";
import { CHECK_IDS, CHECK_TITLES, checkFor } from "../../src/checks/index.js";
import {
  answering,
  canonCase,
  canonical,
  canonOrRejectCase,
  context,
  failed,
  idempotentCase,
  pairCase,
  rejectCase,
  rejected,
  roundtripCase,
} from "./fakes.js";

const canon = checkFor("canon");
const reject = checkFor("reject");
const canonOrReject = checkFor("canon-or-reject");
const equal = checkFor("equal");
const differ = checkFor("differ");
const idempotent = checkFor("idempotent");
const roundtrip = checkFor("roundtrip");

test("canon passes exactly the expected bytes", async () => {
  const r = await canon(
    canonCase('{"b":1,"a":2}', '{"a":2,"b":1}'),
    context(answering({ '{"b":1,"a":2}': canonical('{"a":2,"b":1}') })),
  );
  assert.deepEqual(
    { pass: r.pass, expected: r.expected, got: r.got, suite: r.suite, name: r.name, kind: r.kind },
    { pass: true, expected: '{"a":2,"b":1}', got: '{"a":2,"b":1}', suite: "jcs", name: "c", kind: "canon" },
  );
  assert.equal(r.why, "a test case");
  assert.equal(r.source, "test");
});

test("canon fails other bytes, a rejection and a harness failure, saying which", async () => {
  const c = canonCase("[1.0]", "[1]");
  const other = await canon(c, context(answering({ "[1.0]": canonical("[1.0]") })));
  assert.equal(other.pass, false);
  assert.equal(other.expected, "[1]");
  assert.equal(other.got, "[1.0]");
  const refused = await canon(c, context(answering({ "[1.0]": rejected("no floats") })));
  assert.equal(refused.pass, false);
  assert.equal(refused.got, "reject: no floats");
  const crashed = await canon(c, context(answering({ "[1.0]": failed("exit 139 (SIGSEGV)") })));
  assert.equal(crashed.pass, false);
  assert.equal(crashed.got, "failed: exit 139 (SIGSEGV)");
});

test("canon fails an output that differs only by a trailing newline", async () => {
  const r = await canon(canonCase("1", "1"), context(answering({ "1": canonical("1\n") })));
  assert.equal(r.pass, false);
});

test("an adapter that throws is a failed answer, not a crashed check", async () => {
  const r = await canon(canonCase("[]", "[]"), context(answering({})));
  assert.equal(r.pass, false);
  assert.match(r.got, /^failed: the adapter threw: the fake was not told/);
});

test("reject passes only a deliberate rejection", async () => {
  const c = rejectCase('{"a":1,"a":2}');
  const yes = await reject(c, context(answering({ '{"a":1,"a":2}': rejected("duplicate-name") })));
  assert.deepEqual([yes.pass, yes.expected, yes.got], [true, "reject", "reject: duplicate-name"]);
  const accepted = await reject(c, context(answering({ '{"a":1,"a":2}': canonical('{"a":2}') })));
  assert.deepEqual([accepted.pass, accepted.got], [false, '{"a":2}']);
  // A crash or a timeout is not a rejection: it fails, with its reason.
  const crashed = await reject(
    c,
    context(answering({ '{"a":1,"a":2}': failed("timed out after 10000 ms") })),
  );
  assert.deepEqual([crashed.pass, crashed.got], [false, "failed: timed out after 10000 ms"]);
});

test("canon-or-reject passes a rejection or exactly the expected bytes, nothing else", async () => {
  const c = canonOrRejectCase("9007199254740993", "9007199254740992");
  const ask = (answer: ReturnType<typeof canonical>) =>
    canonOrReject(c, context(answering({ "9007199254740993": answer })));
  const refused = await ask(rejected("big-integer"));
  assert.deepEqual(
    [refused.pass, refused.expected, refused.got],
    [true, "reject, or 9007199254740992", "reject: big-integer"],
  );
  assert.equal((await ask(canonical("9007199254740992"))).pass, true);
  const exact = await ask(canonical("9007199254740993"));
  assert.deepEqual([exact.pass, exact.got], [false, "9007199254740993"]);
  assert.equal((await ask(failed("crashed"))).pass, false);
});

test("equal (I2) passes two identical canonical outputs and shows both inputs", async () => {
  const impl = answering({
    '{"b":2,"a":1}': canonical('{"a":1,"b":2}'),
    '{"a":1,"b":2}': canonical('{"a":1,"b":2}'),
  });
  const r = await equal(pairCase("equal", '{"b":2,"a":1}', '{"a":1,"b":2}'), context(impl));
  assert.equal(r.pass, true);
  assert.equal(r.expected, 'the same output for a = {"b":2,"a":1} and b = {"a":1,"b":2}');
  assert.equal(r.got, 'both: {"a":1,"b":2}');
});

test("equal (I2) fails different outputs, and a rejection of either input", async () => {
  const different = answering({ "[1]": canonical("[1]"), "[1.0]": canonical("[1.0]") });
  const r = await equal(pairCase("equal", "[1]", "[1.0]"), context(different));
  assert.deepEqual([r.pass, r.got], [false, "a: [1] | b: [1.0]"]);
  const oneRefused = answering({ "[1]": canonical("[1]"), "[1.0]": rejected("floats") });
  const s = await equal(pairCase("equal", "[1]", "[1.0]"), context(oneRefused));
  assert.deepEqual([s.pass, s.got], [false, "a: [1] | b: reject: floats"]);
});

test("differ (I3) passes different outputs and fails identical ones", async () => {
  const impl = answering({ '"a-b"': canonical('"a-b"'), '"ab"': canonical('"ab"') });
  const pass = await differ(pairCase("differ", '"a-b"', '"ab"'), context(impl));
  assert.equal(pass.pass, true);
  assert.equal(pass.expected, 'different outputs for a = "a-b" and b = "ab"');
  assert.equal(pass.got, 'a: "a-b" | b: "ab"');
  const blind = answering({ '"a-b"': canonical('"ab"'), '"ab"': canonical('"ab"') });
  const fail = await differ(pairCase("differ", '"a-b"', '"ab"'), context(blind));
  assert.deepEqual([fail.pass, fail.got], [false, 'both: "ab"']);
});

test("differ (I3) fails when either input is rejected: both are valid JSON", async () => {
  const impl = answering({ '"a"': rejected("nope"), '"b"': rejected("nope") });
  const r = await differ(pairCase("differ", '"a"', '"b"'), context(impl));
  assert.deepEqual([r.pass, r.got], [false, "a: reject: nope | b: reject: nope"]);
});

test("idempotent (I1) asks twice and passes when the second output is the first", async () => {
  const impl = answering({ "[1.0, 2]": canonical("[1,2]"), "[1,2]": canonical("[1,2]") });
  const r = await idempotent(idempotentCase("[1.0, 2]"), context(impl));
  assert.deepEqual(impl.asked, ["[1.0, 2]", "[1,2]"]);
  assert.deepEqual(
    [r.pass, r.expected, r.got],
    [true, "canon(canon(x)) → [1,2] (= canon(x))", "canon(canon(x)) → [1,2]"],
  );
});

test("idempotent (I1) fails a second output that differs, one it refuses, and a refused first step", async () => {
  const drifting = answering({
    '"\\\\"': canonical('"\\\\\\\\"'),
    '"\\\\\\\\"': canonical('"\\\\\\\\\\\\\\\\"'),
  });
  const r = await idempotent(idempotentCase('"\\\\"'), context(drifting));
  assert.deepEqual([r.pass, r.got], [false, 'canon(canon(x)) → "\\\\\\\\\\\\\\\\"']);
  const unparsable = answering({ '{"a":1}': canonical('{"a":1'), '{"a":1': rejected("unexpected-end") });
  const s = await idempotent(idempotentCase('{"a":1}'), context(unparsable));
  assert.deepEqual([s.pass, s.got], [false, "canon(canon(x)) → reject: unexpected-end"]);
  const refused = answering({ "[]": rejected("arrays?") });
  const t = await idempotent(idempotentCase("[]"), context(refused));
  assert.deepEqual(
    [t.pass, t.expected, t.got],
    [false, "canon(x) → canonical JSON", "canon(x) → reject: arrays?"],
  );
});

test("roundtrip (I4) reads the written form back with the read side", async () => {
  const write = answering({ '{"s":"café"}': canonical('{"s":"café"}') }, "write");
  const sameRead = answering({ '{"s":"café"}': canonical('{"s":"café"}') }, "read");
  const r = await roundtrip(roundtripCase('{"s":"café"}'), context(write, sameRead));
  assert.deepEqual(write.asked, ['{"s":"café"}']);
  assert.deepEqual(sameRead.asked, ['{"s":"café"}']);
  assert.deepEqual(
    [r.pass, r.expected, r.got],
    [true, 'read(w) → {"s":"café"} (= w)', 'read(w) → {"s":"café"}'],
  );
});

test("roundtrip (I4) fails a read side that re-normalizes, and a refused write", async () => {
  const write = answering({ '{"s":"café"}': canonical('{"s":"café"}') });
  const nfdRead = answering({ '{"s":"café"}': canonical('{"s":"cafe\u0301"}') });
  const r = await roundtrip(roundtripCase('{"s":"café"}'), context(write, nfdRead));
  assert.deepEqual([r.pass, r.got], [false, 'read(w) → {"s":"cafe\u0301"}']);
  const refusing = answering({ "[]": rejected("no") });
  const s = await roundtrip(roundtripCase("[]"), context(refusing));
  assert.deepEqual(
    [s.pass, s.expected, s.got],
    [false, "write(x) → canonical JSON", "write(x) → reject: no"],
  );
});

test("a check given a case of another kind says so", async () => {
  await assert.rejects(
    canon(rejectCase("x"), context(answering({}))),
    /the canon check was given a reject case/,
  );
});

test("every check has one title, in the table order of the checks", () => {
  // The titles are a table of their own (src/checks/titles.ts), for `known-bad --list` to print
  // without loading the judges.
  assert.deepEqual(Object.keys(CHECK_TITLES), CHECK_IDS);
});

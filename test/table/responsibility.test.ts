// Verdicts by responsibility (src/table/responsibility.ts): a parsed-value library answers for every
// case but input validation, which is its wrapper's parser's and is named; a bytes library, and a row
// without a manifest (self-reported), answer for every case, as the record does.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Manifest } from "../../src/table/manifest.js";
import { headline, parserName, rowVerdict } from "../../src/table/responsibility.js";
import type { ConformResult } from "../../src/types.js";

const manifest = (api: "bytes" | "parsed-value", parser?: string) =>
  ({ package: "lib", api, ...(parser ? { parser } : {}) }) as Manifest;

function record(failed: Record<string, string>): ConformResult {
  const names = ["jcs/a", "jcs/b", "reject/dup", "reject/surrogate", "reject/utf8", "canon-or-reject/bom"];
  const cases = names.map((name) => ({
    name,
    pass: !(name in failed),
    expected: name.startsWith("reject/") ? "reject" : "[]",
    got: failed[name] ?? (name.startsWith("reject/") ? "reject: no" : "[]"),
  }));
  const bad = cases.filter((c) => !c.pass).length;
  return {
    cases,
    conformant: bad === 0,
    summary: { cases: cases.length, passed: cases.length - bad, failed: bad },
  } as unknown as ConformResult;
}

test("a parsed-value library whose output rules pass: conformant, the parser's acceptances named", () => {
  const r = record({ "reject/dup": '{"a":2}', "reject/surrogate": "failed: timed out" });
  const v = rowVerdict(r, manifest("parsed-value", "JSON.parse, after strict UTF-8 decoding"));
  assert.deepEqual(v.library, { passed: 3, cases: 3, conformant: true });
  assert.equal(v.record.conformant, false, "the record still judges the command as run");
  assert.equal(v.parser?.name, "JSON.parse");
  assert.equal(v.parser?.accepted, 1);
  assert.equal(v.parser?.otherwise, 1);
  assert.deepEqual(headline(v), {
    ok: true,
    text: "conformant in what it answers for",
    detail: "input validation by JSON.parse: 1 accepted that must be refused, 1 not answered as a refusal",
  });
});

test("a parsed-value library that fails an output rule is not conformant, whatever its parser did", () => {
  const v = rowVerdict(
    record({ "jcs/a": "[ ]" }),
    manifest("parsed-value", "json.loads (Python's standard library)"),
  );
  assert.equal(v.library.conformant, false);
  const h = headline(v);
  assert.equal(h.text, "not conformant");
  assert.equal(
    h.detail,
    "1 of the cases it answers for failed; input validation by json.loads: every one of 3 refused as it must be",
  );
});

test("a value the library is handed that RFC 8785 makes it refuse (non-finite, lone surrogate) is the library's", () => {
  const r = record({ "reject/dup": '{"a":2}', "reject/surrogate": '["\\ud800"]', "reject/utf8": "[null]" });
  const rules: Record<string, string> = {
    "reject/dup": "RFC 8785 §3.1 (I-JSON, RFC 7493 §2.3)",
    "reject/surrogate": "RFC 8785 §3.1 (I-JSON, RFC 7493 §2.1)",
    "reject/utf8": "RFC 8785 §3.2.2.3; RFC 7493 §2.2",
  };
  const v = rowVerdict(r, manifest("parsed-value", "JSON.parse"), (n) => rules[n]);
  assert.deepEqual(v.library, { passed: 3, cases: 5, conformant: false }, "the surrogate and the overflow");
  assert.deepEqual(v.parser?.tally, { passed: 0, cases: 1 }, "the duplicate name, which parsing erased");
  assert.equal(headline(v).text, "not conformant");
});

test("a fault the manifest says its parser erases (checked by hand) is the parser's, not the library's", () => {
  const r = record({ "reject/dup": '{"a":2}', "reject/surrogate": '["\uFFFD"]', "reject/utf8": "[null]" });
  const rules: Record<string, string> = {
    "reject/dup": "RFC 8785 §3.1 (I-JSON, RFC 7493 §2.3)",
    "reject/surrogate": "RFC 8785 §3.1 (I-JSON, RFC 7493 §2.1)",
    "reject/utf8": "RFC 8785 §3.2.2.3; RFC 7493 §2.2",
  };
  const go = { ...manifest("parsed-value", "encoding/json's Unmarshal"), parserErases: ["lone-surrogates"] };
  const v = rowVerdict(r, go as Manifest, (n) => rules[n]);
  assert.deepEqual(v.parser?.tally, { passed: 0, cases: 2 }, "the duplicate and the surrogate, erased");
  assert.deepEqual(v.library, { passed: 3, cases: 4, conformant: false }, "the overflow stays the library's");
  const both = { ...go, parserErases: ["lone-surrogates", "out-of-range-numbers"] };
  assert.equal(
    headline(rowVerdict(r, both as Manifest, (n) => rules[n])).text,
    "conformant in what it answers for",
  );
});

test("a bytes library answers for every case: its headline is the record's", () => {
  const r = record({ "reject/dup": '{"a":2}' });
  for (const m of [manifest("bytes"), undefined]) {
    const v = rowVerdict(r, m);
    assert.equal(v.parser, undefined);
    assert.deepEqual(v.library, { passed: 5, cases: 6, conformant: false });
    assert.deepEqual(headline(v), { ok: false, text: "not conformant", detail: "1 failed" });
  }
  assert.deepEqual(headline(rowVerdict(record({}), manifest("bytes"))), { ok: true, text: "conformant" });
});

test("a parser's name, from the manifest's words", () => {
  assert.equal(
    parserName("JSON.parse, after strict UTF-8 decoding (TextDecoder with fatal: true)"),
    "JSON.parse",
  );
  assert.equal(
    parserName("json_decode (objects as stdClass, JSON_THROW_ON_ERROR), after mb_check_encoding"),
    "json_decode",
  );
  assert.equal(
    parserName("serde_json::from_slice into a serde_json::Value (serde_json 1.0.140)"),
    "serde_json::from_slice",
  );
  assert.equal(parserName("Jason.decode! (jason 1.4.4), after String.valid?"), "Jason.decode!");
});

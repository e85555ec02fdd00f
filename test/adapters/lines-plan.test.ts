// casesForLines (src/adapters/lines-plan.ts): a case lines mode cannot carry is sent in its lines
// form, or marked not run, and a case marked not run fails without a request.
import assert from "node:assert/strict";
import { test } from "node:test";
import { casesForLines } from "../../src/adapters/index.js";
import { runCases } from "../../src/checks/index.js";
import type { Canonicalizer, CorpusCase } from "../../src/types.js";

const bytes = (t: string) => new TextEncoder().encode(t);
const info = { suite: "reject" as const, why: "JSON has no comments", source: "test" };

test("a carried case is sent as it is; an uncarried one in its lines form, or not run", async () => {
  const carried: CorpusCase = { ...info, name: "plain", kind: "reject", input: bytes("[1,]") };
  const formed: CorpusCase = {
    ...info,
    name: "formed",
    kind: "reject",
    input: bytes("// note\n[1]"),
    lines: { input: bytes("[1] // note"), why: "the comment at the end" },
  };
  const bare: CorpusCase = { ...info, name: "bare", kind: "reject", input: bytes("// note\n[1]") };
  const [a, b, c] = casesForLines([carried, formed, bare]);
  assert.equal(a, carried);
  assert.deepEqual(b!.kind === "reject" && Buffer.from(b!.input).toString(), "[1] // note");
  assert.match(b!.why, /in lines mode: the comment at the end/);
  assert.match(c!.notRun ?? "", /cannot carry its input faithfully: the LF at byte 7/);

  // A comment-skipping implementation: the line form catches it; the not-run case fails unasked.
  let asked = 0;
  const lenient: Canonicalizer = {
    label: "skips // comments",
    async canonicalize(input) {
      asked++;
      const text = Buffer.from(input)
        .toString()
        .replace(/\/\/[^\n]*/g, "")
        .trim();
      return text === "" || text.endsWith(",]")
        ? { status: "rejected", reason: "bad" }
        : { status: "canonical", output: bytes(text) };
    },
    async close() {},
  };
  const results = await runCases([a!, b!, c!], { write: lenient, read: lenient }, { concurrency: 1 });
  assert.deepEqual(
    results.map((r) => r.pass),
    [true, false, false],
  );
  assert.match(results[2]!.got, /^not run in lines mode: /);
  assert.equal(asked, 2, "a case marked not run sends no request");
});

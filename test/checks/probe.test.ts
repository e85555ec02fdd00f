// The setup probe's hints, each decided by what the implementation did (issue 22): the implementations
// here are tables of answers (./fakes.ts), so each test states the evidence and the hint it earns. The
// same hints against real commands are in test/run/probe.test.ts.
import assert from "node:assert/strict";
import { test } from "node:test";
import { PROBE_EXPECTED, PROBE_INPUT, PROBE_REFUSED, probeImplementation } from "../../src/checks/probe.js";
import type { Answer } from "../../src/types.js";
import { answering, canonical, failed, rejected } from "./fakes.js";

const decoder = new TextDecoder();
const silent = () => answering({ [PROBE_INPUT]: failed("no answer within 2000 ms") }, "cmd --lines");
/** Asked once mode's way: the answers by input, and what was asked. */
function onceWay(table: Record<string, Answer>) {
  const asked: string[] = [];
  return {
    asked,
    askOnce: async (input: Uint8Array) => {
      const text = decoder.decode(input);
      asked.push(text);
      return table[text] ?? failed("not in the table");
    },
  };
}

test("a once program in lines mode: it answers once its input ends, and reads two lines as one input", async () => {
  const once = onceWay({
    [PROBE_INPUT]: canonical(PROBE_EXPECTED),
    [`${PROBE_INPUT}\n${PROBE_INPUT}\n`]: rejected("Extra data: line 2 column 1"),
  });
  const hint = await probeImplementation(silent(), "lines", once);
  assert.match(
    hint!,
    /as a once-mode command does .*Does your command need its lines flag .*use protocol once/,
  );
  assert.deepEqual(once.asked, [PROBE_INPUT, `${PROBE_INPUT}\n${PROBE_INPUT}\n`]);
});

test("a lines program that keeps its answers in a buffer: a line for each of two requests, at the end", async () => {
  const once = onceWay({
    [PROBE_INPUT]: canonical(PROBE_EXPECTED),
    [`${PROBE_INPUT}\n${PROBE_INPUT}\n`]: failed("answered more than one line (a line feed at offset 22)"),
  });
  const hint = await probeImplementation(silent(), "lines", once);
  assert.match(hint!, /keeps its answers in a buffer\. Flush stdout after every answer line/);
  assert.doesNotMatch(hint!, /protocol once|lines flag/);
});

test("a command that answers nothing either way: no protocol is blamed", async () => {
  const once = onceWay({ [PROBE_INPUT]: failed("timed out after 2000 ms; process group killed") });
  const hint = await probeImplementation(silent(), "lines", once);
  assert.match(hint!, /it gave no answer either: failed: timed out/);
  assert.doesNotMatch(hint!, /protocol once|lines flag/);
});

test("a command that stops at once, unable to open its script: that is the reason, in both protocols", async () => {
  const said = "python3: can't open file '/w/canno.py': [Errno 2] No such file or directory";
  const lines = answering({ [PROBE_INPUT]: failed(`the command exited with code 2 (stderr: ${said})`) });
  const once = answering({ [PROBE_INPUT]: rejected(said) });
  for (const [impl, protocol] of [
    [lines, "lines"],
    [once, "once"],
  ] as const) {
    const hint = await probeImplementation(impl, protocol, onceWay({}));
    assert.match(
      hint!,
      /could not open a file: python3: can't open file '\/w\/canno\.py': \[Errno 2\] No such file or directory\. Check the paths/,
    );
    assert.doesNotMatch(hint!, /protocol (once|lines)/);
  }
  const node = answering({ [PROBE_INPUT]: rejected("Error: Cannot find module '/w/canon.mjs'") });
  assert.match((await probeImplementation(node, "once"))!, /could not open a file/);
});

test("a lines program in once mode: `!` with exit 0, to the probe itself or to an input every reader refuses", async () => {
  const refusing = answering({
    [PROBE_INPUT]: canonical(PROBE_EXPECTED),
    [PROBE_REFUSED]: canonical("!Expecting value"),
  });
  assert.match(
    (await probeImplementation(refusing, "once"))!,
    /answered \[1,2 with “!Expecting value” and exit code 0: .*speaks the lines protocol/,
  );
  const first = answering({ [PROBE_INPUT]: canonical("!no lines here") });
  assert.match((await probeImplementation(first, "once"))!, /answered \{"b".* with “!no lines here”/);
  // A once program refuses with a non-zero exit: judged by the cases, not stopped.
  const right = answering({ [PROBE_INPUT]: canonical(PROBE_EXPECTED), [PROBE_REFUSED]: rejected("bad") });
  assert.equal(await probeImplementation(right, "once"), undefined);
  // Lines mode asks no second question.
  const lines = answering({ [PROBE_INPUT]: canonical(PROBE_EXPECTED) });
  assert.equal(await probeImplementation(lines, "lines"), undefined);
  assert.deepEqual(lines.asked, [PROBE_INPUT]);
});

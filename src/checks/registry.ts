// The case kinds, one row each: the check that judges the kind (its id, as self-test tables and the
// known-bads' claims name it, and its title), the judge, and the text forms of what it writes: the
// expectation it states when its judge could not say it itself, and which form its `got` takes
// (src/text-forms holds each form's writer and reader). A check id is the kind's own name, except seed 000's four
// invariants, which keep their names I1-I4. A suite (src/types.ts SUITES) is a folder of cases; a
// kind says how a case is judged, in whichever suite it is filed.

import {
  I1_STEPS,
  I4_STEPS,
  type TwiceSteps,
  writeChoiceExpectation,
  writeChoiceGot,
  writeExpectedAnswer,
  writeNumbersExpectation,
  writePairExpectation,
  writePairInputs,
  writePropertyExpectation,
} from "../text-forms/index.js";
import type { CaseKind, CaseResult, Check, CheckContext, CorpusCase } from "../types.js";
import { caseOfKind, judged } from "./judge.js";
import { judgeNumbers } from "./numbers.js";
import { judgeProperty } from "./property.js";
import {
  type ChoiceVerdict,
  choiceRule,
  consistencyRule,
  exactRule,
  pairRule,
  refusalRule,
  twiceRule,
} from "./rules.js";
import { showAnswer, showBytes, showPair, showTwice } from "./show.js";
import { CHECK_TITLES } from "./titles.js";

/** Pair inputs are shown shorter than outputs: the why already says what the pair is. */
const PAIR_INPUT_LIMIT = 80;

type CaseOf<K extends CaseKind> = Extract<CorpusCase, { kind: K }>;

/**
 * The form a kind's `got` takes (src/text-forms): `answer` (the answer form: the output, or a refusal
 * or a failure with its reason), `pair` (the pair form: each answer, or one for both), `text` (a form
 * of the kind's own, never an answer or a pair: the step form, the numbers sweep's, consistent-choice's),
 * or `instance`: a generated case's failing instance in its own kind's form, then how it was found.
 */
export type GotForm = "answer" | "pair" | "text" | "instance";

interface KindRow<K extends CaseKind> {
  check: string;
  title: string;
  judge: (c: CaseOf<K>, ctx: CheckContext) => Promise<CaseResult>;
  /** What the case expects, in words, for a case whose judge threw. */
  expectation: (c: CaseOf<K>) => string;
  got: GotForm;
}

/** In the order self-test tables show the checks. */
const REGISTRY = {
  canon: {
    check: "canon",
    title: CHECK_TITLES.canon,
    async judge(c, ctx) {
      const v = await exactRule(ctx.write, c.input, c.expected);
      return judged(c, v.pass, canonExpectation(c.expected), showAnswer(v.answer));
    },
    expectation: (c) => canonExpectation(c.expected),
    got: "answer",
  },
  reject: {
    check: "reject",
    title: CHECK_TITLES.reject,
    async judge(c, ctx) {
      const v = await refusalRule(ctx.write, c.input);
      return judged(c, v.pass, writeExpectedAnswer({ status: "rejected" }), showAnswer(v.answer));
    },
    expectation: () => writeExpectedAnswer({ status: "rejected" }),
    got: "answer",
  },
  "canon-or-reject": {
    check: "canon-or-reject",
    title: CHECK_TITLES["canon-or-reject"],
    async judge(c, ctx) {
      const v = await choiceRule(ctx.write, c.input, c.expected);
      return judged(c, v.pass, choiceExpectation(c.expected), showAnswer(v.answer));
    },
    expectation: (c) => choiceExpectation(c.expected),
    got: "answer",
  },
  "consistent-choice": {
    check: "consistent-choice",
    title: CHECK_TITLES["consistent-choice"],
    async judge(c, ctx) {
      const v = await consistencyRule(ctx.write, c.members);
      return judged(c, v.pass, writeChoiceExpectation(c.members.length), showChoices(v));
    },
    expectation: (c) => writeChoiceExpectation(c.members.length),
    got: "text",
  },
  idempotent: {
    check: "I1",
    title: CHECK_TITLES.I1,
    judge: twiceJudge("write", I1_STEPS),
    expectation: () => I1_STEPS.law,
    got: "text",
  },
  equal: {
    check: "I2",
    title: CHECK_TITLES.I2,
    judge: pairJudge(true),
    expectation: () => writePairExpectation({ equal: true, what: "both inputs" }),
    got: "pair",
  },
  differ: {
    check: "I3",
    title: CHECK_TITLES.I3,
    judge: pairJudge(false),
    expectation: () => writePairExpectation({ equal: false, what: "the two inputs" }),
    got: "pair",
  },
  roundtrip: {
    check: "I4",
    title: CHECK_TITLES.I4,
    judge: twiceJudge("read", I4_STEPS),
    expectation: () => I4_STEPS.law,
    got: "text",
  },
  numbers: {
    check: "numbers",
    title: CHECK_TITLES.numbers,
    judge: (c, ctx) => judgeNumbers(c, ctx),
    expectation: (c) => writeNumbersExpectation(c.count),
    got: "text",
  },
  property: {
    check: "property",
    title: CHECK_TITLES.property,
    judge: judgeProperty,
    expectation: (c) => writePropertyExpectation(c),
    got: "instance",
  },
} as const satisfies { [K in CaseKind]: KindRow<K> };

export type CheckId = (typeof REGISTRY)[CaseKind]["check"];

const KINDS = Object.keys(REGISTRY) as CaseKind[];

/** Every check, in table order. */
export const CHECK_IDS: readonly CheckId[] = KINDS.map((kind) => REGISTRY[kind].check);

/** What each check proves, for tables and `--list` (./titles.ts: one per check, in table order). */
export { CHECK_TITLES };

/** The check that judges cases of `kind`. */
export function checkIdOf(kind: CaseKind): CheckId {
  return REGISTRY[kind].check;
}

/** The kind a check judges: each check is one kind's rule. */
export function kindOfCheck(id: CheckId): CaseKind {
  return KINDS.find((kind) => REGISTRY[kind].check === id)!;
}

/** The form the `got` of a `kind` case takes. */
export function gotFormOf(kind: CaseKind): GotForm {
  return REGISTRY[kind].got;
}

/** The judge of `kind`'s cases. */
export function checkFor(kind: CaseKind): Check {
  const row = REGISTRY[kind] as KindRow<CaseKind> | undefined;
  if (!row) throw new TypeError(`no check for case kind ${JSON.stringify(kind)}`);
  return async (c, ctx) => row.judge(caseOfKind(c, kind) as never, ctx);
}

/** The expectation of a case, in words, for when its judge threw. */
export function expectationOf(c: CorpusCase): string {
  return (REGISTRY[c.kind] as KindRow<CaseKind>).expectation(c as never);
}

/** I2 (`mustBeEqual`) and I3 on a stored pair. */
function pairJudge(mustBeEqual: boolean) {
  return async (c: CaseOf<"equal" | "differ">, ctx: CheckContext): Promise<CaseResult> => {
    const v = await pairRule(ctx.write, c.a, c.b, mustBeEqual);
    const inputs = writePairInputs({
      a: showBytes(c.a, PAIR_INPUT_LIMIT),
      b: showBytes(c.b, PAIR_INPUT_LIMIT),
    });
    const expected = writePairExpectation({ equal: mustBeEqual, what: inputs });
    return judged(c, v.pass, expected, showPair(v));
  };
}

/** I1 (the second step is the implementation again) and I4 (the store's read side) on a stored case. */
function twiceJudge(second: "write" | "read", steps: TwiceSteps) {
  return async (c: CaseOf<"idempotent" | "roundtrip">, ctx: CheckContext): Promise<CaseResult> => {
    const v = await twiceRule(ctx.write, ctx[second], c.input);
    const { expected, got } = showTwice(v, steps);
    return judged(c, v.pass, expected, got);
  };
}

/** A canon case's expectation: its output. */
function canonExpectation(expected: Uint8Array): string {
  return writeExpectedAnswer({ status: "canonical", output: showBytes(expected) });
}

/** A canon-or-reject case's expectation: a refusal, or its output. */
function choiceExpectation(expected: Uint8Array): string {
  return writeExpectedAnswer({ status: "either", output: showBytes(expected) });
}

/** Which members were accepted and which refused, by name: the inconsistency is the finding. */
function showChoices(v: ChoiceVerdict): string {
  const named = (status: string) => v.answers.filter((a) => a.answer.status === status).map((a) => a.name);
  return writeChoiceGot({
    accepted: named("canonical"),
    refused: named("rejected"),
    noAnswer: named("failed"),
  });
}

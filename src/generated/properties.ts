// The generated suite's four properties, each a fast-check arbitrary and a judgement of one drawn
// value against the implementation. The reference (./oracle.ts) says what is right; a property only
// asks the implementation what the case needs (one or two requests per run).
import fc from "fast-check";
import { answeredExactly, ask, bytesEqual } from "../checks/judge.js";
import { showAnswer, showBytes, showText } from "../checks/show.js";
import type { JsonValue } from "../jcs/index.js";
import type { Answer, CheckContext, Profile } from "../types.js";
import { type Mutation, mutationsOf } from "./mutate.js";
import { expectedFor, expectedOfValue } from "./oracle.js";
import { spell } from "./spell.js";
import { jsonValue } from "./values.js";

const encoder = new TextEncoder();
/** Inputs are cut shorter than answers in a report: after shrinking they are short anyway. */
const INPUT_LIMIT = 120;

/** One run's verdict. A failure says what was sent, what was right and what came back. */
export type Judgement =
  | { pass: true }
  | {
      pass: false;
      /** The input(s) sent, as a report shows them. */
      input: string;
      /** How many bytes were sent, to compare a shrunk counterexample with the first one found. */
      size: number;
      expected: string;
      got: string;
      /** The harness got no answer (timeout, crash): shrinking would only repeat the wait. */
      noAnswer: boolean;
    };

export interface Property<T> {
  name: string;
  why: string;
  source: string;
  /** Requests one run makes, for the suite's budget. */
  requestsPerRun: number;
  /** What a passing case states it checked. */
  claim: string;
  arbitrary: (profile: Profile) => fc.Arbitrary<T>;
  judge: (drawn: T, ctx: CheckContext, profile: Profile) => Promise<Judgement>;
}

const seedArb = fc.integer({ min: 0, max: 0x7fffffff });

function noAnswer(...answers: Answer[]): boolean {
  return answers.some((a) => a.status === "failed");
}

function show(text: string): string {
  return showText(text, INPUT_LIMIT);
}

/** (1) Any spelling of a hostile value canonicalizes to exactly the reference's bytes. */
const canonMatchesReference: Property<[JsonValue, number]> = {
  name: "canon-matches-reference",
  why: "a random value with hostile strings and numbers, spelled non-canonically, must come out as exactly the RFC 8785 bytes",
  source: "RFC 8785 §3.2; generated (fast-check)",
  requestsPerRun: 1,
  claim: "canon(x) = the reference's RFC 8785 bytes",
  arbitrary: () => fc.tuple(jsonValue(), seedArb),
  async judge([value, seed], ctx, profile) {
    const text = spell(value, seed);
    const expected = expectedFor(text, profile);
    const answer = await ask(ctx.write, encoder.encode(text));
    if (answeredExactly(answer, expected)) return { pass: true };
    return {
      pass: false,
      input: `x = ${show(text)}`,
      size: encoder.encode(text).length,
      expected: `canon(x) → ${showBytes(expected)}`,
      got: `canon(x) → ${showAnswer(answer)}`,
      noAnswer: noAnswer(answer),
    };
  },
};

/** (2) Two independent spellings of one value (and, under nfc, its NFD form) reconcile. */
const respellingsReconcile: Property<[JsonValue, number, number]> = {
  name: "respellings-reconcile",
  why: "two random spellings of one value (member order, whitespace, number and escape respellings) must canonicalize equal",
  source: "seed 000 I2; RFC 8785 §3.2; generated (fast-check)",
  requestsPerRun: 2,
  claim: "canon(a) = canon(b) for a, b two spellings of one value",
  arbitrary: () => fc.tuple(jsonValue(), seedArb, seedArb),
  async judge([value, seedA, seedB], ctx, profile) {
    const a = spell(value, seedA);
    // Under nfc, a store that normalizes must also reconcile the decomposed form.
    const b = spell(profile === "nfc" ? mapStrings(value, (s) => s.normalize("NFD")) : value, seedB);
    const [answerA, answerB] = await Promise.all([
      ask(ctx.write, encoder.encode(a)),
      ask(ctx.write, encoder.encode(b)),
    ]);
    if (
      answerA.status === "canonical" &&
      answerB.status === "canonical" &&
      bytesEqual(answerA.output, answerB.output)
    ) {
      return { pass: true };
    }
    return {
      pass: false,
      input: `a = ${show(a)} and b = ${show(b)}`,
      size: encoder.encode(a).length + encoder.encode(b).length,
      expected: `the same output for a and b: ${showBytes(expectedOfValue(value, profile))}`,
      got: `a: ${showAnswer(answerA)} | b: ${showAnswer(answerB)}`,
      noAnswer: noAnswer(answerA, answerB),
    };
  },
};

/** (3) A change of meaning stays visible: the mutated value canonicalizes differently. */
const mutationsVisible: Property<[JsonValue, number, number, number]> = {
  name: "mutations-stay-visible",
  why: "a value and a semantic mutation of it (truncated string, dropped member or element, materialized null, changed character, swapped values) must canonicalize differently",
  source: "seed 000 I3; generated (fast-check)",
  requestsPerRun: 2,
  claim: "canon(a) ≠ canon(b) for b a semantic mutation of a",
  arbitrary: () => fc.tuple(jsonValue(), fc.nat(), seedArb, seedArb),
  async judge([value, pick, seedA, seedB], ctx, profile) {
    const mutation = chosen(mutationsOf(value), pick);
    const mutated = mutation?.apply();
    // Only mutations the reference itself tells apart count (under nfc, a changed character can be an
    // NFC-equal one); the rest are skipped, not judged.
    fc.pre(
      mutation !== undefined &&
        !bytesEqual(expectedOfValue(value, profile), expectedOfValue(mutated as JsonValue, profile)),
    );
    const a = spell(value, seedA);
    const b = spell(mutated as JsonValue, seedB);
    const [answerA, answerB] = await Promise.all([
      ask(ctx.write, encoder.encode(a)),
      ask(ctx.write, encoder.encode(b)),
    ]);
    if (
      answerA.status === "canonical" &&
      answerB.status === "canonical" &&
      !bytesEqual(answerA.output, answerB.output)
    ) {
      return { pass: true };
    }
    return {
      pass: false,
      input: `a = ${show(a)} and b = ${show(b)} (${mutation!.what})`,
      size: encoder.encode(a).length + encoder.encode(b).length,
      expected: `different outputs for a and b: ${showBytes(expectedOfValue(value, profile))} and ${showBytes(expectedOfValue(mutated as JsonValue, profile))}`,
      got:
        answerA.status === "canonical" && answerB.status === "canonical"
          ? `both: ${showAnswer(answerA)}`
          : `a: ${showAnswer(answerA)} | b: ${showAnswer(answerB)}`,
      noAnswer: noAnswer(answerA, answerB),
    };
  },
};

/** (4) I1 on generated values: canon(canon(x)) = canon(x). */
const idempotent: Property<[JsonValue, number]> = {
  name: "idempotent",
  why: "canonicalizing the canonical form of a random value must give it back unchanged",
  source: "seed 000 I1; generated (fast-check)",
  requestsPerRun: 2,
  claim: "canon(canon(x)) = canon(x)",
  // Its own output goes back in: no integer literal past 2^53 there, which an implementation may refuse.
  arbitrary: () => fc.tuple(jsonValue({ feedsBack: true }), seedArb),
  async judge([value, seed], ctx) {
    const text = spell(value, seed);
    const once = await ask(ctx.write, encoder.encode(text));
    const fail = (expected: string, got: string, answers: Answer[]): Judgement => ({
      pass: false,
      input: `x = ${show(text)}`,
      size: encoder.encode(text).length,
      expected,
      got,
      noAnswer: noAnswer(...answers),
    });
    if (once.status !== "canonical")
      return fail("canon(x) → canonical JSON", `canon(x) → ${showAnswer(once)}`, [once]);
    const twice = await ask(ctx.write, once.output);
    if (answeredExactly(twice, once.output)) return { pass: true };
    return fail(
      `canon(canon(x)) → ${showBytes(once.output)} (= canon(x))`,
      `canon(canon(x)) → ${showAnswer(twice)}`,
      [once, twice],
    );
  },
};

function chosen(mutations: Mutation[], pick: number): Mutation | undefined {
  return mutations.length === 0 ? undefined : mutations[pick % mutations.length];
}

function mapStrings(value: JsonValue, f: (s: string) => string): JsonValue {
  if (typeof value === "string") return f(value);
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f));
  return Object.fromEntries(Object.entries(value).map(([name, v]) => [name, mapStrings(v, f)]));
}

/** In suite order; a property's index is part of its chunks' seeds, so new ones go at the end. */
// biome-ignore lint/suspicious/noExplicitAny: each property has its own drawn type
export const PROPERTIES: readonly Property<any>[] = [
  canonMatchesReference,
  respellingsReconcile,
  mutationsVisible,
  idempotent,
];

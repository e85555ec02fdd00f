// The generated suite's four properties, as data generation: each is a fast-check arbitrary of draws
// and the data instance a draw becomes (inputs, and from the reference what is right), an instance of
// an existing kind: canon, equal, differ or idempotent. Nothing here asks an implementation or
// judges: src/checks/property.ts runs the draws and judges each instance by its kind's own rule.
import fc from "fast-check";
import { bytesEqual } from "../../bytes.js";
import { canonicalizeFor, canonicalizeValueFor, type JsonValue } from "../../jcs/index.js";
import { messageOf } from "../../text.js";
import { I1_STEPS } from "../../text-forms/index.js";
import type { Profile, PropertyInstance } from "../../types.js";
import { type Mutation, mutationsOf } from "./mutate.js";
import { spell } from "./spell.js";
import { jsonValue } from "./values.js";

const encoder = new TextEncoder();

export interface GeneratedProperty<Draw> {
  name: string;
  why: string;
  source: string;
  /** Requests one run makes, for the suite's budget. */
  requestsPerRun: number;
  /** What a passing case states it checked. */
  claim: string;
  arbitrary: (profile: Profile) => fc.Arbitrary<Draw>;
  /** The draw as a data instance, or undefined when the draw makes none (it is skipped, not judged).
   * Throws only on a generator bug: a spelling the reference refuses. */
  instance: (drawn: Draw, profile: Profile) => PropertyInstance | undefined;
}

const seedArb = fc.integer({ min: 0, max: 0x7fffffff });

/** What the profile requires for `text`; throws when the reference refuses it (a generator bug). */
function expectedFor(text: string, profile: Profile): Uint8Array {
  try {
    return canonicalizeFor(profile, encoder.encode(text));
  } catch (error) {
    throw new Error(`the generator wrote JSON the reference refuses (${messageOf(error)})`);
  }
}

/** (1) Any spelling of a hostile value canonicalizes to exactly the reference's bytes. */
const canonMatchesReference: GeneratedProperty<[JsonValue, number]> = {
  name: "canon-matches-reference",
  why: "a random value with hostile strings and numbers, spelled non-canonically, must come out as exactly the RFC 8785 bytes",
  source: "RFC 8785 §3.2; generated (fast-check)",
  requestsPerRun: 1,
  claim: "canon(x) = the reference's RFC 8785 bytes",
  arbitrary: () => fc.tuple(jsonValue(), seedArb),
  instance([value, seed], profile) {
    const text = spell(value, seed);
    return { kind: "canon", input: encoder.encode(text), expected: expectedFor(text, profile) };
  },
};

/** (2) Two independent spellings of one value (and, under nfc, its NFD form) reconcile. */
const respellingsReconcile: GeneratedProperty<[JsonValue, number, number]> = {
  name: "respellings-reconcile",
  why: "two random spellings of one value (member order, whitespace, number and escape respellings) must canonicalize equal",
  source: "seed 000 I2; RFC 8785 §3.2; generated (fast-check)",
  requestsPerRun: 2,
  claim: "canon(a) = canon(b) for a, b two spellings of one value",
  arbitrary: () => fc.tuple(jsonValue(), seedArb, seedArb),
  instance([value, seedA, seedB], profile) {
    const a = spell(value, seedA);
    // Under nfc, a store that normalizes must also reconcile the decomposed form.
    const b = spell(profile === "nfc" ? mapStrings(value, (s) => s.normalize("NFD")) : value, seedB);
    return {
      kind: "equal",
      a: encoder.encode(a),
      b: encoder.encode(b),
      reference: canonicalizeValueFor(profile, value),
    };
  },
};

/** (3) A change of meaning stays visible: the mutated value canonicalizes differently. */
const mutationsVisible: GeneratedProperty<[JsonValue, number, number, number]> = {
  name: "mutations-stay-visible",
  why: "a value and a semantic mutation of it (truncated string, dropped member or element, materialized null, changed character, swapped values) must canonicalize differently",
  source: "seed 000 I3; generated (fast-check)",
  requestsPerRun: 2,
  claim: "canon(a) ≠ canon(b) for b a semantic mutation of a",
  arbitrary: () => fc.tuple(jsonValue(), fc.nat(), seedArb, seedArb),
  instance([value, pick, seedA, seedB], profile) {
    const mutation = chosen(mutationsOf(value), pick);
    if (mutation === undefined) return undefined;
    const mutated = mutation.apply();
    const referenceA = canonicalizeValueFor(profile, value);
    const referenceB = canonicalizeValueFor(profile, mutated);
    // Only mutations the reference itself tells apart count (under nfc, a changed character can be an
    // NFC-equal one); the rest make no instance.
    if (bytesEqual(referenceA, referenceB)) return undefined;
    return {
      kind: "differ",
      a: encoder.encode(spell(value, seedA)),
      b: encoder.encode(spell(mutated, seedB)),
      referenceA,
      referenceB,
      mutation: mutation.what,
    };
  },
};

/** (4) I1 on generated values: idempotence. */
const idempotent: GeneratedProperty<[JsonValue, number]> = {
  name: "idempotent",
  why: "canonicalizing the canonical form of a random value must give it back unchanged",
  source: "seed 000 I1; generated (fast-check)",
  requestsPerRun: 2,
  claim: I1_STEPS.law,
  // Its own output goes back in: no integer literal past 2^53 there, which an implementation may refuse.
  arbitrary: () => fc.tuple(jsonValue({ feedsBack: true }), seedArb),
  instance: ([value, seed]) => ({ kind: "idempotent", input: encoder.encode(spell(value, seed)) }),
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
export const PROPERTIES: readonly GeneratedProperty<any>[] = [
  canonMatchesReference,
  respellingsReconcile,
  mutationsVisible,
  idempotent,
];

// biome-ignore lint/suspicious/noExplicitAny: the caller does not look inside the draws
export function generatedProperty(name: string): GeneratedProperty<any> {
  const found = PROPERTIES.find((p) => p.name === name);
  if (!found) throw new Error(`no generated property named ${JSON.stringify(name)}`);
  return found;
}

// The records target: genuine signed records, mutated, through verifyRecord. The property (issue 8,
// seed 003 §4): no input makes it throw or hang, and a mutated record is accepted only when what
// is signed is unchanged, i.e. its RFC 8785 form without `sig`, its sig and its signer_pubkey are
// those of a record the key really signed (the fuzzer cannot forge a signature, only copy one).
import { JcsError, parse } from "../src/jcs/index.js";
import { MAX_DEPTH, signingInputOf, verifyRecord } from "../src/record/index.js";
import { BYTE_MUTATORS, type Mutator } from "./byte-mutators.js";
import type { Target, Trial } from "./campaign.js";
import type { Rng } from "./rng.js";
import { seedRecords } from "./seeds.js";
import { clone, fromValue, type Node, write } from "./tree.js";
import { treeMutators } from "./tree-mutators.js";
import { whitespaceGap } from "./whitespace.js";

const encoder = new TextEncoder();

interface Genuine {
  name: string;
  bytes: Uint8Array;
  tree: Node;
  /** signing input (base64) | sig | signer_pubkey: what a signature vouches for. */
  signed: string;
}

function signedIdentity(record: Record<string, unknown>): string {
  const input = signingInputOf(record as Parameters<typeof signingInputOf>[0]);
  return `${Buffer.from(input).toString("base64")}|${String(record.sig)}|${String(record.signer_pubkey)}`;
}

/** `verify` is the verifier under test: verifyRecord, or a broken one to prove the oracle catches it. */
export function recordsTarget(verify: typeof verifyRecord = verifyRecord): Target {
  const genuine: Genuine[] = seedRecords().map(({ name, bytes }) => {
    const value = parse(bytes, { maxDepth: MAX_DEPTH });
    const result = verifyRecord(bytes);
    if (result.outcome !== "accept") throw new Error(`seed record ${name} is not accepted: ${result.detail}`);
    return { name, bytes, tree: fromValue(value), signed: signedIdentity(value as Record<string, unknown>) };
  });
  const bySigned = new Map(genuine.map((g) => [g.signed, g.name]));
  const tree: Mutator<Node>[] = treeMutators(
    genuine.map((g) => g.tree),
    true,
  );

  return {
    name: "records",
    trial(rng: Rng): Trial {
      const seed = rng.pick(genuine);
      const { input, mutation } = mutate(rng, seed, tree);
      const started = performance.now();
      let outcome: string;
      let finding: string | undefined;
      try {
        const result = verify(input);
        if (result.outcome === "reject") {
          outcome = `reject step=${result.step} reason=${result.reason}`;
        } else {
          const signedAs = bySigned.get(signedIdentity(result.record as unknown as Record<string, unknown>));
          if (signedAs === seed.name) outcome = "accept (signed content unchanged)";
          else if (signedAs !== undefined) outcome = "accept (another genuine record, copied whole)";
          else {
            outcome = "accept (signed content CHANGED)";
            finding = `accepted a record whose signed content differs from every genuine record (mutated from ${seed.name})`;
          }
        }
      } catch (error) {
        outcome = "threw";
        finding = `the verifier threw ${error instanceof JcsError ? "JcsError" : (error as Error)?.name}: ${(error as Error)?.message}`;
      }
      const ms = performance.now() - started;
      return { mutation, input, outcome, ms, ...(finding ? { finding } : {}) };
    },
  };
}

/** One to three mutations: member-level on the tree, whitespace, and/or byte-level on the text. */
function mutate(rng: Rng, seed: Genuine, tree: Mutator<Node>[]): { input: Uint8Array; mutation: string } {
  const names: string[] = [];
  const roll = rng.int(100);
  let input: Uint8Array;
  if (roll < 60) {
    let root = clone(seed.tree);
    const steps = rng.range(1, 3);
    for (let i = 0; i < steps; i++) {
      const m = rng.pick(tree);
      root = m.apply(rng, root);
      names.push(m.name);
    }
    let gap: (() => string) | undefined;
    if (rng.chance(0.15)) {
      const legal = rng.chance(0.7);
      gap = whitespaceGap(rng, legal);
      names.push(legal ? "whitespace" : "bad-whitespace");
    }
    input = encoder.encode(write(root, gap));
    if (rng.chance(0.15)) {
      const m = rng.pick(BYTE_MUTATORS);
      input = m.apply(rng, input);
      names.push(m.name);
    }
  } else if (roll < 70) {
    const legal = rng.chance(0.7);
    input = encoder.encode(write(seed.tree, whitespaceGap(rng, legal, rng.pick([2, 4, 16]))));
    names.push(legal ? "whitespace" : "bad-whitespace");
  } else {
    input = seed.bytes;
    const steps = rng.range(1, 2);
    for (let i = 0; i < steps; i++) {
      const m = rng.pick(BYTE_MUTATORS);
      input = m.apply(rng, input);
      names.push(m.name);
    }
  }
  return { input, mutation: names.join("+") };
}

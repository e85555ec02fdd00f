// The json target: JSON texts, mutated, through the strict reference parser. The property (issue 8):
// it only ever throws JcsError, never hangs, and wherever the I-JSON rules do not apply (valid UTF-8,
// no BOM, no duplicate names, no lone surrogates, no number past a double, nesting within maxDepth)
// it accepts exactly the texts JSON.parse accepts, with the same value.
import { JcsError, parse } from "../src/jcs/index.js";
import { BYTE_MUTATORS, type Mutator } from "./byte-mutators.js";
import type { Target, Trial } from "./campaign.js";
import { ijsonRuleHit, sameValue } from "./ijson.js";
import type { Rng } from "./rng.js";
import { seedTexts } from "./seeds.js";
import { TOKEN_MUTATORS } from "./token-mutators.js";
import { clone, fromValue, type Node, write } from "./tree.js";
import { treeMutators } from "./tree-mutators.js";

const encoder = new TextEncoder();
const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder("utf-8");

interface SeedText {
  bytes: Uint8Array;
  text: string;
  /** Its tree, when JSON.parse reads it, for member-level mutations. */
  tree: Node | undefined;
}

type Verdict = { ok: true; value: unknown } | { ok: false; code: string };

/**
 * `seed` also picks the fast-check texts; `generated` is how many. `parser` is the parser under test:
 * the reference's parse, or a broken one to prove the oracle catches it.
 */
export function jsonTarget(
  seed: number,
  generated = 2_000,
  parser: (bytes: Uint8Array) => unknown = parse,
): Target {
  const seeds: SeedText[] = seedTexts(seed, generated).map(({ bytes }) => {
    const text = lenientUtf8.decode(bytes);
    let tree: Node | undefined;
    try {
      tree = fromValue(JSON.parse(text));
    } catch {
      tree = undefined;
    }
    return { bytes, text, tree };
  });
  const treeSeeds = seeds.filter((s) => s.tree !== undefined);
  const tree: Mutator<Node>[] = treeMutators(treeSeeds.map((s) => s.tree!));

  return {
    name: "json",
    trial(rng: Rng): Trial {
      const { input, mutation } = mutate(rng, rng.pick(seeds), treeSeeds, tree);
      const started = performance.now();
      let ours: Verdict;
      try {
        ours = { ok: true, value: parser(input) };
      } catch (error) {
        const ms = performance.now() - started;
        if (!(error instanceof JcsError)) {
          const what = `parse threw ${(error as Error)?.name}, not JcsError: ${(error as Error)?.message}`;
          return { mutation, input, outcome: "threw (not JcsError)", ms, finding: what };
        }
        ours = { ok: false, code: error.code };
      }
      const ms = performance.now() - started;
      return { mutation, input, ms, ...judge(input, ours) };
    },
  };
}

/** Compares with JSON.parse where the I-JSON rules do not apply. */
function judge(input: Uint8Array, ours: Verdict): { outcome: string; finding?: string } {
  const said = ours.ok ? "accepted" : `rejected ${ours.code}`;
  let text: string;
  try {
    text = strictUtf8.decode(input);
  } catch {
    return { outcome: `not compared (invalid UTF-8): ${said}` };
  }
  if (text.charCodeAt(0) === 0xfeff) return { outcome: `not compared (BOM): ${said}` };
  let theirs: unknown;
  try {
    theirs = JSON.parse(text);
  } catch {
    if (!ours.ok) return { outcome: `agree: rejected (${ours.code})` };
    return {
      outcome: "DISAGREE: parse accepted, JSON.parse rejected",
      finding: "parse accepted a text JSON.parse rejects",
    };
  }
  const rule = ijsonRuleHit(text);
  if (rule !== null) return { outcome: `not compared (${rule}): ${said}` };
  if (!ours.ok) {
    return {
      outcome: "DISAGREE: parse rejected, JSON.parse accepted",
      finding: `parse rejected (${ours.code}) a text JSON.parse accepts, with no I-JSON rule in play`,
    };
  }
  if (!sameValue(ours.value, theirs)) {
    return { outcome: "DISAGREE: different values", finding: "parse and JSON.parse read different values" };
  }
  return { outcome: "agree: accepted, same value" };
}

function mutate(
  rng: Rng,
  seed: SeedText,
  treeSeeds: SeedText[],
  tree: Mutator<Node>[],
): { input: Uint8Array; mutation: string } {
  const names: string[] = [];
  const steps = rng.range(1, 3);
  // Member-level first (it needs a tree), then text-level, then byte-level: each a step further
  // from JSON, so a run covers texts that are valid, nearly valid and not JSON at all.
  let text = seed.text;
  let bytes: Uint8Array | undefined;
  if (rng.chance(0.3)) {
    let root = clone((seed.tree ? seed : rng.pick(treeSeeds)).tree!);
    for (let i = 0; i < steps; i++) {
      const m = rng.pick(tree);
      root = m.apply(rng, root);
      names.push(m.name);
    }
    text = write(root);
  } else if (rng.chance(0.6)) {
    for (let i = 0; i < steps; i++) {
      const m = rng.pick(TOKEN_MUTATORS);
      text = m.apply(rng, text);
      names.push(m.name);
    }
  } else {
    bytes = seed.bytes;
    for (let i = 0; i < steps; i++) {
      const m = rng.pick(BYTE_MUTATORS);
      bytes = m.apply(rng, bytes);
      names.push(m.name);
    }
  }
  if (names.length === 0) names.push("none");
  return { input: bytes ?? encoder.encode(text), mutation: names.join("+") };
}

// What the reference canonicalizer (src/jcs: strict parse, then serialize) costs against the npm
// package `canonicalize` (JSON.parse, then its serializer; it checks nothing JSON.parse lets through),
// the baseline every figure is a ratio of. Beside them `json-canonicalize` and the native ceiling
// (JSON.parse then JSON.stringify, which neither sorts nor checks). All run in one process on the same
// deterministic documents, interleaved repetition by repetition, so drift hits them alike.
import { canonicalize } from "../src/jcs/index.js";

type Contender = { name: string; run: (input: Uint8Array) => Uint8Array };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A seeded PRNG (mulberry32), so every run measures the same documents. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  "alpha",
  "beta",
  "gamma",
  "delta",
  "Zürich",
  "São Paulo",
  "東京",
  "naïve café",
  "emoji 😀",
  'quote "x"',
  "line\nbreak",
  "tab\there",
  "path/to/file",
  "ÅÄÖ",
];

/** A realistic document of about `targetBytes`: an API dump of orders with mixed value types, pretty
 * printed as such files usually are, members in the order a program wrote them (not sorted). */
export function makeDocument(targetBytes: number, seed = 8785): Uint8Array {
  const rand = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const order = (id: number) => {
    const lines = Array.from({ length: 1 + Math.floor(rand() * 5) }, (_, k) => ({
      sku: `SKU-${Math.floor(rand() * 1e6)}`,
      qty: 1 + Math.floor(rand() * 20),
      price: Math.round(rand() * 1e5) / 100,
      discount: rand() < 0.3 ? rand() / 3 : 0,
      line: k + 1,
    }));
    return {
      status: pick(["open", "paid", "shipped", "cancelled"]),
      id,
      customer: { name: `${pick(WORDS)} ${pick(WORDS)}`, email: `user${id}@example.com`, vip: rand() < 0.1 },
      created: new Date(1.7e12 + Math.floor(rand() * 3e10)).toISOString(),
      total: Math.round(lines.reduce((s, l) => s + l.qty * l.price, 0) * 100) / 100,
      lines,
      tags: Array.from({ length: Math.floor(rand() * 4) }, () => pick(WORDS)),
      note: rand() < 0.2 ? null : pick(WORDS),
      geo: { lon: rand() * 360 - 180, lat: rand() * 180 - 90, "10": 1, "9": 2 },
      score: rand() < 0.05 ? 1e21 * rand() : rand() < 0.05 ? rand() * 1e-9 : Math.floor(rand() * 1000),
    };
  };
  // Each order is written indented by two levels inside the document.
  const orders: unknown[] = [];
  for (let id = 1, size = 0; size < targetBytes; id++) {
    const o = order(id);
    size += JSON.stringify(o, null, 2).length * 1.2;
    orders.push(o);
  }
  return encoder.encode(JSON.stringify({ orders, version: 3, source: "bench" }, null, 2));
}

const BASELINE = "canonicalize";

async function contenders(): Promise<Contender[]> {
  const canonicalizePkg = (await import("canonicalize")).default as unknown as (value: unknown) => string;
  const { canonicalize: jsonCanonicalize } = await import("json-canonicalize");
  return [
    { name: "reference (strict)", run: (b) => canonicalize(b) },
    { name: BASELINE, run: (b) => encoder.encode(canonicalizePkg(JSON.parse(decoder.decode(b)))) },
    {
      name: "json-canonicalize",
      run: (b) => encoder.encode(jsonCanonicalize(JSON.parse(decoder.decode(b)))),
    },
    { name: "native ceiling", run: (b) => encoder.encode(JSON.stringify(JSON.parse(decoder.decode(b)))) },
  ];
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Runs each contender over every input of `inputs` once per repetition, interleaved; prints each
 * one's speed and its time as a multiple of the baseline's. */
async function measure(label: string, inputs: Uint8Array[], reps: number, all: Contender[]): Promise<void> {
  const mb = inputs.reduce((sum, input) => sum + input.length, 0) / 1e6;
  // The canonicalizers must agree before their speed means anything (the native ceiling does not sort).
  for (const input of inputs) {
    const expected = Buffer.from(all[0]!.run(input));
    for (const c of all.filter((c) => c.name !== "native ceiling")) {
      if (!expected.equals(Buffer.from(c.run(input))))
        console.log(`  !! ${c.name} output differs from the reference`);
    }
  }
  const times = new Map(all.map((c) => [c.name, [] as number[]]));
  for (let r = 0; r < reps + 2; r++) {
    for (const c of all) {
      const t0 = performance.now();
      for (const input of inputs) c.run(input);
      const ms = performance.now() - t0;
      if (r >= 2) times.get(c.name)!.push(ms); // the first two rounds warm up the JIT
    }
  }
  const ms = new Map(all.map((c) => [c.name, median(times.get(c.name)!)]));
  const baseline = ms.get(BASELINE)!;
  console.log(`\n${label}: ${mb.toFixed(2)} MB, ${reps} interleaved repetitions, medians`);
  for (const c of all) {
    const t = ms.get(c.name)!;
    const speed = `${(mb / (t / 1000)).toFixed(1).padStart(8)} MB/s`;
    const ratio = c.name === BASELINE ? "the baseline" : `${(t / baseline).toFixed(2)}x ${BASELINE}'s time`;
    console.log(`  ${c.name.padEnd(20)} ${speed}   ${ratio}`);
  }
}

/** The orders of a document, each its own small document (about 700 bytes): what the generated suite
 * and the differential run send, one value at a time. */
function smallDocuments(): Uint8Array[] {
  const { orders } = JSON.parse(decoder.decode(makeDocument(300_000))) as { orders: unknown[] };
  return orders.map((o) => encoder.encode(JSON.stringify(o, null, 1)));
}

export async function run(): Promise<void> {
  const all = await contenders();
  await measure("~330 small documents", smallDocuments(), 30, all);
  await measure("~1 MB document", [makeDocument(1_000_000)], 30, all);
  await measure("~20 MB document", [makeDocument(20_000_000)], 8, all);
}

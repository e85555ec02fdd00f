// Run by numbers-stream.test.ts in a child with --expose-gc and a small heap: iterates every block of
// a large numbers run, as a check would, and reports how far live memory grew. Usage:
//   node --import tsx --expose-gc --max-old-space-size=64 test/corpus/stream-child.ts COUNT
import { loadCorpus, numberBlocks } from "../../src/corpus/index.js";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");
const live = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const count = Number(process.argv[2]);
const corpus = await loadCorpus({ suites: ["numbers"], profile: "rfc8785", numbers: count });
const baseline = live();
let peak = 0;
let numbers = 0;
let blocks = 0;
let bytes = 0;
for (const c of corpus.cases) {
  if (c.kind !== "numbers") continue;
  for (const block of numberBlocks(c)) {
    numbers += block.count;
    bytes += block.input.length + block.expected.length;
    if (++blocks % 1000 === 0) peak = Math.max(peak, live() - baseline);
  }
}
peak = Math.max(peak, live() - baseline);
console.log(JSON.stringify({ cases: corpus.cases.length, numbers, blocks, bytes, peakGrowth: peak }));

// The implementations the tests run as commands: the reference (`canonicalize [--lines]`) and the
// known-bads (`known-bad NAME [--lines] [--read-side]`), the CLI's own commands, bundled on their own
// (scripts/build.mjs --test writes impl.cjs beside the test bundles; CommonJS, which node starts in about
// nine tenths of the CPU of the same code as an ES module) so that the tests' thousands of requests go
// to a process that starts in a fraction of the whole CLI's time. And one of the tests'
// own: `hangs-on NUMBERS START_MS COUNT_FILE [--lines]`, the reference, except that it never answers a
// value holding one of NUMBERS (comma-separated doubles; none: it is the passing sibling), waits
// START_MS before it reads (a JVM's start) and appends a line to COUNT_FILE each time it starts, so a
// test counts its processes. And `known-bads A+B [--lines]`: known-bads A and B at once, B writing what A
// wrote (two writing faults, as a real implementation often has), or refusing as the first refuses.
// And `batch-only NAME`: known-bad NAME, except that it answers as the reference when its input looks
// like a batch (./batch-shaped.ts, issue 38's attack on the batches).
import { appendFileSync } from "node:fs";
import { canonicalizeCommand, startCost } from "../../src/commands/canonicalize.js";
import { runFromArgv } from "../../src/commands/command.js";
import { processIo } from "../../src/commands/io.js";
import { knownBadCommand } from "../../src/commands/known-bad.js";
import { serveLines, serveOnce } from "../../src/commands/serve-protocol.js";
import type { JsonValue } from "../../src/jcs/index.js";
import { knownBad } from "../../src/known-bad/index.js";
import { referenceParse, referenceWrite } from "../../src/known-bad/tools.js";
import { Hang } from "../../src/process-faults.js";
import { rightOnlyInBatches } from "./batch-shaped.js";

function holds(value: JsonValue, numbers: number[]): boolean {
  if (typeof value === "number") return numbers.includes(value);
  if (value === null || typeof value !== "object") return false;
  return Object.values(value).some((v) => holds(v, numbers));
}

async function hangsOn(args: string[]): Promise<number> {
  const [list = "", startMs = "0", countFile] = args;
  if (countFile !== undefined) appendFileSync(countFile, `${process.pid}\n`);
  const numbers = list === "" ? [] : list.split(",").map(Number);
  await startCost(Number(startMs));
  const transform = (input: Uint8Array): Uint8Array => {
    const output = referenceWrite(input);
    if (holds(referenceParse(input), numbers)) throw new Hang("hangs on a number");
    return output;
  };
  const io = { input: process.stdin, output: process.stdout, errors: process.stderr };
  return args.includes("--lines") ? serveLines(transform, io) : serveOnce(transform, io);
}

function knownBads(args: string[]): Promise<number> {
  const bads = (args[0] ?? "").split("+").map(knownBad);
  const transform = (input: Uint8Array): Uint8Array => bads.reduce((bytes, bad) => bad.write(bytes), input);
  const io = { input: process.stdin, output: process.stdout, errors: process.stderr };
  return args.includes("--lines") ? serveLines(transform, io) : serveOnce(transform, io);
}

async function main([name, ...rest]: string[]): Promise<number> {
  const command =
    name === "canonicalize" ? canonicalizeCommand : name === "known-bad" ? knownBadCommand : undefined;
  const io = { input: process.stdin, output: process.stdout, errors: process.stderr };
  if (name === "hangs-on") return hangsOn(rest);
  if (name === "known-bads") return knownBads(rest);
  if (name === "batch-only") return serveOnce(rightOnlyInBatches(rest[0]!), io);
  if (command === undefined) {
    process.stderr.write(
      `impl.cjs: canonicalize, known-bad, known-bads, hangs-on or batch-only, not ${name}\n`,
    );
    return 2;
  }
  return runFromArgv(name!, command, rest, processIo());
}

// No top-level await: a CommonJS bundle has none.
void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});

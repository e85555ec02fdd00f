// Records for the aggregate's tests: signed ones built directly with src/record (any cases wanted),
// and real ones from running the bundled examples (and a known-bad) through the real command path.
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RecordInput, recordBytes, signingKey } from "../../src/record/index.js";
import { runConformance } from "../../src/run/index.js";
import type { ConformResult, SuiteName } from "../../src/types.js";
import { implCommand } from "../helpers/cli.js";
import { runOptions, signedRecord } from "../helpers/fixtures.js";

const KEY = signingKey("supplied", new Uint8Array(32).fill(0x42));

export type Case = ConformResult["cases"][number];

/** A passing case whose answer is exactly what was expected. */
export const ok = (name: string, text = "{}"): Case => ({ name, pass: true, expected: text, got: text });

/** A signed record of the implementation `name`, holding `cases`. */
export function record(name: string, cases: Case[], overrides: Partial<RecordInput> = {}): ConformResult {
  return signedRecord(
    {
      suite: "rfc8785:jcs,reject,numbers",
      corpus: { dir: "vectors", files: 3, digest: `sha256:${"ab".repeat(32)}` },
      implementation: {
        adapter: "command",
        impl: `${name} --lines`,
        name,
        version: "1.0",
        files: [{ path: `/usr/bin/${name}`, sha256: "01".repeat(32) }],
      },
      startedAt: new Date("2026-12-01T10:20:30Z"),
      cases,
      ...overrides,
    },
    KEY,
  );
}

/** The record's bytes as a file holds them, ready for aggregateRecords. */
export function file(source: string, r: ConformResult): { source: string; bytes: Uint8Array } {
  return { source, bytes: recordBytes(r) };
}

/** The numbers case covering `from..to`, named as the numbers suite names it. */
export function numbersCase(from: number, to: number, seed = 1, pass = true): Case {
  const pad = (i: number) => String(i).padStart(9, "0");
  return {
    name: `numbers/seed-${seed}/${pad(from)}-${pad(to)}`,
    pass,
    expected: "all",
    got: pass ? "all" : "some",
  };
}

const repo = join(import.meta.dirname, "..", "..");

/** The Java example compiled into a fresh folder (javac only, as CI's setup-java provides). */
export function compiledJava(): string {
  const dir = mkdtempSync(join(tmpdir(), "aggregate-java-"));
  execFileSync("javac", ["-d", dir, join(repo, "examples", "java", "Canon.java")]);
  return dir;
}

/** A real run of `command` (lines protocol) over `suites`, its record written to `outDir`. */
export async function realRun(
  command: string,
  name: string,
  outDir: string,
  suites: SuiteName[] = ["jcs", "reject"],
): Promise<ConformResult> {
  const outcome = await runConformance(
    runOptions({
      command,
      suites,
      seed: 1,
      timeoutMs: 30_000,
      outDir,
      implementationName: name,
      key: KEY,
    }),
  );
  return outcome.record;
}

/** The known-bad NAME as a lines-protocol command, the CLI bundled from source. */
export function knownBadCommand(name: string): string {
  return implCommand(`known-bad ${name} --lines`);
}

export const REPO = repo;

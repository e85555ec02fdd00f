// A finding, written so that it can be replayed: the input's bytes in a file, and the command that
// runs that one iteration again.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Finding } from "./campaign.js";

/** Writes each finding's input as `<target>-seed<S>-iter<I>.bin` under `dir`; returns the paths. */
export function writeFindings(dir: string, findings: readonly Finding[]): string[] {
  if (findings.length === 0) return [];
  mkdirSync(dir, { recursive: true });
  return findings.map((f) => {
    const path = join(dir, `${f.target}-seed${f.seed}-iter${f.iteration}.bin`);
    writeFileSync(path, f.input);
    return path;
  });
}

/** A reproducer, for the console: what went wrong, how to replay it, and (if small) the input. */
export function describeFinding(f: Finding, path: string | undefined): string {
  const lines = [
    `FINDING ${f.target} seed=${f.seed} iteration=${f.iteration}: ${f.what}`,
    `  mutation: ${f.mutation}`,
    `  replay:   node --import tsx fuzz/index.ts --target ${f.target} --seed ${f.seed} --replay ${f.iteration}`,
  ];
  if (path) lines.push(`  input:    ${path} (${f.input.length} bytes)`);
  if (f.input.length <= 2048) lines.push(`  base64:   ${Buffer.from(f.input).toString("base64")}`);
  return lines.join("\n");
}

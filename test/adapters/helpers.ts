// Test plumbing: fixture command lines tagged so that `ps` finds exactly this test's processes, and
// a bound on how long anything may take ("it finished", never "it was fast").
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { Answer } from "../../src/types.js";
import { pythonExecutable } from "../helpers/python.js";

export const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));

const quote = (s: string): string => `'${s.replaceAll("'", "'\\''")}'`;

/** A fresh tag: each fixture gets it as `--tag=...`, and passes it on to any child it starts. */
export function newTag(): string {
  return `tag-${randomUUID()}`;
}

/** The command line that runs fixture `name` (a Python script, fixtures/*.py) with extra arguments and
 * the tag. The tests start these by the hundred: `-S -E` (no site-packages, no PYTHON* variables) make
 * a start cost about 15 ms of CPU, where a Node start costs over 100. */
export function fixture(name: string, tag: string, ...args: string[]): string {
  return [pythonExecutable(), "-S", "-E", `${FIXTURES}${name}`, ...args, `--tag=${tag}`].map(quote).join(" ");
}

/** Live (not zombie) processes whose command line carries `tag`. */
export function processesWith(tag: string): string[] {
  const out = execFileSync("ps", ["-eo", "pid=,stat=,args="], { encoding: "utf8" });
  return out
    .split("\n")
    .filter((l) => l.includes(tag))
    .filter((l) => !/^\s*\d+\s+Z/.test(l));
}

/** Waits up to `ms` for every process tagged `tag` to be gone; returns those still there. */
export async function leftovers(tag: string, ms = 3000): Promise<string[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const left = processesWith(tag);
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Rejects if `p` has not settled within `ms`: the generous bound that says "it finished". */
export async function finishes<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([p, bound]);
  } finally {
    clearTimeout(timer);
  }
}

export const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
export const text = (b: Uint8Array): string => new TextDecoder().decode(b);

/** The answer in one readable string, for assertion messages and matching. */
export function show(a: Answer): string {
  return a.status === "canonical" ? `canonical ${text(a.output)}` : `${a.status} ${a.reason}`;
}

export const CWD = fileURLToPath(new URL("../..", import.meta.url));

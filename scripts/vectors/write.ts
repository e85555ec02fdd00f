// Writing one stored suite: each case's input and expected bytes in their own files, the pinned
// SHA-256 and Keccak-256 of every `canon` output, the `nfc` profile's overrides, and the manifest.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { nfcValue } from "../../src/jcs/index.js";
import { type Bytes, toBytes } from "./bytes.js";
import type { Entry } from "./entry.js";

// The npm `canonicalize` package, not our reference, serializes the NFC forms of the nfc profile, so
// that those expectations come from an independent implementation.
const canonicalizeValue = (await import("canonicalize")).default as unknown as (value: unknown) => string;
const utf8 = new TextEncoder();

const hexOf = (hash: (b: Uint8Array) => Uint8Array, bytes: Uint8Array) => bytesToHex(hash(bytes));

/** The `nfc` profile's expected output: the RFC 8785 form of the same value with every string in NFC
 * (the profile's one normalization, src/jcs/profile.ts, which refuses names that collide after NFC),
 * serialized by the independent npm package. */
function nfcForm(expected: Uint8Array): Uint8Array {
  if (expected.every((byte) => byte < 0x80)) return expected; // ASCII is already NFC
  const text = new TextDecoder("utf-8", { fatal: true }).decode(expected);
  return utf8.encode(canonicalizeValue(nfcValue(JSON.parse(text))));
}

export function writeSuite(out: string, suite: string, entries: Entry[]): number {
  const dir = join(out, suite);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "inputs"), { recursive: true });
  const names = new Set<string>();
  const write = (path: string, bytes: Bytes) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), toBytes(bytes));
    return path;
  };
  const cases = entries.map((e) => {
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(e.name)) throw new Error(`${suite}/${e.name}: not kebab-case`);
    if (names.has(e.name)) throw new Error(`${suite}/${e.name}: name used twice`);
    names.add(e.name);
    const c: Record<string, unknown> = { name: e.name, kind: e.kind };
    const nfc: Record<string, unknown> = { ...e.nfc };
    if (e.kind === "equal" || e.kind === "differ") {
      c.a = write(`inputs/${e.name}.a.json`, e.a!);
      c.b = write(`inputs/${e.name}.b.json`, e.b!);
    } else if (e.kind === "consistent-choice") {
      c.of = e.of!;
    } else {
      c.input = write(`inputs/${e.name}.json`, e.input!);
    }
    if (e.kind === "canon" || e.kind === "canon-or-reject") {
      const expected = toBytes(e.expected!);
      c.expected = write(`expected/${e.name}.json`, expected);
      if (e.kind === "canon") {
        c.sha256 = hexOf(sha256, expected);
        c.keccak256 = hexOf(keccak_256, expected);
      }
      const normalized = nfcForm(expected);
      if (Buffer.compare(normalized, expected) !== 0) {
        nfc.expected = write(`expected/${e.name}.nfc.json`, normalized);
        if (e.kind === "canon") {
          nfc.sha256 = hexOf(sha256, normalized);
          nfc.keccak256 = hexOf(keccak_256, normalized);
        }
      }
    }
    if (e.lines) {
      c.linesInput = write(`inputs/${e.name}.lines.json`, e.lines.input);
      c.linesWhy = e.lines.why;
    }
    c.why = e.why;
    c.source = e.source;
    if (Object.keys(nfc).length > 0) c.profiles = { nfc };
    return c;
  });
  writeFileSync(join(dir, "manifest.json"), `${JSON.stringify({ suite, cases }, null, 2)}\n`);
  return cases.length;
}

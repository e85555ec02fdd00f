// A case as the suite modules write it (what scripts/gen-vectors.ts turns into manifest members and
// files), the constructors for each kind, and contained(): the rule that a scalar is tested inside an
// array. The kinds are the corpus's own (src/corpus/manifest.ts).
import type { StoredKind } from "../../src/corpus/index.js";
import { type Bytes, toBytes, x } from "./bytes.js";

export interface Entry {
  name: string;
  kind: StoredKind;
  why: string;
  source: string;
  input?: Bytes;
  expected?: Bytes;
  a?: Bytes;
  b?: Bytes;
  /** Members the `nfc` profile replaces (beyond the NFC form of expected outputs, which write.ts derives). */
  nfc?: { kind?: StoredKind; why?: string };
  /** What lines mode sends instead, when it cannot carry `input` faithfully (docs/protocol.md). */
  lines?: { input: Bytes; why: string };
  /** consistent-choice: the canon-or-reject cases of this suite that make up the choice. */
  of?: string[];
}

// Every rule is tested where no open choice can hide it (docs/architecture.md, "Judgement"): a
// case whose text would be a scalar alone is sent inside an array, `[x]` expecting `[canon(x)]`, so
// an implementation that refuses top-level scalars is still asked about x. The top-level forms are
// canon-or-reject cases of their own.
const JSON_SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
function isContainerText(b: Bytes): boolean {
  const bytes = toBytes(b);
  let i = 0;
  while (i < bytes.length && JSON_SPACE.has(bytes[i]!)) i++;
  return bytes[i] === 0x5b || bytes[i] === 0x7b;
}
const inArray = (b: Bytes): Uint8Array => x("[", Array.from(toBytes(b)), "]");
/** `e` with its scalar texts (input, expected, a, b) put inside an array; containers stay as they are. */
export function contained(e: Entry): Entry {
  if (e.kind === "equal" || e.kind === "differ") {
    if (isContainerText(e.a!) && isContainerText(e.b!)) return e;
    return { ...e, a: inArray(e.a!), b: inArray(e.b!) };
  }
  if (e.input === undefined || isContainerText(e.input)) return e;
  return {
    ...e,
    input: inArray(e.input),
    ...(e.expected !== undefined ? { expected: inArray(e.expected) } : {}),
  };
}

export const RFC = "RFC 8785";
export const canon = (name: string, input: Bytes, expected: Bytes, why: string, source: string): Entry => ({
  name,
  kind: "canon",
  input,
  expected,
  why,
  source,
});
export const reject = (name: string, input: Bytes, why: string, source: string): Entry => ({
  name,
  kind: "reject",
  input,
  why,
  source,
});
export const either = (name: string, input: Bytes, expected: Bytes, why: string, source: string): Entry => ({
  name,
  kind: "canon-or-reject",
  input,
  expected,
  why,
  source,
});
export const pair = (
  kind: "equal" | "differ",
  name: string,
  a: Bytes,
  b: Bytes,
  why: string,
  source: string,
): Entry => ({
  name,
  kind,
  a,
  b,
  why,
  source,
});
export const single = (
  kind: "idempotent" | "roundtrip",
  name: string,
  input: Bytes,
  why: string,
  source: string,
): Entry => ({
  name,
  kind,
  input,
  why,
  source,
});

// Small helpers shared by the jcs tests: text in, text or JcsError code out.
import assert from "node:assert/strict";
import { canonicalize, JcsError, type ParseOptions } from "../../src/jcs/index.js";

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
export const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** The canonical text of `input` (a string is sent as UTF-8, bytes as they are). */
export function canon(input: string | Uint8Array, options?: ParseOptions): string {
  return text(canonicalize(typeof input === "string" ? utf8(input) : input, options));
}

/** Asserts that `input` is refused with `code` (and, if given, at byte `offset`). */
export function refuses(
  input: string | Uint8Array,
  code: string,
  offset?: number,
  options?: ParseOptions,
): void {
  const bytes = typeof input === "string" ? utf8(input) : input;
  assert.throws(
    () => canonicalize(bytes, options),
    (error: unknown) => {
      assert.ok(error instanceof JcsError, `expected a JcsError, got ${String(error)}`);
      assert.equal(
        error.code,
        code,
        `code for ${JSON.stringify(String(input)).slice(0, 80)}: ${error.message}`,
      );
      if (offset !== undefined) assert.equal(error.offset, offset, `offset: ${error.message}`);
      return true;
    },
  );
}

// The JSON data model the reference canonicalizer works on (RFC 8259 values, with numbers as
// IEEE-754 doubles as RFC 8785 §3.2.2.3 requires).
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** The choices RFC 8259 / RFC 8785 leave to a parser. Defaults are documented on each member. */
export interface ParseOptions {
  /** A leading U+FEFF: RFC 8259 §8.1 says a parser MAY ignore it. Default "reject". */
  bom?: "reject" | "ignore";
  /**
   * An integer literal (no fraction, no exponent) beyond ±(2^53-1). "round" (default) keeps it as the
   * nearest double, as RFC 8785's number model does; "reject" refuses it, as canoncheck's strict mode.
   */
  bigIntegers?: "round" | "reject";
  /**
   * The deepest nesting of arrays and objects accepted: `[1]` is depth 1, a scalar depth 0. Default
   * DEFAULT_MAX_DEPTH (10,000). Parser and serializer are iterative, so any limit (even Infinity) is
   * safe from stack overflow; the limit only bounds work a hostile input can ask for.
   */
  maxDepth?: number;
}

export const DEFAULT_MAX_DEPTH = 10_000;

// What RFC 8785 writes for an input a report shows, so that a failure whose texts hold no expected
// output (a pair that should have differed, an I1 case that could not read its own output) can still
// be traced to what went wrong in the output. Only inputs shown whole can be canonicalized: a cut
// input (`… (N bytes, sha256 …)`, `… (N UTF-16 units)`) or one with bytes that are not UTF-8 (shown as
// \xHH, which no JSON text holds) has no reference output here.
// Pure (the HTML report runs it in the browser): parse and serialize only, never the byte-level
// canonicalizer, which needs Node's UTF-8 check.
import { parseText } from "../jcs/parse.js";
import { nfcValue } from "../jcs/profile.js";
import { serialize } from "../jcs/serialize.js";

/** The canonical text of `input` under each profile, or undefined when it has none (refused, cut). */
export interface ReferenceOutputs {
  rfc8785: string;
  nfc: string | undefined;
}

export function referenceOutputs(input: string): ReferenceOutputs | undefined {
  try {
    const value = parseText(input);
    const rfc8785 = serialize(value);
    let nfc: string | undefined;
    try {
      nfc = serialize(nfcValue(value));
    } catch {
      // Names that collide once normalized: the nfc profile refuses the input.
    }
    return { rfc8785, nfc };
  } catch {
    return undefined;
  }
}

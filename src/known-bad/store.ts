// Known-bads with a correct write side over a store whose read side re-normalizes what it was sent
// (seed 000's I4, "the case that motivates the whole exercise"): every write-side check passes, and
// only read(write(x)) == write(x) shows that a read-back is not what was stored.

import { encoder, formatNumbers, referenceParse, referenceWrite, serializeWithRaw } from "./tools.js";
import type { KnownBad } from "./types.js";
import { nfdWrite } from "./unicode.js";

/** Python's float str for an integral double (1.0), as a store that keeps every number as a double writes it. */
function asFloat(n: number): string {
  return Number.isInteger(n) && Math.abs(n) < 1e16 ? `${String(n)}.0` : String(n);
}

export const STORE: KnownBad[] = [
  {
    name: "nfd_store",
    description:
      "a correct write side over a store that re-encodes to NFD when it reads (macOS file names, " +
      "some databases): read(write(x)) differs for café",
    caughtBy: ["I4"],
    write: (input) => referenceWrite(input),
    read: nfdWrite,
  },
  {
    name: "store_reads_numbers_as_floats",
    description:
      "a correct write side over a store that keeps numbers as doubles and prints them back as " +
      "floats (1 comes back 1.0, as Python's json.dumps of a float writes it)",
    caughtBy: ["I4"],
    write: (input) => referenceWrite(input),
    read: (input) =>
      encoder.encode(
        serializeWithRaw(
          formatNumbers(referenceParse(input), (n) => (Object.is(n, -0) ? "0.0" : asFloat(n))),
        ),
      ),
  },
];

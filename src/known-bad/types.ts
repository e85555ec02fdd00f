// The shape of a deliberately broken canonicalizer. Each one is the kind of fault a real
// implementation has shipped, and declares the checks that must catch it: the self-test fails if
// any declared check lets it through.
import type { CheckId } from "../checks/index.js";
import type { Profile } from "../types.js";

export interface KnownBad {
  /** snake_case, as seed 000 names its four. */
  name: string;
  /** One line: what it gets wrong, and who ships that. */
  description: string;
  /** The checks that must each fail at least one case against it. */
  caughtBy: CheckId[];
  /** Not a fault: a choice the RFCs leave open, made consistently. It must pass every case (and
   * `caughtBy` is empty), so that the corpus is shown never to blame a legitimate choice. */
  legitimate?: true;
  /**
   * How its failures read in a report's "Failures by cause": one fault is one cause. Absent for a
   * fault that shows one way. `faces`: one fault that shows two ways, each said (a bignum parser
   * writes big integers exactly, and accepts one past the largest double): two causes at most.
   * `faults`: a known-bad that is several faults at once (seed 000's json.dumps stand-in), one cause
   * each. test/known-bad/causes.test.ts holds every known-bad to it.
   */
  causes?: { faces: [string, string] } | { faults: string[] };
  /** The profile its claims are judged under (default rfc8785). */
  profile?: Profile;
  /** The write side: bytes in, canonical bytes out; throws to reject. */
  write: (input: Uint8Array) => Uint8Array;
  /** A separate read side (I4's store normalizer); the write side serves both when absent. */
  read?: (input: Uint8Array) => Uint8Array;
}

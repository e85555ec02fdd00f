// One base for the errors this tool says to a person: each one's message says what went wrong and
// what to fix, and one that wraps another keeps it as its `cause`. SetupError is the kind a face
// stops on before anything is judged (exit 2; the action's "could not run"): an implementation that
// cannot be found or started, a sandbox that cannot be set up, an output folder that cannot be made.
// (The reference keeps JcsError to itself: src/jcs stands alone, and the browser verifier bundles it.)
export class CanonError extends Error {
  override name = "CanonError";
}

/** What a run (or a command) needs could not be had: nothing was judged, signed or written. */
export class SetupError extends CanonError {
  override name = "SetupError";
}

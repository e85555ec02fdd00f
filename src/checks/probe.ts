// The setup probe: before any case, each implementation is asked one plain object that any JSON
// canonicalizer, right or wrong in its details, must take. A command that gives no answer, or refuses
// it, cannot be judged: the likely cause is the wrong protocol or the wrong command, not a conformance
// fault, so the run stops with a setup error (exit 2) before a record is signed, instead of turning
// every case into a failure. A wrong but real answer is not a setup problem: the cases judge it.

import { ask } from "../ask.js";
import type { Canonicalizer } from "../types.js";
import { showAnswer } from "./show.js";

/** The probe's input: a key out of order, a nested array, a string, a null. */
export const PROBE_INPUT = '{"b":[1,"x"],"a":null}';
/** What RFC 8785 makes of it. */
export const PROBE_EXPECTED = '{"a":null,"b":[1,"x"]}';

/** Why an implementation cannot be judged, or undefined when it answered the probe with some output. */
export async function probeImplementation(
  impl: Canonicalizer,
  protocol: "once" | "lines" | "http",
): Promise<string | undefined> {
  const answer = await ask(impl, new TextEncoder().encode(PROBE_INPUT));
  if (answer.status === "canonical") return undefined;
  const said = showAnswer(answer);
  if (answer.status === "rejected") {
    return `${impl.label} refused a plain object (${PROBE_INPUT}, which canonicalizes to ${PROBE_EXPECTED}): ${said}. Check the command${
      protocol === "once" ? ", and whether it expects one request per line (protocol lines)" : ""
    }.`;
  }
  const hint =
    protocol === "lines"
      ? " A command that reads all of stdin before it answers never answers a line: if it speaks one input per run, try protocol once."
      : protocol === "once"
        ? " Check the command; if it answers one request per line and waits for more, it may still be waiting: try protocol lines with the command's lines form."
        : " Check the URL and that the server answers POST requests.";
  return `${impl.label} gave no answer to a plain object (${PROBE_INPUT}): ${said}.${hint}`;
}

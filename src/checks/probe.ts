// The setup probe: before any case, each implementation is asked one plain object that any JSON
// canonicalizer, right or wrong in its details, must take. A command that gives no answer, or refuses
// it, cannot be judged: the likely cause is the wrong protocol or the wrong command, not a conformance
// fault, so the run stops with a setup error (exit 2) before a record is signed, instead of turning
// every case into a failure. A wrong but real answer is not a setup problem: the cases judge it.
//
// Each hint rests on what the command did, never on a guess: a command that could not open a file
// says so; "try protocol once" only for a command seen to answer once its input had ended; a lines
// program in once mode is caught by its own answer (`!` and a reason, with exit 0, the lines form of a
// refusal, which canonical JSON can never start with).

import { ask } from "../ask.js";
import { cutText } from "../text.js";
import type { Answer, Canonicalizer } from "../types.js";
import { showAnswer } from "./show.js";

/** The probe's input: a key out of order, a nested array, a string, a null. */
export const PROBE_INPUT = '{"b":[1,"x"],"a":null}';
/** What RFC 8785 makes of it. */
export const PROBE_EXPECTED = '{"a":null,"b":[1,"x"]}';
/** An input every JSON reader refuses (it ends inside an array): in once mode the refusal must be a
 * non-zero exit, and `!` with exit 0 is a lines program answering in its own protocol's form. */
export const PROBE_REFUSED = "[1,2";

const encode = (text: string) => new TextEncoder().encode(text);

export interface ProbeOptions {
  /**
   * Lines mode: asks the same command as once mode does (a fresh process, the input, end of input),
   * to see what a command that answers no line does once its input ends. Without it, no protocol is
   * suggested for a silent command.
   */
  askOnce?: (input: Uint8Array) => Promise<Answer>;
  /** Sandboxed: the folders the sandbox hides from the command, each with what it is; a file the
   * command could not open there is named with the rule and the fix. */
  hidden?: readonly { path: string; what: string }[];
  /** Whether a path exists outside the sandbox (where the harness runs). */
  exists?: (path: string) => boolean;
}

/** What a command's own words say when it could not open a file it needs: its program or script. */
const MISSING_FILE =
  /no such file|can't open file|cannot open file|cannot find module|could not find or load main class|ENOENT/i;

/** Why an implementation cannot be judged, or undefined when it answered the probe with some output. */
export async function probeImplementation(
  impl: Canonicalizer,
  protocol: "once" | "lines" | "http",
  options: ProbeOptions = {},
): Promise<string | undefined> {
  const answer = await ask(impl, encode(PROBE_INPUT));
  if (answer.status === "canonical" && protocol === "lines" && impl.isolation?.answeredAtEnd) {
    // No answer within the time limit while its input stayed open; asked alone, the answer came only
    // once the input was closed: it holds its answers in a buffer. Every request of the run would
    // wait out the time limit so.
    return `${impl.label} answered the plain object (${PROBE_INPUT}) only once its input had ended, after the time limit: it keeps its answer lines in a buffer instead of writing each at once, so every request would wait out the time limit. Flush stdout after every answer line (Python: print(..., flush=True); Go: w.Flush() after each line with bufio; C: fflush(stdout); Java: System.out.flush()), or use protocol once.`;
  }
  if (answer.status === "canonical") return protocol === "once" ? linesInOnce(impl, answer) : undefined;
  const said = showAnswer(answer);
  if (protocol !== "http" && MISSING_FILE.test(answer.reason)) {
    // The command's own words: its stderr, without what the adapter says around it.
    const words = /\(stderr: (.*)\)$/s.exec(answer.reason)?.[1] ?? answer.reason;
    // A file the command names that exists, but under a folder the sandbox hides: the sandbox's doing.
    const hidden = options.hidden?.find((h) => {
      const at = words.indexOf(`${h.path}/`);
      const named = at < 0 ? undefined : /^[^\s'"`:,)]+/.exec(words.slice(at))?.[0];
      return named !== undefined && (options.exists?.(named) ?? false);
    });
    const rule = hidden
      ? ` The sandbox hides ${h(hidden)} from the command (docs/sandbox.md, "What a sandboxed process gets"): only the paths the command line names are bound back, not the files beside them. Put the files the command needs in the working directory, or run with sandbox none to run it unsandboxed on purpose.`
      : " Check the paths in the command line; relative paths start at the working directory.";
    return `${impl.label} could not start its work: it stopped at once, saying it could not open a file: ${cutText(words, 400)}.${rule}`;
  }
  if (answer.status === "rejected") {
    return `${impl.label} refused a plain object (${PROBE_INPUT}, which canonicalizes to ${PROBE_EXPECTED}): ${said}. Check the command: it reads the input on stdin${protocol === "lines" ? ", one request a line," : ""} and writes the canonical form.`;
  }
  const head = `${impl.label} gave no answer to a plain object (${PROBE_INPUT}): ${said}.`;
  if (protocol === "http") return `${head} Check the URL and that the server answers POST requests.`;
  if (protocol === "once")
    return `${head} Check that the command reads its input to the end of stdin, then writes the canonical form and exits.`;
  return `${head}${await silentInLines(options)}`;
}

const h = (hidden: { path: string; what: string }) => `${hidden.what} (${hidden.path})`;

/** Once mode: a first answer that is the lines form of a refusal, or `!` for an input every reader
 * refuses, is a lines program; anything else is for the cases to judge. */
async function linesInOnce(impl: Canonicalizer, first: Answer): Promise<string | undefined> {
  const lines = (a: Answer) => a.status === "canonical" && a.output[0] === 0x21;
  const refused = lines(first) ? first : await ask(impl, encode(PROBE_REFUSED));
  if (!lines(refused)) return undefined;
  const input = refused === first ? PROBE_INPUT : PROBE_REFUSED;
  return `${impl.label} answered ${input} with “${showAnswer(refused)}” and exit code 0: \`!\` and a reason is how a lines-mode command refuses, and in once mode a refusal is a non-zero exit. This command speaks the lines protocol: run it with protocol lines, or give the command line of its once form.`;
}

/** Lines mode, no line came back: what the command does when asked once mode's way says why. */
async function silentInLines(options: ProbeOptions): Promise<string> {
  if (options.askOnce === undefined)
    return " Check that the command answers each line with one line, and flushes stdout after each.";
  const whole = await options.askOnce(encode(PROBE_INPUT));
  if (whole.status !== "canonical") {
    return ` Asked once mode's way (the input, then end of input), it gave no answer either: ${showAnswer(whole)}. Check that the command runs at all.`;
  }
  // It answers once its input ends. A lines command that holds its answers in a buffer answers two
  // lines then; a once-mode command reads the two as one input.
  const two = await options.askOnce(encode(`${PROBE_INPUT}\n${PROBE_INPUT}\n`));
  if (two.status === "failed" && /more than one line/.test(two.reason)) {
    return " It answered only once its input had ended, a line for each request: it keeps its answers in a buffer. Flush stdout after every answer line (in Python, print(..., flush=True)).";
  }
  return " It answered only once its input had ended, as a once-mode command does (it reads all of its input first). Does your command need its lines flag (for example `python3 canon.py --lines`)? If it speaks one input per run, use protocol once.";
}

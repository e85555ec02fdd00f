// Keeping untrusted text away from the runner's command parser. The runner reads every line of a
// step's stdout for workflow commands: `::name ...::value` at the start of a line, and the legacy
// `##[name ...]value` anywhere in one. The implementation under test, an HTTP implementation's
// answers and the records aggregate mode reads are untrusted, and their text reaches the log (the
// verdict, the failed cases, the annotations). Two defences, both here:
//
//   - while untrusted text can be printed (and while the command under test runs, since an
//     unsandboxed one could write to this process's stdout itself), command processing is stopped
//     with `::stop-commands::<random token>` and resumed with `::<token>::`;
//   - text the action prints of its own accord is neutralised where the runner would read a command
//     in it: a `::` that opens a line (after its leading blanks: the runner trims them) gets a ZERO
//     WIDTH SPACE (U+200B) between its two characters, and so does every `##[` (the legacy syntax is
//     read anywhere in a line), between `##` and `[`. Any other `::` is left as it is: a command
//     starts only at the start of a line, and an annotation's message or a group's title is data
//     after its own `::name::`, never read again. So `Number::toString` in a reason stays what the
//     user wrote, in the log as in the summary and the files on disk.
import { randomBytes } from "node:crypto";
import type { ActionCore } from "./core.js";

const BREAK = "\u200b";

/** A `::` at the start of a line as the runner reads lines: after a CR or LF (a lone CR ends a line
 * for it too) and any blanks it trims (U+0085 among them, which JavaScript's `\s` leaves out). */
const LINE_START_COMMAND = /(^|[\r\n])((?:[^\S\r\n]|\u0085)*):(?=:)/g;

/** `text` with no `::` opening a line and no `##[` left in it (see the file's comment). */
export function neutralise(text: string): string {
  return text.replace(LINE_START_COMMAND, `$1$2:${BREAK}`).replace(/#(?=#\[)/g, `#${BREAK}`);
}

/** core.info of untrusted text. */
export function info(core: ActionCore, text: string): void {
  core.info(neutralise(text));
}

/**
 * Runs `fn` with the runner's command processing stopped, and resumes it however `fn` ends. Nothing
 * inside may rely on a workflow command (an annotation, add-mask, setFailed): the runner ignores them
 * until the resume. File commands (outputs, the summary) still work, but are written after.
 */
export async function withCommandsStopped<T>(core: ActionCore, fn: () => Promise<T>): Promise<T> {
  // 128 random bits: the command under test cannot guess the resume token.
  const token = randomBytes(16).toString("hex");
  core.write(`::stop-commands::${token}\n`);
  stopped = token;
  try {
    return await fn();
  } finally {
    resumeCommands(core);
  }
}

/** The token command processing is stopped with, while it is. */
let stopped: string | undefined;

/** Resumes command processing if it is stopped: at the end of withCommandsStopped, or when a signal
 * ends the step inside it, so that its last words (an annotation) reach the runner. */
export function resumeCommands(core: ActionCore): void {
  if (stopped === undefined) return;
  core.write(`::${stopped}::\n`);
  stopped = undefined;
}

// Keeping untrusted text away from the runner's command parser. The runner reads every line of a
// step's stdout for workflow commands: `::name ...::value` at the start of a line, and the legacy
// `##[name ...]value` anywhere in one. The implementation under test, an HTTP implementation's
// answers and the records aggregate mode reads are untrusted, and their text reaches the log (the
// verdict, the failed cases, the annotations). Two defences, both here:
//
//   - while untrusted text can be printed (and while the command under test runs, since an
//     unsandboxed one could write to this process's stdout itself), command processing is stopped
//     with `::stop-commands::<random token>` and resumed with `::<token>::`;
//   - text the action prints of its own accord is neutralised: a ZERO WIDTH SPACE (U+200B) goes
//     between the two characters of every `::` and between `##` and `[`, so no command can start
//     there, whatever the parser's state. Nothing else of the text changes (the summary and the
//     files on disk keep the exact text; only the log's copy has the invisible break).
import { randomBytes } from "node:crypto";
import type { ActionCore } from "./core.js";

const BREAK = "\u200b";

/** `text` with no `::` and no `##[` left in it (see the file's comment). */
export function neutralise(text: string): string {
  return text.replace(/:(?=:)/g, `:${BREAK}`).replace(/#(?=#\[)/g, `#${BREAK}`);
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
  try {
    return await fn();
  } finally {
    core.write(`::${token}::\n`);
  }
}

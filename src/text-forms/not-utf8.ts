// An answer whose bytes are not UTF-8 (src/adapters: once, lines and http), as the failure's reason:
//   `answer is not UTF-8: invalid byte 0x<hh> at offset <n>` or `answer is not UTF-8: truncated
//   sequence at the end` (src/adapters/text.ts utf8Problem says which). The harness got an answer it
// could not read: the reports call it that (src/causes), and the numbers sweep counts it apart from
// no answer (src/checks/numbers.ts).

/** The reason for an answer that is not UTF-8, `problem` as utf8Problem words it (`not UTF-8: ...`). */
export function writeNotUtf8Reason(problem: string): string {
  return `answer is ${problem}`;
}

/** Whether `reason` is such a reason (cut or not). */
export function readNotUtf8Reason(reason: string): boolean {
  return /^answer is not UTF-8\b/.test(reason);
}

// The answer form: what an implementation answered to one request, as a case's `got` states it (and
// as each part of a pair, a step or a generated instance states it): the output itself, or
// `reject: <reason>`, or `failed: <reason>`. Beside it, the expectations the answer kinds state: a
// canon case expects its output (the text itself), a reject case `reject`, a canon-or-reject case
// `reject, or <output>`.
//
// One ambiguity, the form's own: an output (never JSON) that starts with `reject: ` or `failed: ` reads
// as that refusal or failure; the form cannot tell them apart.

/** An answer as a case's `got` states it, already made readable (the output text, the reason). */
export type AnswerText =
  | { status: "canonical"; output: string }
  | { status: "rejected"; reason: string }
  | { status: "failed"; reason: string };

const REJECT = "reject";
const FAIL = "failed";
const REJECTED = `${REJECT}: `;
const FAILED = `${FAIL}: `;

export function writeAnswerText(answer: AnswerText): string {
  switch (answer.status) {
    case "canonical":
      return answer.output;
    case "rejected":
      return `${REJECTED}${answer.reason}`;
    case "failed":
      return `${FAILED}${answer.reason}`;
  }
}

/** The answer `text` states: every text is one (an output, when it states no refusal or failure). */
export function readAnswerText(text: string): AnswerText {
  if (text.startsWith(REJECTED)) return { status: "rejected", reason: text.slice(REJECTED.length) };
  if (text.startsWith(FAILED)) return { status: "failed", reason: text.slice(FAILED.length) };
  return { status: "canonical", output: text };
}

/** `text` with a refusal's or a failure's reason left out (`reject`, `failed`); an output as it is. */
export function answerWithoutReason(text: string): string {
  const answer = readAnswerText(text);
  if (answer.status === "canonical") return text;
  return answer.status === "rejected" ? REJECT : FAIL;
}

/** Whether `text` states that the harness got no answer at all (a timeout, a crash, lost framing). */
export function isNoAnswer(text: string): boolean {
  return readAnswerText(text).status === "failed";
}

// --- what the answer kinds expect --------------------------------------------------------------

/**
 * What a case of an answer kind expects: an output (canon: the text itself), a refusal (reject:
 * `reject`), or either (canon-or-reject: `reject, or <output>`).
 */
export type ExpectedAnswer =
  | { status: "canonical"; output: string }
  | { status: "rejected" }
  | { status: "either"; output: string };

const EITHER = `${REJECT}, or `;

export function writeExpectedAnswer(expected: ExpectedAnswer): string {
  switch (expected.status) {
    case "canonical":
      return expected.output;
    case "rejected":
      return REJECT;
    case "either":
      return `${EITHER}${expected.output}`;
  }
}

/** What `text` expects: every text is an expectation (an output, when it states no refusal). */
export function readExpectedAnswer(text: string): ExpectedAnswer {
  if (text === REJECT) return { status: "rejected" };
  if (text.startsWith(EITHER)) return { status: "either", output: text.slice(EITHER.length) };
  return { status: "canonical", output: text };
}

// The consistent-choice texts (src/checks/registry.ts): a choice the RFC leaves open, made the same
// way for every member of a group of cases.
//   expected  `all <N> accepted, or all <N> refused`
//   got       `accepted <n>: <name>, …; refused <n>: <name>, …; no answer <n>: <name>, …`, each part
//             present when some member went that way
// Member names are the corpus's case names: they hold no `, ` and no `; `.

export function writeChoiceExpectation(count: number): string {
  return `all ${count} accepted, or all ${count} refused`;
}

const EXPECTATION = /^all (\d+) accepted, or all (\d+) refused$/;

/** The member count `text` states, or undefined when it is no consistent-choice expectation. */
export function readChoiceExpectation(text: string): number | undefined {
  const match = EXPECTATION.exec(text);
  return match && match[1] === match[2] ? Number(match[1]) : undefined;
}

/** How the members went: the names that were accepted, refused, or got no answer. */
export interface ChoiceGot {
  accepted: string[];
  refused: string[];
  noAnswer: string[];
}

const WORDS = [
  ["accepted", "accepted"],
  ["refused", "refused"],
  ["noAnswer", "no answer"],
] as const;

export function writeChoiceGot(got: ChoiceGot): string {
  const parts: string[] = [];
  for (const [key, word] of WORDS) {
    const names = got[key];
    if (names.length > 0) parts.push(`${word} ${names.length}: ${names.join(", ")}`);
  }
  return parts.join("; ");
}

const PART = /^(accepted|refused|no answer) (\d+): (.+)$/s;

/** How the members went as `text` states it, or undefined when it is no consistent-choice `got`. */
export function readChoiceGot(text: string): ChoiceGot | undefined {
  const got: ChoiceGot = { accepted: [], refused: [], noAnswer: [] };
  let last = -1;
  for (const part of text.split("; ")) {
    const match = PART.exec(part);
    const at = WORDS.findIndex(([, word]) => word === match?.[1]);
    if (!match || at <= last) return undefined;
    const names = match[3]!.split(", ");
    if (names.length !== Number(match[2])) return undefined;
    got[WORDS[at]![0]] = names;
    last = at;
  }
  return got;
}

// The numbers sweep's texts (src/checks/numbers.ts):
//   expected  `<N> numbers as ES6 String(n), expected blocks sha256 <hex>` (in words only, `<N> numbers
//             as ES6 String(n)`, when its judge threw)
//   got       `<M> of <N> matched`, and when numbers came back wrong, `; mismatches: <culprit>; …`, then
//             `; and <K> more` past the culprits it names, then `; kinds: <kind> <count>, …`
//   culprit   `number #<I>: input <spelling>, expected <text>, got <answer>` (a number, in its place or
//             alone), or `block of numbers from #<I>: <answer>` (every number right, the array not)
// Records written before the culprits were named (2026) state `; first mismatch: <culprit>`: the
// reader reads that too. A culprit's answer is free text that may hold `; number #…`: the reader
// splits culprits at every `; ` before `number #<digit>` or `block of numbers `, and leaves out a
// piece that then reads as no culprit.

const AS_STRING = " numbers as ES6 String(n)";
const BLOCKS = ", expected blocks sha256 ";

/** `count` numbers, and the SHA-256 of the expected blocks (absent in the words of a judge that threw). */
export function writeNumbersExpectation(count: number, sha256?: string): string {
  return `${count}${AS_STRING}${sha256 === undefined ? "" : `${BLOCKS}${sha256}`}`;
}

const EXPECTATION = /^(\d+) numbers as ES6 String\(n\)(?:, expected blocks sha256 ([0-9a-f]+))?$/;

/** The count (and digest) `text` states, or undefined when it is no numbers expectation. */
export function readNumbersExpectation(text: string): { count: number; sha256?: string } | undefined {
  const match = EXPECTATION.exec(text);
  if (!match) return undefined;
  return { count: Number(match[1]), ...(match[2] === undefined ? {} : { sha256: match[2] }) };
}

/** One number the sweep got wrong, or the block whose numbers were right and whose array was not. */
export type NumbersCulprit =
  | { index: number; input: string; expected: string; got: string }
  | { block: number; got: string };

/** What a numbers case's `got` states. */
export interface NumbersGot {
  matched: number;
  total: number;
  /** The culprits it names (none when every number matched): as src/checks/numbers.ts chooses them,
   * every number that got no answer first, then examples of each other kind. */
  culprits: NumbersCulprit[];
  /** Culprits found past those named. */
  more: number;
  /** How many culprits of each kind, in the order written (src/checks/numbers.ts NumberKind). */
  kinds: [string, number][];
}

function writeCulprit(c: NumbersCulprit): string {
  if ("block" in c) return `block of numbers from #${c.block}: ${c.got}`;
  return `number #${c.index}: input ${c.input}, expected ${c.expected}, got ${c.got}`;
}

export function writeNumbersGot(got: NumbersGot): string {
  const summary = `${got.matched} of ${got.total} matched`;
  if (got.culprits.length === 0) return summary;
  const more = got.more > 0 ? `; and ${got.more} more` : "";
  const kinds = got.kinds.map(([kind, n]) => `${kind} ${n}`).join(", ");
  return `${summary}; mismatches: ${got.culprits.map(writeCulprit).join("; ")}${more}; kinds: ${kinds}`;
}

const GOT = /^(\d+) of (\d+) matched(?:; (?:first )?mismatch(?:es)?: (.*))?$/s;
const KINDS = /; kinds: ([^;]*)$/;
const MORE = /; and (\d+) more$/;
const NUMBER = /^number #(\d+): input (\S*), expected (\S*), got (.*)$/s;
const BLOCK = /^block of numbers [^:]*?#(\d+): (.*)$/s;

/** What a numbers `got` states, or undefined when `text` is no numbers `got`. */
export function readNumbersGot(text: string): NumbersGot | undefined {
  const match = GOT.exec(text);
  if (!match) return undefined;
  const got: NumbersGot = {
    matched: Number(match[1]),
    total: Number(match[2]),
    culprits: [],
    more: 0,
    kinds: [],
  };
  if (match[3] === undefined) return got;
  let detail = match[3];
  const kinds = KINDS.exec(detail);
  if (kinds) {
    detail = detail.slice(0, kinds.index);
    for (const word of kinds[1]!.split(", ")) {
      const space = word.lastIndexOf(" ");
      got.kinds.push([word.slice(0, space), Number(word.slice(space + 1))]);
    }
  }
  const more = MORE.exec(detail);
  if (more) {
    detail = detail.slice(0, more.index);
    got.more = Number(more[1]);
  }
  for (const entry of detail.split(/; (?=number #\d|block of numbers )/)) {
    const number = NUMBER.exec(entry);
    if (number) {
      got.culprits.push({
        index: Number(number[1]),
        input: number[2]!,
        expected: number[3]!,
        got: number[4]!,
      });
      continue;
    }
    const block = BLOCK.exec(entry);
    if (block) got.culprits.push({ block: Number(block[1]), got: block[2]! });
  }
  return got;
}

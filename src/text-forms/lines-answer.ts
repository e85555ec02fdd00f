// A lines-mode answer of more lines than one (src/adapters/lines-alone.ts), as the failure's reason:
//   `answered with <N> lines instead of one (a raw line feed inside the answer, or a print to stdout
//   that belongs on stderr?): "<line 1>" then "<line 2>"`, and ` ...` past two lines
// Each line is shown as a JSON string, one line of text: control characters as one space, cut at a
// bound with ` ...` (src/adapters/text.ts oneLine). The reader gives the count and the lines shown, so
// that a report can tell a raw line feed in an output from a stray print (src/causes).

const HEAD =
  " lines instead of one (a raw line feed inside the answer, or a print to stdout that belongs on stderr?): ";

/** The reason for an answer of `count` lines, the first of them `shown` (each one line of text). */
export function writeLinesCountReason(count: number, shown: readonly string[]): string {
  const lines = shown.map((line) => JSON.stringify(line)).join(" then ");
  return `answered with ${count}${HEAD}${lines}${count > shown.length ? " ..." : ""}`;
}

/** What such a reason states: how many lines, and the lines shown; a reason a report cut short (its
 * cut note taken off) ends inside a line, which is read up to there (`lastCut`). Undefined when
 * `reason` is no such reason. */
export function readLinesCountReason(
  reason: string,
): { count: number; lines: string[]; lastCut?: true } | undefined {
  const match = /^answered with (\d+)(.*)$/s.exec(reason);
  if (!match || !match[2]!.startsWith(HEAD)) return undefined;
  const lines: string[] = [];
  let rest = match[2]!.slice(HEAD.length);
  for (;;) {
    const quoted = /^"(?:[^"\\]|\\.)*"/.exec(rest);
    if (!quoted) {
      // Cut inside a line: what is shown of it, a last escape cut in two left out.
      const open = /^"((?:[^"\\]|\\.)*?)(?:\\(?:u[0-9a-fA-F]{0,3})?)?$/s.exec(rest);
      if (open === null || (open[1] === "" && lines.length > 0)) break;
      const shown = tryParse(`"${open[1]}"`);
      if (shown === undefined) break;
      lines.push(shown);
      return { count: Number(match[1]), lines, lastCut: true };
    }
    lines.push(JSON.parse(quoted[0]) as string);
    rest = rest.slice(quoted[0].length);
    if (!rest.startsWith(" then ")) break;
    rest = rest.slice(" then ".length);
  }
  return lines.length === 0 ? undefined : { count: Number(match[1]), lines };
}

function tryParse(quoted: string): string | undefined {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return undefined;
  }
}

// Text helpers every stage may use: an error's message, cuts that never split a character, and a
// shell word.

/** What `error` says: its message, or the thrown value as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The first `limit` code points of `text` (never half a surrogate pair); `text` itself when shorter. */
export function cutCodePoints(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let units = 0;
  let points = 0;
  while (units < text.length && points < limit) {
    const c = text.charCodeAt(units);
    units += c >= 0xd800 && c <= 0xdbff && units + 1 < text.length ? 2 : 1;
    points++;
  }
  return units >= text.length ? text : text.slice(0, units);
}

/** The first `max` UTF-16 units of `text` (all of it when shorter), never ending inside a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** One word as a POSIX shell reads it back unchanged: bare when that is safe, else single-quoted. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_./:=@%+,-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Levenshtein distance, one row at a time. */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length]!;
}

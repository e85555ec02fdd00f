// Text helpers every stage may use: an error's message, and a cut that never splits a character.

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

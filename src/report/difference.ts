import { codePointTag, showInvisible } from "./visible.js";

/**
 * Where two readable values first differ, when a reader could not easily see it: they share a
 * beginning, or they look identical once shown (an NFC/NFD pair, say). `undefined` when they are
 * equal or unrelated from their first character (such as `reject` against an output).
 */
export function firstDifference(expected: string, got: string): string | undefined {
  if (expected === got) return undefined;
  const a = [...expected];
  const b = [...got];
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === 0 && showInvisible(expected) !== showInvisible(got)) return undefined;
  const describe = (ch: string | undefined) => {
    if (ch === undefined) return "the end";
    const tag = codePointTag(ch.codePointAt(0)!).slice(1, -1);
    const shown = showInvisible(ch);
    return shown === ch ? `${tag} "${ch}"` : tag;
  };
  return `first difference at character ${i + 1}: expected ${describe(a[i])}, got ${describe(b[i])}`;
}

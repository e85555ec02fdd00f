// The lines protocol's sync request: a request of the harness's own, `{"canon-conformance sync N":true}`,
// with N counting up per session. It is already canonical, so every implementation echoes it, and its
// N makes its answer recognizable among all others: the lines before its echo answer exactly the
// requests written before it. That is how framing is checked without waiting on the clock
// (docs/protocol.md, "Framing").

const PREFIX = Buffer.from('"canon-conformance sync ');
const QUOTE = 0x22;
const ZERO = 0x30;
const NINE = 0x39;

/** The request line of sync request `n`. */
export function syncRequestLine(n: number): Buffer {
  return Buffer.from(`{"canon-conformance sync ${n}":true}\n`);
}

/** The N of the sync request `line` answers, if it is one: it holds `"canon-conformance sync N"`
 * (echoed as is, or inside whatever the command wraps around it). */
export function syncNumberIn(line: Uint8Array): number | undefined {
  const buf = Buffer.from(line.buffer, line.byteOffset, line.byteLength);
  const at = buf.indexOf(PREFIX);
  if (at < 0) return undefined;
  let n = 0;
  let digits = 0;
  for (let i = at + PREFIX.length; i < buf.length; i++) {
    const b = buf[i]!;
    if (b === QUOTE) return digits > 0 ? n : undefined;
    if (b < ZERO || b > NINE || digits >= 15) return undefined;
    n = n * 10 + (b - ZERO);
    digits++;
  }
  return undefined;
}

// Splitting a command's stdout into lines as it arrives, for the lines protocol: one trailing CR
// before each LF is dropped (runtimes that write CRLF), and no line may pass the output cap.
const LF = 0x0a;
const CR = 0x0d;

export class LineReader {
  /** The start of a line whose LF has not arrived yet. */
  private partial: Buffer[] = [];
  private partialSize = 0;

  constructor(private readonly maxLineBytes: number) {}

  /** The complete lines in `chunk` (with what came before it); `overflow` once a line passes the cap. */
  push(chunk: Buffer): { lines: Buffer[]; overflow: boolean } {
    const lines: Buffer[] = [];
    let start = 0;
    for (;;) {
      const lf = chunk.indexOf(LF, start);
      if (lf < 0) break;
      let line = chunk.subarray(start, lf);
      if (this.partialSize > 0) {
        line = Buffer.concat([...this.partial, line]);
        this.partial = [];
        this.partialSize = 0;
      }
      start = lf + 1;
      if (line.length > 0 && line[line.length - 1] === CR) line = line.subarray(0, -1);
      if (line.length > this.maxLineBytes) return { lines, overflow: true };
      lines.push(line);
    }
    if (start < chunk.length) {
      this.partial.push(chunk.subarray(start));
      this.partialSize += chunk.length - start;
    }
    return { lines, overflow: this.partialSize > this.maxLineBytes };
  }
}

// The one error the reference canonicalizer throws for input it refuses. `code` is a stable
// kebab-case id (tests and reports match on it); `offset` is the byte offset in the input where the
// problem was found (0 when the problem is the value as a whole, e.g. in serialize()).
export class JcsError extends Error {
  override name = "JcsError";
  readonly code: string;
  readonly offset: number;

  constructor(code: string, offset: number, message: string) {
    super(message);
    this.code = code;
    this.offset = offset;
  }
}

// Where the values, members and elements of a JSON text sit, found leniently: only brackets, strings
// and separators are read, so an input the reference refuses for what is inside a token (a duplicate
// name, a lone surrogate, bad UTF-8, NaN, a leading zero) still has a structure to shrink. Text whose
// brackets or separators do not line up has none. Iterative, so deep nesting cannot overflow the stack.

/** A byte range [start, end). */
export interface Span {
  start: number;
  end: number;
}

/** An element, or a member from its name to the end of its value. */
export interface Child extends Span {
  /** Where its value starts: `start` for an element, past the colon for a member. */
  valueStart: number;
}

/** One array or object: its brackets and its children. */
export interface Container extends Span {
  children: Child[];
}

export interface Structure {
  /** Outermost first (document order of the opening brackets). */
  containers: Container[];
  /** Every value but the whole document: elements, and members' values. */
  values: Span[];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPENERS: Record<number, number> = { 91: 0x5d, 123: 0x7d };
const DELIMITERS = new Set([0x20, 0x09, 0x0a, 0x0d, COMMA, COLON, QUOTE, 0x5b, 0x5d, 0x7b, 0x7d]);
const BOM = [0xef, 0xbb, 0xbf];

interface Open {
  container: Container;
  close: number;
  isObject: boolean;
  /** Where the child being read started (an object member starts at its name). */
  childStart: number;
  /** What the scanner expects next inside this container. */
  expect: "first" | "name" | "colon" | "value" | "separator";
}

export function structureOf(bytes: Uint8Array): Structure | undefined {
  let at = BOM.every((b, i) => bytes[i] === b) ? BOM.length : 0;
  const containers: Container[] = [];
  const values: Span[] = [];
  const stack: Open[] = [];
  const skipSpace = () => {
    while (
      at < bytes.length &&
      (bytes[at] === 0x20 || bytes[at] === 0x09 || bytes[at] === 0x0a || bytes[at] === 0x0d)
    )
      at++;
  };
  /** Past one string from its opening quote; false if it never closes. */
  const skipString = (): boolean => {
    for (at++; at < bytes.length; at++) {
      if (bytes[at] === BACKSLASH) at++;
      else if (bytes[at] === QUOTE) {
        at++;
        return true;
      }
    }
    return false;
  };
  /** A value ended at `at`, started at `start`: record it in its container. */
  const ended = (start: number) => {
    const open = stack[stack.length - 1];
    if (!open) return;
    values.push({ start, end: at });
    open.container.children.push({ start: open.childStart, end: at, valueStart: start });
    open.expect = "separator";
  };

  let sawRoot = false;
  for (;;) {
    skipSpace();
    const open = stack[stack.length - 1];
    if (!open) {
      if (sawRoot) return at === bytes.length ? { containers, values } : undefined;
      sawRoot = true;
    } else if (open.expect === "separator" || open.expect === "first") {
      const b = bytes[at];
      if (b === open.close) {
        at++;
        stack.pop();
        open.container.end = at;
        ended(open.container.start);
        continue;
      }
      if (open.expect === "separator") {
        if (b !== COMMA) return undefined;
        at++;
        skipSpace();
      }
      open.childStart = at;
      open.expect = open.isObject ? "name" : "value";
      continue;
    } else if (open.expect === "name") {
      if (bytes[at] !== QUOTE || !skipString()) return undefined;
      open.expect = "colon";
      continue;
    } else if (open.expect === "colon") {
      if (bytes[at] !== COLON) return undefined;
      at++;
      open.expect = "value";
      continue;
    }
    // A value starts here (the document, an element, or a member's value).
    const start = at;
    const b = bytes[at];
    if (b === undefined) return undefined;
    const close = OPENERS[b];
    if (close !== undefined) {
      const container: Container = { start, end: -1, children: [] };
      containers.push(container);
      stack.push({ container, close, isObject: b === 0x7b, childStart: at + 1, expect: "first" });
      at++;
      continue;
    }
    if (b === QUOTE) {
      if (!skipString()) return undefined;
    } else {
      while (at < bytes.length && !DELIMITERS.has(bytes[at]!)) at++;
      if (at === start) return undefined;
    }
    ended(start);
  }
}

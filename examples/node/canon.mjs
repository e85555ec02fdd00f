#!/usr/bin/env node
// An RFC 8785 (JCS) canonicalizer for Node.js with no dependencies, speaking canon-conformance's
// command-adapter protocol (docs/protocol.md).
//
//   node canon.mjs            once: the input on stdin, the canonical form on stdout; exit 1 to reject
//   node canon.mjs --lines    lines: one request per line in, one answer per line out, "!reason" to reject
//
// JSON.parse cannot see duplicate names or the spelling of a number, so this parses the text itself
// (RFC 8259's grammar), then prints with what JavaScript already gets right: String(number) is
// RFC 8785's number algorithm, JSON.stringify(string) its string escaping, and the default sort of
// strings is by UTF-16 code units.

class Reject extends Error {}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const MAX_DEPTH = 1000;

function parse(bytes) {
  let text;
  try {
    text = utf8.decode(bytes); // fatal: overlong forms, encoded surrogates and stray bytes throw
  } catch {
    throw new Reject("invalid UTF-8");
  }
  let at = 0;
  const fail = (why) => {
    throw new Reject(`${why} at character ${at}`);
  };
  const space = () => {
    while (at < text.length) {
      const c = text.charCodeAt(at);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
      at += 1;
    }
  };
  const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  const string = () => {
    at += 1; // the opening quote
    let out = "";
    for (;;) {
      const c = text.charCodeAt(at);
      if (Number.isNaN(c)) fail("unterminated string");
      if (c === 0x22) break;
      if (c < 0x20) fail("unescaped control character");
      if (c !== 0x5c) {
        out += text[at];
        at += 1;
        continue;
      }
      const e = text[at + 1];
      const simple = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" }[e];
      if (simple !== undefined) {
        out += simple;
        at += 2;
      } else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) {
        out += String.fromCharCode(Number.parseInt(text.slice(at + 2, at + 6), 16));
        at += 6;
      } else {
        fail("bad escape");
      }
    }
    at += 1;
    if (!out.isWellFormed()) fail("lone surrogate");
    return out;
  };
  const value = (depth) => {
    if (depth > MAX_DEPTH) fail("nested too deeply");
    space();
    const c = text[at];
    if (c === "{") {
      at += 1;
      const object = new Map();
      space();
      if (text[at] === "}") {
        at += 1;
        return object;
      }
      for (;;) {
        space();
        if (text[at] !== '"') fail("expected a member name");
        const name = string();
        if (object.has(name)) fail(`duplicate member name ${JSON.stringify(name)}`);
        space();
        if (text[at] !== ":") fail("expected ':'");
        at += 1;
        object.set(name, value(depth + 1));
        space();
        if (text[at] === ",") at += 1;
        else if (text[at] === "}") {
          at += 1;
          return object;
        } else fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      at += 1;
      const array = [];
      space();
      if (text[at] === "]") {
        at += 1;
        return array;
      }
      for (;;) {
        array.push(value(depth + 1));
        space();
        if (text[at] === ",") at += 1;
        else if (text[at] === "]") {
          at += 1;
          return array;
        } else fail("expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    for (const [word, meaning] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ]) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return meaning;
      }
    }
    NUMBER.lastIndex = at;
    const match = NUMBER.exec(text);
    if (!match) fail("unexpected character");
    at += match[0].length;
    const number = Number(match[0]); // the nearest double, as RFC 8785 reads every number
    if (!Number.isFinite(number)) fail("number does not fit an IEEE-754 double");
    return number;
  };
  const result = value(0);
  space();
  if (at !== text.length) fail("unexpected text after the value");
  return result;
}

function serialize(value) {
  if (value === null || typeof value === "boolean") return String(value);
  if (typeof value === "number") return String(value); // "-0" prints as "0", as RFC 8785 wants
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(serialize).join(",")}]`;
  const names = [...value.keys()].sort();
  return `{${names.map((n) => `${JSON.stringify(n)}:${serialize(value.get(n))}`).join(",")}}`;
}

const canonicalize = (bytes) => Buffer.from(serialize(parse(bytes)), "utf8");

async function readAll(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function lines() {
  let pending = Buffer.alloc(0);
  const answer = (line) => {
    try {
      return Buffer.concat([canonicalize(line), Buffer.from("\n")]);
    } catch (error) {
      if (!(error instanceof Reject) && !(error instanceof RangeError)) throw error;
      return Buffer.from(`!${error.message.replace(/[\r\n]/g, " ")}\n`);
    }
  };
  for await (const chunk of process.stdin) {
    pending = Buffer.concat([pending, chunk]);
    const out = [];
    let end = pending.indexOf(0x0a);
    while (end >= 0) {
      out.push(answer(pending.subarray(0, end)));
      pending = pending.subarray(end + 1);
      end = pending.indexOf(0x0a);
    }
    if (out.length > 0 && !process.stdout.write(Buffer.concat(out))) {
      await new Promise((resolve) => process.stdout.once("drain", resolve));
    }
  }
  if (pending.length > 0) process.stdout.write(answer(pending));
}

if (process.argv.includes("--lines")) {
  await lines();
} else {
  try {
    process.stdout.write(canonicalize(await readAll(process.stdin)));
  } catch (error) {
    if (!(error instanceof Reject) && !(error instanceof RangeError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  }
}

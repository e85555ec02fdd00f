// Every parser rule, with an input on each side of it: what RFC 8259 / I-JSON (RFC 7493) allow is
// accepted with its canonical form, what they forbid is refused with a stable code and byte offset.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { canonicalize, JcsError, parse } from "../../src/jcs/index.js";
import { canon, refuses, utf8 } from "./helpers.js";

const bytes = (...b: number[]) => new Uint8Array(b);

describe("grammar (RFC 8259)", () => {
  test("any value may stand at the top level", () => {
    assert.equal(canon('"hello"'), '"hello"');
    assert.equal(canon("1.5"), "1.5");
    assert.equal(canon("null"), "null");
    assert.equal(canon("true"), "true");
    assert.equal(canon("false"), "false");
    assert.equal(canon("[]"), "[]");
    assert.equal(canon("{}"), "{}");
  });

  test("whitespace: exactly space, tab, LF, CR between tokens", () => {
    assert.equal(canon(" \t\n\r[ 1 ,\t2\n]\r "), "[1,2]");
    assert.equal(canon('{ "a" : 1 }'), '{"a":1}');
    refuses("\u000b1", "unexpected-character", 0); // vertical tab
    refuses("\u000c1", "unexpected-character", 0); // form feed
    refuses("\u00a01", "unexpected-character", 0); // no-break space
    refuses("[1,\u20282]", "unexpected-character", 3); // U+2028 is not JSON whitespace
    refuses("1 \u3000", "unexpected-character", 2);
  });

  test("commas: between elements only", () => {
    assert.equal(canon("[1,2]"), "[1,2]");
    refuses("[1,]", "unexpected-character", 3);
    refuses("[,1]", "unexpected-character", 1);
    refuses("[1,,2]", "unexpected-character", 3);
    refuses('{"a":1,}', "unexpected-character", 7);
    refuses("[1 2]", "unexpected-character", 3);
    refuses('{"a":1 "b":2}', "unexpected-character", 7);
  });

  test("objects: string names, a colon", () => {
    assert.equal(canon('{"a":{"b":[]}}'), '{"a":{"b":[]}}');
    refuses("{a:1}", "unexpected-character", 1);
    refuses("{'a':1}", "unexpected-character", 1);
    refuses('{"a" 1}', "unexpected-character", 5);
    refuses('{"a"=1}', "unexpected-character", 4);
    refuses("{1:1}", "unexpected-character", 1);
  });

  test("literals: lowercase true, false, null only", () => {
    assert.equal(canon("[true,false,null]"), "[true,false,null]");
    refuses("True", "unexpected-character", 0);
    refuses("nul", "unexpected-character", 0);
    refuses("nulll", "unexpected-character", 4);
    refuses("NaN", "unexpected-character", 0);
    refuses("Infinity", "unexpected-character", 0);
    refuses("-Infinity", "invalid-number", 0);
    refuses("undefined", "unexpected-character", 0);
  });

  test("no comments, no single quotes", () => {
    refuses("[1]// c", "unexpected-character", 3);
    refuses("/* c */ 1", "unexpected-character", 0);
    refuses("'a'", "unexpected-character", 0);
  });

  test("one value, then only whitespace", () => {
    assert.equal(canon("[1]  \n"), "[1]");
    refuses("[1]]", "unexpected-character", 3);
    refuses("1 2", "unexpected-character", 2);
    refuses('{}"', "unexpected-character", 2);
  });

  test("incomplete input ends cleanly", () => {
    refuses("", "unexpected-end", 0);
    refuses("   ", "unexpected-end", 3);
    refuses("[", "unexpected-end", 1);
    refuses("[1", "unexpected-end", 2);
    refuses('{"a"', "unexpected-end", 4);
    refuses('{"a":', "unexpected-end", 5);
    refuses('"abc', "unterminated-string", 0);
    refuses('"ab\\', "unterminated-string", 3);
    refuses("tr", "unexpected-character", 0);
    refuses("-", "invalid-number", 0);
  });
});

describe("numbers (RFC 8259 §6)", () => {
  test("the grammar: -? int frac? exp?", () => {
    assert.equal(
      canon("[0,-0,1,-1,10,0.5,-0.5,1e2,1E2,1e+2,1e-2,1.5e3]"),
      "[0,0,1,-1,10,0.5,-0.5,100,100,100,0.01,1500]",
    );
    refuses("01", "leading-zero", 0);
    refuses("-01", "leading-zero", 0);
    refuses("00", "leading-zero", 0);
    refuses("+1", "unexpected-character", 0);
    refuses(".5", "unexpected-character", 0);
    refuses("1.", "invalid-number", 0);
    refuses("1.e2", "invalid-number", 0);
    refuses("1e", "invalid-number", 0);
    refuses("1e+", "invalid-number", 0);
    refuses("0x10", "unexpected-character", 1);
    refuses("1_000", "unexpected-character", 1);
    refuses("- 1", "invalid-number", 0);
  });

  test("a number must fit a double: overflow refused, underflow is the double it rounds to", () => {
    refuses("1e400", "number-out-of-range", 0);
    refuses("-1e400", "number-out-of-range", 0);
    refuses("[1, 1.8e308]", "number-out-of-range", 4);
    assert.equal(canon("1.7976931348623157e308"), "1.7976931348623157e+308");
    // Underflow is not an error: RFC 8785's values are IEEE-754 doubles, and 1e-400 is the double 0.
    assert.equal(canon("1e-400"), "0");
    assert.equal(canon("-1e-400"), "0");
    assert.equal(canon("5e-324"), "5e-324");
    assert.equal(canon("2e-324"), "0"); // below half the smallest subnormal: rounds to 0
    assert.equal(canon("3e-324"), "5e-324"); // above half: rounds to the smallest subnormal
  });

  test("big integers: rounded by default, refused on request", () => {
    assert.equal(canon("9007199254740993"), "9007199254740992");
    assert.equal(canon("100000000000000000000"), "100000000000000000000");
    const reject = { bigIntegers: "reject" } as const;
    assert.equal(canon("9007199254740991", reject), "9007199254740991");
    assert.equal(canon("-9007199254740991", reject), "-9007199254740991");
    refuses("9007199254740992", "big-integer", 0, reject);
    refuses("[-9007199254740992]", "big-integer", 1, reject);
    // Only integer literals: a fraction or exponent says the sender meant a double.
    assert.equal(canon("9007199254740993.0", reject), "9007199254740992");
    assert.equal(canon("1e20", reject), "100000000000000000000");
  });
});

describe("strings (RFC 8259 §7)", () => {
  test("escapes: the eight short forms and \\uXXXX in either case", () => {
    assert.equal(canon('"\\"\\\\\\/\\b\\f\\n\\r\\t"'), '"\\"\\\\/\\b\\f\\n\\r\\t"');
    assert.equal(canon('"\\u0041\\u00e9\\u00E9\\uABCD"'), '"Aéé\uabcd"');
    refuses('"\\a"', "invalid-escape", 1);
    refuses('"\\x41"', "invalid-escape", 1);
    refuses('"\\u12"', "invalid-escape", 1);
    refuses('"\\u12G4"', "invalid-escape", 1);
    refuses('"\\U0041"', "invalid-escape", 1);
    refuses('"\\\'"', "invalid-escape", 1);
  });

  test("raw control characters are refused; U+007F and above are not", () => {
    assert.equal(canon('"\u007f\u0080"'), '"\u007f\u0080"');
    refuses('"a\u0000"', "control-character", 2);
    refuses('"\u001f"', "control-character", 1);
    refuses('"a\nb"', "control-character", 2);
    refuses('"\t"', "control-character", 1);
    refuses('"\\u0061\u0001"', "control-character", 7);
  });

  test("surrogates: pairs accepted, lone ones refused (I-JSON §2.1)", () => {
    assert.equal(canon('"\\ud83d\\ude00"'), '"😀"');
    assert.equal(canon('"\\uD83D\\uDE00"'), '"😀"');
    assert.equal(canon('"😀"'), '"😀"');
    refuses('"\\ud800"', "lone-surrogate", 1);
    refuses('"\\udc00"', "lone-surrogate", 1);
    refuses('"\\ud800\\u0041"', "lone-surrogate", 1);
    refuses('"\\ud800\\ud800"', "lone-surrogate", 1);
    refuses('"x\\ude00\\ud83d"', "lone-surrogate", 2);
    refuses('"\\ud83d😀"', "lone-surrogate", 1); // an escaped high half before a raw pair
    refuses('{"\\ud800":1}', "lone-surrogate", 2);
  });
});

describe("UTF-8 (RFC 8259 §8.1)", () => {
  test("valid multi-byte sequences of every length", () => {
    assert.equal(canon(bytes(0x22, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0x22)), '"é€😀"');
    assert.equal(canon(bytes(0x22, 0xf4, 0x8f, 0xbf, 0xbf, 0x22)), '"\u{10ffff}"');
  });

  test("ill-formed UTF-8 is refused at the offending byte", () => {
    refuses(bytes(0x22, 0xed, 0xa0, 0x80, 0x22), "invalid-utf8", 1); // encoded surrogate D800
    refuses(bytes(0x22, 0xc0, 0xaf, 0x22), "invalid-utf8", 1); // overlong '/'
    refuses(bytes(0x22, 0xe0, 0x80, 0xaf, 0x22), "invalid-utf8", 1); // overlong, 3 bytes
    refuses(bytes(0x22, 0xf0, 0x80, 0x80, 0xaf, 0x22), "invalid-utf8", 1); // overlong, 4 bytes
    refuses(bytes(0x22, 0xf4, 0x90, 0x80, 0x80, 0x22), "invalid-utf8", 1); // past U+10FFFF
    refuses(bytes(0x22, 0x61, 0xe2, 0x82, 0x22), "invalid-utf8", 2); // truncated
    refuses(bytes(0x22, 0xe2, 0x82), "invalid-utf8", 1); // truncated at the end
    refuses(bytes(0x22, 0x80, 0x22), "invalid-utf8", 1); // stray continuation byte
    refuses(bytes(0x22, 0xff, 0x22), "invalid-utf8", 1);
    refuses(bytes(0x31, 0x20, 0xfe), "invalid-utf8", 2);
  });

  test("byte-order mark: refused by default, skipped on request", () => {
    refuses(bytes(0xef, 0xbb, 0xbf, 0x31), "bom", 0);
    assert.equal(canon(bytes(0xef, 0xbb, 0xbf, 0x31), { bom: "ignore" }), "1");
    assert.equal(canon(bytes(0xef, 0xbb, 0xbf, 0x20, 0x31), { bom: "ignore" }), "1");
    // Only a leading one: anywhere else U+FEFF is a stray character (or string content).
    refuses(bytes(0x31, 0xef, 0xbb, 0xbf), "unexpected-character", 1, { bom: "ignore" });
    refuses(bytes(0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x31), "unexpected-character", 3, { bom: "ignore" });
    assert.equal(canon('"\ufeff"'), '"\ufeff"');
  });

  test("offsets count bytes, not characters", () => {
    refuses('["é€😀",]', "unexpected-character", 13);
  });
});

describe("input and output buffers", () => {
  test("a view into a larger buffer is read from its own offset, and the output owns its bytes", () => {
    const backing = utf8('xxxx{"b":1,"a":2}yyyy');
    const output = canonicalize(backing.subarray(4, backing.length - 4));
    assert.equal(Buffer.from(output).toString(), '{"a":2,"b":1}');
    assert.equal(output.byteOffset, 0);
    assert.equal(output.buffer.byteLength, output.length);
    assert.equal(canon(Buffer.from(' [ "pooled" ] ')), '["pooled"]');
  });
});

describe("I-JSON objects (RFC 7493 §2.3)", () => {
  test("duplicate names refused at any depth, compared after unescaping", () => {
    assert.equal(canon('{"a":1,"b":2}'), '{"a":1,"b":2}');
    refuses('{"a":1,"a":2}', "duplicate-name", 7);
    refuses('{"a":1,"\\u0061":2}', "duplicate-name", 7);
    refuses('[{"x":{"a":1,"b":{},"a":2}}]', "duplicate-name", 20);
    refuses('{"é":1,"\\u00e9":2}', "duplicate-name", 8);
    // The same name in sibling objects is not a duplicate.
    assert.equal(canon('[{"a":1},{"a":2}]'), '[{"a":1},{"a":2}]');
    // Names that only look alike stay apart (no normalization: U+00E9 vs e + U+0301).
    assert.equal(canon('{"\\u00e9":1,"e\\u0301":2}'), '{"e\u0301":2,"\u00e9":1}');
  });

  test("__proto__ and constructor are ordinary members and reach no prototype", () => {
    assert.equal(canon('{"__proto__":{"x":1},"constructor":2}'), '{"__proto__":{"x":1},"constructor":2}');
    refuses('{"__proto__":1,"__proto__":2}', "duplicate-name", 15);
    assert.equal(
      canon('{"toString":1,"hasOwnProperty":2,"valueOf":3}'),
      '{"hasOwnProperty":2,"toString":1,"valueOf":3}',
    );
    const value = parse(utf8('{"__proto__":{"polluted":true}}')) as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(value), null);
    assert.deepEqual(Object.keys(value), ["__proto__"]);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});

describe("nesting depth", () => {
  const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
  test("up to maxDepth accepted, deeper refused at the opening bracket", () => {
    assert.equal(canon(nested(3), { maxDepth: 3 }), nested(3));
    refuses(nested(4), "max-depth", 3, { maxDepth: 3 });
    refuses('{"a":[{"b":1}]}', "max-depth", 6, { maxDepth: 2 });
    assert.equal(canon("1", { maxDepth: 0 }), "1");
    refuses("[]", "max-depth", 0, { maxDepth: 0 });
  });

  test("the default is 10,000", () => {
    assert.equal(canon(nested(10_000)), nested(10_000));
    refuses(nested(10_001), "max-depth", 10_000);
  });

  test("a bad option is a programming error, not a JcsError", () => {
    assert.throws(() => parse(utf8("1"), { maxDepth: -1 }), RangeError);
    assert.throws(() => parse(utf8("1"), { bom: "maybe" as "ignore" }), RangeError);
    assert.throws(
      () => parse(utf8("1"), { maxDepth: -1 }),
      (e: unknown) => !(e instanceof JcsError),
    );
  });
});

// The serializer (RFC 8785 §3.2) on values in memory: numbers by the ES6 algorithm, strings with the
// minimal escapes, members sorted by UTF-16 code units, and a clean error for what is not JSON.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { canonicalizeValue, JcsError, type JsonValue, serialize } from "../../src/jcs/index.js";
import { canon, text } from "./helpers.js";

const fromBits = (hex: string): number =>
  new DataView(new Uint8Array(Buffer.from(hex, "hex")).buffer).getFloat64(0);

describe("numbers (§3.2.2.3, Appendix B)", () => {
  // RFC 8785 Appendix B: IEEE-754 bit patterns and the text each must serialize to.
  const appendixB: [string, string][] = [
    ["0000000000000000", "0"],
    ["8000000000000000", "0"], // minus zero
    ["0000000000000001", "5e-324"], // the smallest subnormal
    ["8000000000000001", "-5e-324"],
    ["7fefffffffffffff", "1.7976931348623157e+308"], // the largest double
    ["ffefffffffffffff", "-1.7976931348623157e+308"],
    ["4340000000000000", "9007199254740992"],
    ["c340000000000000", "-9007199254740992"],
    ["4430000000000000", "295147905179352830000"],
    ["44b52d02c7e14af5", "9.999999999999997e+22"],
    ["44b52d02c7e14af6", "1e+23"],
    ["44b52d02c7e14af7", "1.0000000000000001e+23"],
    ["444b1ae4d6e2ef4e", "999999999999999700000"],
    ["444b1ae4d6e2ef4f", "999999999999999900000"],
    ["444b1ae4d6e2ef50", "1e+21"],
    ["3eb0c6f7a0b5ed8c", "9.999999999999997e-7"],
    ["3eb0c6f7a0b5ed8d", "0.000001"],
    ["41b3de4355555553", "333333333.3333332"],
    ["41b3de4355555554", "333333333.33333325"],
    ["41b3de4355555555", "333333333.3333333"],
    ["41b3de4355555556", "333333333.3333334"],
    ["41b3de4355555557", "333333333.33333343"],
    ["becbf647612f3696", "-0.0000033333333333333333"],
    ["43143ff3c1cb0959", "1424953923781206.2"],
  ];
  for (const [bits, expected] of appendixB) {
    test(`0x${bits} -> ${expected}`, () => {
      assert.equal(serialize(fromBits(bits)), expected);
      // ...and the same text read back from JSON text gives the same double and text.
      assert.equal(canon(expected), expected);
    });
  }

  test("the switch to exponent form at 1e21 and 1e-7", () => {
    assert.equal(serialize(1e20), "100000000000000000000");
    assert.equal(serialize(1e21), "1e+21");
    assert.equal(serialize(1e-6), "0.000001");
    assert.equal(serialize(1e-7), "1e-7");
    assert.equal(
      canon("[123e18,123e19,0.0000012,0.00000012]"),
      "[123000000000000000000,1.23e+21,0.0000012,1.2e-7]",
    );
  });

  test("the smallest normal and the largest subnormal", () => {
    assert.equal(serialize(2.2250738585072014e-308), "2.2250738585072014e-308");
    assert.equal(serialize(fromBits("000fffffffffffff")), "2.225073858507201e-308");
    assert.equal(canon("2.225073858507201e-308"), "2.225073858507201e-308");
  });

  test("decimals with few fraction digits (written without String()) are written as String(n) is", () => {
    // Around each k the serializer tries (up to 4 fraction digits) and one past it, near 10^15 (its
    // bound), near 2^31 and 2^53, and the doubles no short decimal reads as.
    const values: number[] = [0.1 + 0.2, 1e15 - 0.5, 2 ** 53, 2 ** 53 + 2, 4503599627370495.5, 1e-4, 1e-5];
    for (let k = 0; k <= 5; k++) {
      for (let m = 0; m < 5_000; m++) {
        values.push(m / 10 ** k, (1e15 - 1 - m) / 10 ** k, (2 ** 31 + m - 10_000) / 10 ** k);
        values.push((2 ** 53 - 1 - m) / 10 ** k, (m * 7919 + 0.5) / 10 ** k);
      }
    }
    const all = [...values, ...values.map((v) => -v)];
    // One array, so that the test costs one serialize() call, not one each.
    const written = serialize(all).slice(1, -1).split(",");
    const expected = all.map(String);
    const first = written.findIndex((text, i) => text !== expected[i]);
    assert.equal(first, -1, `${all[first]} written ${written[first]}, String(n) ${expected[first]}`);
    assert.equal(written.length, all.length);
  });

  test("NaN and Infinity are not JSON numbers", () => {
    for (const v of [Number.NaN, Infinity, -Infinity]) {
      assert.throws(
        () => serialize(v),
        (e: unknown) => e instanceof JcsError && e.code === "number-out-of-range",
      );
    }
  });
});

describe("strings (§3.2.2.2)", () => {
  test("every control character: the five short escapes, else \\u00xx in lowercase hex", () => {
    const short: Record<number, string> = { 8: "\\b", 9: "\\t", 10: "\\n", 12: "\\f", 13: "\\r" };
    for (let c = 0; c < 0x20; c++) {
      const want = short[c] ?? `\\u00${c.toString(16).padStart(2, "0")}`;
      assert.equal(serialize(String.fromCharCode(c)), `"${want}"`);
    }
  });

  test('only " and \\ are escaped beyond the controls; everything else stays raw', () => {
    assert.equal(serialize('"\\/'), '"\\"\\\\/"');
    assert.equal(
      serialize("\u007f\u0080\u2028\u2029\ufeff\uffff😀"),
      '"\u007f\u0080\u2028\u2029\ufeff\uffff😀"',
    );
    assert.equal(serialize("</script>"), '"</script>"');
  });

  test("output is UTF-8", () => {
    assert.deepEqual(
      [...canonicalizeValue("é€😀")],
      [0x22, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0x22],
    );
  });

  test("a lone surrogate in a value is refused (I-JSON)", () => {
    for (const s of ["\ud800", "a\udc00", "\ude00\ud83d"]) {
      assert.throws(
        () => serialize(s),
        (e: unknown) => e instanceof JcsError && e.code === "lone-surrogate",
      );
      assert.throws(
        () => serialize({ [s]: 1 }),
        (e: unknown) => e instanceof JcsError && e.code === "lone-surrogate",
      );
    }
  });
});

describe("structure (§3.2.3)", () => {
  test("members sorted by UTF-16 code units, recursively; array order kept", () => {
    const value = { b: [3, 1, 2], a: { z: 1, y: { d: 1, c: 2 } }, "\ufb33": 0, "😀": 0, "10": 0, "9": 0 };
    assert.equal(
      serialize(value),
      '{"10":0,"9":0,"a":{"y":{"c":2,"d":1},"z":1},"b":[3,1,2],"😀":0,"\ufb33":0}',
    );
  });

  test("names read with escapes sort by their decoded units; a name sorts before those it begins", () => {
    assert.equal(
      canon('{"#":1,"\\"":2,"\\u0001":3,"\\\\":4," ":5,"!":6}'),
      '{"\\u0001":3," ":5,"!":6,"\\"":2,"#":1,"\\\\":4}',
    );
    assert.equal(canon('{"\\uFB33":1,"\\ud800\\udc00":2,"\\u00e9":3}'), '{"é":3,"𐀀":2,"\ufb33":1}');
    assert.equal(canon('{"a ":1,"a!":2,"a":3}'), '{"a":3,"a ":1,"a!":2}');
  });

  test("plain and null-prototype objects alike", () => {
    const bare = Object.create(null) as Record<string, JsonValue>;
    bare.b = 1;
    bare.a = [bare.b, null];
    assert.equal(serialize(bare), '{"a":[1,null],"b":1}');
    assert.equal(text(canonicalizeValue({ x: bare })), '{"x":{"a":[1,null],"b":1}}');
  });

  test("output longer than one internal chunk (32K units) comes out whole and in order", () => {
    const value = Array.from({ length: 20_000 }, (_, k) => ({ k, s: `é😀${k}` }));
    const expected = `[${value.map(({ k, s }) => `{"k":${k},"s":"${s}"}`).join(",")}]`;
    assert.ok(expected.length > 4 * 32 * 1024);
    assert.equal(serialize(value), expected);
    assert.deepEqual(canonicalizeValue(value), new TextEncoder().encode(expected));
  });

  test("a shared (not cyclic) subvalue is written each time", () => {
    const shared = { a: 1 };
    assert.equal(serialize([shared, shared, { s: shared }]), '[{"a":1},{"a":1},{"s":{"a":1}}]');
  });

  test("what is not JSON is refused with a JcsError, not a crash", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const holey: unknown[] = [1];
    holey[2] = 3;
    const cyclicArray: unknown[] = [];
    cyclicArray.push([cyclicArray]);
    const cases: [unknown, string][] = [
      [undefined, "not-json-value"],
      [() => 1, "not-json-value"],
      [10n, "not-json-value"],
      [Symbol("s"), "not-json-value"],
      [new Date(0), "not-json-value"],
      [new Map(), "not-json-value"],
      [{ a: undefined }, "not-json-value"],
      [holey, "not-json-value"],
      [cyclic, "cycle"],
      [cyclicArray, "cycle"],
    ];
    for (const [value, code] of cases) {
      assert.throws(
        () => serialize(value as JsonValue),
        (e: unknown) => e instanceof JcsError && e.code === code,
        String(value),
      );
    }
  });
});

// RFC 8785's own examples and the RFC authors' test data (cyberphone/json-canonicalization,
// testdata/input and testdata/output), written here as facts: input text -> canonical text.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { keccak256Hex, sha256Hex } from "../../src/jcs/index.js";
import { canon, utf8 } from "./helpers.js";

describe("RFC 8785 examples", () => {
  test("§3.2.2: the serialization example", () => {
    const input = `{
  "numbers": [333333333.33333329, 1E30, 4.50,
              2e-3, 0.000000000000000000000000001],
  "string": "\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\"\\/",
  "literals": [null, true, false]
}`;
    assert.equal(
      canon(input),
      `{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],` +
        `"string":"€$\\u000f\\nA'B\\"\\\\\\\\\\"/"}`,
    );
  });

  test("§3.2.3: members sorted by UTF-16 code units", () => {
    const input = `{
  "\\u20ac": "Euro Sign",
  "\\r": "Carriage Return",
  "\\ufb33": "Hebrew Letter Dalet With Dagesh",
  "1": "One",
  "\\ud83d\\ude00": "Emoji: Grinning Face",
  "\\u0080": "Control",
  "\\u00f6": "Latin Small Letter O With Diaeresis"
}`;
    assert.equal(
      canon(input),
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","ö":"Latin Small Letter O With Diaeresis",' +
        '"€":"Euro Sign","😀":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
    // U+1F600 (D83D DE00) sorts before U+FB33 in UTF-16 although it is after it as a code point.
    assert.ok(canon(input).indexOf("😀") < canon(input).indexOf("\ufb33"));
  });

  test("§3.2.4: UTF-8 bytes of the sorting example's output begin as the RFC shows", () => {
    const bytes = utf8(canon('{"\\u20ac":"Euro Sign","\\r":"Carriage Return"}'));
    // {"\r":"Carriage Return","€":"Euro Sign"}: the escape stays two ASCII bytes, € is E2 82 AC.
    assert.deepEqual([...bytes.slice(0, 6)], [0x7b, 0x22, 0x5c, 0x72, 0x22, 0x3a]);
    assert.ok(Buffer.from(bytes).includes(Buffer.from([0xe2, 0x82, 0xac])));
  });
});

describe("the RFC authors' test data (six input/output pairs)", () => {
  const pairs: [string, string, string][] = [
    [
      "arrays",
      '[\n  56,\n  {\n    "d": true,\n    "10": null,\n    "1": [ ]\n  }\n]',
      '[56,{"1":[],"10":null,"d":true}]',
    ],
    [
      "french",
      '{\n  "peach": "This sorting order",\n  "péché": "is wrong according to French",\n  "pêche": "but canonicalization MUST",\n  "sin":   "ingnore locale"\n}\n',
      '{"peach":"This sorting order","péché":"is wrong according to French","pêche":"but canonicalization MUST","sin":"ingnore locale"}',
    ],
    [
      "structures",
      '{\n  "1": {"f": {"f": "hi","F": 5} ,"\\n": 56.0},\n  "10": { },\n  "": "empty",\n  "a": { },\n  "111": [ { } ],\n  "A": { }\n}',
      '{"":"empty","1":{"\\n":56,"f":{"F":5,"f":"hi"}},"10":{},"111":[{}],"A":{},"a":{}}',
    ],
    // RFC 8785 does not normalize: U+1E0D U+0307 stays as sent.
    [
      "unicode",
      '{\n  "Unnormalized Unicode":"\\u1e0d\\u0307"\n}\n',
      '{"Unnormalized Unicode":"\u1e0d\u0307"}',
    ],
    [
      "values",
      '{\n  "numbers": [1E30, 4.50, 333333333.33333329, 2e-3, 0.000000000000000000000000001],\n  "escaping": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",\n  "literals": [null, true, false]\n}',
      '{"escaping":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/","literals":[null,true,false],"numbers":[1e+30,4.5,333333333.3333333,0.002,1e-27]}',
    ],
    [
      "weird",
      '{\n  "\\u20ac": "Euro Sign",\n  "1": "One",\n  "\\u0080": "Control\\u007f",\n  "\\ud83d\\ude02": "Smiley",\n  "\\u00f6": "Latin Small Letter O With Diaeresis",\n  "\\ufb33": "Hebrew Letter Dalet With Dagesh",\n  "</script>": "Browser Challenge"\n}\n',
      '{"1":"One","</script>":"Browser Challenge","\u0080":"Control\u007f","ö":"Latin Small Letter O With Diaeresis","€":"Euro Sign","😂":"Smiley","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    ],
  ];
  for (const [name, input, output] of pairs) {
    test(name, () => assert.equal(canon(input), output));
  }

  test("canonical output is a fixed point for all six", () => {
    for (const [, , output] of pairs) assert.equal(canon(output), output);
  });
});

describe("digests", () => {
  test("SHA-256 of known inputs (FIPS 180-4 examples)", () => {
    assert.equal(sha256Hex(utf8("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    assert.equal(
      sha256Hex(new Uint8Array()),
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    );
  });

  test("Keccak-256 is Ethereum's, not SHA3-256", () => {
    assert.equal(
      keccak256Hex(new Uint8Array()),
      "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470",
    );
    assert.equal(
      keccak256Hex(utf8("abc")),
      "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45",
    );
    // SHA3-256("") is a7ffc6f8...; a Keccak-256 implementation must not give it.
    assert.notEqual(keccak256Hex(new Uint8Array()).slice(0, 8), "a7ffc6f8");
  });
});

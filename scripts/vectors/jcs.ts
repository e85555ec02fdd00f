// Suite jcs: every rule of RFC 8785 §3.2, both sides of it.
import { hex2, J, toBytes, x } from "./bytes.js";
import { canon, contained, type Entry, RFC } from "./entry.js";

export function jcsSuite(): Entry[] {
  const s322 = `${RFC} §3.2.2.2`;
  const s323 = `${RFC} §3.2.2.3`;
  const cases: Entry[] = [];
  const add = (...e: Entry[]) => cases.push(...e);

  // Literals, §3.2.2.1
  const s321 = `${RFC} §3.2.2.1`;
  add(
    canon("literal-null", "null", "null", "null is written as the literal null", s321),
    canon("literal-true", "true", "true", "true is written as the literal true", s321),
    canon("literal-false", "false", "false", "false is written as the literal false", s321),
    canon(
      "literals-in-array",
      "[ true , false , null ]",
      "[true,false,null]",
      "literals inside an array, spaces dropped",
      s321,
    ),
    canon(
      "literals-in-object",
      J`{"t":true,"f":false,"n":null}`,
      J`{"f":false,"n":null,"t":true}`,
      "literals as member values keep their spelling",
      s321,
    ),
  );

  // Top-level scalars are canon-or-reject's (a choice RFC 8785 leaves open); here every scalar case
  // is sent inside an array (contained(), at the end).

  // Strings, §3.2.2.2: each of the 32 control characters, given as an escape, in its one canonical form.
  const short: Record<number, string> = { 8: "\\b", 9: "\\t", 10: "\\n", 12: "\\f", 13: "\\r" };
  for (let c = 0; c < 0x20; c++) {
    const out = short[c] ?? `\\u00${hex2(c)}`;
    add(
      canon(
        `control-u00${hex2(c)}`,
        `["\\u00${hex2(c).toUpperCase()}"]`,
        `["${out}"]`,
        short[c]
          ? `U+00${hex2(c).toUpperCase()} must be written as the two-character escape ${out}`
          : `U+00${hex2(c).toUpperCase()} must be written as \\u00${hex2(c)} with lowercase hex`,
        s322,
      ),
    );
  }
  add(
    canon(
      "short-escapes-kept",
      J`"\b\t\n\f\r"`,
      J`"\b\t\n\f\r"`,
      "the five short escapes stay short escapes",
      s322,
    ),
    canon(
      "control-in-key",
      J`{"\n":2,"\u0001":1}`,
      J`{"\u0001":1,"\n":2}`,
      "control characters in member names are escaped the same way and sort by their unit",
      s322,
    ),
    canon("quote-and-backslash", J`"\"\\"`, J`"\"\\"`, `" and \\ are written as \\" and \\\\`, s322),
    canon(
      "quote-backslash-as-unicode-escapes",
      J`"\u0022\u005C"`,
      J`"\"\\"`,
      `\\u0022 and \\u005c become \\" and \\\\`,
      s322,
    ),
    canon("solidus-escaped", J`"\/"`, J`"/"`, "an escaped solidus is written unescaped", s322),
    canon("solidus-raw", J`"a/b"`, J`"a/b"`, "a solidus is never escaped", s322),
    canon("solidus-as-unicode-escape", J`"\u002f"`, J`"/"`, "\\u002f is written as a plain solidus", s322),
    canon(
      "del-raw",
      x('"', [0x7f], '"'),
      x('"', [0x7f], '"'),
      "DEL (U+007F) is not a control character in JSON and stays raw",
      s322,
    ),
    canon("del-escaped", J`"\u007f"`, x('"', [0x7f], '"'), "an escaped DEL is written raw", s322),
    canon(
      "u2028-escaped",
      J`"\u2028"`,
      '"\u2028"',
      "U+2028 LINE SEPARATOR is written raw, not escaped",
      s322,
    ),
    canon(
      "u2029-escaped",
      J`"\u2029"`,
      '"\u2029"',
      "U+2029 PARAGRAPH SEPARATOR is written raw, not escaped",
      s322,
    ),
    canon("u2028-raw", '"a\u2028b"', '"a\u2028b"', "a raw U+2028 stays raw", s322),
    canon(
      "printable-ascii-escaped",
      J`"\u0041\u004a\u007e"`,
      J`"AJ~"`,
      "escaped printable ASCII is written raw",
      s322,
    ),
    canon(
      "uppercase-hex-escape",
      J`"\u004A\u00E9"`,
      '"J\u00e9"',
      "uppercase hex in input escapes is accepted; the output has no escape",
      s322,
    ),
    canon(
      "latin1-escaped",
      J`"caf\u00e9"`,
      '"caf\u00e9"',
      "non-ASCII characters are written raw UTF-8, never escaped",
      s322,
    ),
    canon("latin1-raw", '"caf\u00e9"', '"caf\u00e9"', "raw non-ASCII stays raw", s322),
    canon(
      "u0080-escaped",
      J`"\u0080"`,
      '"\u0080"',
      "U+0080 (a C1 control) is not escaped: only U+0000..U+001F are",
      s322,
    ),
    canon("u009f-escaped", J`"\u009f"`, '"\u009f"', "U+009F is not escaped", s322),
    canon("u00a0-escaped", J`"\u00a0"`, '"\u00a0"', "NO-BREAK SPACE inside a string is written raw", s322),
    canon("u07ff-escaped", J`"\u07ff"`, '"\u07ff"', "the last two-byte UTF-8 character is written raw", s322),
    canon(
      "u0800-escaped",
      J`"\u0800"`,
      '"\u0800"',
      "the first three-byte UTF-8 character is written raw",
      s322,
    ),
    canon("euro-escaped", J`"\u20ac"`, '"\u20ac"', "the euro sign is written raw", s322),
    canon(
      "ud7ff-escaped",
      J`"\ud7ff"`,
      '"\ud7ff"',
      "the last character before the surrogates is written raw",
      s322,
    ),
    canon(
      "ue000-escaped",
      J`"\ue000"`,
      '"\ue000"',
      "the first character after the surrogates is written raw",
      s322,
    ),
    canon(
      "ufffd-escaped",
      J`"\ufffd"`,
      '"\ufffd"',
      "the replacement character is an ordinary character",
      s322,
    ),
    canon("astral-raw", '"\u{1f600}"', '"\u{1f600}"', "a raw four-byte character stays raw", s322),
    canon(
      "astral-escaped-pair",
      J`"\ud83d\ude00"`,
      '"\u{1f600}"',
      "an escaped surrogate pair is written as the raw character",
      s322,
    ),
    canon(
      "astral-escaped-pair-uppercase",
      J`"\uD83D\uDE00"`,
      '"\u{1f600}"',
      "an escaped pair in uppercase hex is the same character",
      s322,
    ),
    canon(
      "astral-first",
      J`"\ud800\udc00"`,
      '"\u{10000}"',
      "U+10000, the first astral character, is written raw",
      s322,
    ),
    canon("astral-last-assigned-plane", J`"\udbff\udffd"`, '"\u{10fffd}"', "U+10FFFD is written raw", s322),
    canon(
      "astral-in-key",
      J`{"\ud83d\ude00":"\ud83d\ude00"}`,
      '{"\u{1f600}":"\u{1f600}"}',
      "member names follow the same string rules",
      s322,
    ),
    canon("string-empty-in-array", J`["",""]`, J`["",""]`, "empty strings are kept", s322),
    canon(
      "string-spaces-kept",
      J`" a  b "`,
      J`" a  b "`,
      "spaces inside a string are content, not whitespace",
      s322,
    ),
    canon(
      "string-all-escape-kinds",
      J`"\"\\\/\b\f\n\r\t\u0000\u001f\u0020\u00e9"`,
      J`"\"\\/\b\f\n\r\t\u0000\u001f ` + '\u00e9"',
      "every escape form in one string, each to its canonical form",
      s322,
    ),
    canon(
      "string-long",
      `"${"x".repeat(10000)}"`,
      `"${"x".repeat(10000)}"`,
      "a 10,000-character string is kept whole",
      s322,
    ),
    canon(
      "string-long-unicode",
      `"${"\u00e9\u{1f600}".repeat(2000)}"`,
      `"${"\u00e9\u{1f600}".repeat(2000)}"`,
      "4,000 non-ASCII characters are kept whole and raw",
      s322,
    ),
    canon(
      "ufeff-in-string-escaped",
      J`"\ufeff"`,
      '"\ufeff"',
      "U+FEFF inside a string is a character, written raw (between tokens it is refused)",
      s322,
    ),
    canon(
      "ufeff-in-string-raw",
      x('"a', [0xef, 0xbb, 0xbf], 'b"'),
      x('"a', [0xef, 0xbb, 0xbf], 'b"'),
      "a raw U+FEFF inside a string stays",
      s322,
    ),
    canon(
      "nbsp-in-string-raw",
      x('"a', [0xc2, 0xa0], 'b"'),
      x('"a', [0xc2, 0xa0], 'b"'),
      "a raw NO-BREAK SPACE inside a string is content (between tokens it is refused)",
      s322,
    ),
    canon(
      "emoji-zwj-sequence",
      J`"\ud83d\udc69\u200d\ud83d\udcbb"`,
      '"\u{1f469}\u200d\u{1f4bb}"',
      "a ZWJ sequence is kept character for character, the joiner raw",
      s322,
    ),
    canon(
      "string-numeric-kept",
      J`["1.0","-0","1e2","01"]`,
      J`["1.0","-0","1e2","01"]`,
      "strings that look like numbers are strings, kept as written",
      s322,
    ),
    canon(
      "string-json-inside-kept",
      J`{"doc":"{\"b\":1, \"a\":2}"}`,
      J`{"doc":"{\"b\":1, \"a\":2}"}`,
      "JSON text inside a string is not canonicalized",
      s322,
    ),
    canon(
      "key-numeric-kept",
      J`{"1e2":2,"1.0":1}`,
      J`{"1.0":1,"1e2":2}`,
      "member names that look like numbers keep their spelling",
      `${RFC} §3.2.3`,
    ),
    canon(
      "key-escaped-digit",
      J`{"\u0031":1,"0":0}`,
      J`{"0":0,"1":1}`,
      "an escaped digit in a name is unescaped and sorted by value",
      `${RFC} §3.2.3`,
    ),
    canon(
      "not-normalized-a-ring",
      J`"A\u030a"`,
      '"A\u030a"',
      "strings are kept as sent: A + COMBINING RING stays decomposed (RFC 8785 does not normalize)",
      `${RFC} §3.1`,
    ),
  );

  // Member names are strings: each character rule above holds in a name as in a value. An
  // implementation can write names with other code than values (issue 20: a real one escaped DEL in
  // names only), so each rule is asked in a name too.
  const inName = `${s322} (member names are strings, RFC 8259 §4)`;
  const controlNames = Array.from({ length: 0x20 }, (_, c) => c);
  add(
    canon(
      "name-del-escaped",
      J`{"\u007f":1,"a\u007Fb":2}`,
      x('{"a', [0x7f], 'b":2,"', [0x7f], '":1}'),
      "DEL (U+007F) in a member name is written raw, as in a value: it is not one of the controls JSON escapes",
      `${inName}; issue 20 (a real implementation escaped it in names only)`,
    ),
    canon(
      "name-del-raw",
      x('{"b":0,"', [0x7f], '":1}'),
      x('{"b":0,"', [0x7f], '":1}'),
      "a raw DEL in a member name stays raw, and sorts after every other ASCII name",
      `${inName}; issue 20 (a real implementation escaped it in names only)`,
    ),
    ...[0x00, 0x10].map((from) => {
      const codes = controlNames.slice(from, from + 0x10);
      return canon(
        `name-controls-${hex2(from)}-${hex2(from + 0x0f)}`,
        `{${[...codes]
          .reverse()
          .map((c) => `"\\u00${hex2(c).toUpperCase()}":0`)
          .join(",")}}`,
        `{${codes.map((c) => `"${short[c] ?? `\\u00${hex2(c)}`}":0`).join(",")}}`,
        `U+00${hex2(from).toUpperCase()}..U+00${hex2(from + 0x0f).toUpperCase()} as member names: each written in its one canonical escape (short form, or lowercase \\u00xx), sorted by unit`,
        inName,
      );
    }),
    canon(
      "name-quote-and-backslash",
      J`{"\\":2,"\u0022\u005C":3,"\"":1}`,
      J`{"\"":1,"\"\\":3,"\\":2}`,
      `" and \\ in member names are written \\" and \\\\, whether sent escaped short or as \\u escapes`,
      inName,
    ),
    canon(
      "name-solidus",
      J`{"a/b":2,"\/":1,"\u002F\u002f":3}`,
      J`{"/":1,"//":3,"a/b":2}`,
      "a solidus in a member name is never escaped, however it was sent",
      inName,
    ),
    canon(
      "name-line-separators",
      J`{"\u2029":2,"\u2028":1}`,
      '{"\u2028":1,"\u2029":2}',
      "U+2028 and U+2029 in member names are written raw",
      inName,
    ),
    canon(
      "name-c1-and-nbsp",
      J`{"\u00a0":3,"\u009f":2,"\u0080":1}`,
      '{"\u0080":1,"\u009f":2,"\u00a0":3}',
      "C1 controls and NO-BREAK SPACE in member names are written raw: only U+0000..U+001F are escaped",
      inName,
    ),
    canon(
      "name-utf8-boundaries",
      J`{"\ufffd":5,"\ue000":4,"\ud7ff":3,"\u0800":2,"\u07ff":1}`,
      '{"\u07ff":1,"\u0800":2,"\ud7ff":3,"\ue000":4,"\ufffd":5}',
      "member names at the UTF-8 length boundaries and around the surrogates are written raw",
      inName,
    ),
    canon(
      "name-ufeff",
      x('{"a', [0xef, 0xbb, 0xbf], 'b":2,"\\ufeff":1}'),
      '{"a\ufeffb":2,"\ufeff":1}',
      "U+FEFF in a member name is a character, written raw, sent raw or escaped",
      inName,
    ),
    canon(
      "name-astral-raw",
      '{"\u{1f600}":1,"\\uD800\\uDC00":2}',
      '{"\u{10000}":2,"\u{1f600}":1}',
      "a raw four-byte character in a member name stays raw; an uppercase escaped pair is written raw",
      inName,
    ),
    canon(
      "name-uppercase-hex-escape",
      J`{"\u004A\u00E9":1}`,
      '{"J\u00e9":1}',
      "uppercase hex in a member name's escapes is accepted; the name is written without escapes",
      inName,
    ),
    canon(
      "name-not-normalized",
      J`{"A\u030a":1}`,
      '{"A\u030a":1}',
      "a member name is kept as sent: A + COMBINING RING stays decomposed (RFC 8785 does not normalize)",
      `${RFC} §3.1; RFC 8259 §4`,
    ),
  );

  // Key order, §3.2.3: by UTF-16 code units, recursively; arrays keep their order.
  const s33 = `${RFC} §3.2.3`;
  add(
    canon("sort-simple", J`{"b":1,"a":2}`, J`{"a":2,"b":1}`, "members are sorted by name", s33),
    canon(
      "sort-prefix-first",
      J`{"ab":1,"a":2,"abc":3}`,
      J`{"a":2,"ab":1,"abc":3}`,
      "a name sorts before every longer name it is a prefix of",
      s33,
    ),
    canon("sort-empty-key-first", J`{"a":1,"":0}`, J`{"":0,"a":1}`, "the empty name sorts first", s33),
    canon(
      "sort-uppercase-before-lowercase",
      J`{"a":1,"B":2,"A":3,"b":4}`,
      J`{"A":3,"B":2,"a":1,"b":4}`,
      "sorting is by code unit, not case-insensitive",
      s33,
    ),
    canon(
      "sort-digits-as-strings",
      J`{"10":1,"9":2,"1":3,"100":4}`,
      J`{"1":3,"10":1,"100":4,"9":2}`,
      "numeric-looking names sort as strings, not numbers",
      s33,
    ),
    canon(
      "sort-control-before-space",
      J`{" ":1,"\n":2,"!":3}`,
      J`{"\n":2," ":1,"!":3}`,
      "U+000A sorts before U+0020 before U+0021",
      s33,
    ),
    canon(
      "sort-latin1-after-ascii",
      '{"\u00e9":1,"z":2,"e":3}',
      '{"e":3,"z":2,"\u00e9":1}',
      "U+00E9 sorts after every ASCII name",
      s33,
    ),
    canon(
      "sort-utf16-not-code-points",
      J`{"\ue000":1,"\ud83d\ude00":2}`,
      '{"\u{1f600}":2,"\ue000":1}',
      "U+1F600 (units D83D DE00) sorts before U+E000, unlike code-point order",
      s33,
    ),
    canon(
      "sort-utf16-high-bmp-after-astral",
      J`{"\uff61":1,"\ud800\udc00":2,"\ud7ff":3}`,
      '{"\ud7ff":3,"\u{10000}":2,"\uff61":1}',
      "by UTF-16 units: D7FF < D800 DC00 < FF61",
      s33,
    ),
    canon(
      "sort-by-decoded-name",
      J`{"\u0062":1,"a":2}`,
      J`{"a":2,"b":1}`,
      "names sort by their value, not by how they were escaped",
      s33,
    ),
    canon(
      "sort-escaped-names-written-raw",
      J`{"\u00e9":1,"\u0065":2}`,
      '{"e":2,"\u00e9":1}',
      "escaped names are unescaped in the output and sorted by value",
      s33,
    ),
    canon(
      "sort-common-prefix",
      J`{"aab":1,"aa":2,"aaa":3,"ab":4}`,
      J`{"aa":2,"aaa":3,"aab":1,"ab":4}`,
      "names with a long common prefix sort by their first different unit",
      s33,
    ),
    canon(
      "sort-nested-objects",
      J`{"b":{"y":1,"x":2},"a":{"d":3,"c":4}}`,
      J`{"a":{"c":4,"d":3},"b":{"x":2,"y":1}}`,
      "nested objects are sorted too",
      s33,
    ),
    canon(
      "sort-objects-in-arrays",
      J`[{"b":1,"a":2},{"d":3,"c":4}]`,
      J`[{"a":2,"b":1},{"c":4,"d":3}]`,
      "objects inside arrays are sorted, the array is not",
      s33,
    ),
    canon("array-order-kept", "[3,1,2]", "[3,1,2]", "array elements keep their order", s33),
    canon(
      "array-of-strings-order-kept",
      J`["b","a","c"]`,
      J`["b","a","c"]`,
      "an array of strings is not sorted",
      s33,
    ),
    canon(
      "sort-many-keys",
      `{${[..."qwertyuiopasdfghjklzxcvbnm"].map((c, i) => `"${c}":${i}`).join(",")}}`,
      `{${[..."abcdefghijklmnopqrstuvwxyz"].map((c) => `"${c}":${"qwertyuiopasdfghjklzxcvbnm".indexOf(c)}`).join(",")}}`,
      "26 members in keyboard order come out in alphabetical order",
      s33,
    ),
    canon(
      "sort-deep-mixed",
      J`{"z":[{"b":[{"d":1,"c":2}],"a":null}],"y":{"k":{"j":{}}}}`,
      J`{"y":{"k":{"j":{}}},"z":[{"a":null,"b":[{"c":2,"d":1}]}]}`,
      "sorting applies at every depth, through arrays",
      s33,
    ),
    canon(
      "rfc-sorting-example",
      J`{"\u20ac":"Euro Sign","\r":"Carriage Return","\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One","\ud83d\ude00":"Emoji: Grinning Face","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis"}`,
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\u{1f600}":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
      "the RFC's own sorting example",
      s33,
    ),
  );

  // Member names that mean something to a language's object model. Implementations that build a
  // native object, or ask it how to serialize itself, have left such an object unsorted with its
  // whole subtree (`toJSON`), dropped the member (`__proto__`), or thrown. Each name is tested at
  // the top, two levels down inside an array, and with an object value that must be sorted too.
  const lang = "RFC 8785 §3.2.3; RFC 8259 §4 (names are any strings)";
  add(
    canon(
      "name-tojson-unsorted-sibling",
      J`{"toJSON":0,"b":1,"a":2}`,
      J`{"a":2,"b":1,"toJSON":0}`,
      "an object with a member named toJSON is sorted like any other (seen left unchanged by JavaScript implementations)",
      `${lang}; issue 13 (the RFC authors' JavaScript, json-canonicalize)`,
    ),
  );
  for (const [name, slug, origin] of LANGUAGE_NAMES) {
    const q = JSON.stringify(name);
    add(
      canon(
        `name-${slug}-every-depth`,
        `{"b":1,${q}:{"d":[{${q}:0,"c":1}],"b":1,"a":2},"a":[{"z":{"y":0,${q}:{"b":1,"a":2}}}]}`,
        sortedText(name),
        `${q} (${origin}) is an ordinary member name at every depth: sorted, kept, its value canonicalized`,
        lang,
      ),
    );
  }

  // Member names that begin with U+0000: valid JSON strings, refused by implementations that use
  // NUL-terminated keys or a leading NUL as a marker (a PHP library's private-property mangling).
  const nul = "RFC 8259 §7; RFC 8785 §3.2.3; issue 13 (a PHP library)";
  add(
    canon(
      "name-u0000-alone",
      J`{"\u0000":1,"a":2}`,
      J`{"\u0000":1,"a":2}`,
      "a member named U+0000 is valid, written \\u0000, and sorts first",
      nul,
    ),
    canon(
      "name-u0000-leading",
      J`{"a":1,"\u0000b":2}`,
      J`{"\u0000b":2,"a":1}`,
      "a name starting with U+0000 sorts before every other non-empty name",
      nul,
    ),
    canon(
      "name-u0000-nested",
      J`[{"x":{"\u0000\u0000":0,"\u0000":1}}]`,
      J`[{"x":{"\u0000":1,"\u0000\u0000":0}}]`,
      "NUL-leading names deep in a document, one a prefix of the other",
      nul,
    ),
  );

  // Inputs past the buffer sizes readers use (64 KiB pipe and stdin chunks, 1 MiB buffers) with a
  // multi-byte character split across the boundary: a reader that decodes each chunk on its own
  // turns it into U+FFFD U+FFFD (seen in npm canonicalize 5's CLI). The canonical output reorders
  // the members, so a reader that only copies bytes through does not pass by chance.
  const big = "RFC 8785 §3.2.2.2; RFC 3629; issue 13 (npm canonicalize 5's CLI)";
  add(
    splitAcross(
      "input-64k-split-two-byte",
      65536,
      "\u00e9",
      "a 70 KB input whose \u00e9 (2 bytes) straddles byte 65536 comes out whole",
      big,
    ),
    splitAcross(
      "input-1m-split-four-byte",
      1048576,
      "\u{1f600}",
      "a 1.05 MB input whose emoji (4 bytes) straddles byte 1048576 comes out whole",
      big,
    ),
  );

  // Numbers, §3.2.2.3: the ECMAScript Number-to-String algorithm.
  const num = (name: string, input: string, expected: string, why: string) =>
    add(canon(name, input, expected, why, s323));
  num("int-zero", "0", "0", "zero is 0");
  num("int-one", "1", "1", "a small integer is written as digits");
  num("int-negative", "-1", "-1", "a negative integer keeps its sign");
  num("int-nine-digits", "123456789", "123456789", "integers are written without exponent");
  num("int-max-safe", "9007199254740991", "9007199254740991", "2^53 - 1 is exact");
  num("int-min-safe", "-9007199254740991", "-9007199254740991", "-(2^53 - 1) is exact");
  num("neg-zero", "-0", "0", "minus zero is written as 0");
  num("neg-zero-fraction", "-0.0", "0", "-0.0 is written as 0");
  num("zero-fraction", "0.0", "0", "0.0 is written as 0");
  num("zero-exponent", "0e10", "0", "0e10 is zero");
  num("neg-zero-exponent", "-0E-5", "0", "-0E-5 is minus zero, written as 0");
  num("one-point-zero", "1.0", "1", "1.0 is the integer 1");
  num("trailing-zeros", "1.500", "1.5", "trailing fraction zeros are dropped");
  num("exponent-uppercase", "1E2", "100", "1E2 is 100");
  num("exponent-lowercase", "1e2", "100", "1e2 is 100");
  num("exponent-plus", "1e+2", "100", "an explicit + in the exponent changes nothing");
  num("exponent-leading-zeros", "1E002", "100", "leading zeros in the exponent are allowed and mean nothing");
  num("exponent-minus-zero", "1e-0", "1", "an exponent of -0 is 0");
  num("fraction-times-ten", "0.1e1", "1", "0.1e1 is 1");
  num("ten-over-ten", "10e-1", "1", "10e-1 is 1");
  num("hundred-over-hundred", "100e-2", "1", "100e-2 is 1");
  num("decimal-from-exponent", "123e-2", "1.23", "123e-2 is 1.23");
  num("negative-fraction", "-1.5", "-1.5", "a negative fraction keeps its sign");
  num("pi", "3.141592653589793", "3.141592653589793", "17 significant digits where needed, no more");
  num("one-tenth", "0.1", "0.1", "0.1 is written as 0.1, the shortest text that reads back");
  num(
    "point-three-rounding",
    "0.30000000000000004",
    "0.30000000000000004",
    "the double after 0.3 needs all its digits",
  );
  num(
    "shortest-round-trip",
    "0.1000000000000000055511151231257827",
    "0.1",
    "extra digits that name the same double are dropped",
  );
  num(
    "many-digits-rounds-to-one",
    "1.00000000000000000000000000000000001",
    "1",
    "a long mantissa rounds to the nearest double",
  );
  num(
    "past-2-53-with-fraction",
    "9007199254740993.0",
    "9007199254740992",
    "a non-integer literal past 2^53 is rounded to the nearest double",
  );
  num("two-53", "9.007199254740992e15", "9007199254740992", "2^53 is written as digits");
  num("e20-as-digits", "1e20", "100000000000000000000", "below 1e21 numbers are written without exponent");
  num("e21-boundary", "1e21", "1e+21", "from 1e21 on an exponent is used, with an explicit +");
  num(
    "e21-below",
    "9.999999999999999e20",
    "999999999999999900000",
    "the double below 1e21 is written in digits",
  );
  num(
    "e21-two-below",
    "9.999999999999997e20",
    "999999999999999700000",
    "two doubles below 1e21 (RFC appendix B)",
  );
  num("e21-negative", "-1e21", "-1e+21", "negative numbers use the same boundary");
  num("e21-fraction", "1.5e21", "1.5e+21", "the exponent form keeps a fraction");
  num("two-68", "2.9514790517935283e20", "295147905179352830000", "2^68 in digits (RFC appendix B)");
  num("e23", "1E23", "1e+23", "1e23 (RFC appendix B)");
  num("e23-below", "9.999999999999997e22", "9.999999999999997e+22", "the double below 1e23 (RFC appendix B)");
  num(
    "e23-above",
    "1.0000000000000001e23",
    "1.0000000000000001e+23",
    "the double above 1e23 (RFC appendix B)",
  );
  num("e30", "1E30", "1e+30", "a large power of ten");
  num("e300", "1.5e300", "1.5e+300", "a large exponent with a fraction");
  num("e-6-as-digits", "1e-6", "0.000001", "1e-6 is still written as a decimal fraction");
  num("e-6-as-fraction", "0.000001", "0.000001", "0.000001 stays as it is");
  num("e-7-boundary", "1e-7", "1e-7", "below 1e-6 an exponent is used, with an explicit -");
  num("e-7-from-fraction", "0.0000001", "1e-7", "0.0000001 is written 1e-7");
  num(
    "e-7-below-1e-6",
    "9.999999999999997e-7",
    "9.999999999999997e-7",
    "the double below 1e-6 needs an exponent (RFC appendix B)",
  );
  num("e-7-fraction", "1.5e-7", "1.5e-7", "a fraction with a small exponent");
  num(
    "small-fraction-digits",
    "0.00000123",
    "0.00000123",
    "a small fraction above 1e-6 is written in digits",
  );
  num("e-7-negative", "-1e-7", "-1e-7", "negative small numbers use the same boundary");
  num("e-27", "0.000000000000000000000000001", "1e-27", "a long decimal fraction becomes an exponent");
  num("min-subnormal", "5e-324", "5e-324", "the smallest positive double");
  num(
    "min-subnormal-long",
    "4.9406564584124654e-324",
    "5e-324",
    "the smallest double, spelled with 17 digits, is written shortest",
  );
  num("min-subnormal-negative", "-5e-324", "-5e-324", "the negative smallest double");
  num("max-subnormal", "2.2250738585072009e-308", "2.225073858507201e-308", "the largest subnormal");
  num("min-normal", "2.2250738585072014e-308", "2.2250738585072014e-308", "the smallest normal double");
  num("subnormal-1e-320", "1e-320", "1e-320", "a subnormal in the middle of the range");
  num("max-double", "1.7976931348623157e308", "1.7976931348623157e+308", "the largest double");
  num(
    "max-double-negative",
    "-1.7976931348623157e308",
    "-1.7976931348623157e+308",
    "the most negative double",
  );
  num(
    "thirds-rounding",
    "333333333.33333329",
    "333333333.3333333",
    "rounding to the nearest double, then the shortest text (RFC example)",
  );
  num("appendix-b-333-a", "333333333.3333332", "333333333.3333332", "RFC appendix B: 41b3de4355555553");
  num("appendix-b-333-b", "333333333.33333325", "333333333.33333325", "RFC appendix B: 41b3de4355555554");
  num("appendix-b-333-c", "333333333.3333334", "333333333.3333334", "RFC appendix B: 41b3de4355555556");
  num("appendix-b-333-d", "333333333.33333343", "333333333.33333343", "RFC appendix B: 41b3de4355555557");
  num(
    "appendix-b-small-negative",
    "-3.3333333333333333e-6",
    "-0.0000033333333333333333",
    "RFC appendix B: becbf647612f3696",
  );
  num(
    "appendix-b-1424953923781206",
    "1424953923781206.2",
    "1424953923781206.2",
    "RFC appendix B: 43143ff3c1cb0959",
  );
  num(
    "numbers-in-array",
    "[1.0, 1e2, -0, 0.5e-6, 1e21]",
    "[1,100,0,5e-7,1e+21]",
    "several number rules in one array",
  );

  // Whitespace, §3.2.1: none in the output, any of the four JSON whitespace characters accepted in input.
  const s31 = `${RFC} §3.2.1`;
  add(
    canon(
      "ws-around-top-level",
      " \t\r\n{}\r\n\t ",
      "{}",
      "whitespace before and after the text is dropped",
      s31,
    ),
    canon("ws-in-empty-object", "{ \n\t }", "{}", "whitespace inside an empty object is dropped", s31),
    canon("ws-in-empty-array", "[ \r\n ]", "[]", "whitespace inside an empty array is dropped", s31),
    canon("ws-around-colon", J`{"a" : 1}`, J`{"a":1}`, "whitespace around a colon is dropped", s31),
    canon("ws-around-comma", "[1 ,\t2 ,\n3]", "[1,2,3]", "whitespace around commas is dropped", s31),
    canon(
      "ws-everywhere",
      ` \t{ \n"b" \r: \t[ 1 , { "c" : null } ] ,\n"a":"x" } \n`,
      J`{"a":"x","b":[1,{"c":null}]}`,
      "whitespace at every place the grammar allows it",
      s31,
    ),
    canon(
      "ws-pretty-crlf",
      `{\r\n  "a": 1,\r\n  "b": [\r\n    true\r\n  ]\r\n}\r\n`,
      J`{"a":1,"b":[true]}`,
      "a pretty-printed text with CRLF line ends",
      s31,
    ),
    canon(
      "ws-pretty-tabs",
      `{\n\t"a":\t{\n\t\t"b":\t2\n\t}\n}`,
      J`{"a":{"b":2}}`,
      "a text indented with tabs",
      s31,
    ),
    canon(
      "ws-in-string-kept",
      J`{"a b":" c\td "}`,
      '{"a b":" c\\td "}',
      "whitespace inside strings is content: spaces kept, tab escaped",
      s31,
    ),
  );

  // Structures.
  const s32 = `${RFC} §3.2`;
  const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
  add(
    canon("empty-object", "{}", "{}", "an empty object", s32),
    canon("empty-array", "[]", "[]", "an empty array", s32),
    canon(
      "nested-empties",
      '[[],{},[{}],{"a":[]}]',
      J`[[],{},[{}],{"a":[]}]`,
      "empty containers nested in each other",
      s32,
    ),
    canon(
      "mixed-array",
      J`[null,true,1,"s",[],{}]`,
      J`[null,true,1,"s",[],{}]`,
      "an array of every kind of value",
      s32,
    ),
    canon(
      "nesting-100",
      deep(100),
      deep(100),
      "100 levels of nesting are well within every implementation's limits",
      s32,
    ),
    canon(
      "nesting-objects-50",
      `${J`{"a":`.repeat(50)}1${"}".repeat(50)}`,
      `${J`{"a":`.repeat(50)}1${"}".repeat(50)}`,
      "50 nested objects",
      s32,
    ),
  );

  // The RFC authors' testdata (cyberphone/json-canonicalization testdata/input and output).
  const td = "RFC 8785 authors' testdata";
  add(
    canon(
      "rfc-testdata-arrays",
      `[\n  56,\n  {\n    "d": true,\n    "10": null,\n    "1": [ ]\n  }\n]`,
      J`[56,{"1":[],"10":null,"d":true}]`,
      "arrays keep their order; objects in them are sorted",
      `${td} (arrays)`,
    ),
    canon(
      "rfc-testdata-french",
      '{\n  "peach": "This sorting order",\n  "p\u00e9ch\u00e9": "is wrong according to French",\n  "p\u00eache": "but canonicalization MUST",\n  "sin":   "ingnore locale"\n}\n',
      '{"peach":"This sorting order","p\u00e9ch\u00e9":"is wrong according to French","p\u00eache":"but canonicalization MUST","sin":"ingnore locale"}',
      "sorting ignores locale: p\u00e9ch\u00e9 before p\u00eache",
      `${td} (french)`,
    ),
    canon(
      "rfc-testdata-structures",
      J`{
  "1": {"f": {"f": "hi","F": 5} ,"\n": 56.0},
  "10": { },
  "": "empty",
  "a": { },
  "111": [ { } ],
  "A": { }
}`,
      J`{"":"empty","1":{"\n":56,"f":{"F":5,"f":"hi"}},"10":{},"111":[{}],"A":{},"a":{}}`,
      "nested structures, the empty name, numeric-looking names",
      `${td} (structures)`,
    ),
    canon(
      "rfc-testdata-unicode",
      J`{
  "Unnormalized Unicode":"\u1e0d\u0307"
}
`,
      '{"Unnormalized Unicode":"\u1e0d\u0307"}',
      "unnormalized Unicode is kept as sent",
      `${td} (unicode)`,
    ),
    canon(
      "rfc-testdata-values",
      J`{
  "numbers": [1E30, 4.50, 333333333.33333329, 2e-3, 0.000000000000000000000000001],
  "escaping": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
  "literals": [null, true, false]
}`,
      '{"escaping":"\u20ac$\\u000f\\nA\'B\\"\\\\\\\\\\"/","literals":[null,true,false],"numbers":[1e+30,4.5,333333333.3333333,0.002,1e-27]}',
      "numbers, escapes and literals together",
      `${td} (values)`,
    ),
    canon(
      "rfc-testdata-weird",
      J`{
  "\u20ac": "Euro Sign",
  "1": "One",
  "\u0080": "Control\u007f",
  "\ud83d\ude02": "Smiley",
  "\u00f6": "Latin Small Letter O With Diaeresis",
  "\ufb33": "Hebrew Letter Dalet With Dagesh",
  "</script>": "Browser Challenge"
}
`,
      '{"1":"One","</script>":"Browser Challenge","\u0080":"Control\u007f","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\u{1f602}":"Smiley","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
      "odd names: a C1 control, an emoji, a Hebrew presentation form, </script>",
      `${td} (weird)`,
    ),
    canon(
      "rfc-section-3-2-4-example",
      J`{
  "numbers": [333333333.33333329, 1E30, 4.50,
              2e-3, 0.000000000000000000000000001],
  "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
  "literals": [null, true, false]
}`,
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"\u20ac$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
      "the RFC's worked example of canonicalization",
      `${RFC} §3.2.4`,
    ),
  );

  // canoncheck's shared vectors (seed 002); record-agent-output and numbers pin their digests.
  const cc = "seed 002 canoncheck vectors";
  add(
    canon(
      "canoncheck-numbers",
      J`{"zero": 0, "tiny": 1e-6, "neg": -42, "int": 123456789, "half": 1.50, "frac": 3.141592653589793, "big": 1e20}`,
      J`{"big":100000000000000000000,"frac":3.141592653589793,"half":1.5,"int":123456789,"neg":-42,"tiny":0.000001,"zero":0}`,
      "canoncheck's numbers vector; pinned sha256 b175a680...a20badbf, keccak256 f1ddcb33...5c63ca46",
      cc,
    ),
    canon(
      "canoncheck-numeric-equivalence",
      J`{"e": 1E1, "d": 10.0, "c": 100, "b": 1e2, "a": 1.0}`,
      J`{"a":1,"b":100,"c":100,"d":10,"e":10}`,
      "1.0, 1e2, 100 and 10.0 are the same numbers",
      cc,
    ),
    canon(
      "canoncheck-record-agent-output",
      J`{"result": "MATCH", "tags": ["bitcoin", "deterministic"], "claim": "tx_count==3721", "block_height": 800000, "agent": "resolver-01"}`,
      J`{"agent":"resolver-01","block_height":800000,"claim":"tx_count==3721","result":"MATCH","tags":["bitcoin","deterministic"]}`,
      "canoncheck's record vector; pinned sha256 d9d95374...eff393f, keccak256 35ee5191...cee1172",
      cc,
    ),
    canon(
      "canoncheck-record-nested",
      J`{"z": {"b": 2, "a": 1}, "m": "", "a": [{"y": true, "x": null}, {"n": -2.50}]}`,
      J`{"a":[{"x":null,"y":true},{"n":-2.5}],"m":"","z":{"a":1,"b":2}}`,
      "nested records, the empty string, a negative fraction",
      cc,
    ),
    canon(
      "canoncheck-unicode",
      J`{"\u00e9": "caf\u00e9", "greek": "\u03a9\u03bc\u03ad\u03b3\u03b1", "emoji": "\ud83d\ude00", "a": "plain"}`,
      '{"a":"plain","emoji":"\u{1f600}","greek":"\u03a9\u03bc\u03ad\u03b3\u03b1","\u00e9":"caf\u00e9"}',
      "non-ASCII names and values, raw UTF-8 out, sorted by UTF-16 units",
      cc,
    ),
  );
  // ws-everywhere puts a CR between a name and its colon, which lines mode cannot carry faithfully.
  const everywhere = cases.find((c) => c.name === "ws-everywhere")!;
  everywhere.lines = {
    input: (everywhere.input as string).replace(/\r/g, "\t").replace(/\n/g, " "),
    why: "its line breaks sent as tabs and spaces, whitespace all the same",
  };
  return cases.map(contained);
}

/** Names with a meaning in some language's object model, and where. */
const LANGUAGE_NAMES: readonly (readonly [string, string, string])[] = [
  ["toJSON", "tojson", "JavaScript's JSON.stringify hook"],
  ["__proto__", "js-proto", "JavaScript's prototype accessor"],
  ["constructor", "constructor", "JavaScript"],
  ["prototype", "prototype", "JavaScript"],
  ["hasOwnProperty", "has-own-property", "JavaScript"],
  ["valueOf", "value-of", "JavaScript"],
  ["toString", "to-string", "JavaScript"],
  ["__defineGetter__", "js-define-getter", "JavaScript"],
  ["__class__", "py-class", "Python"],
  ["__dict__", "py-dict", "Python"],
  ["__init__", "py-init", "Python"],
  ["__getattr__", "py-getattr", "Python"],
  ["__construct", "php-construct", "PHP"],
  ["__toString", "php-to-string", "PHP"],
  ["__get", "php-get", "PHP"],
  ["to_json", "ruby-to-json", "Ruby"],
  ["class", "class", "Ruby and Java"],
  ["$ref", "ref", "JSON Schema and serializers of object graphs"],
];

/** The canonical text of name-*-every-depth, written out member by member (names sorted by UTF-16
 * code unit; these are ASCII, where that is plain string order). */
function sortedText(name: string): string {
  type V = number | V[] | [string, V][] | { o: [string, V][] };
  const obj = (...members: [string, V][]): V => ({ o: members });
  const write = (v: V): string => {
    if (typeof v === "number") return String(v);
    if (!Array.isArray(v)) {
      const sorted = [...v.o].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${sorted.map(([k, w]) => `${JSON.stringify(k)}:${write(w)}`).join(",")}}`;
    }
    return `[${(v as V[]).map(write).join(",")}]`;
  };
  return write(
    obj(
      ["b", 1],
      [name, obj(["d", [obj([name, 0], ["c", 1])]], ["b", 1], ["a", 2])],
      ["a", [obj(["z", obj(["y", 0], [name, obj(["b", 1], ["a", 2])])])]],
    ),
  );
}

/** A canon case: `{"b":1,"a":"<long string>"}`, the string's `char` starting one byte before
 * `boundary` so that the boundary falls inside it; the output puts "a" first. */
function splitAcross(name: string, boundary: number, char: string, why: string, source: string): Entry {
  const head = `{"b":1,"a":"`;
  const before = "x".repeat(boundary - 1 - head.length);
  const after = "y".repeat(4096);
  const text = `${before}${char}${after}`;
  const input = `${head}${text}"}`;
  if (toBytes(input).indexOf(toBytes(char)[0]!, boundary - 1) !== boundary - 1) {
    throw new Error(`${name}: the character does not start at byte ${boundary - 1}`);
  }
  return canon(name, input, `{"a":"${text}","b":1}`, why, source);
}

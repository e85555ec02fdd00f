// The checker the JUnit tests rely on must itself refuse what is not well-formed.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseStrictXml } from "./xml-check.js";

test("the strict XML checker accepts well-formed documents and decodes references", () => {
  const el = parseStrictXml(
    `<?xml version="1.0" encoding="UTF-8"?>\n<a x="&#34;&lt;" y='1'>t&amp;&#x41;<b/></a>\n`,
  );
  assert.equal(el.attrs.x, '"<');
  assert.equal(el.text, "t&A");
  assert.equal(el.children[0]!.name, "b");
});

test("the strict XML checker refuses what XML 1.0 does not allow", () => {
  for (const bad of [
    "<a>\u0001</a>",
    "<a>\ufffe</a>",
    "<a>\ud800</a>",
    '<a x="<"/>',
    "<a>&bogus;</a>",
    "<a>&#1;</a>",
    "<a>& b</a>",
    "<a>]]></a>",
    "<a><b></a></b>",
    '<a x="1" x="2"/>',
    "<a/><b/>",
    "<a>",
  ]) {
    assert.throws(() => parseStrictXml(bad), Error, bad);
  }
});

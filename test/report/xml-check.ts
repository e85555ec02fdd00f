// A strict checker for the subset of XML 1.0 the JUnit reporter writes: a declaration, elements,
// attributes, character data and references; no comments, CDATA or doctype. A document it accepts
// is well-formed XML (W3C XML 1.0 §2); it throws, saying where, at anything else. The parser in
// node_modules (fast-xml-parser) accepts control characters, `<` in attributes and unknown
// entities, so it cannot be the judge of well-formedness here.

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own character data, references decoded. */
  text: string;
}

const isXmlChar = (cp: number) =>
  cp === 0x9 ||
  cp === 0xa ||
  cp === 0xd ||
  (cp >= 0x20 && cp <= 0xd7ff) ||
  (cp >= 0xe000 && cp <= 0xfffd) ||
  (cp >= 0x10000 && cp <= 0x10ffff);

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function parseStrictXml(doc: string): XmlElement {
  for (const ch of doc) {
    const cp = ch.codePointAt(0)!;
    // A lone surrogate iterates as itself, which is in neither allowed range.
    if (!isXmlChar(cp)) throw new Error(`not an XML 1.0 character: U+${cp.toString(16)}`);
  }
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at offset ${i}: ${JSON.stringify(doc.slice(i, i + 40))}`);
  };
  const skipSpace = () => {
    while (/[ \t\r\n]/.test(doc[i] ?? "")) i++;
  };
  const name = () => {
    const m = /^[A-Za-z_:][A-Za-z0-9._:-]*/.exec(doc.slice(i, i + 200));
    if (!m) fail("expected a name");
    i += m![0].length;
    return m![0];
  };
  const decode = (raw: string, where: string) =>
    raw.replace(/&([^;]*);?/g, (whole, ref: string) => {
      if (!whole.endsWith(";")) fail(`unterminated reference in ${where}`);
      if (ref in NAMED) return NAMED[ref]!;
      const m = /^#(?:([0-9]+)|x([0-9A-Fa-f]+))$/.exec(ref);
      if (!m) return fail(`unknown entity &${ref}; in ${where}`);
      const cp = m[1] !== undefined ? Number.parseInt(m[1], 10) : Number.parseInt(m[2]!, 16);
      if (!isXmlChar(cp)) fail(`reference to a character XML forbids (&${ref};) in ${where}`);
      return String.fromCodePoint(cp);
    });

  if (doc.startsWith("<?xml")) {
    const end = doc.indexOf("?>");
    if (end === -1) fail("unterminated XML declaration");
    if (!/^<\?xml version="1\.0"( encoding="UTF-8")?\?>$/.test(doc.slice(0, end + 2)))
      fail("odd declaration");
    i = end + 2;
  }

  const element = (): XmlElement => {
    if (doc[i] !== "<") fail("expected <");
    i++;
    const el: XmlElement = { name: name(), attrs: {}, children: [], text: "" };
    for (;;) {
      const before = i;
      skipSpace();
      if (doc.startsWith("/>", i)) {
        i += 2;
        return el;
      }
      if (doc[i] === ">") {
        i++;
        break;
      }
      if (i === before) fail("expected space before an attribute");
      const attr = name();
      if (attr in el.attrs) fail(`attribute ${attr} twice`);
      skipSpace();
      if (doc[i] !== "=") fail("expected =");
      i++;
      skipSpace();
      const quote = doc[i];
      if (quote !== '"' && quote !== "'") fail("expected a quoted value");
      const end = doc.indexOf(quote!, i + 1);
      if (end === -1) fail("unterminated attribute value");
      const raw = doc.slice(i + 1, end);
      if (raw.includes("<")) fail("< inside an attribute value");
      el.attrs[attr] = decode(raw, `attribute ${attr}`);
      i = end + 1;
    }
    for (;;) {
      const next = doc.indexOf("<", i);
      if (next === -1) fail(`element ${el.name} never closed`);
      const raw = doc.slice(i, next);
      if (raw.includes("]]>")) fail("]]> in character data");
      el.text += decode(raw, `text of ${el.name}`);
      i = next;
      if (doc.startsWith("</", i)) {
        i += 2;
        if (name() !== el.name) fail(`end tag does not match <${el.name}>`);
        skipSpace();
        if (doc[i] !== ">") fail("expected > closing an end tag");
        i++;
        return el;
      }
      if (doc.startsWith("<!", i) || doc.startsWith("<?", i))
        fail("comment, CDATA or PI (not written by us)");
      el.children.push(element());
    }
  };

  skipSpace();
  const root = element();
  skipSpace();
  if (i !== doc.length) fail("content after the root element");
  return root;
}

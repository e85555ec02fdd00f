import { makeDocument } from "./jcs.js";
import { decodeUtf8 } from "../src/jcs/utf8.js";
import { canonicalText } from "../src/jcs/canonical-text.js";
const doc = makeDocument(1e6);
const text = decodeUtf8(doc);
for (let i = 0; i < 40; i++) canonicalText(text);

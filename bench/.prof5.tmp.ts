import { makeDocument } from "./jcs.js";
import { canonicalBytes } from "../src/jcs/canonical-bytes.js";
const doc = makeDocument(1e6);
for (let i = 0; i < 150; i++) canonicalBytes(doc);

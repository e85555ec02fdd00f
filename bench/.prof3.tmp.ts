import { makeDocument } from "./jcs.js";
import { decodeUtf8 } from "../src/jcs/utf8.js";
const doc = makeDocument(1e6);
const text = decodeUtf8(doc);
let strings = 0, numbers = 0, objects = 0, arrays = 0;
JSON.parse(text, (k, v) => { if (typeof v === "string") strings++; else if (typeof v === "number") numbers++; else if (Array.isArray(v)) arrays++; else if (v && typeof v === "object") objects++; return v; });
console.log({ bytes: doc.length, chars: text.length, strings, numbers, objects, arrays });
// pure scanning loop cost
const t0 = performance.now();
let x = 0;
for (let r = 0; r < 10; r++) for (let i = 0; i < text.length; i++) x += text.charCodeAt(i);
console.log("charCodeAt loop MB/s", (doc.length * 10 / 1e6 / ((performance.now() - t0) / 1000)).toFixed(0), x > 0);
const t1 = performance.now();
for (let r = 0; r < 10; r++) for (let i = 0; i < doc.length; i++) x += doc[i]!;
console.log("byte loop MB/s", (doc.length * 10 / 1e6 / ((performance.now() - t1) / 1000)).toFixed(0), x > 0);

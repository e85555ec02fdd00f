import { makeDocument } from "./jcs.js";
import { canonicalBytes } from "../src/jcs/canonical-bytes.js";
import { canonicalText } from "../src/jcs/canonical-text.js";
import { decodeUtf8 } from "../src/jcs/utf8.js";
const doc = makeDocument(Number(process.argv[2] ?? 1e6));
const enc = new TextEncoder(), dec = new TextDecoder();
const a = Buffer.from(canonicalBytes(doc)), b = Buffer.from(enc.encode(canonicalText(decodeUtf8(doc))));
console.log("equal:", a.equals(b), a.length);
const t = (name: string, f: () => unknown) => { const xs=[]; for (let i=0;i<15;i++){const t0=performance.now(); f(); xs.push(performance.now()-t0);} xs.sort((a,b)=>a-b); console.log(name.padEnd(22), (doc.length/1e6/(xs[7]!/1000)).toFixed(1), "MB/s", xs[7]!.toFixed(1),"ms"); };
for (let r = 0; r < 2; r++) {
t("canonicalBytes", () => canonicalBytes(doc));
t("canonicalText", () => enc.encode(canonicalText(decodeUtf8(doc))));
t("native", () => enc.encode(JSON.stringify(JSON.parse(dec.decode(doc)))));
}

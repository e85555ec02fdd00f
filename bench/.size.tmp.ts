import { makeDocument } from "./jcs.js";
console.log(makeDocument(1e6).length, makeDocument(2e7).length);

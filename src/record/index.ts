// The signed record of one run (seed 003): build it, sign it, write it, verify it.
export {
  buildRecord,
  type RecordInput,
  THIS_TOOLCHAIN,
} from "./build.js";

export { MAX_DEPTH } from "./format.js";
export {
  ephemeralKey,
  signingKey,
  toHex,
} from "./keys.js";

export { recordBytes, signingInputOf, signRecord } from "./sign.js";
export { outcomeLine, verifyRecord } from "./verify.js";

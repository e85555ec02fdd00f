// The signed record of one run (seed 003): build it, sign it, write it, verify it.
export {
  buildRecord,
  formatStartedAt,
  parseRecordSuite,
  RECORD_KIND,
  RecordError,
  type RecordInput,
  recordCases,
  recordSuite,
  THIS_TOOLCHAIN,
  wellFormed,
} from "./build.js";
export { type StrictFailure, strictFailure, verifyStrict } from "./ed25519-strict.js";
export { FORMAT, MAX_DEPTH, MAX_RECORD_BYTES, SIGNING_PREFIX } from "./format.js";
export {
  ephemeralKey,
  KEY_ENV,
  KeyError,
  loadSuppliedKey,
  parseSuppliedKey,
  signingKey,
  toHex,
} from "./keys.js";
export { readRecordBytes } from "./read.js";
export {
  RESIGNED_MEMBERS,
  type ResignOptions,
  type ResignRefusal,
  type ResignResult,
  refusalLines,
  resignRecord,
} from "./resign.js";
export { type RecordWithoutSig, recordBytes, signingInput, signingInputOf, signRecord } from "./sign.js";
export { outcomeLine, type RejectReason, type VerifyResult, verifyRecord } from "./verify.js";

// Records for the tests: a realistic signed record, built the way a run builds one (test/helpers).
export { recordInput, signedRecord, TEST_KEY } from "../helpers/fixtures.js";

// The expected-failures list: its file format and reader (list.ts), and the step's gate by it (gate.ts).
export { checkAgainstCorpus, decideGate, type Gate } from "./gate.js";
export {
  type ExpectedList,
  ExpectedListError,
  GENERATED_SECTION,
  MAX_EXPECTED_FAILURES_BYTES,
  MAX_REASON_CHARS,
  parseExpectedFailures,
  REASON_TO_FILL,
  readExpectedFailures,
  type StartingEntry,
  writeStartingList,
} from "./list.js";

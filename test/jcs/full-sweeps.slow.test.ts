// The reference's, the generator's and the record verifier's property sweeps at their full size
// (30,000 runs and the like): the same test files npm test runs at a fifteenth of that
// (test/helpers/sweep.ts), imported again here with full sweeps on.
import { useFullSweeps } from "../helpers/sweep.js";

useFullSweeps();
await import("./properties.test.js");
await import("./survival.test.js");
await import("../generated/spell.test.js");
await import("../record/verify.test.js");

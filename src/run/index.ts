// The pipeline, used by both faces (the CLI and the action) and by a library caller: one straight
// pass from checked options (src/options) to a signed record on disk, in four steps.
//
//   plan   the list read, the output folder opened, what will run hashed, the corpus loaded and the
//          cases chosen: everything settled before any process of the implementation starts
//   judge  the sandbox and the adapters opened, the implementation probed, every case judged (and
//          the differential run started, when asked for)
//   seal   the record built and signed; the gate and the re-run command beside it
//   write  the reports (record.json first), the differential run's files, the outcome
//
// docs/architecture.md tells the whole pipeline, the faces over it and the rules it keeps.
import { throwIfInterrupted } from "./interrupt.js";
import { judgeRun } from "./judge.js";
import { planRun } from "./plan.js";
import { sealRun } from "./seal.js";
import type { RunOptions, RunOutcome } from "./types.js";
import { writeRun } from "./write.js";

export { RunSetupError } from "./plan.js";
export { suiteLabel } from "./seal.js";

export async function runConformance(options: RunOptions): Promise<RunOutcome> {
  const plan = await planRun(options);
  try {
    const judged = await judgeRun(plan);
    try {
      // A signal during the judging broke cases: nothing of that is sealed (./interrupt.ts).
      throwIfInterrupted();
      return await writeRun(plan, judged.results, judged, sealRun(plan, judged.results));
    } finally {
      await judged.close();
    }
  } finally {
    if (plan.ownsOut) plan.out?.close();
  }
}

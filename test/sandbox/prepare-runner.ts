// For CI: makes bwrap work on this machine before the sandbox tests run (on GitHub's Ubuntu 24.04
// runners, AppArmor's user-namespace restriction stops it for every user but root), the way the
// action does before a run: `node --import tsx test/sandbox/prepare-runner.ts`. Prints what it
// changed; exits 1 when bwrap still does not work, so that CI stops here with the reason.
import { prepareRunnerSandbox } from "../../src/sandbox/index.js";

const setup = prepareRunnerSandbox();
for (const line of setup.lines) console.log(line);
process.exitCode = setup.ready ? 0 : 1;

// The implementations the tests run as commands: the reference (`canonicalize [--lines]`) and the
// known-bads (`known-bad NAME [--lines] [--read-side]`), the CLI's own commands, bundled on their own
// (scripts/build.mjs --test writes impl.js beside the test bundles) so that the tests' thousands of
// requests go to a process that starts in a fraction of the whole CLI's time.
import { canonicalizeCommand } from "../../src/commands/canonicalize.js";
import { runFromArgv } from "../../src/commands/command.js";
import { processIo } from "../../src/commands/io.js";
import { knownBadCommand } from "../../src/commands/known-bad.js";

const [name, ...rest] = process.argv.slice(2);
const command =
  name === "canonicalize" ? canonicalizeCommand : name === "known-bad" ? knownBadCommand : undefined;
if (command === undefined) {
  process.stderr.write(`impl.js: canonicalize or known-bad, not ${name}\n`);
  process.exitCode = 2;
} else {
  process.exitCode = await runFromArgv(name!, command, rest, processIo());
}

// The CLI's entry point (package.json's bin, dist/cli.js): the CLI face (src/commands/main.ts) given
// this process's arguments, streams and environment, and its answer made the exit code.
import { processIo } from "./commands/io.js";
import { main } from "./commands/main.js";
import { TOOL_NAME } from "./version.js";

main(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
    // A run that could not start ends now, even if a check it gave up on (an output folder whose
    // filesystem never answered) still holds the event loop; the timer itself holds nothing.
    if (code === 2) setTimeout(() => process.exit(code), 1000).unref();
  },
  (error: unknown) => {
    process.stderr.write(`${TOOL_NAME}: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);

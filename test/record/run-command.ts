// Runs one record command (verify or keygen) as its own process, as the CLI would, so tests see its
// real stdout, stderr, exit status and TTY handling: `node --import tsx run-command.ts verify ...`.
import type { Command } from "../../src/commands/command.js";
import { keygenCommand } from "../../src/commands/keygen.js";
import { verifyCommand } from "../../src/commands/verify.js";

const commands: Record<string, Command> = { verify: verifyCommand, keygen: keygenCommand };
const [name, ...argv] = process.argv.slice(2);
const command = commands[name ?? ""];
if (!command) throw new Error(`no command ${name}`);
command.run(argv).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`);
    process.exitCode = 2;
  },
);

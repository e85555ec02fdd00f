// The CLI face: `canon-conformance <command> [options]`. It only dispatches; each command lives beside
// it in src/commands/ and everything it does goes through the same engine as the GitHub Action. All
// it reads and writes goes through `io` (./io.ts): src/cli.ts gives it the process's own.
import { TOOL_NAME, TOOL_VERSION } from "../version.js";
import { aggregateCommand } from "./aggregate.js";
import { badgeCommand } from "./badge.js";
import { canonicalizeCommand } from "./canonicalize.js";
import { type Command, runFromArgv } from "./command.js";
import { expectedFailuresCommand } from "./expected-failures.js";
import type { CliIo } from "./io.js";
import { keygenCommand } from "./keygen.js";
import { knownBadCommand } from "./known-bad.js";
import { runCommand } from "./run.js";
import { selfTestCommand } from "./self-test.js";
import { signCommand } from "./sign.js";
import { verifyCommand } from "./verify.js";

const COMMANDS: Record<string, Command> = {
  run: runCommand,
  verify: verifyCommand,
  sign: signCommand,
  keygen: keygenCommand,
  badge: badgeCommand,
  canonicalize: canonicalizeCommand,
  "self-test": selfTestCommand,
  "known-bad": knownBadCommand,
  aggregate: aggregateCommand,
  "expected-failures": expectedFailuresCommand,
};

function help(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  const lines = Object.entries(COMMANDS).map(([n, c]) => `  ${n.padEnd(width)}  ${c.summary}`);
  return [
    `${TOOL_NAME} ${TOOL_VERSION}: RFC 8785 conformance for JSON canonicalizers, with signed records`,
    "",
    `usage: ${TOOL_NAME} <command> [options]`,
    "",
    "commands:",
    ...lines,
    "",
    `Run '${TOOL_NAME} help <command>' for a command's options.`,
    "",
  ].join("\n");
}

/** Runs the command `argv` names; resolves to the process's exit code (0, 1 or 2). */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h") {
    io.stdout.write(help());
    return name === undefined ? 2 : 0;
  }
  if (name === "--version" || name === "-V") {
    io.stdout.write(`${TOOL_VERSION}\n`);
    return 0;
  }
  if (name === "help") {
    const target = rest[0] === undefined ? undefined : COMMANDS[rest[0]];
    io.stdout.write(target ? `${target.usage}\n` : help());
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr.write(`${TOOL_NAME}: unknown command '${name}'\n\n${help()}`);
    return 2;
  }
  return runFromArgv(name, command, rest, io);
}

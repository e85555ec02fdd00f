// The CLI face: `canon-conformance <command> [options]`. It only dispatches; each command lives in
// src/commands/ and everything it does goes through the same engine as the GitHub Action.
import { aggregateCommand } from "./commands/aggregate.js";
import { badgeCommand } from "./commands/badge.js";
import { canonicalizeCommand } from "./commands/canonicalize.js";
import { type Command, UsageError } from "./commands/command.js";
import { keygenCommand } from "./commands/keygen.js";
import { knownBadCommand } from "./commands/known-bad.js";
import { runCommand } from "./commands/run.js";
import { selfTestCommand } from "./commands/self-test.js";
import { signCommand } from "./commands/sign.js";
import { verifyCommand } from "./commands/verify.js";
import { TOOL_NAME, TOOL_VERSION } from "./version.js";

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

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h") {
    process.stdout.write(help());
    return name === undefined ? 2 : 0;
  }
  if (name === "--version" || name === "-V") {
    process.stdout.write(`${TOOL_VERSION}\n`);
    return 0;
  }
  if (name === "help") {
    const target = rest[0] === undefined ? undefined : COMMANDS[rest[0]];
    process.stdout.write(target ? `${target.usage}\n` : help());
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`${TOOL_NAME}: unknown command '${name}'\n\n${help()}`);
    return 2;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${TOOL_NAME} ${name}: ${error.message}\n\n${command.usage}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${TOOL_NAME} ${name}: ${message}\n`);
    return 2;
  }
}

main(process.argv.slice(2)).then(
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

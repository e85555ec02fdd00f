#!/usr/bin/env node
import { createRequire as __ccCreateRequire } from 'node:module';
const require = __ccCreateRequire(import.meta.url);

// src/commands/canonicalize.ts
var canonicalizeCommand = {
  summary: "(not built yet)",
  usage: "canon-conformance canonicalize",
  async run() {
    process.stderr.write("canon-conformance canonicalize: this command is not built yet\n");
    return 2;
  }
};

// src/commands/command.ts
var UsageError = class extends Error {
  name = "UsageError";
};

// src/commands/keygen.ts
var keygenCommand = {
  summary: "(not built yet)",
  usage: "canon-conformance keygen",
  async run() {
    process.stderr.write("canon-conformance keygen: this command is not built yet\n");
    return 2;
  }
};

// src/commands/known-bad.ts
var knownBadCommand = {
  summary: "(not built yet)",
  usage: "canon-conformance known-bad",
  async run() {
    process.stderr.write("canon-conformance known-bad: this command is not built yet\n");
    return 2;
  }
};

// src/commands/run.ts
var runCommand = {
  summary: "(not built yet)",
  usage: "canon-conformance run",
  async run() {
    process.stderr.write("canon-conformance run: this command is not built yet\n");
    return 2;
  }
};

// src/commands/self-test.ts
var selfTestCommand = {
  summary: "(not built yet)",
  usage: "canon-conformance self-test",
  async run() {
    process.stderr.write("canon-conformance self-test: this command is not built yet\n");
    return 2;
  }
};

// src/commands/verify.ts
var verifyCommand = {
  summary: "(not built yet)",
  usage: "canon-conformance verify",
  async run() {
    process.stderr.write("canon-conformance verify: this command is not built yet\n");
    return 2;
  }
};

// src/version.ts
var TOOL_NAME = "canon-conformance";
var TOOL_VERSION = "0.1.0";

// src/cli.ts
var COMMANDS = {
  run: runCommand,
  verify: verifyCommand,
  keygen: keygenCommand,
  canonicalize: canonicalizeCommand,
  "self-test": selfTestCommand,
  "known-bad": knownBadCommand
};
function help() {
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
    ""
  ].join("\n");
}
async function main(argv) {
  const [name, ...rest] = argv;
  if (name === void 0 || name === "--help" || name === "-h") {
    process.stdout.write(help());
    return name === void 0 ? 2 : 0;
  }
  if (name === "--version" || name === "-V") {
    process.stdout.write(`${TOOL_VERSION}
`);
    return 0;
  }
  if (name === "help") {
    const target = rest[0] === void 0 ? void 0 : COMMANDS[rest[0]];
    process.stdout.write(target ? `${target.usage}
` : help());
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`${TOOL_NAME}: unknown command '${name}'

${help()}`);
    return 2;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${TOOL_NAME} ${name}: ${error.message}

${command.usage}
`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${TOOL_NAME} ${name}: ${message}
`);
    return 2;
  }
}
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`${TOOL_NAME}: ${error instanceof Error ? error.message : String(error)}
`);
    process.exitCode = 2;
  }
);
export {
  main
};

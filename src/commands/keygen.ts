import type { Command } from "./command.js";

// Placeholder until this command is built: it says so and exits 2 rather than pretending to work.
export const keygenCommand: Command = {
  summary: "(not built yet)",
  usage: "canon-conformance keygen",
  async run() {
    process.stderr.write("canon-conformance keygen: this command is not built yet\n");
    return 2;
  },
};

import { shellQuote } from "../text.js";
import { toolCommand } from "./install-form.js";

/** The command that checks a record offline; a supplied key is pinned, an ephemeral one proves nothing
 * more. `tool` starts it (toolCommand()'s form of this tool by default). */
export function verifyCommand(
  recordPath: string,
  key: "ephemeral" | "supplied",
  pubkey: string,
  tool = toolCommand(),
): string {
  const pin = key === "supplied" ? ` --pubkey ${shellQuote(pubkey)}` : "";
  return `${tool} verify ${shellQuote(recordPath)}${pin}`;
}

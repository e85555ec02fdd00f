import { shellQuote } from "../text.js";
import { toolCommand } from "./install-form.js";

/** The command that checks a record offline; a supplied key is pinned, an ephemeral one proves nothing more. */
export function verifyCommand(recordPath: string, key: "ephemeral" | "supplied", pubkey: string): string {
  const pin = key === "supplied" ? ` --pubkey ${shellQuote(pubkey)}` : "";
  return `${toolCommand()} verify ${shellQuote(recordPath)}${pin}`;
}

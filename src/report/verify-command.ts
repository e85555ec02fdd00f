/** One argument as a POSIX shell reads it back unchanged: bare when that is safe, else single-quoted. */
export function shellQuote(arg: string): string {
  if (/^[A-Za-z0-9_./:=@%+,-]+$/.test(arg)) return arg;
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** The command that checks a record offline; a supplied key is pinned, an ephemeral one proves nothing more. */
export function verifyCommand(recordPath: string, key: "ephemeral" | "supplied", pubkey: string): string {
  const pin = key === "supplied" ? ` --pubkey ${shellQuote(pubkey)}` : "";
  return `npx canon-conformance verify ${shellQuote(recordPath)}${pin}`;
}

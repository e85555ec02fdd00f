// `canon-conformance keygen [--out FILE]`: makes an Ed25519 key for signing records ("key":
// "supplied") and prints its public half, the value a relying party pins with `verify --pubkey`.
// The secret seed goes only where it cannot be seen by accident: a new file of mode 0600 (never
// overwriting one), or stdout when stdout is a pipe or a file (e.g. into `gh secret set`). To a
// terminal it is never printed.
import { writeFileSync } from "node:fs";

import { optionalRow } from "../options/index.js";
import { ephemeralKey, KEY_ENV, toHex } from "../record/keys.js";
import { type Command, optionLines } from "./command.js";
import type { CliIo } from "./io.js";

/** keygen's flag. `--out ""` names a file (that cannot be made), never stdout: a script whose file
 * variable came out empty must not print the secret into its log. */
const FLAGS = {
  out: optionalRow({
    name: "out",
    cli: {
      type: "string",
      label: "--out FILE",
      help: [
        "write the secret to FILE (created with mode 0600; an existing file is never",
        "overwritten) and print the public key on stdout",
      ],
    },
    parse: (value) => value,
  }),
};

const usage = [
  "usage: canon-conformance keygen [--out FILE]",
  "",
  'Makes an Ed25519 signing key for records ("key": "supplied"). The secret is a 32-byte seed as 64',
  `hex digits; give it to 'run' with --key-file FILE or the environment variable ${KEY_ENV}.`,
  "",
  ...optionLines(Object.values(FLAGS), 15),
  "  (no --out)   write the secret to stdout, which must not be a terminal, for example",
  `                 canon-conformance keygen | gh secret set ${KEY_ENV}`,
  "               and print the public key on stderr",
  "",
  "The public key is what others pin with 'canon-conformance verify RECORD --pubkey HEX'.",
].join("\n");

export const keygenCommand: Command<typeof FLAGS> = {
  summary: "make an Ed25519 signing key and print its public half",
  usage,
  options: { rows: FLAGS },
  async run(line, io: CliIo) {
    const out = line.get("out");
    if (out === undefined && io.stdout.isTTY) {
      io.stderr.write(
        "canon-conformance keygen: refusing to print a secret key to a terminal; use --out FILE, or pipe stdout (e.g. into gh secret set)\n",
      );
      return 2;
    }
    // A fresh random seed, exactly as a run's ephemeral key is made; only its use differs.
    const key = ephemeralKey();
    const secret = `${toHex(key.seed)}\n`;
    const publicLine = `public key: ${toHex(key.publicKey)}\n`;
    if (out === undefined) {
      io.stdout.write(secret);
      io.stderr.write(publicLine);
      return 0;
    }
    try {
      writeFileSync(out, secret, { mode: 0o600, flag: "wx" });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why =
        code === "EEXIST" ? "it already exists and is never overwritten" : `${code ?? String(error)}`;
      io.stderr.write(`canon-conformance keygen: cannot write ${out}: ${why}\n`);
      return 2;
    }
    io.stdout.write(`secret key written to ${out} (mode 0600)\n${publicLine}`);
    return 0;
  },
};

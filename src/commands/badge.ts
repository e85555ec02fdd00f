// `canon-conformance badge RECORD [--out DIR]`: redraws the badge from a downloaded record. The record
// is verified first, so a badge is only ever drawn from a record that is intact and consistent.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { optionalRow } from "../options/index.js";
import { outcomeLine, verifyRecord } from "../record/verify.js";
import { badgeJson, badgeSvg } from "../report/index.js";
import { type Command, UsageError } from "./command.js";

/** badge's flag, which its usage's prose explains. */
const FLAGS = {
  out: optionalRow({
    name: "out",
    cli: { type: "string", label: "--out DIR", help: [] },
    parse: (value) => value,
  }),
};

const USAGE = `usage: canon-conformance badge RECORD [--out DIR]

Verifies a conform-result/1 record, then writes badge.svg (shields' look, e.g.
'canon conformance | 592/592' for a default run) and badge.json (the shields.io endpoint schema) into DIR
(default: the current directory). A record that does not verify gets no badge: exit 1.`;

export const badgeCommand: Command<typeof FLAGS> = {
  summary: "draw badge.svg and badge.json from a record that verifies",
  usage: USAGE,
  options: { rows: FLAGS, operands: true },
  async run(line, io) {
    const [path, ...extra] = line.operands;
    if (path === undefined || extra.length > 0) throw new UsageError("give exactly one RECORD");
    let bytes: Uint8Array;
    try {
      bytes = await readFile(path);
    } catch (error) {
      io.stderr.write(`canon-conformance badge: cannot read ${path}: ${(error as Error).message}\n`);
      return 2;
    }
    const verdict = verifyRecord(bytes);
    if (verdict.outcome !== "accept") {
      io.stdout.write(`${outcomeLine(verdict)}\n`);
      io.stderr.write("canon-conformance badge: the record does not verify, so no badge is drawn\n");
      return 1;
    }
    const outDir = resolve(line.get("out") ?? ".");
    await mkdir(outDir, { recursive: true });
    await writeFile(join(outDir, "badge.svg"), badgeSvg(verdict.record));
    await writeFile(join(outDir, "badge.json"), `${JSON.stringify(badgeJson(verdict.record), null, 2)}\n`);
    io.stdout.write(`${outcomeLine(verdict)}\nwrote ${join(outDir, "badge.svg")} and badge.json\n`);
    return 0;
  },
};

// The protocol a run spoke to the implementation in, as every report states it (docs/protocol.md):
// once, lines or http, and in lines mode which stored cases went in their lines form (or were not
// run). The record cannot say it (seed 003 fixes its members), so results.json, the console, the job
// summary and report.html do.

/** How the implementation was reached, and what lines mode changed. */
export interface ProtocolUsed {
  name: "once" | "lines" | "http";
  /** Lines mode: the stored cases sent in their lines form instead of their input, by name. */
  linesForms?: string[];
  /** Lines mode: the cases lines mode could not carry, judged failed and not sent, by name. */
  notRun?: string[];
}

const HOW: Record<ProtocolUsed["name"], string> = {
  once: "a process per request, the input on stdin",
  lines: "one process, a line per request",
  http: "a POST per request",
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** `lines (one process, a line per request; 8 stored cases sent in their lines form)`: one line. */
export function protocolLine(protocol: ProtocolUsed): string {
  const notes = [HOW[protocol.name]];
  const forms = protocol.linesForms?.length ?? 0;
  if (forms === 1) notes.push("1 stored case sent in its lines form");
  if (forms > 1) notes.push(`${forms} stored cases sent in their lines form`);
  const notRun = protocol.notRun?.length ?? 0;
  if (notRun > 0) notes.push(`${plural(notRun, "case", "cases")} lines mode cannot carry, not run`);
  return `${protocol.name} (${notes.join("; ")})`;
}

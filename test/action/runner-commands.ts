// The runner's reading of a step's stdout, for the tests: every workflow command it would act on, in
// order, the way the runner finds them: `::name props::value` at the start of a (trimmed) line, the
// legacy `##[name props]value` anywhere in a line, and `stop-commands` (in either syntax) switching
// all of them off until a line `::<token>::` with the same token.
export interface RunnerCommand {
  name: string;
  syntax: "v2" | "legacy" | "resume";
  /** What follows the command's header: its message. */
  value: string;
  /** The whole line it came from. */
  line: string;
}

export function runnerCommands(stdout: string): RunnerCommand[] {
  const commands: RunnerCommand[] = [];
  let stoppedBy: string | undefined;
  for (const raw of stdout.split(/\r?\n/)) {
    const line = raw.trim();
    if (stoppedBy !== undefined) {
      if (line === `::${stoppedBy}::`) {
        commands.push({ name: "resume-commands", syntax: "resume", value: "", line });
        stoppedBy = undefined;
      }
      continue;
    }
    const v2 = /^::([A-Za-z0-9_-]+)(?: .*?)?::(.*)$/.exec(line);
    const legacy = v2 ? null : /##\[([A-Za-z0-9_-]+)(?:[ ;][^\]]*)?\](.*)$/.exec(line);
    const found = v2 ?? legacy;
    if (!found) continue;
    const name = found[1]!;
    commands.push({ name, syntax: v2 ? "v2" : "legacy", value: found[2]!, line });
    if (name === "stop-commands") stoppedBy = found[2]!;
  }
  return commands;
}

/** What the harness itself writes: annotations, masks, and its own stop and resume. */
const HARNESS = new Set([
  "add-mask",
  "error",
  "warning",
  "notice",
  "debug",
  "stop-commands",
  "resume-commands",
  // Each suite's failed cases fold in the log (printed after the resume, every line neutralised).
  "group",
  "endgroup",
]);

/** Every command in `stdout` the harness did not write: any legacy one (the harness writes none), a
 * name it never uses, a marker of the hostile text in a command's header, a message still holding
 * `##[` (not neutralised; a `::` inside a message is its data, never read again), or a stop-commands whose token is not a random one that was resumed. */
export function foreignCommands(stdout: string, markers: readonly string[]): string[] {
  const problems: string[] = [];
  const commands = runnerCommands(stdout);
  for (const c of commands) {
    const header = c.line.slice(0, c.line.length - c.value.length);
    if (c.syntax === "legacy") problems.push(`a legacy command: ${c.line}`);
    else if (!HARNESS.has(c.name)) problems.push(`a command the harness never writes: ${c.line}`);
    else if (c.syntax === "v2" && !wellEscapedProperties(header))
      problems.push(`properties not escaped: ${c.line}`);
    else if (markers.some((m) => commandPart(header).includes(m) || c.value.startsWith(m))) {
      problems.push(`hostile text as a command: ${c.line}`);
    } else if (c.syntax === "v2" && /##\[/.test(c.value)) problems.push(`not neutralised: ${c.line}`);
    if (c.name === "stop-commands" && !/^::stop-commands::[0-9a-f]{32}$/.test(c.line)) {
      problems.push(`a stop-commands the harness did not write: ${c.line}`);
    }
  }
  const stops = commands.filter((c) => c.name === "stop-commands").length;
  const resumes = commands.filter((c) => c.name === "resume-commands").length;
  if (stops !== resumes) problems.push(`${stops} stop-commands but ${resumes} resumed`);
  return problems;
}

/** A v2 header's properties (`::name k=v,k=v::`) as the runner splits them: each value may hold any
 * text, hostile too, as long as the runner's separators within it are escaped (`%` `\r` `\n` `:` `,`). */
function wellEscapedProperties(header: string): boolean {
  const props = /^::[A-Za-z0-9_-]+ (.*)::$/.exec(header)?.[1];
  if (props === undefined) return true;
  return props.split(",").every((p) => /^[A-Za-z]+=(?:[^%:,\r\n]|%25|%0D|%0A|%3A|%2C)*$/.test(p));
}

/** The part of a header the runner reads as the command: its name, or all of a legacy header. Text
 * inside escaped properties is only ever shown (an annotation's title), never acted on. */
function commandPart(header: string): string {
  return /^::[A-Za-z0-9_-]+/.exec(header)?.[0] ?? header;
}

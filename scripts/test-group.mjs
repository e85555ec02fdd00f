// What a group entry (scripts/test.mjs) runs for each test file it holds: the file's tests inside a
// describe() named by its path, so that its hooks, its tests and its failures stay its own. With
// CANON_CONFORMANCE_TEST_CPU set to a file, it also appends the CPU time the file's tests took, this
// process's and that of the child processes they waited for (Linux), one JSON line per file, which
// scripts/test-times.mjs shows: within a group the files run one after the other, so each figure is
// that file's alone.
import { appendFileSync, readFileSync } from "node:fs";
import { after, before, describe } from "node:test";

// What a fixture made once for the whole process (test/report/html/browser.ts fileBrowser: one Chromium
// for the group's browser tests) asks to have done after the group's last file: its cleanups, run by a
// hook of the group's own. A file run alone finds no such list and cleans up after itself.
const AT_END = Symbol.for("canon-conformance.test.at-process-end");
const atEnd = [];
globalThis[AT_END] = atEnd;
after(async () => {
  for (const cleanup of atEnd) await cleanup();
});

const CPU_LOG = process.env.CANON_CONFORMANCE_TEST_CPU;
/** Clock ticks per second of /proc/<pid>/stat's times: 100 on every Linux Node runs on. */
const TICKS = 100;

/** CPU seconds so far: this process's, and its waited-for children's (/proc/self/stat cutime, cstime). */
function cpuSeconds() {
  const own = process.cpuUsage();
  let children = 0;
  try {
    const stat = readFileSync("/proc/self/stat", "latin1");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 16 and 17 of proc(5); `fields` starts at field 3.
    children = (Number(fields[13]) + Number(fields[14])) / TICKS;
  } catch {
    // Not Linux: this process's own time only.
  }
  return (own.user + own.system) / 1e6 + children;
}

/** Registers the test file at `url` under the name `name`. */
export function testFile(name, url) {
  describe(name, async () => {
    let start = 0;
    if (CPU_LOG) before(() => (start = cpuSeconds()));
    await import(url);
    if (CPU_LOG)
      after(() => appendFileSync(CPU_LOG, `${JSON.stringify({ file: name, cpu: cpuSeconds() - start })}\n`));
  });
}

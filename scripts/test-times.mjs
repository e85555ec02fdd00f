// A node:test reporter that says where a run's time goes: per test file, the sum of its top-level
// tests' and suites' durations (as the file's own process measured them, so other processes running
// at the same time do not count; module loading does not either), slowest first, and for the grouped
// files the CPU seconds their tests took, children included (scripts/test-group.mjs), which a loaded
// machine does not inflate; then the counts. For deciding what belongs in the slow suite:
//   node scripts/test.mjs --all --test-reporter=./scripts/test-times.mjs
// With CANON_CONFORMANCE_TEST_SECONDS=FILE, it also writes each file's seconds to FILE as JSON: what
// scripts/test.mjs balances npm test's groups by (scripts/test-seconds.json, refreshed by hand:
//   CANON_CONFORMANCE_TEST_SECONDS=scripts/test-seconds.json \
//     node scripts/test.mjs --test-reporter=./scripts/test-times.mjs
// on an otherwise idle machine).
// npm test runs the fast files inside group entries (scripts/test.mjs), each file in a describe() named
// by its path: such a describe counts as the file, and its tests as the file's top level.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";

export default async function* testTimes(source) {
  const files = new Map();
  const counts = { pass: 0, fail: 0, skip: 0 };
  const failures = [];
  for await (const event of source) {
    const data = event.data;
    if (!data?.file) continue;
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    const grouped = data.file.endsWith("test-group.mjs");
    const key = grouped && data.nesting === 0 ? data.name : relative(process.cwd(), data.file);
    const file = files.get(key) ?? { tests: 0, ms: 0 };
    files.set(key, file);
    if (data.nesting === 0) file.ms += data.details.duration_ms;
    if (data.details.type === "suite") continue;
    file.tests++;
    if (data.skip || data.todo) counts.skip++;
    else if (event.type === "test:pass") counts.pass++;
    else {
      counts.fail++;
      failures.push(`${data.file}: ${data.name}`);
    }
  }
  const cpu = new Map();
  const log = process.env.CANON_CONFORMANCE_TEST_CPU;
  if (log && existsSync(log)) {
    for (const line of readFileSync(log, "utf8").split("\n").filter(Boolean)) {
      const { file, cpu: seconds } = JSON.parse(line);
      cpu.set(file, seconds);
    }
  }
  const rows = [...files].filter(([, f]) => f.ms > 0 || f.tests > 0).sort((a, b) => b[1].ms - a[1].ms);
  yield "  seconds      cpu  tests  file\n";
  for (const [name, f] of rows) {
    const used = cpu.has(name) ? cpu.get(name).toFixed(1) : "";
    yield `${(f.ms / 1000).toFixed(1).padStart(9)}  ${used.padStart(7)}  ${String(f.tests).padStart(5)}  ${name}\n`;
  }
  if (cpu.size > 0) {
    const total = [...cpu.values()].reduce((sum, s) => sum + s, 0);
    yield `CPU of the grouped files' tests: ${total.toFixed(1)} s\n`;
  }
  const secondsOut = process.env.CANON_CONFORMANCE_TEST_SECONDS;
  if (secondsOut) {
    const seconds = Object.fromEntries(
      rows.map(([name, f]) => [name, Math.round(f.ms / 100) / 10]).sort(([a], [b]) => a.localeCompare(b)),
    );
    writeFileSync(secondsOut, `${JSON.stringify(seconds, null, 2)}\n`);
  }
  for (const failure of failures) yield `FAILED ${failure}\n`;
  yield `pass ${counts.pass}, fail ${counts.fail}, skipped ${counts.skip}\n`;
}

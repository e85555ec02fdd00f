// A node:test reporter that says where a run's time goes: per test file, the sum of its top-level
// tests' and suites' durations (as the file's own process measured them, so other files running at
// the same time do not count; module loading does not either), slowest first; then the counts. For
// deciding what belongs in the slow suite:
//   node scripts/test.mjs --all --test-reporter=./scripts/test-times.mjs
export default async function* testTimes(source) {
  const files = new Map();
  const counts = { pass: 0, fail: 0, skip: 0 };
  const failures = [];
  for await (const event of source) {
    const data = event.data;
    if (!data?.file) continue;
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    const file = files.get(data.file) ?? { tests: 0, ms: 0 };
    files.set(data.file, file);
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
  const rows = [...files].sort((a, b) => b[1].ms - a[1].ms);
  yield "  seconds  tests  file\n";
  for (const [name, f] of rows) {
    yield `${(f.ms / 1000).toFixed(1).padStart(9)}  ${String(f.tests).padStart(5)}  ${name}\n`;
  }
  for (const failure of failures) yield `FAILED ${failure}\n`;
  yield `pass ${counts.pass}, fail ${counts.fail}, skipped ${counts.skip}\n`;
}

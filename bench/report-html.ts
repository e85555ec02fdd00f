// The HTML pages' sizes and their time to render in headless Chromium (measured, never asserted):
// report.html for a default passing run (the Python example in lines mode, as `npm start` runs it) and
// a failing known-bad run, a record with 10,000 failed cases, and aggregate.html for 10 implementations.
//
//   npm run bench -- report-html
//   CC_SCREENSHOTS=docs/screenshots npm run bench -- report-html   # also saves the first screens
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { aggregateHtml, caseInputs } from "../src/aggregate/html.js";
import { aggregateRecords } from "../src/aggregate/index.js";
import { runCases } from "../src/checks/run-cases.js";
import { loadCorpus } from "../src/corpus/index.js";
import { canonicalizersOf, KNOWN_BADS } from "../src/known-bad/index.js";
import { runSettings } from "../src/options/index.js";
import { buildRecord, ephemeralKey, recordBytes, signRecord } from "../src/record/index.js";
import { type ReportCase, reportHtml } from "../src/report/html/index.js";
import { runConformance } from "../src/run/index.js";
import type { RunOptions } from "../src/run/types.js";
import { SUITES } from "../src/types.js";
import { CHROMIUM, checked, launch } from "../test/report/html/browser.js";

const ROOT = join(import.meta.dirname, "..");

function options(command: string, name: string): RunOptions {
  const settings = runSettings({
    command,
    protocol: "lines",
    suites: [...SUITES],
    numbers: 100_000,
    jobs: 2,
    timeoutMs: 10_000,
    workingDirectory: ROOT,
    implementationName: name,
  });
  return { ...settings, key: ephemeralKey() };
}

function signed(results: ReportCase[], name: string): Uint8Array {
  const unsigned = buildRecord({
    suite:
      "rfc8785:jcs,reject,canon-or-reject,invariants,numbers,generated numbers=100000 generated=250 seed=1",
    standard: "2026.12.0",
    toolchain: { name: "canon-conformance", version: "0.1.0" },
    corpus: { dir: "vectors", files: 808, digest: `sha256:${"ab".repeat(32)}` },
    implementation: { adapter: "command", impl: `${name} --lines`, name, version: null, files: [] },
    startedAt: new Date(),
    cases: results.map((r) => ({
      name: `${r.suite}/${r.name}`,
      pass: r.pass,
      expected: r.expected,
      got: r.got,
    })),
    key: "ephemeral",
  });
  return recordBytes(signRecord(unsigned, ephemeralKey()));
}

function manyFailures(count: number): ReportCase[] {
  return Array.from({ length: count }, (_, i) => ({
    suite: "generated" as const,
    name: `case-${i}`,
    kind: "canon" as const,
    pass: false,
    expected: `{"a":[${i},"café"]}`,
    got: [
      `{"a":[${i},"caf\\u00e9"]}`,
      `reject: unexpected character at byte ${i}`,
      `failed: timed out after ${i} ms`,
    ][i % 3]!,
    why: "a generated case",
    source: "RFC 8785 §3.2",
  }));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function run(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`skipped: no Chromium at ${CHROMIUM}`);
    return;
  }
  const work = mkdtempSync(join(tmpdir(), "cc-bench-html-"));
  const pages: { name: string; html: string; script: boolean }[] = [];

  const pass = await runConformance(options("python3 examples/python/canon.py --lines", "example-python"));
  pages.push({
    name: "report-pass",
    html: reportHtml({ recordBytes: pass.recordBytes, results: pass.results, elapsedMs: pass.elapsedMs }),
    script: true,
  });
  const fail = await runConformance(
    // A known-bad with several causes: the page's grouping is what a reviewer reads first.
    options(
      `${process.execPath} dist/cli.js known-bad fifteen_digit_numbers --lines`,
      "fifteen-digit-numbers",
    ),
  );
  pages.push({
    name: "report-fail",
    html: reportHtml({ recordBytes: fail.recordBytes, results: fail.results, elapsedMs: fail.elapsedMs }),
    script: true,
  });
  const many = manyFailures(10_000);
  pages.push({
    name: "report-10000-failures",
    html: reportHtml({ recordBytes: signed(many, "many"), results: many }),
    script: true,
  });

  // Ten implementations over the default corpus, judged in this process.
  const corpus = await loadCorpus({ suites: [...SUITES], profile: "rfc8785", numbers: 100_000 });
  const files = [{ source: "example-python/record.json", bytes: pass.recordBytes }];
  for (const bad of KNOWN_BADS.filter((b) => (b.profile ?? "rfc8785") === "rfc8785").slice(0, 9)) {
    const { write, read } = canonicalizersOf(bad);
    const results = await runCases(corpus.cases, { write, read: read ?? write }, { concurrency: 64 });
    files.push({ source: `${bad.name}/record.json`, bytes: signed(results, bad.name) });
  }
  const aggregate = aggregateRecords(files);
  pages.push({
    name: "aggregate-10",
    html: aggregateHtml(aggregate, { inputs: caseInputs(corpus.cases) }),
    script: false,
  });
  console.log(
    `aggregate: ${aggregate.implementations.length} implementations, ${corpus.cases.length} cases, ${aggregate.disagreements.length} answered differently`,
  );

  const browser = await launch();
  const shots = process.env.CC_SCREENSHOTS;
  if (shots) mkdirSync(shots, { recursive: true });
  try {
    console.log(
      "page                     bytes   load (ms, median of 3)   verified (ms)   verify itself (ms)",
    );
    for (const p of pages) {
      const file = join(work, `${p.name}.html`);
      writeFileSync(file, p.html);
      const loads: number[] = [];
      const verifieds: number[] = [];
      const verifies: number[] = [];
      for (let i = 0; i < 3; i++) {
        const page = await browser.context.newPage();
        await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
        if (p.script) await checked(page, 1);
        const t = await page.evaluate(() => {
          const d = (
            globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } }
          ).document;
          const timing = performance as unknown as {
            getEntriesByType(type: string): { loadEventEnd: number }[];
          };
          const nav = timing.getEntriesByType("navigation")[0]!;
          return {
            load: nav.loadEventEnd,
            now: performance.now(),
            verify: Number(d.documentElement.dataset.verifyMs ?? "NaN"),
          };
        });
        loads.push(t.load);
        verifieds.push(t.now);
        verifies.push(t.verify);
        if (i === 0 && shots && ["report-pass", "report-fail", "aggregate-10"].includes(p.name)) {
          const name = p.name === "aggregate-10" ? "aggregate" : p.name;
          await page.screenshot({ path: join(shots, `${name}.png`) });
        }
        await page.close();
      }
      const bytes = Buffer.byteLength(p.html);
      console.log(
        `${p.name.padEnd(24)} ${String(bytes).padStart(8)}   ${median(loads).toFixed(0).padStart(22)}   ${p.script ? median(verifieds).toFixed(0).padStart(13) : "-".padStart(13)}   ${p.script ? median(verifies).toFixed(0).padStart(18) : "-".padStart(18)}`,
      );
    }
  } finally {
    await browser.close();
    rmSync(work, { recursive: true, force: true });
  }
}

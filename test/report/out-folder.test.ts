// The output folder is made and opened once, and written only through that handle, privately then
// renamed, never through a link (docs/sandbox.md "What the harness promises"; issue 18, attack 2).
// In-process: the test plays the command, and changes the paths between the opening and the writes.
import assert from "node:assert/strict";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { openOutFolder } from "../../src/out-folder.js";
import { writeReports } from "../../src/report/write.js";
import { inputFor, mixedRun } from "./fixtures.js";

const root = mkdtempSync(join(tmpdir(), "out-folder-"));
after(() => rmSync(root, { recursive: true, force: true }));
const input = inputFor(mixedRun());
const run = { ...input, recordBytes: new TextEncoder().encode(JSON.stringify(input.record)), elapsedMs: 1 };

test("the attack: reports/ renamed, reports/out -> evil/ and evil/*.json -> a file outside planted after the opening; the reports land in the folder opened, the outside file is untouched", async (t) => {
  if (process.platform !== "linux") return t.skip("the handle is /proc/self/fd: Linux");
  const work = join(root, "attack");
  mkdirSync(join(work, "reports"), { recursive: true });
  const outside = join(root, "outside.txt");
  writeFileSync(outside, "untouched\n");
  const folder = await openOutFolder(join(work, "reports", "out"));
  try {
    renameSync(join(work, "reports"), join(work, "reports.moved"));
    mkdirSync(join(work, "reports"));
    mkdirSync(join(work, "evil"));
    symlinkSync("../evil", join(work, "reports", "out"));
    for (const name of ["record.json", "results.json", "junit.xml", "report.html"])
      symlinkSync(outside, join(work, "evil", name));
    const written = await writeReports(folder, run);
    // The paths it reports are the folder's as given; the bytes are in the folder that was opened.
    assert.equal(written.record, join(work, "reports", "out", "record.json"));
    assert.equal(readFileSync(outside, "utf8"), "untouched\n");
    for (const name of readdirSync(join(work, "evil")))
      assert.ok(lstatSync(join(work, "evil", name)).isSymbolicLink(), name);
    const landed = join(work, "reports.moved", "out");
    assert.deepEqual(readdirSync(landed).sort(), ["junit.xml", "record.json", "report.html", "results.json"]);
    assert.deepEqual(readFileSync(join(landed, "record.json")), Buffer.from(run.recordBytes));
    assert.equal(readFileSync(folder.internalPath("record.json"), "utf8"), JSON.stringify(input.record));
  } finally {
    folder.close();
  }
});

test("a link planted in the folder itself is replaced, never followed; a folder planted at a report's name fails that file alone", async () => {
  const dir = join(root, "planted");
  const outside = join(root, "outside-2.txt");
  writeFileSync(outside, "untouched\n");
  const folder = await openOutFolder(dir);
  try {
    symlinkSync(outside, join(dir, "results.json"));
    mkdirSync(join(dir, "junit.xml"));
    await assert.rejects(writeReports(folder, run), /could not write junit\.xml \(EISDIR\)/);
    assert.equal(readFileSync(outside, "utf8"), "untouched\n");
    assert.ok(lstatSync(join(dir, "results.json")).isFile(), "the link was replaced by the file");
    // Nothing private is left behind by the write that failed.
    assert.deepEqual(
      readdirSync(dir).filter((n) => n.startsWith(".")),
      [],
    );
  } finally {
    folder.close();
  }
});

test("made at setup, parents one at a time, and empty: the probe file is removed", async () => {
  const dir = join(root, "new", "deeper", "out");
  const folder = await openOutFolder(dir);
  folder.close();
  assert.ok(existsSync(dir));
  assert.deepEqual(readdirSync(dir), []);
  await assert.rejects(folder.write("x", "y"), /is closed/);
});

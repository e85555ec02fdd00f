// A record handed to verify, sign or aggregate is read only from a regular file: never through a
// symbolic link, never waiting on a FIFO, and a refusal names what the file is, never its bytes
// (docs/sandbox.md "What the harness promises"; issue 18, attack 8). In-process, no bundle started.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { loadAndAggregate } from "../../src/aggregate/index.js";
import { readRecordBytes } from "../../src/record/read.js";
import { recordBytes } from "../../src/record/sign.js";
import { signedRecord } from "./fixtures.js";

const root = mkdtempSync(join(tmpdir(), "record-read-"));
after(() => rmSync(root, { recursive: true, force: true }));

/** A folder as download-artifact leaves it: one subfolder per artifact, each with its record.json. */
function artifacts(name: string, plant: (recordPath: string) => void): string {
  const dir = join(root, name);
  mkdirSync(join(dir, "good"), { recursive: true });
  writeFileSync(join(dir, "good", "record.json"), recordBytes(signedRecord()));
  mkdirSync(join(dir, "planted"));
  plant(join(dir, "planted", "record.json"));
  return dir;
}

// What /proc/self/environ would show: the bytes a refusal must never quote.
const SECRET = "PLANTED-SECRET-abcdef0123456789";
const outside = join(root, "outside.txt");
writeFileSync(outside, `${SECRET}\n`);

test("a regular file is read", async () => {
  const path = join(root, "record.json");
  const bytes = recordBytes(signedRecord());
  writeFileSync(path, bytes);
  assert.deepEqual(Buffer.from(await readRecordBytes(path)), Buffer.from(bytes));
});

test("a symbolic link is refused, not followed, and the refusal says so without the bytes", async (t) => {
  if (process.platform === "win32") return t.skip("POSIX links");
  const link = join(root, "link.json");
  symlinkSync(outside, link);
  await assert.rejects(readRecordBytes(link), (error: Error & { code?: string }) => {
    assert.match(error.code ?? "", /^a symbolic link: a record is read only from a regular file$/);
    assert.ok(!error.message.includes(SECRET.slice(0, 8)));
    return true;
  });
  // /proc/self/environ through a link: refused the same way (it was read, and a byte quoted, before).
  const environ = join(root, "environ.json");
  symlinkSync("/proc/self/environ", environ);
  await assert.rejects(readRecordBytes(environ), /a symbolic link/);
});

test("a FIFO is refused at once: no open or read waits for a writer", { timeout: 10_000 }, async (t) => {
  if (process.platform === "win32") return t.skip("POSIX FIFOs");
  const fifo = join(root, "fifo.json");
  execFileSync("mkfifo", [fifo]);
  await assert.rejects(readRecordBytes(fifo), (error: Error & { code?: string }) => {
    assert.equal(error.code, "a FIFO: a record is read only from a regular file");
    return true;
  });
});

test("a folder and a device are refused by what they are", async (t) => {
  if (process.platform === "win32") return t.skip("POSIX devices");
  await assert.rejects(readRecordBytes(root), /a folder: a record is read only from a regular file/);
  await assert.rejects(readRecordBytes("/dev/zero"), /a device: a record is read only from a regular file/);
});

test("aggregate: a record.json that is a FIFO or a link to a FIFO or a secret is refused at once, the others verified", {
  timeout: 10_000,
}, async (t) => {
  if (process.platform === "win32") return t.skip("POSIX FIFOs and links");
  const fifoTarget = join(root, "target.fifo");
  execFileSync("mkfifo", [fifoTarget]);
  const cases = {
    fifo: (p: string) => execFileSync("mkfifo", [p]),
    "link-to-fifo": (p: string) => symlinkSync(fifoTarget, p),
    "link-to-secret": (p: string) => symlinkSync(outside, p),
    "link-to-environ": (p: string) => symlinkSync("/proc/self/environ", p),
  };
  for (const [name, plant] of Object.entries(cases)) {
    const dir = artifacts(name, plant);
    const aggregate = await loadAndAggregate([dir]);
    const text = JSON.stringify(aggregate);
    const planted = aggregate.records.find((r) => r.source.includes("planted"));
    assert.ok(planted, `${name}: the planted record.json is listed, not skipped`);
    assert.equal(planted.accepted, false, name);
    assert.match(
      planted.outcome,
      /^unreadable \((a FIFO|a symbolic link): a record is read only from a regular file\)$/,
    );
    assert.equal(aggregate.records.filter((r) => r.accepted).length, 1, `${name}: the good record`);
    assert.ok(!text.includes(SECRET.slice(0, 8)), `${name}: the secret is nowhere in the aggregate`);
    assert.notEqual(aggregate.verdict.exitCode, 0, `${name}: a refusal fails the aggregate`);
  }
  assert.equal(readFileSync(outside, "utf8"), `${SECRET}\n`);
});

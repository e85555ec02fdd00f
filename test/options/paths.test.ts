// The two paths a run depends on are checked before anything runs: the working directory exists, and
// the output folder can be made and written, by a check that cannot hang.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { checkDirectory, checkOutDir, OptionError } from "../../src/options/index.js";
import { AS_NOBODY, readableScript } from "../helpers/nobody.js";

const tmp = mkdtempSync(join(tmpdir(), "options-paths-"));
const aFile = join(tmp, "afile");
writeFileSync(aFile, "not a folder\n");

async function refusedOut(dir: string): Promise<string> {
  try {
    await checkOutDir(dir);
  } catch (error) {
    assert.ok(error instanceof OptionError, String(error));
    assert.equal(error.option, "out");
    return error.message;
  }
  assert.fail(`${dir} was accepted`);
}

test("an output folder that does not exist yet is made, parents and all, and left empty", async () => {
  const dir = join(tmp, "new", "deeper", "out");
  await checkOutDir(dir);
  assert.ok(existsSync(dir));
  assert.deepEqual(readdirSync(dir), [], "the probe file is removed");
  await checkOutDir(dir); // and an existing one is fine
});

test("a path through a file is refused, and nothing is made", async () => {
  assert.match(
    await refusedOut(join(aFile, "x")),
    /^cannot write the output folder '.*afile\/x': .*afile is a file, not a folder$/,
  );
  assert.match(await refusedOut(aFile), /afile is a file, not a folder$/);
});

// Node's recursive mkdir never returns under /proc (it spins on ENOENT): these would hang the run.
// The test runner's timeout turns a hang into a failure.
test("kernel filesystems are refused at once, through symbolic links too", { timeout: 10_000 }, async (t) => {
  if (process.platform !== "linux") return t.skip("Linux paths");
  assert.match(await refusedOut("/proc/self/nope"), /under \/proc, a kernel filesystem/);
  assert.match(await refusedOut("/proc/self/nope/deeper"), /under \/proc/);
  assert.match(await refusedOut("/sys/nope"), /under \/sys/);
  assert.match(await refusedOut("/dev/nope"), /under \/dev/);
  const link = join(tmp, "into-proc");
  symlinkSync("/proc/self", link);
  assert.match(await refusedOut(join(link, "out")), /under \/proc/);
});

test("/dev/shm is a tmpfs for files, and is allowed", { timeout: 10_000 }, async (t) => {
  if (!existsSync("/dev/shm")) return t.skip("no /dev/shm here");
  const dir = mkdtempSync("/dev/shm/options-paths-");
  await checkOutDir(join(dir, "out"));
  assert.ok(existsSync(join(dir, "out")));
});

// Root writes anywhere, so as root the check runs in a child as uid 65534 (nobody), through setpriv,
// bundled where that user can read it (test/helpers/nobody.ts); a machine that cannot do that fails
// here rather than skipping the one test of an unwritable folder.
async function refusedAsNobody(dir: string): Promise<string> {
  const child = await readableScript(
    `import { checkOutDir } from "../../src/options/index.js";
    checkOutDir(${JSON.stringify(dir)}).then(() => console.log("accepted"), (e) => console.log(e.option, e.message));`,
    import.meta.dirname,
  );
  try {
    const [setpriv, ...words] = AS_NOBODY;
    const run = spawnSync(setpriv!, [...words, process.execPath, child.script], {
      cwd: child.dir,
      encoding: "utf8",
      timeout: 30_000,
    });
    assert.equal(run.error, undefined, `setpriv could not run: ${run.error}`);
    assert.equal(run.status, 0, run.stderr);
    const [option, ...message] = run.stdout.trim().split(" ");
    assert.equal(option, "out", run.stdout);
    return message.join(" ");
  } finally {
    child.remove();
  }
}

test("a folder this user cannot write is refused with the reason", async () => {
  const uid = process.getuid?.();
  const message = uid === 0 ? await refusedAsNobody("/out-of-reach/x") : await refusedOut("/out-of-reach/x");
  assert.match(message, /cannot make \/out-of-reach \(EACCES\)/);
  assert.equal(existsSync("/out-of-reach"), false, "nothing was made");
});

test("working-directory: a directory, from the face's base; a file or nothing is refused", () => {
  assert.equal(checkDirectory("test", process.cwd(), "--working-directory"), join(process.cwd(), "test"));
  assert.equal(checkDirectory("", tmp, "w"), tmp);
  const refused = (text: string, relativeTo?: string) => {
    try {
      checkDirectory(text, tmp, "working-directory", relativeTo);
    } catch (error) {
      assert.ok(error instanceof OptionError);
      assert.equal(error.option, "working-directory");
      return error.message;
    }
    assert.fail("accepted");
  };
  assert.equal(
    refused("no/such", "the workspace"),
    `working-directory 'no/such' is not a directory (looked for ${tmp}/no/such); it is relative to the workspace`,
  );
  assert.equal(refused("afile"), `working-directory 'afile' is not a directory (looked for ${aFile})`);
  // An absolute path is not relative to anything.
  assert.equal(
    refused("/nonexistent", "the workspace"),
    "working-directory '/nonexistent' is not a directory (looked for /nonexistent)",
  );
});

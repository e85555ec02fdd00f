// What ran (seed 003 §2.2): the program as found on PATH, and every file argument, hashed by streaming.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { AdapterSetupError } from "../../src/adapters/errors.js";
import { describeImplementation, resolveProgram, sha256File } from "../../src/adapters/program.js";

const root = mkdtempSync(join(tmpdir(), "cc-program-"));
after(() => rmSync(root, { recursive: true, force: true }));

const bin = join(root, "bin");
const other = join(root, "other");
const work = join(root, "work");
for (const d of [bin, other, work, join(work, "sub")]) mkdirSync(d, { recursive: true });
const write = (path: string, body: string, mode = 0o644) => {
  writeFileSync(path, body);
  chmodSync(path, mode);
};
write(join(bin, "canon"), "#!/bin/sh\necho canon\n", 0o755);
write(join(other, "canon"), "#!/bin/sh\necho shadowed\n", 0o755);
write(join(other, "plain"), "not executable\n");
write(join(work, "canon.py"), "print('hi')\n");
write(join(work, "sub", "table.json"), "{}\n");
write(join(work, "run.sh"), "#!/bin/sh\n", 0o755);
const sha = (body: string) => createHash("sha256").update(body).digest("hex");
const env = { PATH: [bin, other].join(":") };

test("a bare name is looked up on PATH, first match wins, as an absolute path", () => {
  assert.equal(resolveProgram("canon", { cwd: work, env }), join(bin, "canon"));
  assert.equal(
    resolveProgram("canon", { cwd: work, env: { PATH: [other, bin].join(":") } }),
    join(other, "canon"),
  );
});

test("a name with a slash is resolved against the working directory, not PATH", () => {
  assert.equal(resolveProgram("./run.sh", { cwd: work, env }), join(work, "run.sh"));
  assert.equal(resolveProgram("../bin/canon", { cwd: work, env: { PATH: "" } }), join(bin, "canon"));
});

test("clear setup errors: not found on PATH, not executable, no such file", () => {
  const error = (f: () => unknown, re: RegExp) =>
    assert.throws(f, (e: unknown) => e instanceof AdapterSetupError && re.test(e.message));
  error(() => resolveProgram("nope-xyz", { cwd: work, env }), /^command not found on PATH: nope-xyz$/);
  error(() => resolveProgram("plain", { cwd: work, env }), /^not executable: .*other\/plain$/);
  error(() => resolveProgram("./canon.py", { cwd: work, env }), /^not executable: \.\/canon\.py/);
  error(
    () => resolveProgram("./missing", { cwd: work, env }),
    /^command not found: \.\/missing \(no such file\)$/,
  );
});

test("Windows rules: PATHEXT tried in order, the working directory first, no execute bit needed", () => {
  const win = join(root, "win");
  mkdirSync(win);
  write(join(win, "tool.CMD"), "@echo off\n");
  write(join(win, "tool.EXE"), "MZ");
  write(join(work, "local.BAT"), "@echo off\n");
  const lookup = {
    cwd: work,
    env: { Path: win, PATHEXT: ".COM;.EXE;.BAT;.CMD" },
    platform: "win32" as const,
  };
  assert.equal(resolveProgram("tool", lookup), join(win, "tool.EXE"));
  assert.equal(resolveProgram("tool.CMD", lookup), join(win, "tool.CMD"));
  assert.equal(resolveProgram("local", lookup), join(work, "local.BAT"));
  assert.throws(
    () => resolveProgram("tool", { ...lookup, env: { Path: win, PATHEXT: ".COM" } }),
    /not found on PATH/,
  );
});

test("describeImplementation: program from PATH, then each file argument as given, in argv order, once each", async () => {
  const d = await describeImplementation({
    command: "canon --table sub/table.json canon.py ./canon.py --not-a-file sub 'canon.py'",
    shell: false,
    cwd: work,
    env,
  });
  assert.equal(d.adapter, "command");
  assert.equal(d.impl, "canon --table sub/table.json canon.py ./canon.py --not-a-file sub 'canon.py'");
  assert.deepEqual(d.files, [
    { path: join(bin, "canon"), sha256: sha("#!/bin/sh\necho canon\n") },
    { path: "sub/table.json", sha256: sha("{}\n") },
    { path: "canon.py", sha256: sha("print('hi')\n") },
  ]);
});

test("describeImplementation: http has no files; --shell names the shell and, best effort, the program", async () => {
  assert.deepEqual(await describeImplementation({ url: "http://127.0.0.1:1/x", shell: false, cwd: work }), {
    adapter: "http",
    impl: "http://127.0.0.1:1/x",
    files: [],
  });
  const d = await describeImplementation({ command: "canon canon.py | cat", shell: true, cwd: work, env });
  assert.deepEqual(
    d.files.map((f) => f.path),
    ["/bin/sh", join(bin, "canon"), "canon.py"],
  );
  await assert.rejects(
    describeImplementation({ command: "nope-xyz a", shell: false, cwd: work, env }),
    AdapterSetupError,
  );
  await assert.rejects(
    describeImplementation({ url: "ftp://x/", shell: false, cwd: work }),
    /http:\/\/ or https:\/\//,
  );
});

test("a file hashed again after it changed gives its new digest, even at the same size", async () => {
  const path = join(work, "changing.txt");
  writeFileSync(path, "first\n");
  // Only a file that has not changed for a second is remembered (sha256File): this one then is.
  await new Promise((r) => setTimeout(r, 1100));
  assert.equal(await sha256File(path), sha("first\n"));
  assert.equal(await sha256File(path), sha("first\n"), "the same file, unchanged");
  writeFileSync(path, "other\n");
  assert.equal(await sha256File(path), sha("other\n"), "rewritten in place, same size");
  writeFileSync(path, "third\n");
  assert.equal(await sha256File(path), sha("third\n"), "rewritten again at once");
  rmSync(path);
  await assert.rejects(sha256File(path), /ENOENT: no such file or directory, open/);
});

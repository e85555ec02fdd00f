// The probe (asked once per process and bwrap path, again only when told) and the notice the faces
// print for an unsandboxed run.
import assert from "node:assert/strict";
import { chmodSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { probeBwrap, unsandboxedNotice } from "../../src/sandbox/index.js";
import { tempRoot } from "./helpers.js";

test("the probe runs once per bwrap path and process, and again only when asked fresh", (t) => {
  const root = tempRoot("probe");
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const counter = join(root, "count");
  const fake = join(root, "bwrap");
  // A bwrap that counts its starts and refuses, as a restricted one does.
  writeFileSync(
    fake,
    `#!/bin/sh\necho x >> '${counter}'\necho 'bwrap: setting up uid map: Permission denied' >&2\nexit 1\n`,
  );
  chmodSync(fake, 0o755);
  const starts = () => readFileSync(counter, "utf8").split("\n").filter(Boolean).length;
  const first = probeBwrap({ bwrapPath: fake, platform: "linux" });
  assert.equal(first.works, false);
  assert.match(
    first.works ? "" : first.reason,
    /could not start a sandbox: bwrap: setting up uid map: Permission denied/,
  );
  const afterFirst = starts();
  assert.ok(afterFirst >= 1);
  assert.deepEqual(probeBwrap({ bwrapPath: fake, platform: "linux" }), first);
  assert.equal(starts(), afterFirst, "cached: not started again");
  probeBwrap({ bwrapPath: fake, platform: "linux", fresh: true });
  assert.ok(starts() > afterFirst, "fresh: started again");
  assert.match(
    (probeBwrap({ bwrapPath: join(root, "missing"), platform: "linux" }) as { reason: string }).reason,
    /is not an executable file/,
  );
});

test("the unsandboxed notice says why, what the command could reach, and what it means for the key", () => {
  assert.equal(
    unsandboxedNotice({ sandboxed: true, mode: "auto", bwrap: "/usr/bin/bwrap", network: false }, true),
    undefined,
  );
  const status = { sandboxed: false as const, mode: "auto" as const, reason: "bwrap was not found on PATH" };
  const supplied = unsandboxedNotice(status, true)!;
  assert.match(supplied, /ran the command unsandboxed because bwrap was not found on PATH/);
  assert.match(supplied, /supplied signing key was on the same machine/);
  assert.match(supplied, /canon-conformance sign/);
  const ephemeral = unsandboxedNotice(status, false)!;
  assert.match(ephemeral, /key made for this run/);
  assert.doesNotMatch(ephemeral, /supplied/);
});

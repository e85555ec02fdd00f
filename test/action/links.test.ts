// Untrusted text makes no link (docs/sandbox.md, "What the harness promises", rule 11), through the
// action (in this process: ./runner.ts runActionHere) and its own summary writers: a run whose command
// answers text GFM would link, under an implementation name and an artifact name of it, gated by an
// expected-failures list whose reasons hold it; a re-signed record naming such an implementation; a
// refused one read from such a path; a step that fails with such a message. The only link in any of
// their job summaries is the one the action writes, to the artifact it uploaded.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { writeFailureSummary, writeJobSummary } from "../../src/action/summary.js";
import { buildRecord } from "../../src/record/build.js";
import { ephemeralKey } from "../../src/record/keys.js";
import { recordBytes, signRecord } from "../../src/record/sign.js";
import { recordInput } from "../record/fixtures.js";
import { LINKY } from "../report/fixtures.js";
import { cmarkGfmOpts, linksIn, renderCmarkGfm, renderGfm, textOf } from "../report/github-render.js";
import { SEED_HEX } from "../secrets/material.js";
import { assertExit } from "./common.js";
import { fakeCore } from "./fake-core.js";
import { startResultsService } from "./results-service.js";
import { type ActionRun, runActionHere } from "./runner.js";

const work = mkdtempSync(join(tmpdir(), "cc-links-"));
after(() => rmSync(work, { recursive: true, force: true }));

/** An artifact name GitHub takes (no `"` `:` `<` `>` `|` `*` `?` `\` `/`) that GFM would link twice. */
const ARTIFACT_NAME = "www.evil.example-user@evil.example";

/** The link tags of a summary by micromark and, where it is there (or in CI), by cmark-gfm. */
function links(markdown: string): { micromark: string[]; cmark: string[] } {
  return {
    micromark: linksIn(renderGfm(markdown)),
    cmark: cmarkGfmOpts.skip === false ? linksIn(renderCmarkGfm(markdown)) : [],
  };
}

/** Only the action's own link to its artifact, once, by both renderers. */
function assertOnlyOurs(markdown: string, url: string | undefined): void {
  const ours = url === undefined ? [] : [`<a href="${url}">`];
  const found = links(markdown);
  assert.deepEqual(found.micromark, ours, "micromark");
  if (cmarkGfmOpts.skip === false) assert.deepEqual(found.cmark, ours, "cmark-gfm");
}

function summaryOf(run: ActionRun): string {
  assert.ok(run.summary, `no job summary\n${run.stdout}\n${run.stderr}`);
  return run.summary;
}

test("a run answering such text, named by it, its failures listed with it: one link, to the artifact", async () => {
  // Every answer is such text: lines mode, one line out for each line in, as it comes (sed -u).
  const answers = [
    "_www.evil.example/login user@evil.example",
    "[x](https://y.z) mailto:a@b.c",
    "xmpp:a@b.c/d (www.x.y)",
  ];
  const program = answers.map((a, i) => `${i + 1}~3s|.*|${a}|`).join(";");
  const list = join(work, "expected-failures.txt");
  writeFileSync(
    list,
    [
      "jcs/*  known: _www.evil.example/login and user@evil.example",
      "reject/*  known: <https://x.y> [x](https://y.z) a.b@c.d xmpp:a@b.c/d",
    ].join("\n"),
  );
  const service = await startResultsService("ok");
  try {
    const run = await runActionHere({
      service,
      inputs: {
        command: `sed -u '${program}'`,
        protocol: "lines",
        suites: "jcs,reject",
        // A few cases: a wrong answer in lines mode is asked again alone, a process each.
        cases: "jcs/literal*,reject/dup-*",
        "implementation-name": "user@evil.example www.evil.example https://evil.example",
        "implementation-version": "mailto:a@b.c",
        "artifact-name": ARTIFACT_NAME,
        "expected-failures": list,
      },
    });
    assertExit(run, 0);
    const summary = summaryOf(run);
    assert.match(summary, /Step passes by the expected-failures list/);
    assert.ok(run.outputs["artifact-url"], "the artifact was uploaded and has a page");
    assertOnlyOurs(summary, run.outputs["artifact-url"]);
    const text = textOf(renderGfm(summary));
    for (const shown of [...answers, "known: _www.evil.example/login and user@evil.example", ARTIFACT_NAME])
      assert.ok(text.includes(shown), `the summary shows ${shown}`);
  } finally {
    await service.close();
  }
});

test("mode: sign, a record naming such an implementation: one link, to the artifact; refused from such a path: none", async () => {
  const dir = join(work, "www.evil.example", "user@evil.example");
  mkdirSync(dir, { recursive: true });
  const input = recordInput({ key: "ephemeral" });
  const impl = "python3 https://evil.example/canon.py _www.evil.example/login user@evil.example";
  const record = signRecord(
    buildRecord({ ...input, implementation: { ...input.implementation, impl } }),
    ephemeralKey(),
  );
  writeFileSync(join(dir, "record.json"), recordBytes(record));
  const service = await startResultsService("ok");
  try {
    const run = await runActionHere({
      service,
      inputs: { mode: "sign", record: dir, "signing-key": SEED_HEX, "artifact-name": ARTIFACT_NAME },
    });
    assertExit(run, 0);
    const summary = summaryOf(run);
    assertOnlyOurs(summary, run.outputs["artifact-url"]);
    assert.ok(textOf(renderGfm(summary)).includes(impl), "the implementation is shown as itself");
  } finally {
    await service.close();
  }

  // The same record changed after it was signed: refused, and the summary names its path.
  const changed = join(dir, "changed.json");
  writeFileSync(changed, Buffer.from(recordBytes(record)).toString().replace('"passed":', '"passed":1'));
  const refused = await runActionHere({
    inputs: { mode: "sign", record: changed, "signing-key": SEED_HEX, upload: "false" },
  });
  assertExit(refused, 1);
  const summary = summaryOf(refused);
  assert.match(summary, /the record was refused/);
  assertOnlyOurs(summary, undefined);
  assert.ok(textOf(renderGfm(summary)).includes(changed), "the path is shown as itself");
});

test("the writers themselves: a failure's message, an artifact's name, an upload that failed", async () => {
  const summaryPath = join(work, "summary.md");
  writeFileSync(summaryPath, "");
  const env: Record<string, string | undefined> = {
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_OUTPUT: join(work, "output"),
  };
  const { core } = fakeCore(env, work);
  const url = "https://github.com/o/r/actions/runs/1/artifacts/2";
  const message = LINKY.join("\n");
  await writeFailureSummary(core, message, "sign", true);
  await writeFailureSummary(core, message, "run", false);
  await writeJobSummary(core, "A run.", { id: "2", url, digest: "ab".repeat(32) }, LINKY.join(" "));
  await writeJobSummary(core, "A run.", undefined, LINKY.join(" "), true);
  const summary = readFileSync(summaryPath, "utf8");
  assertOnlyOurs(summary, url);
  const text = textOf(renderGfm(summary));
  for (const t of LINKY.filter((t) => !t.includes("\n")))
    assert.ok(text.includes(t), `the summary shows ${t}`);
});

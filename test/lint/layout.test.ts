// The layout rules in .dependency-cruiser.cjs can fail: a tree that breaks each rule once, cruised with
// the repository's own config, must be reported under every rule's name. That the real src/ keeps them
// is npm run lint's, and test/lint/layout.slow.test.ts's (a cruise of all of src/ takes some seconds).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const DEPCRUISE = join(REPO, "node_modules", ".bin", "depcruise");
const work = mkdtempSync(join(tmpdir(), "cc-layout-"));
after(() => rmSync(work, { recursive: true, force: true }));

/** path → the modules it imports (each made a file of its own if nothing else writes it). */
const BREAKS: Record<string, { rule: string; imports: string[]; typeOnly?: boolean }> = {
  "src/compare/a.ts": { rule: "no-circular", imports: ["./b.js"] },
  "src/compare/b.ts": { rule: "no-circular", imports: ["./a.js"] },
  // A circle of type-only imports is a circle too (a contract naming a feature's type).
  "src/expected/c.ts": { rule: "no-circular", imports: ["./d.js"], typeOnly: true },
  "src/expected/d.ts": { rule: "no-circular", imports: ["./c.js"], typeOnly: true },
  "src/corpus/cases.ts": { rule: "corpus-is-data", imports: ["../checks/rules.js"] },
  "src/run/plan.ts": { rule: "pipeline-never-imports-known-bad", imports: ["../known-bad/index.js"] },
  "src/report/console.ts": { rule: "only-the-action-speaks-to-the-runner", imports: ["@actions/core"] },
  "src/adapters/launch.ts": { rule: "no-stage-imports-a-face", imports: ["../commands/run.js"] },
  "src/jcs/parse.ts": { rule: "reference-stands-alone", imports: ["../corpus/digest.js"] },
  "src/checks/judge.ts": { rule: "checks-judge-answers-not-transports", imports: ["../adapters/http.js"] },
  "src/batch/confirm.ts": { rule: "batches-ask-a-canonicalizer", imports: ["../adapters/command-once.js"] },
  "src/record/build.ts": { rule: "record-knows-no-run", imports: ["../checks/show.js"] },
  "src/sandbox/session.ts": { rule: "sandbox-below-adapters", imports: ["../adapters/launch.js"] },
  "src/escape/visible.ts": { rule: "escaping-stands-low", imports: ["../report/console.js"] },
  "src/view/index.ts": {
    rule: "the-view-is-made-once-below-the-reports",
    imports: ["../report/markdown.js"],
  },
};

function write(path: string, text: string): void {
  mkdirSync(dirname(join(work, path)), { recursive: true });
  writeFileSync(join(work, path), text);
}

function cruise(root: string) {
  return spawnSync(DEPCRUISE, ["src", "--config", join(REPO, ".dependency-cruiser.cjs")], {
    cwd: root,
    encoding: "utf8",
  });
}

test("every layout rule reports the import that breaks it", () => {
  write(
    "tsconfig.json",
    readFileSync(join(REPO, "tsconfig.json"), "utf8").replace(/"include": \[[^\]]*\]/, '"include": ["src"]'),
  );
  symlinkSync(join(REPO, "node_modules"), join(work, "node_modules"));
  for (const [path, { imports, typeOnly }] of Object.entries(BREAKS)) {
    const line = (m: string, i: number) =>
      typeOnly
        ? `import type * as m${i} from "${m}";\nexport type U${i} = typeof m${i};`
        : `import * as m${i} from "${m}";\nexport const u${i} = m${i};`;
    write(path, `${imports.map(line).join("\n")}\n`);
    for (const m of imports) {
      if (m.startsWith("@")) continue;
      const target = join(dirname(path), m.replace(/\.js$/, ".ts"));
      if (!(target in BREAKS)) write(target, "export const x = 1;\n");
    }
  }
  const run = cruise(work);
  assert.notEqual(run.status, 0, "a tree that breaks every rule passed");
  for (const rule of new Set(Object.values(BREAKS).map((b) => b.rule))) {
    assert.match(run.stdout, new RegExp(`error ${rule}:`), `rule ${rule} did not fire:\n${run.stdout}`);
  }
  assert.match(run.stdout, /error no-circular: src\/expected\/[cd]\.ts/, "the type-only circle is reported");
});

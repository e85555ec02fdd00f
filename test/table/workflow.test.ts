// .github/workflows/table.yml (and every other workflow of the repository) passes GitHub's own workflow
// parser, @actions/workflow-parser: the schema the Actions service reads workflows with, expressions
// included. And table.yml is wired as table/README.md says: a matrix of every row from the rows job,
// each row installed and then run by this action sandboxed with no network; a sign job that runs no code
// under test; a publish job that verifies, builds the site and hands it to Pages; nothing after a row
// waits for that row to succeed.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { NoOperationTraceWriter, parseWorkflow } from "@actions/workflow-parser";
import { parse } from "yaml";

const REPO = join(import.meta.dirname, "..", "..");
const WORKFLOWS = join(REPO, ".github", "workflows");

function errors(name: string, content: string): string[] {
  const result = parseWorkflow({ name, content }, new NoOperationTraceWriter());
  return result.context.errors.getErrors().map((e) => e.message);
}

test("every workflow passes GitHub's workflow parser", () => {
  const files = readdirSync(WORKFLOWS).filter((f) => /\.ya?ml$/.test(f));
  assert.ok(files.includes("table.yml"));
  for (const file of files)
    assert.deepEqual(errors(file, readFileSync(join(WORKFLOWS, file), "utf8")), [], file);
});

test("the parser refuses what GitHub refuses (so the test above can fail)", () => {
  const table = readFileSync(join(WORKFLOWS, "table.yml"), "utf8");
  assert.notDeepEqual(
    errors("bad.yml", table.replace("runs-on: ubuntu-latest", "runz-on: ubuntu-latest")),
    [],
  );
  assert.notDeepEqual(errors("bad.yml", table.replace("if: ${{ always() &&", "if: ${{ always( &&")), []);
});

interface Step {
  uses?: string;
  id?: string;
  if?: string;
  run?: string;
  "continue-on-error"?: boolean;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  environment?: unknown;
  permissions?: Record<string, string>;
  strategy?: { "fail-fast"?: boolean; matrix?: unknown };
  steps: Step[];
}

test("table.yml: on a schedule, on pushes to main, on pull requests that touch table/", () => {
  const doc = parse(readFileSync(join(WORKFLOWS, "table.yml"), "utf8")) as {
    on: { schedule: { cron: string }[]; push: { branches: string[] }; pull_request: { paths: string[] } };
    permissions: Record<string, string>;
  };
  assert.ok(doc.on.schedule.length > 0);
  assert.deepEqual(doc.on.push.branches, ["main"]);
  assert.ok(doc.on.pull_request.paths.includes("table/**"));
  assert.deepEqual(doc.permissions, { contents: "read" });
});

test("table.yml: a matrix of every row, installed, then run by this action sandboxed, no network", () => {
  const jobs = (parse(readFileSync(join(WORKFLOWS, "table.yml"), "utf8")) as { jobs: Record<string, Job> })
    .jobs;
  const run = jobs.run!;
  assert.equal(run.strategy?.["fail-fast"], false);
  assert.equal(run.strategy?.matrix, `\${{ fromJSON(needs.rows.outputs.matrix) }}`);
  assert.match(jobs.rows!.steps.map((s) => s.run ?? "").join("\n"), /scripts\/table\.ts matrix/);
  const setups = run.steps
    .filter((s) => s.uses && /setup|rust-toolchain/.test(s.uses))
    .map((s) => s.uses!.split("@")[0]);
  for (const action of [
    "actions/setup-node",
    "actions/setup-python",
    "actions/setup-go",
    "actions/setup-java",
    "actions/setup-dotnet",
    "ruby/setup-ruby",
    "shivammathur/setup-php",
    "erlef/setup-beam",
    "dart-lang/setup-dart",
    "dtolnay/rust-toolchain",
  ])
    assert.ok(setups.includes(action), action);
  const build = run.steps.find((s) => s.id === "build")!;
  assert.match(build.run ?? "", /build-row/);
  assert.equal(build["continue-on-error"], true, "a row that does not build lets its job go on");
  const action = run.steps.find((s) => s.uses === "./")!;
  assert.equal(action.with?.sandbox, "bwrap");
  assert.equal(action.with?.["sandbox-network"], undefined, "no network for the command");
  assert.equal(action["continue-on-error"], true);
  assert.equal(action.with?.["signing-key"], undefined, "the run job holds no key");
  const upload = run.steps.find((s) => s.uses?.startsWith("actions/upload-artifact@"))!;
  assert.equal(upload.if, "always()", "the build log is uploaded whatever happened");
});

test("table.yml: a sign job that runs no code under test, and a publish job that never waits on a row", () => {
  const jobs = (parse(readFileSync(join(WORKFLOWS, "table.yml"), "utf8")) as { jobs: Record<string, Job> })
    .jobs;
  const sign = jobs.sign!;
  assert.match(sign.if ?? "", /always\(\)/);
  assert.match(sign.if ?? "", /github\.event_name != 'pull_request'/);
  const signStep = sign.steps.find((s) => s.with?.mode === "sign")!;
  assert.equal(signStep.uses, "./");
  assert.equal(signStep.with?.["expected-signer"], `\${{ steps.handoff.outputs.signer }}`);
  assert.equal(signStep.with?.["run-sandboxed"], `\${{ steps.handoff.outputs.sandboxed }}`);
  assert.equal(signStep.with?.["allow-unsandboxed"], undefined);
  assert.ok(!sign.steps.some((s) => /build-row|npm ci/.test(s.run ?? "")), "installs nothing, runs no row");
  const publish = jobs.publish!;
  assert.match(publish.if ?? "", /always\(\)/);
  const runs = publish.steps.map((s) => s.run ?? "").join("\n");
  for (const word of ["collect", "fetch-self-reported", "scripts/table.ts site", "verify-index"])
    assert.ok(runs.includes(word), word);
  assert.ok(publish.steps.some((s) => s.uses?.startsWith("actions/upload-pages-artifact@")));
  const deploy = jobs.deploy!;
  assert.ok(deploy.steps.some((s) => s.uses?.startsWith("actions/deploy-pages@")));
  assert.deepEqual(deploy.permissions, { pages: "write", "id-token": "write" });
});

// Every folder of table/ is a valid row: its manifest validates against table/schema/manifest.schema.json
// and keeps what the schema cannot say (its folder's prefix, its lockfile present, a look-alike's
// reason, a parsed-value API's parser, how it last ran). The table holds at least 28 implementations in 12
// languages, the RFC authors' own among them; every one installs by exact version; the rows this
// machine cannot run say so. The schema refuses what it must (a range, an unknown registry).
import assert from "node:assert/strict";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { checkRowFolder, loadRows, manifestValidator } from "../../src/table/manifest.js";
import { readSelfReportedList } from "../../src/table/results.js";

const REPO = join(import.meta.dirname, "..", "..");
const TABLE = join(REPO, "table");

test("every folder under table/implementations and table/look-alikes is a valid row", () => {
  const { rows, broken } = loadRows(TABLE);
  assert.deepEqual(
    broken.map((b) => `${b.id}: ${b.problems.join("; ")}`),
    [],
  );
  assert.ok(rows.length > 0);
});

test("at least 28 implementations in at least 12 languages, the RFC authors' own among them", () => {
  const impls = loadRows(TABLE).rows.filter((r) => r.section === "implementations");
  const languages = new Set(impls.map((r) => r.manifest.language));
  assert.ok(impls.length >= 28, `${impls.length} implementations`);
  assert.ok(languages.size >= 12, `${languages.size} languages: ${[...languages].join(", ")}`);
  assert.ok(impls.filter((r) => r.manifest.rfcAuthors).length >= 2, "the RFC authors' own");
  const looks = loadRows(TABLE).rows.filter((r) => r.section === "look-alikes");
  assert.ok(looks.length >= 3);
});

test("each row names an exact version, and its lockfile pins it", () => {
  for (const { id, dir, manifest: m } of loadRows(TABLE).rows) {
    const lock = readFileSync(join(dir, m.lockfile), "utf8");
    const bare = m.version.replace(/^v/, "");
    assert.ok(lock.includes(bare), `${id}: ${m.lockfile} names ${m.version}`);
    assert.ok(m.install.length > 0, `${id}: install`);
    if (m.registry === "npm") {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      assert.equal(pkg.dependencies[m.package], m.version, `${id}: package.json pins the exact version`);
      const locked = JSON.parse(lock).packages[`node_modules/${m.package}`];
      assert.equal(locked.version, m.version, `${id}: package-lock.json`);
      assert.match(locked.integrity, /^sha512-/, `${id}: the lockfile holds its integrity`);
      assert.match(m.install.join(" "), /npm ci/, `${id}: installs from the lockfile`);
    }
  }
});

test("the wrappers are the table's own: each row's commands name a file of its folder", () => {
  for (const { id, dir, manifest: m } of loadRows(TABLE).rows) {
    const words = `${m.commands.once} ${m.commands.lines} ${m.install.join(" ")}`;
    const named = readFileSync(join(dir, "manifest.json"), "utf8");
    assert.ok(named.length > 0);
    const files = [
      "wrapper.mjs",
      "wrapper.py",
      "src/main.rs",
      "main.go",
      "Wrapper.java",
      "Program.cs",
      "wrapper.rb",
      "wrapper.php",
      "wrapper.exs",
      "lib/wrapper.ex",
      "bin/wrapper.dart",
      "wrapper.clj",
      "Main.hs",
    ];
    assert.ok(
      files.some((f) => existsSync(join(dir, f))),
      `${id}: a wrapper file`,
    );
    assert.ok(words.length > 0);
  }
});

test("the schema refuses a range, a tag, an unknown registry, a missing field", () => {
  const validate = manifestValidator(TABLE);
  const good = JSON.parse(readFileSync(join(TABLE, "template", "manifest.json"), "utf8"));
  assert.deepEqual(validate(good), [], "the template validates");
  for (const version of ["^1.2.3", "~1.2", "latest", "1.x", ">=1"])
    assert.notDeepEqual(validate({ ...good, version }), [], version);
  assert.notDeepEqual(validate({ ...good, registry: "github" }), []);
  const { install: _, ...noInstall } = good;
  assert.notDeepEqual(validate(noInstall), []);
  assert.notDeepEqual(validate({ ...good, extra: 1 }), []);
});

test("a folder that does not hold to the rules is refused with its reasons", () => {
  const checked = checkRowFolder(TABLE, join(TABLE, "template"), "template", "implementations");
  assert.ok("problems" in checked);
  assert.ok(checked.problems.some((p) => /starts with javascript-/.test(p)));
  assert.ok(checked.problems.some((p) => /lockfile package-lock.json is missing/.test(p)));
});

test("a row not run yet waits in table/not-run/: never shown, never in the workflow's matrix, and says why", () => {
  const validate = manifestValidator(TABLE);
  const waiting = readdirSync(join(TABLE, "not-run")).filter((id) =>
    statSync(join(TABLE, "not-run", id)).isDirectory(),
  );
  assert.ok(waiting.length > 0);
  const shown = new Set(loadRows(TABLE).rows.map((r) => r.id));
  for (const id of waiting) {
    const m = JSON.parse(readFileSync(join(TABLE, "not-run", id, "manifest.json"), "utf8"));
    assert.deepEqual(validate(m), [], `${id}: a manifest like any row's, ready to move once it has run`);
    assert.equal(
      m.checked,
      undefined,
      `${id}: a row that has run belongs in implementations/ or look-alikes/`,
    );
    assert.match(m.note, /Not run here/, `${id}: its note says why it has not run`);
    assert.ok(!shown.has(id), `${id} is not a row`);
  }
  // And the converse: a shown row without checked is refused.
  const row = loadRows(TABLE).rows[0]!;
  const folder = mkdtempSync(join(tmpdir(), "table-row-"));
  cpSync(row.dir, join(folder, row.id), { recursive: true });
  const { checked: _, ...unchecked } = row.manifest;
  writeFileSync(join(folder, row.id, "manifest.json"), JSON.stringify({ ...unchecked, $schema: undefined }));
  const refused = checkRowFolder(TABLE, join(folder, row.id), row.id, row.section);
  rmSync(folder, { recursive: true, force: true });
  assert.ok("problems" in refused && refused.problems.some((p) => /shown once it has run/.test(p)));
});

test("table/self-reported.json reads", () => {
  assert.ok(Array.isArray(readSelfReportedList(TABLE)));
});

test("the README links the table and its add-your-implementation page", () => {
  const readme = readFileSync(join(REPO, "README.md"), "utf8");
  assert.match(readme, /## The RFC 8785 conformance table/);
  assert.match(readme, /\[The table\]\(https:\/\/canon-conformance\.github\.io\/canon-conformance\/\)/);
  assert.match(
    readme,
    /\[Add your implementation\]\(https:\/\/canon-conformance\.github\.io\/canon-conformance\/add\.html\)/,
  );
  assert.match(readme, /\[table\/README\.md\]\(table\/README\.md\)/);
});

// The release workflow's notes come from CHANGELOG.md: a version's section, without its heading, and
// a refusal (not empty notes) when the section is missing or empty.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
// @ts-expect-error: a plain .mjs script, typed by use
import { releaseNotes } from "../scripts/release-notes.mjs";

const changelog = [
  "# Changelog",
  "",
  "## [Unreleased]",
  "- next",
  "",
  "## [1.10.0] - 2027-01-02",
  "### Added",
  "- ten",
  "",
  "## [1.1.0] - 2027-01-01",
  "- one",
  "## 1.0.0",
  "",
].join("\n");

test("a version's section is its body, up to the next section", () => {
  assert.equal(releaseNotes(changelog, "1.10.0"), "### Added\n- ten\n");
  assert.equal(releaseNotes(changelog, "1.1.0"), "- one\n");
});

test("1.1.0 does not match 1.10.0, nor 1.1.0's dots any character", () => {
  assert.throws(
    () => releaseNotes(changelog.replace("## [1.1.0] - 2027-01-01\n- one\n", ""), "1.1.0"),
    /no section for 1\.1\.0/,
  );
  assert.throws(() => releaseNotes("## [1x1x0]\n- no\n", "1.1.0"), /no section/);
});

test("an empty section is refused, not published", () => {
  assert.throws(() => releaseNotes(changelog, "1.0.0"), /empty/);
});

test("the repository's CHANGELOG.md has notes for package.json's version", () => {
  const version = JSON.parse(readFileSync("package.json", "utf8")).version;
  assert.match(releaseNotes(readFileSync("CHANGELOG.md", "utf8"), version), /\S/);
});

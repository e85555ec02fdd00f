// Prints the CHANGELOG.md section of one version (the release workflow's notes), without its heading:
//   node scripts/release-notes.mjs 1.2.3
// Exits 1, saying so, when CHANGELOG.md has no `## [1.2.3]` (or `## 1.2.3`) section or it is empty:
// a release without notes is a mistake to stop, not to publish.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

export function releaseNotes(changelog, version) {
  const lines = changelog.split(/\r?\n/);
  const heading = new RegExp(`^## \\[?${version.replace(/[.]/g, "\\.")}\\]?(\\s|$)`);
  const start = lines.findIndex((line) => heading.test(line));
  if (start < 0)
    throw new Error(`CHANGELOG.md has no section for ${version} (a heading "## [${version}] - DATE")`);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => /^## /.test(line));
  const body = (end < 0 ? rest : rest.slice(0, end)).join("\n").trim();
  if (body === "") throw new Error(`CHANGELOG.md's section for ${version} is empty`);
  return `${body}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const version = process.argv[2];
  if (!version || !/^\d+\.\d+\.\d+$/.test(version)) {
    process.stderr.write("usage: node scripts/release-notes.mjs VERSION (e.g. 1.2.3)\n");
    process.exit(2);
  }
  try {
    process.stdout.write(releaseNotes(readFileSync("CHANGELOG.md", "utf8"), version));
  } catch (error) {
    process.stderr.write(`release-notes: ${error.message}\n`);
    process.exit(1);
  }
}

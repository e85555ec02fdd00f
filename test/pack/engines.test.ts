// `npm ci` on a fresh clone prints no warning (issue 37 item 4): npm warns EBADENGINE for a package whose
// `engines.node` the running Node does not meet, and (npm 11) lists every install script that
// `allowScripts` does not cover. Both are read here from the lockfile npm installs from, with the
// ranges npm writes there; .ci/run holds the real `npm ci` of a clean clone to no `npm warn` line.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { REPO } from "../helpers/dist.js";

type Version = [number, number, number];

interface LockEntry {
  version?: string;
  engines?: { node?: unknown };
  hasInstallScript?: boolean;
}

const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(join(REPO, "package-lock.json"), "utf8")) as {
  packages: Record<string, LockEntry>;
};
const running = process.versions.node.split(".").map(Number) as Version;

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Whether `v` meets one comparator of a range: `>=20.19.0`, `^20.12`, `14`, `<=0.7.0`, `>=0.8.x`. */
function meets(v: Version, comparator: string): boolean {
  const m = /^(>=|<=|>|<|=|\^|~)?v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?$/.exec(comparator);
  if (!m) throw new Error(`an engines comparator this test cannot read: ${comparator}`);
  const given = [m[2], m[3], m[4]].filter((p) => p !== undefined && /^\d+$/.test(p)).map(Number);
  const low = [given[0] ?? 0, given[1] ?? 0, given[2] ?? 0] as Version;
  const whole = given.length === 3;
  const from = compare(v, low);
  switch (m[1] ?? "=") {
    case ">=":
      return from >= 0;
    case "<":
      return from < 0;
    case ">":
      if (!whole) throw new Error(`a partial > this test does not read: ${comparator}`);
      return from > 0;
    case "<=":
      if (!whole) throw new Error(`a partial <= this test does not read: ${comparator}`);
      return from <= 0;
    case "^":
      if (low[0] === 0) throw new Error(`a ^0 range this test does not read: ${comparator}`);
      return from >= 0 && v[0] === low[0];
    case "~":
      return from >= 0 && v[0] === low[0] && (given.length < 2 || v[1] === low[1]);
    default:
      return given.every((n, k) => v[k] === n);
  }
}

/** Whether `v` is in `range` as npm reads `engines.node`: alternatives by `||`, each a set of
 * comparators that must all hold (`>=0.6.11 <=0.7.0 || >=0.7.3`, `>= 20`). */
function inRange(v: Version, range: string): boolean {
  return range.split("||").some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, "$1")
      .split(/\s+/)
      .filter(Boolean)
      .every((comparator) => meets(v, comparator)),
  );
}

test("the range reader reads npm's ranges as npm does", () => {
  assert.ok(inRange([20, 20, 2], ">= 20"));
  assert.ok(!inRange([20, 20, 2], ">=22"));
  assert.ok(inRange([20, 20, 2], "^20.19.0 || >=22.12.0"));
  assert.ok(!inRange([20, 18, 0], "^20.19.0 || >=22.12.0"));
  assert.ok(inRange([20, 20, 2], "20 || >=22"));
  assert.ok(!inRange([21, 0, 0], "20 || >=22"));
  assert.ok(inRange([20, 20, 2], ">=16 || 14 >=14.17"));
  assert.ok(!inRange([0, 7, 1], ">=0.6.11 <=0.7.0 || >=0.7.3"));
  assert.ok(inRange([20, 20, 2], ">=0.8.x"));
});

test("every package npm ci installs declares an engine this Node meets: no EBADENGINE", () => {
  assert.ok(inRange(running, pkg.engines.node), `package.json's own engines: ${pkg.engines.node}`);
  const unmet = Object.entries(lock.packages)
    .filter(([path, entry]) => path !== "" && entry.engines?.node !== undefined)
    .filter(([, entry]) => {
      const range = entry.engines!.node;
      if (typeof range !== "string") throw new Error(`engines.node that is not a range: ${String(range)}`);
      return !inRange(running, range);
    })
    .map(([path, entry]) => `${path}@${entry.version}: node ${String(entry.engines!.node)}`);
  assert.deepEqual(unmet, [], `on Node ${process.versions.node}`);
});

test("every install script npm ci would run is approved in allowScripts, as npm records it", () => {
  const allowed = pkg.allowScripts ?? {};
  const unapproved = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript === true)
    .map(([path, entry]) => ({ name: path.slice(path.lastIndexOf("node_modules/") + 13), entry }))
    .filter(({ name, entry }) => allowed[name] !== true && allowed[`${name}@${entry.version}`] !== true)
    .map(({ name, entry }) => `${name}@${entry.version}`);
  assert.deepEqual(unapproved, []);
});

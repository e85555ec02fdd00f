// The attack tests' reading of the runner's command parser (runner-commands.ts) must itself catch what
// it is there to catch, and pass what the harness legitimately writes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { foreignCommands } from "./runner-commands.js";

const M = ["INJECTED", "pwn"];

test("hostile lines that would be commands are found", () => {
  assert.equal(foreignCommands("::warning::INJECTED-warning\n", M).length, 1);
  assert.equal(foreignCommands("got ##[set-env name=X;]INJECTED\n", M).length, 1);
  assert.equal(foreignCommands("::set-output name=conformant::true\n", M).length, 1);
  assert.equal(foreignCommands("::error title=a:b::x\n", M).length, 1, "an unescaped : in a property");
  assert.equal(foreignCommands("::error title=x::got ::warning::y\n", M).length, 1, "not neutralised");
  assert.ok(foreignCommands("::stop-commands::pwn\nanything\n::pwn::\n", M).length > 0);
});

test("the harness's own escaped annotation, quoting hostile text in its title, passes", () => {
  const title = "canon-conformance%3A 3 cases failed%3A “#\u200b#[stop-commands]pwn %3A\u200b%3AINJECTED”";
  const line = `::error title=${title}::jcs/x: got :\u200b:warning:\u200b:INJECTED%0Aalso: y`;
  assert.deepEqual(foreignCommands(`${line}\n::group::jcs%3A 3 failed\n::endgroup::\n`, M), []);
  const token = "0123456789abcdef0123456789abcdef";
  assert.deepEqual(foreignCommands(`::stop-commands::${token}\n::warning::INJECTED\n::${token}::\n`, M), []);
});

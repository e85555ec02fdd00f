// The attack tests' reading of the runner's command parser (runner-commands.ts) must itself catch what
// it is there to catch, and pass what the harness legitimately writes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { neutralise } from "../../src/action/runner-commands.js";
import { foreignCommands } from "./runner-commands.js";

const M = ["INJECTED", "pwn"];

test("hostile lines that would be commands are found", () => {
  assert.equal(foreignCommands("::warning::INJECTED-warning\n", M).length, 1);
  assert.equal(foreignCommands("got ##[set-env name=X;]INJECTED\n", M).length, 1);
  assert.equal(foreignCommands("::set-output name=conformant::true\n", M).length, 1);
  assert.equal(foreignCommands("::error title=a:b::x\n", M).length, 1, "an unescaped : in a property");
  assert.equal(foreignCommands("::error title=x::got ##[warning]y\n", M).length, 1, "not neutralised");
  assert.equal(foreignCommands("text\n  ::warning::INJECTED\n", M).length, 1, "after blanks");
  assert.ok(foreignCommands("::stop-commands::pwn\nanything\n::pwn::\n", M).length > 0);
});

test("the harness's own escaped annotation, quoting hostile text in its title, passes", () => {
  const title = "canon-conformance%3A 3 cases failed%3A “#\u200b#[stop-commands]pwn %3A\u200b%3AINJECTED”";
  const line = `::error title=${title}::jcs/x: got :\u200b:warning:\u200b:INJECTED%0Aalso: y`;
  assert.deepEqual(foreignCommands(`${line}\n::group::jcs%3A 3 failed\n::endgroup::\n`, M), []);
  const token = "0123456789abcdef0123456789abcdef";
  assert.deepEqual(foreignCommands(`::stop-commands::${token}\n::warning::INJECTED\n::${token}::\n`, M), []);
});

test("neutralise breaks a command only where the runner would read one, and leaves a user's `::` alone", () => {
  const hostile = [
    "::warning::INJECTED",
    "  ::warning::INJECTED",
    "a\n\t::warning::INJECTED",
    "a\r::warning::INJECTED",
    "a\r\n \u0085::warning::INJECTED",
    "got ##[warning]INJECTED",
    "::stop-commands::pwn",
  ];
  for (const text of hostile) {
    assert.deepEqual(foreignCommands(`${neutralise(text)}\n`, M), [], JSON.stringify(text));
    // Each line as the runner's own line reader splits them (a lone CR ends a line too).
    for (const line of neutralise(text).split(/\r\n|\r|\n/))
      assert.doesNotMatch(line, /^[\s\u0085]*::|##\[/, JSON.stringify(text));
  }
  // No invisible character in text a user copies: a reason's `Number::toString`, a command's `a::b`.
  for (const text of ["Number::toString is wrong", "  reason: std::fmt::Display", "x ::y", "a:b:"])
    assert.equal(neutralise(text), text);
  assert.equal(neutralise("::x"), "::x".replace("::", ":\u200b:"));
});

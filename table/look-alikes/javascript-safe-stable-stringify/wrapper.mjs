#!/usr/bin/env node
// The table's wrapper for the npm package `safe-stable-stringify` (table/look-alikes/javascript-safe-stable-stringify),
// speaking canon-conformance's command protocols (docs/protocol.md):
//
//   node wrapper.mjs            once: the input on stdin, the canonical form on stdout, exit 1 to refuse
//   node wrapper.mjs --lines    lines: one request per line in, one answer per line out, "!reason" to refuse
//
// The package takes an already-parsed value, so the wrapper reads the bytes itself: strict UTF-8 (an
// invalid byte is refused here, not by the package), then JSON.parse, then the package's function. What
// JSON.parse lets through (a duplicate name, a lone surrogate escape) is the package's to refuse or not.
import stringify from "safe-stable-stringify";

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function canon(bytes) {
  const out = stringify(JSON.parse(utf8.decode(bytes)));
  if (typeof out !== "string") throw new Error(`the package returned ${typeof out}, not a string`);
  return out;
}

const reason = (error) => String(error?.message ?? error).replace(/[\r\n]+/g, " ");

if (process.argv.includes("--lines")) {
  let pending = Buffer.alloc(0);
  for await (const chunk of process.stdin) {
    pending = Buffer.concat([pending, chunk]);
    let end = pending.indexOf(0x0a);
    while (end !== -1) {
      const line = pending.subarray(0, end);
      pending = pending.subarray(end + 1);
      let answer;
      try {
        answer = canon(line);
      } catch (error) {
        answer = `!${reason(error)}`;
      }
      process.stdout.write(`${answer}\n`);
      end = pending.indexOf(0x0a);
    }
  }
} else {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  try {
    process.stdout.write(`${canon(Buffer.concat(chunks))}\n`);
  } catch (error) {
    process.stderr.write(`${reason(error)}\n`);
    process.exitCode = 1;
  }
}

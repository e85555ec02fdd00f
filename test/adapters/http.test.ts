// The http adapter against a loopback server: 200, 4xx, 5xx, slow, refused, oversized, concurrency.
//
// Only "slow" tests the time limit, against a server that never answers. Every other test waits for
// an answer that comes, so it gives the request a time limit no busy machine can use up: the first
// fetch of a process loads Node's HTTP client, which took more than 5 s beside four busy loops.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { AdapterSetupError } from "../../src/adapters/errors.js";
import { createHttpCanonicalizer } from "../../src/adapters/http.js";
import { bytes, finishes, show } from "./helpers.js";

let server: Server;
let base = "";
let active = 0;
let peak = 0;
const sockets = new Set<import("node:net").Socket>();

before(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const path = req.url ?? "/";
      if (path === "/canon") {
        active++;
        peak = Math.max(peak, active);
        setTimeout(() => {
          active--;
          let answer: string;
          try {
            answer = JSON.stringify(JSON.parse(body));
          } catch (e) {
            res.writeHead(400).end(`bad JSON: ${(e as Error).message}\nsecond line`);
            return;
          }
          res.writeHead(200, { "content-type": "application/json" }).end(`${answer}\n`);
        }, 20);
      } else if (path === "/type") {
        res.writeHead(200).end(JSON.stringify(req.headers["content-type"]));
      } else if (path === "/500") {
        res.writeHead(500).end("internal trouble");
      } else if (path === "/slow") {
        // Never answers; the adapter's time limit must end it.
      } else if (path === "/huge") {
        res.writeHead(200).end(Buffer.alloc(2 * 1024 * 1024, 0x31));
      } else if (path === "/empty") {
        res.writeHead(200).end();
      } else {
        res.writeHead(404).end("");
      }
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => server.close(r));
});

/** A time limit for a request that is answered: only a hang could reach it (the test runner's own
 * time-out would then name the test). */
const ANSWERED_IN_TIME_MS = 10 * 60_000;

const http = (
  path: string,
  over: Partial<{ timeoutMs: number; jobs: number; maxOutputBytes: number }> = {},
) =>
  createHttpCanonicalizer({
    url: base + path,
    jobs: 4,
    timeoutMs: ANSWERED_IN_TIME_MS,
    maxOutputBytes: 1024 * 1024,
    ...over,
  });

test("200: the body is the answer (one trailing LF removed); sent as application/json", async () => {
  const c = http("/canon");
  assert.equal(show(await c.canonicalize(bytes('{ "a" : 1 }'))), 'canonical {"a":1}');
  await c.close();
  const t = http("/type");
  assert.equal(show(await t.canonicalize(bytes("{}"))), 'canonical "application/json"');
  await t.close();
});

test("4xx: rejected, with the body's first KiB on one line as the reason", async () => {
  const c = http("/canon");
  const a = await c.canonicalize(bytes("{nope"));
  assert.equal(a.status, "rejected");
  assert.match(show(a), /^rejected bad JSON: .* second line$/);
  await c.close();
  const n = http("/nowhere");
  assert.equal(show(await n.canonicalize(bytes("{}"))), "rejected HTTP 404, empty body");
  await n.close();
});

test("5xx: failed with the status and body", async () => {
  const c = http("/500");
  assert.equal(show(await c.canonicalize(bytes("{}"))), "failed HTTP 500: internal trouble");
  await c.close();
});

test("slow: failed at the time limit", async () => {
  const c = http("/slow", { timeoutMs: 300 });
  // "It finished", however busy the machine: a limit that never fires would hang here.
  const a = await finishes(c.canonicalize(bytes("{}")), 120_000, "slow request");
  assert.equal(show(a), "failed no response within 300 ms");
  await c.close();
});

test("connection refused: failed, naming the error", async () => {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
  const c = createHttpCanonicalizer({
    url: `http://127.0.0.1:${port}/`,
    jobs: 1,
    timeoutMs: ANSWERED_IN_TIME_MS,
    maxOutputBytes: 1024,
  });
  const a = await c.canonicalize(bytes("{}"));
  assert.equal(a.status, "failed");
  assert.match(show(a), /failed request to http:\/\/127\.0\.0\.1:\d+\/ failed: ECONNREFUSED/);
  await c.close();
});

test("a body past the output cap, or an empty 200, fails", async () => {
  const c = http("/huge");
  assert.equal(
    show(await c.canonicalize(bytes("{}"))),
    "failed response body passed the cap of 1048576 bytes",
  );
  await c.close();
  const e = http("/empty");
  assert.equal(show(await e.canonicalize(bytes("{}"))), "failed HTTP 200 with an empty body");
  await e.close();
});

test("at most `jobs` requests at once", async () => {
  peak = 0;
  const c = http("/canon", { jobs: 3 });
  const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => c.canonicalize(bytes(`[${i}]`))));
  assert.deepEqual(
    answers.map(show),
    Array.from({ length: 15 }, (_, i) => `canonical [${i}]`),
  );
  assert.ok(peak <= 3 && peak >= 1, `peak ${peak}`);
  await c.close();
});

test("close() ends requests in flight; a bad URL is a setup error", async () => {
  const c = http("/slow");
  const p = c.canonicalize(bytes("{}"));
  await new Promise((r) => setTimeout(r, 100));
  await c.close();
  assert.equal(show(await p), "failed the run was closed before the server answered");
  assert.throws(
    () => createHttpCanonicalizer({ url: "ftp://x/", jobs: 1, timeoutMs: 1, maxOutputBytes: 1 }),
    AdapterSetupError,
  );
  assert.throws(
    () => createHttpCanonicalizer({ url: "not a url", jobs: 1, timeoutMs: 1, maxOutputBytes: 1 }),
    /not a URL/,
  );
});

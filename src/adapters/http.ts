// The http protocol (docs/protocol.md): POST the input bytes to a URL as application/json.
// 200: the body is the canonical form (one trailing LF removed, as in the command protocols);
// 4xx: a rejection, the body's first KiB its reason; any other status, a connection error, a body past
// the output cap or no response within the time limit: the request fails, saying which.

import { writeNotUtf8Reason } from "../text-forms/index.js";
import type { Answer, Canonicalizer } from "../types.js";
import { AdapterSetupError } from "./errors.js";
import { Limiter } from "./limiter.js";
import { checkLimits } from "./limits.js";
import { oneLine, REASON_BYTES, utf8Problem } from "./text.js";

export interface HttpOptions {
  url: string;
  jobs: number;
  timeoutMs: number;
  maxOutputBytes: number;
}

const LF = 0x0a;

class BodyTooLarge extends Error {}

/** Reads a response body up to `cap` bytes; past it, cancels the stream and throws BodyTooLarge. */
async function readCapped(res: Response, cap: number): Promise<Buffer> {
  if (res.body === null) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > cap) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Why a fetch threw, in words: Node's fetch hides the socket error in `cause`. */
function describeFetchError(e: unknown): string {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  const cause = err.cause;
  if (cause?.code !== undefined) return `${cause.code}${cause.message ? `: ${cause.message}` : ""}`;
  return cause?.message ?? err.message;
}

export function parseHttpUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AdapterSetupError(`not a URL: ${url}`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new AdapterSetupError(`the http adapter needs an http:// or https:// URL, not ${parsed.protocol}`);
  }
  return parsed;
}

async function post(url: URL, input: Uint8Array, o: HttpOptions, closing: AbortSignal): Promise<Answer> {
  const timeout = AbortSignal.timeout(o.timeoutMs);
  const signal = AbortSignal.any([timeout, closing]);
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: input,
      signal,
      redirect: "error",
    });
    const body = await readCapped(res, res.status === 200 ? o.maxOutputBytes : REASON_BYTES * 64);
    if (res.status === 200) {
      const output = body.length > 0 && body[body.length - 1] === LF ? body.subarray(0, -1) : body;
      if (output.length === 0) return { status: "failed", reason: "HTTP 200 with an empty body" };
      const problem = utf8Problem(output);
      if (problem !== undefined) return { status: "failed", reason: writeNotUtf8Reason(problem) };
      return { status: "canonical", output };
    }
    const said = oneLine(body);
    if (res.status >= 400 && res.status < 500) {
      return { status: "rejected", reason: said === "" ? `HTTP ${res.status}, empty body` : said };
    }
    return { status: "failed", reason: `HTTP ${res.status}${said === "" ? "" : `: ${said}`}` };
  } catch (e) {
    if (e instanceof BodyTooLarge) {
      return { status: "failed", reason: `response body passed the cap of ${o.maxOutputBytes} bytes` };
    }
    if (closing.aborted) return { status: "failed", reason: "the run was closed before the server answered" };
    if (timeout.aborted) return { status: "failed", reason: `no response within ${o.timeoutMs} ms` };
    return { status: "failed", reason: `request to ${url.href} failed: ${describeFetchError(e)}` };
  }
}

/** A Canonicalizer over HTTP, at most `jobs` requests at once. Throws AdapterSetupError on a bad URL. */
export function createHttpCanonicalizer(o: HttpOptions): Canonicalizer {
  checkLimits(o);
  const url = parseHttpUrl(o.url);
  const limiter = new Limiter(o.jobs);
  const closing = new AbortController();
  const inFlight = new Set<Promise<Answer>>();
  return {
    label: o.url,
    canonicalize(input: Uint8Array): Promise<Answer> {
      if (closing.signal.aborted)
        return Promise.resolve({ status: "failed", reason: "the adapter is closed" });
      const p = limiter.run(() => post(url, input, o, closing.signal));
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
      return p;
    },
    async close(): Promise<void> {
      closing.abort();
      await Promise.all(inFlight);
    },
  };
}

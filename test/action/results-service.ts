// A loopback stand-in for the GitHub Actions results service, so that the real @actions/artifact client
// uploads against it: the Twirp ArtifactService (CreateArtifact, FinalizeArtifact, JSON bodies) and the
// Azure blob endpoint its signed upload URL points at (PUT ?comp=block stages a block, PUT
// ?comp=blocklist commits them in the listed order), all on one local http server.
import { Buffer } from "node:buffer";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

const TWIRP = "/twirp/github.actions.results.api.v1.ArtifactService/";

/** How the service misbehaves: not at all, or with a 4xx at one step of the upload. */
export type ServiceMode = "ok" | "create-forbidden" | "blob-forbidden";

export interface UploadedArtifact {
  name: string;
  /** The committed blob: the zip @actions/artifact streamed. */
  blob: Buffer;
  /** The `sha256:<hex>` hash FinalizeArtifact was given. */
  hash: string | undefined;
  size: string;
  /** CreateArtifact's `expires_at`, when the upload asked for a retention period. */
  expiresAt: string | undefined;
}

export interface ResultsService {
  /** The value for ACTIONS_RESULTS_URL. */
  url: string;
  /** A runtime token whose `scp` claim names this run and job, as @actions/artifact reads it. */
  token: string;
  runBackendId: string;
  jobBackendId: string;
  artifacts: UploadedArtifact[];
  /** Every request, `METHOD path`, in order: to assert which steps the client reached. */
  requests: string[];
  close(): Promise<void>;
}

function base64url(value: string): string {
  return Buffer.from(value).toString("base64url");
}

/** An unsigned JWT: @actions/artifact decodes the claims (jwt-decode) and never checks a signature. */
export function runtimeToken(runBackendId: string, jobBackendId: string): string {
  const header = base64url(JSON.stringify({ alg: "none", typ: "JWT" }));
  const claims = base64url(
    JSON.stringify({ scp: `Actions.GenericRead Actions.Results:${runBackendId}:${jobBackendId}` }),
  );
  return `${header}.${claims}.`;
}

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function json(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(value));
}

export async function startResultsService(mode: ServiceMode = "ok"): Promise<ResultsService> {
  const runBackendId = "11111111-2222-4333-8444-555555555555";
  const jobBackendId = "66666666-7777-4888-8999-000000000000";
  const artifacts: UploadedArtifact[] = [];
  const requests: string[] = [];
  // Per blob path: its staged blocks, and the artifact waiting for its blob.
  const blocks = new Map<string, Map<string, Buffer>>();
  const pending = new Map<string, UploadedArtifact>();
  const token = runtimeToken(runBackendId, jobBackendId);
  let origin = "";
  let nextId = 4000;

  async function twirp(method: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    // The real service authenticates every call with the runtime token.
    if (request.headers.authorization !== `Bearer ${token}`) {
      return json(response, 401, { code: "unauthenticated", msg: "no or wrong bearer token" });
    }
    const message = JSON.parse((await body(request)).toString("utf8")) as Record<string, unknown>;
    const name = String(message.name);
    const ids =
      message.workflow_run_backend_id === runBackendId &&
      message.workflow_job_run_backend_id === jobBackendId;
    if (!ids)
      return json(response, 400, { code: "invalid_argument", msg: "backend ids do not match the token" });
    if (method === "CreateArtifact") {
      if (mode === "create-forbidden")
        return json(response, 403, { code: "permission_denied", msg: "forbidden" });
      const path = `/blob/${runBackendId}/${encodeURIComponent(name)}.zip`;
      const expires = message.expires_at;
      pending.set(name, {
        name,
        blob: Buffer.alloc(0),
        hash: undefined,
        size: "0",
        expiresAt: typeof expires === "string" ? expires : undefined,
      });
      blocks.set(path, new Map());
      return json(response, 200, {
        ok: true,
        signed_upload_url: `${origin}${path}?sig=loopback-signature&sv=2023-11-03`,
      });
    }
    if (method === "FinalizeArtifact") {
      const artifact = pending.get(name);
      if (!artifact)
        return json(response, 404, { code: "not_found", msg: `no artifact ${name} was created` });
      const hash = message.hash as { value?: string } | string | undefined;
      artifact.hash = typeof hash === "string" ? hash : hash?.value;
      artifact.size = String(message.size);
      artifacts.push(artifact);
      nextId += 1;
      return json(response, 200, { ok: true, artifact_id: String(nextId) });
    }
    return json(response, 404, { code: "bad_route", msg: `no method ${method}` });
  }

  async function blob(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", origin);
    const staged = blocks.get(url.pathname);
    const data = await body(request);
    if (request.method !== "PUT" || !staged) {
      response.writeHead(404).end();
      return;
    }
    if (mode === "blob-forbidden") {
      response.writeHead(403, { "x-ms-error-code": "AuthorizationFailure" }).end();
      return;
    }
    const comp = url.searchParams.get("comp");
    if (comp === "block") {
      staged.set(url.searchParams.get("blockid") ?? "", data);
    } else if (comp === "blocklist") {
      // <BlockList><Latest>id</Latest>...</BlockList>: assemble the blob in the listed order.
      const ids = [...data.toString("utf8").matchAll(/<(?:Latest|Committed|Uncommitted)>([^<]*)</g)].map(
        (m) => m[1]!,
      );
      const parts = ids.map((id) => staged.get(id));
      if (parts.some((p) => p === undefined)) {
        response.writeHead(400, { "x-ms-error-code": "InvalidBlockList" }).end();
        return;
      }
      const name = decodeURIComponent(
        url.pathname
          .split("/")
          .pop()!
          .replace(/\.zip$/, ""),
      );
      const artifact = pending.get(name);
      if (artifact) artifact.blob = Buffer.concat(parts as Buffer[]);
    } else {
      // A single-shot Put Blob, in case the client ever sends small uploads in one request.
      const name = decodeURIComponent(
        url.pathname
          .split("/")
          .pop()!
          .replace(/\.zip$/, ""),
      );
      const artifact = pending.get(name);
      if (artifact) artifact.blob = data;
    }
    response.writeHead(201, { "x-ms-request-server-encrypted": "true", "x-ms-version": "2023-11-03" }).end();
  }

  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0]!;
    requests.push(
      `${request.method} ${path}${request.url?.includes("comp=") ? ` ${new URL(request.url, "http://x").searchParams.get("comp")}` : ""}`,
    );
    const handled = path.startsWith(TWIRP)
      ? twirp(path.slice(TWIRP.length), request, response)
      : blob(request, response);
    handled.catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { code: "internal", msg: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${origin}/`,
    token,
    runBackendId,
    jobBackendId,
    artifacts,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

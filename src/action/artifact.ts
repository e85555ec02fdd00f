// The artifact: the run's files uploaded with @actions/artifact. A failed upload is a warning, not a
// lost result: the files are already on the runner's disk, and the warning says where.
import * as core from "@actions/core";
import { messageOf } from "./failure.js";
import { neutralise } from "./runner-commands.js";
import { withRunnerTokens } from "./runner-tokens.js";

export interface UploadedArtifact {
  id: string;
  url: string;
  digest: string;
}

export interface ArtifactSettings {
  artifactName: string;
  retentionDays: number | undefined;
}

/** Uploads the files; a failure is a warning, since they are already on disk (`kept` says where). */
export async function uploadArtifact(
  settings: ArtifactSettings,
  files: string[],
  outDir: string,
  kept: string,
): Promise<UploadedArtifact | undefined> {
  try {
    // Evaluated here, when it uploads, but not loaded here: scripts/build.mjs bundles it into
    // dist/index.js itself (no chunk), which was read whole at start-up, before the command under
    // test could write anything (docs/sandbox.md "What the harness promises", rule 1). So a step
    // that uploads nothing does not pay for setting the client up, and nothing is read from disk.
    const { DefaultArtifactClient } = await import("@actions/artifact");
    // The runner's tokens are back in process.env for the upload only (runner-tokens.ts).
    const response = await withRunnerTokens(() =>
      new DefaultArtifactClient().uploadArtifact(settings.artifactName, files, outDir, {
        ...(settings.retentionDays !== undefined ? { retentionDays: settings.retentionDays } : {}),
      }),
    );
    const id = response.id === undefined ? "" : String(response.id);
    const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: runId } = process.env;
    const url =
      id && server && repository && runId
        ? `${server}/${repository}/actions/runs/${runId}/artifacts/${id}`
        : "";
    core.info(`uploaded artifact '${settings.artifactName}'${url ? `: ${url}` : ""}`);
    return { id, url, digest: response.digest ?? "" };
  } catch (error) {
    // The service's text is not ours: neutralised before it reaches the log.
    core.warning(
      neutralise(`the artifact upload failed (${messageOf(error)}); the result is not lost: ${kept}`),
      {
        title: "canon-conformance: artifact not uploaded",
      },
    );
    return undefined;
  }
}

/** The artifact-* outputs, empty when nothing was uploaded. */
export function setArtifactOutputs(artifact: UploadedArtifact | undefined): void {
  core.setOutput("artifact-id", artifact?.id ?? "");
  core.setOutput("artifact-url", artifact?.url ?? "");
  core.setOutput("artifact-digest", artifact?.digest ?? "");
}

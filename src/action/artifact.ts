// The artifact: the run's files uploaded with @actions/artifact. A failed upload is a warning, not a
// lost result: the files are already on the runner's disk, and the warning says where.
import type { ActionCore } from "./core.js";
import { messageOf } from "./failure.js";
import { neutralise } from "./runner-commands.js";

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
  core: ActionCore,
  settings: ArtifactSettings,
  files: string[],
  outDir: string,
  kept: string,
): Promise<UploadedArtifact | undefined> {
  try {
    const response = await core.uploadArtifact(settings.artifactName, files, outDir, {
      ...(settings.retentionDays !== undefined ? { retentionDays: settings.retentionDays } : {}),
    });
    const id = response.id === undefined ? "" : String(response.id);
    const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: runId } = core.env;
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
export function setArtifactOutputs(core: ActionCore, artifact: UploadedArtifact | undefined): void {
  core.setOutput("artifact-id", artifact?.id ?? "");
  core.setOutput("artifact-url", artifact?.url ?? "");
  core.setOutput("artifact-digest", artifact?.digest ?? "");
}

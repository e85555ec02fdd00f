// The signing key in the action: masked before anything else is printed, taken out of the environment
// the command under test inherits, then chosen: the supplied key, or one made for the run (a pull
// request from a fork gets no secrets, and is told so).
import { readFileSync } from "node:fs";
import { type Face, readOption } from "../options/index.js";
import { ephemeralKey, loadSuppliedKey, toHex } from "../record/keys.js";
import type { SigningKey } from "../types.js";
import type { ActionCore } from "./core.js";

/** Reads the signing-key input and masks it; then takes it and the runner's tokens out of this
 * process's environment, /proc/self/environ included (runner-tokens.ts), so no command can read them. */
export function takeSigningKey(core: ActionCore, face: Face): string {
  const keyText = readOption("signing-key", face);
  maskKey(core, keyText);
  const scrub = core.takeSecrets();
  if (!scrub.supported) core.info(`note: ${scrub.note ?? "the environment block could not be scrubbed"}`);
  return keyText;
}

/** Masks the key and every line of it long enough to be secret (a PEM's body lines; not its armour). */
function maskKey(core: ActionCore, keyText: string): void {
  if (keyText === "") return;
  core.setSecret(keyText);
  for (const line of keyText.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed !== keyText && trimmed.length >= 8 && !trimmed.startsWith("-----")) core.setSecret(trimmed);
  }
}

/** The key the `signing-key` input holds, through the one key loader (src/record/keys.ts): a bad one
 * is refused in the CLI's words (a KeyError, naming the input); undefined when the input is empty. */
export function suppliedKey(keyText: string): SigningKey | undefined {
  return loadSuppliedKey({ input: { name: "signing-key", text: keyText } });
}

/** Run mode's key: the supplied one, or one made for the run (said, and why when it is a fork's). */
export function chooseKey(core: ActionCore, keyText: string): SigningKey {
  const key = suppliedKey(keyText);
  if (key !== undefined) {
    core.info(`signing with the supplied key, public half ${toHex(key.publicKey)}`);
    return key;
  }
  if (isForkPullRequest(core.env)) {
    core.notice(
      'signing-key is empty: GitHub passes no secrets to pull requests from forks. The record is signed with a key made for this run ("key": "ephemeral"): it still verifies, but does not say who ran it.',
      { title: "canon-conformance: ephemeral key" },
    );
  } else {
    core.info(
      'signing-key is empty: the record is signed with a key made for this run ("key": "ephemeral").',
    );
  }
  return ephemeralKey();
}

/**
 * When a supplied key reaches `mode: run` on a pull_request* event, why that is unsafe; else undefined.
 * The job ran the pull request's code before this step (its checkout, its build, any step the pull
 * request changed), and an earlier step can read a later step's environment, INPUT_SIGNING-KEY
 * included, from /proc before the action takes it out: no harness can stop that (docs/sandbox.md).
 */
export function keyInPullRequestJob(supplied: boolean, event: string): string | undefined {
  if (!supplied || !event.startsWith("pull_request")) return undefined;
  return `signing-key was given to a run on a ${event} event: code of the pull request ran in this job before this step (its checkout, its build, any step it changed) and could read the key from this step's environment before the action took it out. A long-lived key belongs in a job that runs no code under test: leave signing-key out here, and sign in a second job with mode: sign (docs/action.md)`;
}

/** A pull_request event whose head is another repository: GitHub passes it no secrets. */
function isForkPullRequest(env: NodeJS.ProcessEnv): boolean {
  const event = env.GITHUB_EVENT_NAME ?? "";
  if (!event.startsWith("pull_request") || event === "pull_request_target") return false;
  try {
    const payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH ?? "", "utf8"));
    const pull = payload?.pull_request;
    if (!pull) return false;
    const head = pull.head?.repo;
    // A deleted fork leaves head.repo null; it was a fork all the same.
    return head == null || head.fork === true || head.full_name !== pull.base?.repo?.full_name;
  } catch {
    return false;
  }
}

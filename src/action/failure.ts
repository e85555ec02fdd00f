// How the action words an error: an input names itself, a run that could not start says so, and
// anything else is the harness's own failure.
import { InputError as AggregateInputError } from "../aggregate/index.js";
import { SetupError } from "../errors.js";
import { OptionError } from "../options/index.js";
import { KeyError } from "../record/keys.js";

/** The step's failure message for `error`; no key can be in it (KeyError messages never hold one). */
export function failureMessage(error: unknown): string {
  if (error instanceof OptionError) {
    return error.option === undefined ? error.message : `input \`${error.option}\`: ${error.message}`;
  }
  if (error instanceof KeyError) return error.message;
  if (error instanceof AggregateInputError) return `input \`records\`: ${error.message}`;
  if (error instanceof SetupError) return `canon-conformance could not run: ${error.message}`;
  return `canon-conformance failed: ${error instanceof Error ? error.message : String(error)}`;
}

/** Whether `error` stopped the step before its work began (an input, the key, a run that could not
 * start): then nothing ran, and nothing was signed. */
export function isSetupError(error: unknown): boolean {
  return (
    error instanceof OptionError ||
    error instanceof KeyError ||
    error instanceof AggregateInputError ||
    error instanceof SetupError
  );
}

/** Some errors (the blob client's REST errors) carry a status and an empty message. */
export function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
  const detail = error.message.trim() || (typeof code === "string" ? code : error.name);
  return typeof statusCode === "number" ? `HTTP ${statusCode}: ${detail}` : detail;
}

import { SetupError } from "../errors.js";
/** The sandbox asked for cannot be set up (bwrap missing or refused, a bad writable path, ...). The
 * message says what to fix; it never contains a secret (paths at most). */
export class SandboxSetupError extends SetupError {
  override name = "SandboxSetupError";
}

// The one error the adapters throw before a run starts: the command or URL cannot be used as given.
// The run reports its message and exits 2, so the message says what to fix.
import { SetupError } from "../errors.js";
export class AdapterSetupError extends SetupError {
  override name = "AdapterSetupError";
}

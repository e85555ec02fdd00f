import { CanonError } from "../errors.js";
/**
 * An option that cannot be used. `option` names it when the fault is in that one option (the action
 * then says `input \`name\`: …`); the message already names it the way the face that read it does.
 */
export class OptionError extends CanonError {
  override name = "OptionError";
  constructor(
    message: string,
    readonly option?: string,
  ) {
    super(message);
  }
}

// @noble/ed25519's synchronous API needs a SHA-512 provider; this module wires it once, and every
// module here that signs or verifies imports Ed25519 through it.
import * as ed from "@noble/ed25519";
import { sha512 } from "@noble/hashes/sha2.js";

ed.hashes.sha512 = sha512;

export { ed, sha512 };

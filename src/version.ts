// The tool's name and version, as the record's `toolchain` states them. Kept in step with
// package.json by a test (test/version.test.ts), since the bundle cannot read package.json at run time.
export const TOOL_NAME = "canon-conformance";
export const TOOL_VERSION = "0.1.0";

// The rules that join two options, in one wording; `ref` is how the face names an option inside a
// sentence (`--url` on the CLI, `` `url` `` in the action and for a caller of the API).
export type Ref = (name: string) => string;

export const RULES = {
  noImplementation: (ref: Ref) =>
    `set ${ref("command")} to your canonicalizer's command line (or ${ref("url")} for one served over HTTP)`,
  twoImplementations: (ref: Ref) => `set either ${ref("command")} or ${ref("url")}, not both`,
  twoReadSides: (ref: Ref) => `set either ${ref("read-command")} or ${ref("read-url")}, not both`,
  compareProtocolAlone: (ref: Ref) =>
    `${ref("compare-protocol")} is set but ${ref("compare-command")} is empty: set the second implementation's command line, or clear ${ref("compare-protocol")}`,
};

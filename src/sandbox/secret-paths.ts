// Files this process holds secrets in (the key file it read), which every sandbox of every later
// run hides from the command under test, whoever opens the sandbox.
const paths = new Set<string>();

/** Hides `path` from every command this process starts in a sandbox from now on. */
export function hideFromCommands(path: string): void {
  paths.add(path);
}

/** The paths hideFromCommands was given. */
export function hiddenSecretPaths(): string[] {
  return [...paths];
}

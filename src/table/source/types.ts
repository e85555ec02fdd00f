// What a source provider is given and gives back (src/table/source/index.ts says how they are used).
import type { Manifest } from "../manifest.js";

/** One source tree given on the command line, as copied into the row's build folder. */
export interface SourceTree {
  /** The package's name in its registry (the manifest's package, or a dependency's name). */
  name: string;
  /** Where it was given (read-only; never written). */
  given: string;
  /** Its copy inside the row's build folder, absolute: what the build uses. */
  dir: string;
  /** The git commit it is at, when it is a checkout. */
  commit?: string;
  /** The tags at that commit. */
  tags: string[];
}

export interface SourceInput {
  manifest: Manifest;
  /** The row's build folder (a fresh copy of its table folder). */
  rowDir: string;
  /** The package itself. */
  pkg: SourceTree;
  /** Dependencies given from source, by name. */
  deps: Map<string, SourceTree>;
}

/** What a provider does in place of the registry install. */
export interface SourcePlan {
  /** Shell commands run in the row's build folder, in order, in place of the manifest's install. */
  install: string[];
  /** The row's commands here, when this machine's toolchain differs from the manifest's (mono for dotnet). */
  commands?: { once: string; lines: string };
  /** What differs from the registry install, in words: the build log, build.json and the row's page say it. */
  notes: string[];
}

/** A provider edits the row's build folder (its copy, never table/) and says what to run. It throws an
 * Error whose message says what is missing (a dependency not given, a layout it cannot read). */
export type SourceProvider = (input: SourceInput) => SourcePlan;

// The corpus stage: vectors/ on disk -> named cases with the profile applied, plus the list of files
// the run read and their digest (seed 003 §2.1). The stored suites are read whole (every profile's
// files, so that the files a run reads do not depend on the profile); `numbers` is generated from its
// manifest, and `generated` (./generated) reads no file at all. With a shard, only the generated
// suites are split (./shard.ts). Every case is data: the checks (src/checks) judge it.
import { DEFAULT_GENERATED_RUNS, DEFAULT_SEED } from "../options/defaults.js";
import { type CorpusCase, type Profile, type Shard, SUITES, type SuiteName } from "../types.js";
import { type CorpusFile, corpusDigest } from "./digest.js";
import { type CorpusFileBytes, readCorpusFile } from "./files.js";
import { generatedCases, generatedProperty } from "./generated/index.js";
import {
  ManifestError,
  PROFILES,
  parseNumbersManifest,
  parseStoredManifest,
  type StoredCase,
  type StoredManifest,
} from "./manifest.js";
import { numbersCases, numbersPlan } from "./numbers.js";
import { shardSlice } from "./shard.js";

export { type CorpusFile, corpusDigest } from "./digest.js";
export { generatedProperty, PROPERTIES } from "./generated/index.js";
export type { StoredKind } from "./manifest.js";
export { doubleFromBits, numberBlocks, spellInput } from "./numbers.js";
export { vectorsRoot } from "./root.js";
export { casePattern, nearNames, selectCases } from "./select.js";
export { shardSlice } from "./shard.js";

import { vectorsRoot } from "./root.js";

/** The corpus folder as the record's `corpus.dir` names it, and the prefix of every file path. */
const CORPUS_DIR = "vectors";
/** The suites with a folder under vectors/ (the generated suite reads no file). */
export const SUITES_ON_DISK: readonly SuiteName[] = SUITES.filter((s) => s !== "generated");

export interface LoadOptions {
  suites: SuiteName[];
  profile: Profile;
  /** How many generated doubles the `numbers` suite sends (0 for none). */
  numbers: number;
  /** Seeds the numbers sweep and the generated suite; vectors/numbers/manifest.json's seed by default. */
  seed?: number;
  /** Runs of each generated property (DEFAULT_GENERATED_RUNS by default). */
  generatedRuns?: number;
  /** This job's part of a sharded run: numbers and generated cases are split, stored suites kept. */
  shard?: Shard;
  /** The vectors/ folder; vectorsRoot() by default. */
  root?: string;
}

export interface Corpus {
  /** Suites in SUITES order, cases in manifest order. */
  cases: CorpusCase[];
  /** From vectors/VERSION: the record's `standard`. */
  version: string;
  dir: typeof CORPUS_DIR;
  /** Exactly the files this run reads. */
  files: CorpusFile[];
  /** Seed 003 §2.1: `sha256:` + hex. */
  digest: string;
}

/** The cases `options` ask for. The options are taken as given: a run's come from their reader
 * (src/options), which bounds every count, seed and shard; the other callers pass constants. */
export async function loadCorpus(options: LoadOptions): Promise<Corpus> {
  const root = options.root ?? vectorsRoot();
  const read = await readSuites(root, options.suites);
  const cases: CorpusCase[] = [];
  for (const suite of SUITES) {
    if (!options.suites.includes(suite)) continue;
    if (suite === "numbers") {
      const manifest = read.numbers!;
      cases.push(
        ...shardSlice(numbersCases(numbersPlan(manifest, options.numbers, options.seed)), options.shard),
      );
      continue;
    }
    if (suite === "generated") {
      const seed = options.seed ?? read.seed;
      const runs = options.generatedRuns ?? DEFAULT_GENERATED_RUNS;
      cases.push(...shardSlice(generatedCases({ seed, runs, profile: options.profile }), options.shard));
      continue;
    }
    const manifest = read.stored.get(suite)!;
    const byName = new Map(manifest.cases.map((entry) => [entry.name, entry.byProfile[options.profile]]));
    for (const entry of manifest.cases) {
      cases.push(
        toCorpusCase(suite, entry.byProfile[options.profile], (path) => read.bytes.get(path)!, byName),
      );
    }
  }
  return {
    cases,
    version: read.version,
    dir: CORPUS_DIR,
    files: read.files,
    digest: corpusDigest(read.files),
  };
}

/** The files a run of these suites reads, each with its SHA-256: VERSION, the manifests, every case file. */
export async function corpusFiles(root: string, suites: SuiteName[]): Promise<CorpusFile[]> {
  return (await readSuites(root, suites)).files;
}

interface ReadSuites {
  version: string;
  stored: Map<SuiteName, StoredManifest>;
  numbers?: ReturnType<typeof parseNumbersManifest>;
  /** The default seed: the numbers manifest's, so one `seed=` names both generated suites. */
  seed: number;
  /** Every file read, by its corpus path (`vectors/...`). */
  bytes: Map<string, Uint8Array>;
  files: CorpusFile[];
}

async function readSuites(root: string, suites: SuiteName[]): Promise<ReadSuites> {
  for (const suite of suites) {
    if (!SUITES.includes(suite)) throw new Error(`unknown suite "${suite}" (known: ${SUITES.join(", ")})`);
  }
  const bytes = new Map<string, Uint8Array>();
  // Each file read (and hashed) once, and once per process while it is the same file (./files.ts).
  const files = new Map<string, CorpusFileBytes>();
  const load = async (path: string, owner: string): Promise<Uint8Array> => {
    const known = bytes.get(path);
    if (known) return known;
    let file: CorpusFileBytes;
    try {
      file = await readCorpusFile(`${root}/${path.slice(CORPUS_DIR.length + 1)}`);
    } catch (error) {
      throw new ManifestError(
        `${owner}${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`,
      );
    }
    files.set(path, file);
    bytes.set(path, file.bytes);
    return file.bytes;
  };
  const text = (data: Uint8Array) => new TextDecoder().decode(data);
  const checkPinnedDigests = (stored: { sha256: string; keccak256: string }, path: string, where: string) => {
    const sha256 = files.get(path)!.sha256();
    if (sha256 !== stored.sha256)
      throw new ManifestError(`${where}: its SHA-256 is ${sha256}, the manifest pins ${stored.sha256}`);
    const keccak256 = files.get(path)!.keccak256();
    if (keccak256 !== stored.keccak256) {
      throw new ManifestError(
        `${where}: its Keccak-256 is ${keccak256}, the manifest pins ${stored.keccak256}`,
      );
    }
  };

  const versionPath = `${CORPUS_DIR}/VERSION`;
  const version = text(await load(versionPath, "")).trim();
  if (!/^\d+\.\d+\.\d+$/.test(version)) {
    throw new ManifestError(
      `${versionPath}: must hold a version like 2026.12.0, got ${JSON.stringify(version)}`,
    );
  }

  const result: ReadSuites = { version, stored: new Map(), bytes, files: [], seed: DEFAULT_SEED };
  for (const suite of SUITES) {
    if (!suites.includes(suite) || suite === "generated") continue;
    const manifestPath = `${CORPUS_DIR}/${suite}/manifest.json`;
    const manifestText = text(await load(manifestPath, ""));
    if (suite === "numbers") {
      result.numbers = parseNumbersManifest(manifestPath, manifestText);
      result.seed = result.numbers.seed;
      continue;
    }
    const manifest = parseStoredManifest(manifestPath, suite, manifestText);
    result.stored.set(suite, manifest);
    for (const entry of manifest.cases) {
      for (const profile of PROFILES) {
        const stored = entry.byProfile[profile];
        const owner = `${manifestPath}: case "${entry.name}": `;
        const files = caseFiles(stored).map((file) => `${CORPUS_DIR}/${suite}/${file}`);
        await Promise.all(files.map((path) => load(path, owner)));
        if (stored.kind === "canon") checkPinnedDigests(stored, files[1]!, `${owner}${files[1]}`);
      }
    }
  }
  // Sorted by path, so the list does not depend on the order reads happened to finish in.
  result.files = [...files.keys()].sort().map((path) => ({ path, sha256: files.get(path)!.sha256() }));
  return result;
}

/** The case's files in a fixed order: input then expected, or a then b. */
function caseFiles(stored: StoredCase): string[] {
  switch (stored.kind) {
    case "canon":
    case "canon-or-reject":
      return [stored.input, stored.expected, ...linesFile(stored)];
    case "reject":
      return [stored.input, ...linesFile(stored)];
    case "equal":
    case "differ":
      return [stored.a, stored.b];
    case "consistent-choice":
      return []; // its members' files are their own cases'
    default:
      return [stored.input];
  }
}

function linesFile(stored: { linesInput?: string }): string[] {
  return stored.linesInput === undefined ? [] : [stored.linesInput];
}

function toCorpusCase(
  suite: SuiteName,
  stored: StoredCase,
  file: (path: string) => Uint8Array,
  siblings: Map<string, StoredCase>,
): CorpusCase {
  const at = (path: string) => file(`${CORPUS_DIR}/${suite}/${path}`);
  // The files a person opens to see what was sent (the expected file is in the report already).
  const sent = "input" in stored ? [stored.input] : "a" in stored ? [stored.a, stored.b] : [];
  const vector = sent.map((path) => `${CORPUS_DIR}/${suite}/${path}`).join(" ");
  const info = {
    suite,
    name: stored.name,
    why: stored.why,
    source: stored.source,
    ...(sent.length > 0 ? { vector } : {}),
  };
  const lines = (s: { linesInput?: string; linesWhy?: string }) =>
    s.linesInput === undefined ? {} : { lines: { input: at(s.linesInput), why: s.linesWhy! } };
  switch (stored.kind) {
    case "canon":
      return {
        ...info,
        kind: "canon",
        input: at(stored.input),
        expected: at(stored.expected),
        sha256: stored.sha256,
        keccak256: stored.keccak256,
        ...lines(stored),
      };
    case "canon-or-reject":
      return {
        ...info,
        kind: "canon-or-reject",
        input: at(stored.input),
        expected: at(stored.expected),
        ...lines(stored),
      };
    case "reject":
      return { ...info, kind: "reject", input: at(stored.input), ...lines(stored) };
    case "consistent-choice":
      return {
        ...info,
        kind: "consistent-choice",
        // The manifest was checked: each member is a canon-or-reject case of this suite.
        members: stored.of.map((name) => {
          const member = siblings.get(name) as Extract<StoredCase, { kind: "canon-or-reject" }>;
          return { name, input: at(member.input), expected: at(member.expected) };
        }),
      };
    case "equal":
    case "differ":
      return { ...info, kind: stored.kind, a: at(stored.a), b: at(stored.b) };
    default:
      return { ...info, kind: stored.kind, input: at(stored.input) };
  }
}

/** How many requests judging `c` asks of the implementation (and I4's read side): what a progress
 * line counts down. A generated property's runs are counted as planned, though a draw that makes no
 * instance asks nothing; a case marked not run asks nothing. */
export function plannedRequests(c: CorpusCase): number {
  if (c.notRun !== undefined) return 0;
  switch (c.kind) {
    case "canon":
    case "reject":
    case "canon-or-reject":
      return 1;
    case "equal":
    case "differ":
    case "idempotent":
    case "roundtrip":
      return 2;
    case "consistent-choice":
      return c.members.length;
    case "numbers":
      return Math.ceil(c.count / c.blockSize);
    case "property":
      return (c.to - c.from + 1) * generatedProperty(c.property).requestsPerRun;
  }
}

// The contracts between the pipeline's stages (docs/architecture.md). Each stage lives in its own
// folder; these are the shapes that cross folder boundaries, so they live in one place, and they
// depend on no stage: a stage's own types (a comparison's report, the gate, the sandbox's status) stay
// in its folder, and the run's API (RunOptions, RunOutcome) next to the run, in src/run/.

/** The profile a run judges by: `rfc8785` keeps strings exactly as sent; `nfc` is for stores that
 * normalize to NFC on write, where an NFC/NFD pair must reconcile. */
export type Profile = "rfc8785" | "nfc";

/** The stored and generated suites, in the order a run takes them. */
export const SUITES = ["jcs", "reject", "canon-or-reject", "invariants", "numbers", "generated"] as const;
export type SuiteName = (typeof SUITES)[number];

/** What an implementation answered to one request. */
export type Answer =
  /** It accepted the input and wrote these bytes (one trailing LF already removed). */
  | { status: "canonical"; output: Uint8Array }
  /** It refused the input on purpose (non-zero exit, a `!` line, a 4xx), with its reason. */
  | { status: "rejected"; reason: string }
  /** The harness could not get an answer: timeout, crash, output cap, lost framing, bad HTTP status. */
  | { status: "failed"; reason: string };

/** An implementation under test, whatever its transport: a command, a URL, or code in this process. */
export interface Canonicalizer {
  /** How a person names it in a report: the command line, the URL, or `known-bad:NAME`. */
  readonly label: string;
  canonicalize(input: Uint8Array): Promise<Answer>;
  /** The same, asked where nothing else can interfere (lines mode: a fresh process of its own);
   * absent where every request already is (once mode, http, in this process). For requests likely to
   * get no answer (narrowing a block that got none), so they cost one time limit, not two. */
  canonicalizeAlone?(input: Uint8Array): Promise<Answer>;
  /** The same, with a shorter time limit (once mode: a fifth of it, at least 1 s): for a request whose
   * time-out decides no verdict (a batch, a numbers block, a narrowing level of several inputs), so a
   * hang costs one full time limit, where the input is asked alone, and short ones before it. Absent
   * where there is no limit to shorten (lines mode's pipeline, in this process). */
  canonicalizeBriefly?(input: Uint8Array): Promise<Answer>;
  /** What asking requests alone has cost so far (lines mode: each request in doubt, asked again in a
   * fresh process), for the progress line; absent where nothing is asked twice. With restarts, how
   * the first and the last process that ended mid-run ended (the run's reports say it). */
  readonly isolation?: {
    askedAlone: number;
    aloneMs: number;
    restarts?: number;
    answeredAtEnd?: number;
    firstEnd?: ProcessEnd;
    lastEnd?: ProcessEnd;
  };
  /** Ends every process or connection it holds. Safe to call twice. */
  close(): Promise<void>;
}

/** How a process of the command ended by itself mid-run (lines mode), counted as a restart. */
export interface ProcessEnd {
  /** Its exit code (null: none was seen, as when it could not be waited for), or the signal that
   * ended it. */
  exit: { code: number | null } | { signal: string };
  /** The request it owed an answer when it ended: the very bytes object the caller asked with;
   * absent when it owed the answer to one of the harness's sync requests. */
  input?: Uint8Array;
  /** The first line of its stderr, on one line and bounded (untrusted: a report escapes it). */
  stderr: string;
}

/** What every corpus case states about itself, whatever its kind. */
export interface CaseInfo {
  suite: SuiteName;
  /** Stable within its suite; the record names a case `suite/name`. */
  name: string;
  /** One line: what the case proves. */
  why: string;
  /** The RFC section or seed it rests on, e.g. `RFC 8785 §3.2.2.2` or `seed 000 [measured]`. */
  source: string;
  /** A stored case's input file(s) as the corpus names them (`vectors/jcs/inputs/x.json`; for a pair
   * `a` and `b`, space-separated); absent for generated cases. */
  vector?: string;
  /** Set when the case cannot be judged by this transport (lines mode cannot carry its bytes and it
   * has no lines form): why. Such a case is reported as not run and never passes. */
  notRun?: string;
}

/** A form of a stored case's input that the lines protocol carries faithfully and that tests the
 * same rule (a raw line break the protocol cannot carry, moved or replaced), and why it does. */
export interface LinesForm {
  input: Uint8Array;
  why: string;
}

/** One side of a choice the RFC leaves, as a consistent-choice case takes it from its own suite. */
export interface ChoiceMember {
  name: string;
  input: Uint8Array;
  expected: Uint8Array;
}

/** One numbers block: a JSON array of doubles, and the exact text RFC 8785 requires for it. */
export interface NumberBlock {
  input: Uint8Array;
  expected: Uint8Array;
  /** How many numbers the block holds. */
  count: number;
}

/** A case as a check sees it: the profile already applied, the input bytes loaded. A case is data
 * (inputs and expectations); the generated kinds state what to generate, and src/corpus makes it. */
export type CorpusCase = CaseInfo &
  (
    | {
        kind: "canon";
        input: Uint8Array;
        expected: Uint8Array;
        sha256: string;
        keccak256: string;
        lines?: LinesForm;
      }
    | { kind: "reject"; input: Uint8Array; lines?: LinesForm }
    /** The RFC leaves a choice: refusing is right, and so is accepting with exactly `expected`. */
    | { kind: "canon-or-reject"; input: Uint8Array; expected: Uint8Array; lines?: LinesForm }
    /** One choice asked several ways: an implementation accepts every member or refuses every one
     * (whether an accepted one is exact is each member's own canon-or-reject case). */
    | { kind: "consistent-choice"; members: ChoiceMember[] }
    /** I2: both inputs must canonicalize to the same bytes. */
    | { kind: "equal"; a: Uint8Array; b: Uint8Array }
    /** I3: the two inputs must canonicalize to different bytes. */
    | { kind: "differ"; a: Uint8Array; b: Uint8Array }
    /** I1: idempotence (src/text-forms/steps.ts I1_STEPS). */
    | { kind: "idempotent"; input: Uint8Array }
    /** I4: read(write(x)) == write(x), with the read side the store's normalizer. */
    | { kind: "roundtrip"; input: Uint8Array }
    /** Generated numbers: `from`..`to` of the sweep, made in blocks (numberBlocks) when judged, so that
     * any count runs in bounded memory. */
    | ({ kind: "numbers" } & NumbersRange)
    /** Generated: runs `from`..`to` of one fast-check property from run seed `seed`. */
    | ({ kind: "property" } & PropertyRange)
  );

/** A stretch of the numbers sweep: the edge cases first, then the stream of run seed `seed`. */
export interface NumbersRange {
  seed: number;
  /** The first and last number of the stretch, inclusive, over the whole (maybe sharded) sweep. */
  from: number;
  to: number;
  /** How many numbers: to - from + 1. */
  count: number;
  /** Numbers per request (one JSON array each). */
  blockSize: number;
  /** The edge-case doubles the sweep starts with. */
  edges: readonly number[];
  /** Then the grid of short decimals, as spelled (`12e-320`). */
  grid: readonly string[];
}

/** A stretch of one generated property's runs. */
export interface PropertyRange {
  /** The property's name (src/corpus/generated/properties.ts). */
  property: string;
  profile: Profile;
  /** The run seed (`--seed`), as case names state it. */
  seed: number;
  /** fast-check's seed for this stretch, derived from the run seed, the property and `from`. */
  fcSeed: number;
  /** The property's runs this case makes: `from`..`to`, inclusive, of the run's `total`. */
  from: number;
  to: number;
  total: number;
}

/** One drawn value of a generated property, as data of an existing kind: what to send and, from the
 * reference, what is right. The property check judges it by that kind's own rule. */
export type PropertyInstance =
  /** Exactly the reference's bytes. */
  | { kind: "canon"; input: Uint8Array; expected: Uint8Array }
  /** Two spellings of one value; `reference` is its canonical form. */
  | { kind: "equal"; a: Uint8Array; b: Uint8Array; reference: Uint8Array }
  /** A value and a semantic mutation of it, with both canonical forms and what the mutation did. */
  | {
      kind: "differ";
      a: Uint8Array;
      b: Uint8Array;
      referenceA: Uint8Array;
      referenceB: Uint8Array;
      mutation: string;
    }
  | { kind: "idempotent"; input: Uint8Array };

/** One job's part of a sharded run (`--shard K/N`): `index` K of `count` N, 1 <= K <= N. */
export interface Shard {
  index: number;
  count: number;
}

export type CaseKind = CorpusCase["kind"];

/** A judged case, as reports and the record take it. */
export interface CaseResult {
  suite: SuiteName;
  name: string;
  kind: CaseKind;
  pass: boolean;
  /** What the corpus states, readable: the canonical text, `reject`, `reject or <text>`, ... */
  expected: string;
  /** What the implementation answered, readable: its output, or `reject: <reason>`, or `failed: ...`. */
  got: string;
  why: string;
  source: string;
  /** A failed case's input, shown safely (src/escape/visible.ts's notation) and cut at a stated length:
   * for a pair `a = … and b = …`; absent for a passing case and where there is no single input. */
  input?: string;
  /** A failed case's input file(s) in the corpus (`vectors/jcs/inputs/x.json`, or `a` and `b` for a
   * pair, space-separated); absent for generated cases, whose names say how to replay them. */
  vector?: string;
  /** A failed sweep's culprits (the numbers suite; any case that narrows a batch), for an
   * expected-failures entry to pin (src/expected/gate.ts); absent elsewhere. */
  culprits?: CaseCulprits;
}

/** What a failed sweep found wrong: how many culprits of each kind, and the first of them (up to a
 * bound) each by its id (for a number, its input spelling) and kind. */
export interface CaseCulprits {
  kinds: Record<string, number>;
  listed: { id: string; kind: string }[];
}

/** The implementations a check talks to. */
export interface CheckContext {
  /** The implementation under test (the write side). */
  write: Canonicalizer;
  /** The store's normalizer for I4; the same object as `write` when none is given. */
  read: Canonicalizer;
  /** Once mode's batches: what they showed of the write side's answers (src/batch/nested.ts), which
   * only the generated suite reads, and only to pass a draw or count it as a repeat. */
  nested?: NestedAnswers;
}

/** What the write side wrote for an input inside a batch (src/batch/nested.ts). */
export interface NestedAnswers {
  /** Those bytes, or undefined when the batches showed nothing for `input`; waits for the batches. */
  answer(input: Uint8Array): Promise<Uint8Array | undefined>;
  /** Asks those of `inputs` no batch has carried yet, many to a process, so that `answer` knows them
   * (a shrink's next candidates), and with `answersToo` what they were answered (I1 sends an answer
   * back); what cannot travel in a batch is left out. False when the batch showed none of them (it
   * was refused or got no answer as a whole): a shrink then stops showing. */
  show(inputs: readonly Uint8Array[], answersToo: boolean): Promise<boolean>;
}

export type Check = (c: CorpusCase, ctx: CheckContext) => Promise<CaseResult>;

/** The record of seed 003 §2, `conform-result/1`, exactly its members. */
export interface ConformResult {
  wai: "conform-result/1";
  kind: string;
  suite: string;
  standard: string;
  toolchain: { name: string; version: string };
  corpus: { dir: string; files: number; digest: string };
  implementation: {
    adapter: "command" | "http";
    impl: string;
    name: string | null;
    version: string | null;
    files: { path: string; sha256: string }[];
  };
  started_at: string;
  cases: { name: string; pass: boolean; expected: string; got: string }[];
  summary: { cases: number; passed: number; failed: number };
  conformant: boolean;
  key: "ephemeral" | "supplied";
  signer_pubkey: string;
  sig: string;
}

/** The record before it is signed: everything but `signer_pubkey` and `sig`. */
export type UnsignedConformResult = Omit<ConformResult, "signer_pubkey" | "sig">;

/** A signing key: made for the run, or supplied by the runner. The seed never leaves the process. */
export interface SigningKey {
  kind: "ephemeral" | "supplied";
  /** The 32-byte Ed25519 secret seed (RFC 8032 §5.1.5). */
  seed: Uint8Array;
  /** The 32-byte public key, as `signer_pubkey` states it in hex. */
  publicKey: Uint8Array;
}

export interface Progress {
  done: number;
  total: number;
  failed: number;
  elapsedMs: number;
  /** The suite of the case most recently started (a corpus run; absent for the differential run). */
  suite?: SuiteName;
  /** Requests the implementation is still to be asked, as planned (a generated property that skips a
   * draw asks fewer): once mode starts a process for each. */
  requestsLeft?: number;
  /** Once mode with batches: processes ended so far and planned (src/batch); a progress line then
   * counts these, not cases. */
  requests?: { done: number; planned: number };
  /** Lines mode: requests asked alone so far (in doubt, or narrowing a block that got no answer), one
   * at a time, and their time in all; processes started in place of one that ended mid-run. */
  askedAlone?: { count: number; ms: number; restarts?: number };
}

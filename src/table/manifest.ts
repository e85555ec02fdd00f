// The table's rows on disk: table/implementations/<language>-<name>/ and table/look-alikes/<...>/, each
// a manifest.json (validated against table/schema/manifest.schema.json), a wrapper and the ecosystem's
// lockfile. A folder whose manifest does not validate is reported with its problems, never dropped
// silently: the site lists it as a row that did not build, and the tests fail on it.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";

export type Section = "implementations" | "look-alikes";
export const SECTIONS: readonly Section[] = ["implementations", "look-alikes"];

/** A fault RFC 8785 makes a library refuse, which a parser may erase before the library sees it. */
export type ParserErasure = "lone-surrogates" | "out-of-range-numbers";

export interface Manifest {
  name: string;
  language: string;
  registry: string;
  package: string;
  version: string;
  repository: string;
  licence: string;
  authors?: string;
  rfcAuthors?: boolean;
  api: "bytes" | "parsed-value";
  parser?: string;
  /** Value faults the parser erases before the package sees them (checked by hand): theirs, not its. */
  parserErases?: ParserErasure[];
  protocol: "once" | "lines";
  commands: { once: string; lines: string };
  toolchain: { name: string; version: string; otp?: string };
  install: string[];
  lockfile: string;
  lookAlike?: string;
  /** How this row was last run before it was committed (the schema's `checked`). */
  checked?: Checked;
  note?: string;
}

export interface Checked {
  how: "registry" | "source" | "ci";
  on: string;
  commit?: string;
  tag?: string;
  dependencies?: string;
  toolchain: string;
  result: string;
}

export interface Row {
  /** The folder's name: `<language>-<name>`, lowercase. */
  id: string;
  section: Section;
  /** The folder, absolute. */
  dir: string;
  manifest: Manifest;
}

export interface BrokenRow {
  id: string;
  section: Section;
  dir: string;
  problems: string[];
}

/** A row's id: the folder name, which pages, badges and artifacts are named by. */
export const ROW_ID = /^[a-z0-9][a-z0-9.+-]{0,79}$/;

/** Each language's folder prefix: a row's folder starts with it. */
export const LANGUAGE_PREFIX: Record<string, string> = {
  JavaScript: "javascript",
  TypeScript: "typescript",
  Python: "python",
  Rust: "rust",
  Go: "go",
  Java: "java",
  "C#": "csharp",
  Ruby: "ruby",
  PHP: "php",
  Elixir: "elixir",
  Dart: "dart",
  Kotlin: "kotlin",
  Swift: "swift",
  C: "c",
  "C++": "cpp",
  Haskell: "haskell",
  OCaml: "ocaml",
  Scala: "scala",
  Perl: "perl",
  Lua: "lua",
  Zig: "zig",
  Clojure: "clojure",
};

let validator: ((value: unknown) => string[]) | undefined;

/** The schema's validator, compiled once: returns the problems, in words, with their JSON pointers. */
export function manifestValidator(table: string): (value: unknown) => string[] {
  if (validator !== undefined) return validator;
  const schema = JSON.parse(readFileSync(join(table, "schema", "manifest.schema.json"), "utf8"));
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const validate = ajv.compile(schema);
  validator = (value) =>
    validate(value)
      ? []
      : (validate.errors ?? []).map(
          (e) =>
            `${e.instancePath === "" ? "the manifest" : e.instancePath} ${e.message ?? "is invalid"}${
              e.params && "allowedValues" in e.params
                ? ` (${(e.params.allowedValues as unknown[]).join(", ")})`
                : e.params && "additionalProperty" in e.params
                  ? ` (${String(e.params.additionalProperty)})`
                  : ""
            }`,
        );
  return validator;
}

/** Checks one row folder: the schema, then what the schema cannot say. */
export function checkRowFolder(
  table: string,
  dir: string,
  id: string,
  section: Section,
): { manifest: Manifest } | { problems: string[] } {
  const problems: string[] = [];
  if (!ROW_ID.test(id)) problems.push(`the folder name ${JSON.stringify(id)} is not lowercase [a-z0-9.+-]`);
  const path = join(dir, "manifest.json");
  if (!existsSync(path)) return { problems: [...problems, "no manifest.json"] };
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    return { problems: [...problems, `manifest.json is not JSON: ${(error as Error).message}`] };
  }
  problems.push(...manifestValidator(table)(value));
  if (problems.length > 0) return { problems };
  const manifest = value as Manifest;
  const prefix = LANGUAGE_PREFIX[manifest.language];
  if (prefix !== undefined && !id.startsWith(`${prefix}-`))
    problems.push(`a ${manifest.language} row's folder starts with ${prefix}-`);
  if (!existsSync(join(dir, manifest.lockfile)))
    problems.push(`its lockfile ${manifest.lockfile} is missing`);
  if (section === "look-alikes" && manifest.lookAlike === undefined)
    problems.push("a look-alike says why it is not RFC 8785 (lookAlike)");
  if (section === "implementations" && manifest.lookAlike !== undefined)
    problems.push("lookAlike is for table/look-alikes/ only: move the folder there, or drop it");
  if (manifest.checked === undefined)
    problems.push(
      "a row is shown once it has run: say how it was last run (checked); one not run yet waits in table/not-run/",
    );
  if (manifest.api === "parsed-value" && manifest.parser === undefined)
    problems.push("a parsed-value API names the parser its wrapper uses (parser)");
  if (manifest.api !== "parsed-value" && manifest.parserErases !== undefined)
    problems.push(
      "parserErases is for a parsed-value API only: a bytes API's library reads the input itself",
    );
  if (manifest.toolchain.name === "elixir" && manifest.toolchain.otp === undefined)
    problems.push("an Elixir toolchain names its Erlang/OTP version (toolchain.otp)");
  return problems.length > 0 ? { problems } : { manifest };
}

/** Every row folder of the table, in section then folder order. */
export function loadRows(table: string): { rows: Row[]; broken: BrokenRow[] } {
  const rows: Row[] = [];
  const broken: BrokenRow[] = [];
  for (const section of SECTIONS) {
    const root = join(table, section);
    if (!existsSync(root)) continue;
    for (const id of readdirSync(root).sort()) {
      const dir = join(root, id);
      if (!statSync(dir).isDirectory()) continue;
      const checked = checkRowFolder(table, dir, id, section);
      if ("manifest" in checked) rows.push({ id, section, dir, manifest: checked.manifest });
      else broken.push({ id, section, dir, problems: checked.problems });
    }
  }
  return { rows, broken };
}

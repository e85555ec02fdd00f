// The README's tables of the action's inputs and outputs, generated from action.yml, so that they cannot
// drift from what the action declares (they once missed nine inputs and six outputs).
//
//   node --import tsx scripts/action-tables.ts          rewrite README.md's tables in place
//   node --import tsx scripts/action-tables.ts --check  exit 1 if README.md is not up to date
//
// test/docs/readme.test.ts runs the check, so a new input in action.yml fails the tests until the
// README is regenerated.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

interface ActionYml {
  inputs: Record<string, { description?: string; default?: string }>;
  outputs: Record<string, { description?: string }>;
}

/** The comment lines that open and close each generated table in the README. */
export const MARKERS = {
  inputs: [
    "<!-- inputs: generated from action.yml by `npm run docs:tables`; edit action.yml -->",
    "<!-- /inputs -->",
  ],
  outputs: [
    "<!-- outputs: generated from action.yml by `npm run docs:tables`; edit action.yml -->",
    "<!-- /outputs -->",
  ],
} as const;

/** One table cell: action.yml's folded text on one line, a pipe escaped so it cannot open a column. */
const cell = (text: string) => text.replace(/\s+/g, " ").trim().replaceAll("|", "\\|");

/** The two tables, as Markdown, from action.yml's text. */
export function actionTables(actionYmlText: string): { inputs: string; outputs: string } {
  const action = parse(actionYmlText) as ActionYml;
  const inputs = [
    "| input | default | what it does |",
    "| --- | --- | --- |",
    ...Object.entries(action.inputs).map(
      ([name, input]) =>
        `| \`${name}\` | ${input.default ? `\`${cell(input.default)}\`` : ""} | ${cell(input.description ?? "")} |`,
    ),
  ];
  const outputs = [
    "| output | value |",
    "| --- | --- |",
    ...Object.entries(action.outputs).map(
      ([name, output]) => `| \`${name}\` | ${cell(output.description ?? "")} |`,
    ),
  ];
  return { inputs: inputs.join("\n"), outputs: outputs.join("\n") };
}

/** `readme` with the text between each pair of markers replaced by the generated table. */
export function withTables(readme: string, tables: { inputs: string; outputs: string }): string {
  let text = readme;
  for (const key of ["inputs", "outputs"] as const) {
    const [open, close] = MARKERS[key];
    const start = text.indexOf(open);
    const end = text.indexOf(close);
    if (start < 0 || end < start)
      throw new Error(`README.md has no ${key} table between ${open} and ${close}`);
    text = `${text.slice(0, start + open.length)}\n${tables[key]}\n${text.slice(end)}`;
  }
  return text;
}

export const REPO = join(import.meta.dirname, "..");

if (process.argv[1] === import.meta.filename) {
  const readmePath = join(REPO, "README.md");
  const readme = readFileSync(readmePath, "utf8");
  const updated = withTables(readme, actionTables(readFileSync(join(REPO, "action.yml"), "utf8")));
  if (process.argv.includes("--check")) {
    if (updated !== readme) {
      console.error("README.md's input/output tables differ from action.yml: run npm run docs:tables");
      process.exit(1);
    }
  } else if (updated !== readme) {
    writeFileSync(readmePath, updated);
    console.log("README.md: tables rewritten from action.yml");
  }
}

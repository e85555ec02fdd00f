// The bench runner: `npm run bench [-- section...]` runs the named sections, or all of them.
// A section is a file bench/<name>.ts that exports `run(): Promise<void>` and prints its own
// figures; add one by adding the file. Figures come from this machine and this run only.
import { readdirSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";

interface Section {
  run(): Promise<void>;
}

const here = fileURLToPath(new URL(".", import.meta.url));
const available = readdirSync(here)
  .filter((f) => f.endsWith(".ts") && f !== "index.ts" && !f.startsWith("."))
  .map((f) => basename(f, ".ts"))
  .sort();

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !available.includes(w));
if (unknown.length > 0) {
  console.error(`unknown bench section(s): ${unknown.join(", ")}; available: ${available.join(", ")}`);
  process.exit(2);
}

console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
for (const name of wanted.length > 0 ? wanted : available) {
  console.log(`\n== ${name} ==`);
  const section = (await import(new URL(`./${name}.ts`, import.meta.url).href)) as Section;
  await section.run();
}

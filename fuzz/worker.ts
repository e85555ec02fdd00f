// One slice of a parallel campaign (parallel.ts), run in a child process: the slice comes as JSON in
// argv[2], the result goes to stdout as JSON.
import { runCampaign } from "./campaign.js";
import { jsonTarget } from "./json.js";
import { type Slice, toWire } from "./parallel.js";
import { recordsTarget } from "./records.js";

const slice = JSON.parse(process.argv[2] ?? "null") as Slice;
const target = slice.target === "records" ? recordsTarget() : jsonTarget(slice.seed);
const result = runCampaign(target, slice);
const cpu = process.cpuUsage();
process.stdout.write(JSON.stringify(toWire(result, (cpu.user + cpu.system) / 1000)));

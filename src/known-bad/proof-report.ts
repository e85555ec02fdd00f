// The self-test's printout: the reference's verdict, a table of known-bads against checks (cells =
// cases failed, `*` on a declared check, `!` on a declared check that caught nothing), each check's
// kills, and the verdict with every broken claim named.
import { CHECK_IDS, CHECK_TITLES, type CheckId } from "../checks/index.js";
import { recordCaseName } from "../text-forms/index.js";
import type { Proof } from "./prove.js";

export function formatProof(proof: Proof, options: { verbose?: boolean } = {}): string {
  const out: string[] = [];
  out.push("reference:");
  for (const ref of proof.references) {
    const verdict = ref.failures.length === 0 ? "all pass" : `${ref.failures.length} FAILED`;
    out.push(`  ${ref.label} (profile ${ref.profile}): ${ref.cases} cases, ${verdict}`);
    for (const f of ref.failures)
      out.push(`    !! ${recordCaseName(f.suite, f.name)}: expected ${f.expected}; got ${f.got}`);
  }
  out.push("");
  out.push(...table(proof));
  out.push("");
  out.push("  cells: cases failed; * = a check it declares; ! = a declared check that caught nothing");
  out.push("  (legitimate) = a choice the RFCs leave open, made consistently: it must fail no case");
  out.push("");
  out.push("kills per check:");
  for (const id of CHECK_IDS) {
    const kills = proof.runs.filter((r) => r.failed[id] > 0).map((r) => r.bad.name);
    const cases = proof.casesPerCheck.rfc8785[id];
    out.push(`  ${id.padEnd(15)} ${String(cases).padStart(4)} cases  ${CHECK_TITLES[id]}`);
    out.push(
      `  ${"".padEnd(15)}             kills ${kills.length}: ${kills.length > 0 ? kills.join(", ") : "(none)"}`,
    );
  }
  if (options.verbose) {
    out.push("");
    out.push("how each declared check caught its known-bad (first failed case):");
    for (const run of proof.runs) {
      for (const id of run.bad.caughtBy) {
        const f = run.firstFailure[id];
        if (f)
          out.push(
            `  ${run.bad.name} / ${id}: ${recordCaseName(f.suite, f.name)}: expected ${f.expected}; got ${f.got}`,
          );
      }
    }
  }
  out.push("");
  const problems = problemsOf(proof);
  if (problems.length === 0) {
    const coverage = proof.complete
      ? ", and every check is shown able to fail"
      : " (a partial run: whether every check can fail was not judged)";
    out.push(
      `SELF-TEST PASSED: the reference passes every case, every legitimate choice passes too, and all ` +
        `${proof.runs.filter((r) => !r.bad.legitimate).length} known-bads are caught by every check they declare${coverage}`,
    );
  } else {
    out.push(`SELF-TEST FAILED (${problems.length} problem${problems.length === 1 ? "" : "s"}):`);
    for (const p of problems) out.push(`  !! ${p}`);
  }
  return `${out.join("\n")}\n`;
}

export function problemsOf(proof: Proof): string[] {
  const problems: string[] = [];
  for (const ref of proof.references) {
    if (ref.failures.length > 0) problems.push(`the ${ref.label} fails ${ref.failures.length} case(s)`);
  }
  for (const run of proof.runs) {
    for (const id of run.missed) {
      problems.push(`${run.bad.name} is not caught by ${id}, which it declares (profile ${run.profile})`);
    }
    for (const f of run.blamed) {
      problems.push(
        `${run.bad.name} makes a choice the RFCs leave open, yet fails ${recordCaseName(f.suite, f.name)}: expected ${f.expected}; got ${f.got}`,
      );
    }
  }
  for (const kind of proof.kindsWithoutCases) problems.push(`the corpus has no ${kind} case`);
  if (proof.complete) {
    for (const kind of proof.kindsNeverFailed) problems.push(`no known-bad makes a ${kind} case fail`);
  }
  return problems;
}

function table(proof: Proof): string[] {
  const nameWidth = Math.max(
    "known-bad".length,
    ...proof.runs.map((r) => r.bad.name.length + (r.profile === "nfc" ? 6 : 0) + (r.bad.legitimate ? 13 : 0)),
  );
  const widths = CHECK_IDS.map((id) => Math.max(id.length, 5));
  const header = [
    "known-bad".padEnd(nameWidth),
    ...CHECK_IDS.map((id, k) => `${id.padStart(widths[k]!)} `),
  ].join(" ");
  const rows = proof.runs.map((run) => {
    const label = `${run.bad.name}${run.profile === "nfc" ? " (nfc)" : ""}${run.bad.legitimate ? " (legitimate)" : ""}`;
    const cells = CHECK_IDS.map((id: CheckId, k) => {
      const declared = run.bad.caughtBy.includes(id);
      const mark = !declared ? " " : run.failed[id] > 0 ? "*" : "!";
      return `${run.failed[id]}${mark}`.padStart(widths[k]! + 1);
    });
    return [label.padEnd(nameWidth), ...cells].join(" ");
  });
  return [header, "-".repeat(header.length), ...rows];
}

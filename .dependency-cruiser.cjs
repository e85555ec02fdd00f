// The layout of docs/architecture.md, enforced: `npm run lint` fails on any import that breaks a rule
// here (test/lint/layout.test.ts shows that each rule can fail). Stages: jcs (the reference) at the
// bottom; corpus, adapters, sandbox, checks, record, report above it; run/, the pipeline, over them;
// the faces (commands/, action/, and the entry points cli.ts and index.ts) on top. view/, a run's view
// made once after the record is sealed, sits between the record and the reports. escape/, how untrusted
// text is shown, sits under every stage that prints it. known-bad holds the self-test's fixtures.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "Data flows one way: a cycle between modules means two stages know each other, type-only imports included (a contract that names a feature's type depends on the feature).",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "corpus-is-data",
      severity: "error",
      comment: "The corpus yields data; judging is the checks', running is the adapters'.",
      from: { path: "^src/corpus/" },
      to: {
        path: "^src/(checks|adapters|sandbox|known-bad|report|record|action|commands|compare|aggregate|run)/|^src/cli\\.ts$",
      },
    },
    {
      name: "pipeline-never-imports-known-bad",
      severity: "error",
      comment:
        "The deliberately broken canonicalizers are the self-test's fixtures, not the pipeline's parts.",
      from: { path: "^src/", pathNot: "^src/(known-bad/|commands/(self-test|known-bad)\\.ts$)" },
      to: { path: "^src/known-bad/" },
    },
    {
      name: "only-the-action-speaks-to-the-runner",
      severity: "error",
      comment: "@actions/* is imported under src/action/ only, so the whole engine runs without a runner.",
      from: { path: "^src/", pathNot: "^src/action/" },
      to: { path: "node_modules/@actions/" },
    },
    {
      name: "no-stage-imports-a-face",
      severity: "error",
      comment: "The CLI and the action are thin faces over run/: nothing below them imports them.",
      from: { path: "^src/", pathNot: "^src/(cli\\.ts|index\\.ts|commands/|action/)" },
      to: { path: "^src/(cli\\.ts|index\\.ts|commands/|action/)" },
    },
    {
      name: "reference-stands-alone",
      severity: "error",
      comment: "src/jcs is the RFC 8785 reference: it depends on no stage of the harness.",
      from: { path: "^src/jcs/" },
      to: { path: "^src/", pathNot: "^src/(jcs/|bytes\\.ts$|text\\.ts$|types\\.ts$)" },
    },
    {
      name: "checks-judge-answers-not-transports",
      severity: "error",
      comment: "A check sees a Canonicalizer, never how it is reached, nor a report.",
      from: { path: "^src/checks/" },
      to: { path: "^src/(adapters|sandbox|report|record|action|commands|aggregate|compare|run)/" },
    },
    {
      name: "batches-ask-a-canonicalizer",
      severity: "error",
      comment:
        "Once mode's batches see the implementation as a Canonicalizer and the corpus as data: never a transport, the sandbox, a report or the run.",
      from: { path: "^src/batch/" },
      to: { path: "^src/(adapters|sandbox|report|record|action|commands|aggregate|compare|run|known-bad)/" },
    },
    {
      name: "record-knows-no-run",
      severity: "error",
      comment: "The record and its verifier stand on their own (the browser page bundles the verifier).",
      from: { path: "^src/record/" },
      to: {
        path: "^src/(adapters|checks|corpus|known-bad|report|action|commands|aggregate|compare|run)/",
      },
    },
    {
      name: "the-view-is-made-once-below-the-reports",
      severity: "error",
      comment:
        "A run's view (src/view) is made once from the sealed run and read by every report and face: it renders nothing and runs nothing. Its facts (the causes as shown, the tally, the difference note, the protocol and re-run shapes) are its own; it imports nothing of the reports that format it (src/report), nor the run or a face.",
      from: { path: "^src/view/" },
      to: {
        path: "^src/(run|commands|action|adapters|sandbox|checks|batch|corpus|known-bad|aggregate|table|compare)/(?!types\\.ts$)|^src/report/",
      },
    },
    {
      name: "escaping-stands-low",
      severity: "error",
      comment:
        "src/escape is how untrusted text is shown (invisible characters as code points, Markdown made inert): every stage that prints text uses it, so it imports no stage of the harness.",
      from: { path: "^src/escape/" },
      to: { path: "^src/", pathNot: "^src/(escape/|bytes\\.ts$|text\\.ts$|types\\.ts$)" },
    },
    {
      name: "sandbox-below-adapters",
      severity: "error",
      comment: "The adapters start processes through the sandbox, never the other way round.",
      from: { path: "^src/sandbox/" },
      to: {
        path: "^src/(adapters|checks|corpus|known-bad|report|action|commands|aggregate|compare|run)/",
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};

// The pages' one stylesheet, inline (the Content-Security-Policy allows it by its hash). System fonts
// only: a page that fetches nothing. Long values wrap instead of scrolling sideways, so the end of a
// line (a replay hint, a digest) is never hidden.
export const STYLE = `
:root{--fg:#1f2328;--dim:#59636e;--line:#d1d9e0;--bg:#fff;--soft:#f6f8fa;--pass:#1a7f37;--pass-bg:#dafbe1;--fail:#cf222e;--fail-bg:#ffebe9;--warn-bg:#fff8c5;--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;overflow-wrap:anywhere;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Liberation Sans",sans-serif}
main{max-width:1180px;margin:0 auto;padding:16px 20px 48px}
h1,h2,h3{line-height:1.25;margin:0}
h2{font-size:18px;margin:28px 0 10px;padding-bottom:4px;border-bottom:1px solid var(--line)}
h3{font-size:14px;font-weight:600}
code,pre{font-family:var(--mono);font-size:13px;overflow-wrap:anywhere;word-break:break-word}
pre{white-space:pre-wrap;margin:0;padding:6px 8px;background:var(--soft);border:1px solid var(--line);border-radius:4px;max-height:24em;overflow-y:auto}
.dim{color:var(--dim)}
.cp{white-space:nowrap}
.cut{color:var(--dim);font-style:italic;margin-left:4px}
.verdict{border-radius:8px;padding:14px 18px;margin:0 0 10px;border:1px solid}
.verdict.pass{background:var(--pass-bg);border-color:var(--pass)}
.verdict.fail{background:var(--fail-bg);border-color:var(--fail)}
.verdict p{margin:0;overflow-wrap:anywhere}
.verdict .mark{font-size:28px;font-weight:700}
.verdict.pass .mark{color:var(--pass)}
.verdict.fail .mark{color:var(--fail)}
.verdict .counts{font-size:17px;font-weight:600}
.verdict .gate{margin-top:6px;padding:4px 8px;border-radius:4px;font-weight:600}
.verdict .gate.pass{background:var(--warn-bg);color:var(--fg)}
.verdict .gate.fail{background:var(--fail);color:#fff}
.listed{display:inline-block;font-size:12px;font-weight:600;background:var(--warn-bg);border:1px solid var(--line);border-radius:10px;padding:0 6px;margin-left:6px}
.intro{margin:0 0 10px}
.refused{background:var(--fail);color:#fff;border-radius:6px;padding:8px 12px;margin:0 0 8px;font-weight:600;overflow-wrap:anywhere}
.verify{border:1px solid var(--line);border-radius:8px;padding:10px 14px;background:var(--soft)}
.verify .line{font-size:15px}
.verify .label{font-weight:600}
#cc-outcome{font-size:15px;font-weight:700;padding:1px 6px;border-radius:4px;background:#fff;border:1px solid var(--line)}
#cc-outcome[data-outcome=accept]{color:var(--pass);border-color:var(--pass)}
#cc-outcome[data-outcome=accept][data-conformant=false]{color:var(--fail);border-color:var(--fail)}
#cc-outcome[data-outcome=reject]{color:#fff;background:var(--fail);border-color:var(--fail)}
.verify p{margin:4px 0 0;overflow-wrap:anywhere}
.controls{display:flex;flex-wrap:wrap;gap:8px 24px;align-items:center;margin-top:8px}
.controls label{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
#cc-pubkey{font-family:var(--mono);font-size:12px;width:calc(65ch + 16px);max-width:100%;padding:3px 6px}
#cc-pubkey-result{font-family:var(--mono);font-size:13px;font-weight:600;overflow-wrap:anywhere}
#cc-pubkey-result[data-match=yes]{color:var(--pass)}
#cc-pubkey-result[data-match=no]{color:var(--fail)}
body.dragging .verify{outline:3px dashed var(--fail);outline-offset:2px}
.overview ol{margin:0;padding-left:0;list-style:none}
.overview li{margin:2px 0}
.overview a{color:inherit;text-decoration:none;display:block;padding:3px 6px;border-radius:4px;overflow-wrap:anywhere}
.overview a:hover{background:var(--soft)}
.overview .example{display:block;margin-left:4.2em;color:var(--dim);font-size:13px}
.count{display:inline-block;min-width:3.2em;text-align:right;font-weight:700;font-variant-numeric:tabular-nums;color:var(--fail);margin-right:4px}
.kind{display:inline-block;font-size:11px;text-transform:uppercase;letter-spacing:.04em;color:var(--dim);border:1px solid var(--line);border-radius:10px;padding:0 6px;margin-right:4px;vertical-align:1px}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;vertical-align:top;padding:4px 8px;border-bottom:1px solid var(--line);overflow-wrap:anywhere}
table.facts th{width:11em;color:var(--dim);font-weight:500}
table.files{margin-top:8px;table-layout:fixed}
table.files th:last-child,table.files td:last-child{width:37em}
table.files td:last-child code{font-size:12px}
table.suites{width:auto;min-width:26em}
table.suites td:not(:first-child),table.suites th:not(:first-child){text-align:right;font-variant-numeric:tabular-nums}
table.suites tr.fail td:last-child{color:var(--fail);font-weight:700}
details{margin:6px 0}
summary{cursor:pointer;overflow-wrap:anywhere}
details.group{border:1px solid var(--line);border-radius:6px;padding:6px 10px}
details.group>summary{font-weight:600}
.case{border-top:1px solid var(--line);padding:8px 0 4px;margin-top:6px}
.case p{margin:4px 0}
.why .source{color:var(--dim)}
dl.io{display:grid;grid-template-columns:5.5em minmax(0,1fr);gap:4px 8px;margin:6px 0}
dl.io dt{color:var(--dim);padding-top:6px}
dl.io dd{margin:0;min-width:0}
mark{border-radius:2px;padding:0 1px}
mark.del{background:#ffd8b5}
mark.ins{background:#ffc1c0;outline:1px solid var(--fail)}
mark .gap{display:inline-block;width:2px;height:1em;background:var(--fail);vertical-align:-2px}
.note{color:var(--dim);font-size:13px}
ul.names{columns:2 22em;margin:4px 0;padding-left:18px}
ul.names li{break-inside:avoid;overflow-wrap:anywhere}
.legend{color:var(--dim);font-size:13px;margin-top:24px}
.matrix td.cell{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.matrix td.cell.fail{color:var(--fail);font-weight:700}
.matrix td.cell.pass{color:var(--pass)}
.answers{display:grid;grid-template-columns:minmax(0,1fr);gap:6px;margin:6px 0}
.answer{border:1px solid var(--line);border-radius:4px;padding:4px 6px;min-width:0}
.answer.pass{border-color:var(--pass)}
.answer.fail{border-color:var(--fail);background:var(--fail-bg)}
.answer h4{margin:0 0 4px;font-size:12px;overflow-wrap:anywhere}
.answer pre{font-size:12px;max-height:none}
.disagreement{border-top:1px solid var(--line);padding-top:8px;margin-top:8px}
.ok{color:var(--pass);font-weight:700}
.bad{color:var(--fail);font-weight:700}
`;

/** What a page with an expected-failures gate adds: an unexpected failure's mark, red as what fails
 * the step (beside `.listed`, the expected one's). Only such a page carries it, so every other page
 * keeps the shared stylesheet, and its hash, as they are. */
export const GATE_STYLE = ".listed.unexpected{background:var(--fail);color:#fff;border-color:var(--fail)}\n";

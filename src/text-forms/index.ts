// Every text one stage writes and another reads back, writer and reader side by side, one file per
// form, so that the two cannot drift apart (test/text-forms.test.ts writes each form and reads it
// back, and shows each reader refusing what its writer never writes):
//
//   ./answer.ts     an answer: the output, `reject: <reason>`, `failed: <reason>`; what the answer
//                   kinds expect (the output, `reject`, `reject, or <output>`)
//   ./pair.ts       I2/I3: `a: <answer> | b: <answer>`, `both: <answer>`; `a = <input> and b =
//                   <input>`; `the same output for …`, `different outputs for …`
//   ./steps.ts      I1/I4 and a generated canon instance: `<step> → <text>`, `canon(canon(x)) → W (=
//                   canon(x))`, `canon(x) → canonical JSON`
//   ./choice.ts     consistent-choice: `all N accepted, or all N refused`; `accepted N: …; refused N: …`
//   ./numbers.ts    the numbers sweep: `N numbers as ES6 String(n), …`; `M of N matched; mismatches:
//                   …; kinds: …`
//   ./generated.ts  the generated suite: `for <input>: <expectation>`; the answer, then `; draw D of
//                   this case failed, shrunk K times (…); replay: …`, repeats and further causes
//   ./not-utf8.ts    an answer that is not UTF-8: `answer is not UTF-8: invalid byte 0x.. at offset N`
//   ./lines-answer.ts  a lines-mode answer of N lines: `answered with N lines instead of one (…): "…"
//                   then "…"`
//   ./notes.ts      cut values (`… (N bytes, sha256 H)`, `… (N UTF-16 units)`), `not run in lines mode`
//   ./names.ts      case names `<suite>/<name>`, swept ranges `seed-S/FROM-TO`
//   ./suite.ts      the record's `suite`: `<profile>:<suites> numbers=N … cases=P,...`
//
// The checks (src/checks) write a case's texts with these writers only; every stage that reads a
// case's texts (src/causes, src/report, src/aggregate) reads them with these readers only. The forms
// are what records already hold, so they cannot change; where one is ambiguous (an output that itself
// starts with `reject: `, a pair whose answers hold the separator) the reader says how it decides.
export * from "./answer.js";
export * from "./choice.js";
export * from "./generated.js";
export * from "./lines-answer.js";
export * from "./names.js";
export * from "./not-utf8.js";
export * from "./notes.js";
export * from "./numbers.js";
export * from "./pair.js";
export * from "./steps.js";
export * from "./suite.js";

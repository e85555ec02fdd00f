// Suite numbers: only the generator's parameters are stored; src/corpus/numbers.ts makes the cases.

export function numbersManifest() {
  const view = new DataView(new ArrayBuffer(8));
  const bits = (n: number) => {
    view.setFloat64(0, n);
    return view.getBigUint64(0).toString(16).padStart(16, "0");
  };
  const offset = (n: number, ulps: number) => {
    view.setFloat64(0, n);
    view.setBigUint64(0, view.getBigUint64(0) + BigInt(ulps));
    return view.getFloat64(0);
  };
  const edges: { bits: string; note: string }[] = [];
  const add = (n: number, note: string) => edges.push({ bits: bits(n), note });
  const hex = (h: string, note: string) => edges.push({ bits: h, note });
  // The samples of RFC 8785 appendix B (the first lines of the authors' number file).
  hex("0000000000000000", "zero");
  hex("8000000000000000", "minus zero");
  hex("0000000000000001", "min pos number (smallest subnormal)");
  hex("8000000000000001", "min neg number");
  hex("7fefffffffffffff", "max pos number");
  hex("ffefffffffffffff", "max neg number");
  hex("4340000000000000", "2^53");
  hex("c340000000000000", "-2^53");
  hex("4430000000000000", "~2^68");
  hex("44b52d02c7e14af5", "below 1e23");
  hex("44b52d02c7e14af6", "1e23");
  hex("44b52d02c7e14af7", "above 1e23");
  hex("444b1ae4d6e2ef4e", "two below 1e21");
  hex("444b1ae4d6e2ef4f", "below 1e21");
  hex("444b1ae4d6e2ef50", "1e21");
  hex("3eb0c6f7a0b5ed8c", "below 1e-6");
  hex("3eb0c6f7a0b5ed8d", "1e-6");
  hex("41b3de4355555553", "333333333.3333332");
  hex("41b3de4355555554", "333333333.33333325");
  hex("41b3de4355555555", "333333333.3333333");
  hex("41b3de4355555556", "333333333.3333334");
  hex("41b3de4355555557", "333333333.33333343");
  hex("becbf647612f3696", "-0.0000033333333333333333");
  hex("43143ff3c1cb0959", "1424953923781206.2");
  // Subnormal and normal boundaries, and the safe-integer boundary.
  hex("000fffffffffffff", "max subnormal");
  hex("0010000000000000", "min normal");
  hex("800fffffffffffff", "max negative subnormal");
  // The subnormal range, bit by bit: each power of two 2^-1074 .. 2^-1023 and the pattern of all ones
  // below it (a one-digit mantissa at every subnormal magnitude, and the longest).
  for (let k = 0; k < 52; k++) {
    hex((1n << BigInt(k)).toString(16).padStart(16, "0"), `subnormal 2^${k - 1074}`);
    hex(((1n << BigInt(k + 1)) - 1n).toString(16).padStart(16, "0"), `subnormal 2^${k - 1073} - 2^-1074`);
  }
  add(2 ** 53 - 1, "2^53 - 1");
  add(2 ** 53 + 2, "2^53 + 2 (2^53 + 1 is no double)");
  add(-(2 ** 53 - 1), "-(2^53 - 1)");
  add(1, "one");
  add(-1, "minus one");
  add(0.1, "0.1");
  add(0.5, "one half");
  // Powers of ten around the two formatting boundaries, each with its neighbours one ulp away.
  for (const p of [1e-8, 1e-7, 1e-6, 1e-5, 1e20, 1e21, 1e22]) {
    add(offset(p, -1), `below ${p}`);
    add(p, String(p));
    add(offset(p, 1), `above ${p}`);
    add(-p, `-${p}`);
  }
  return {
    suite: "numbers",
    generator: "edges-grid-lowbias32/2",
    seed: 1,
    blockSize: 1000,
    blocksPerCase: 100,
    why: "each double, sent with 17 significant digits and an exponent, must come back as ECMAScript's String(n)",
    source: "RFC 8785 §3.2.2.3 and appendix B",
    // A pattern listed twice (1e-6 and 1e21 are in appendix B and among the powers) is sent once.
    edgeCases: edges.filter((e, i) => edges.findIndex((f) => f.bits === e.bits) === i),
    // Short decimals at every exponent a double has, sent as written (`12e-320`), where real
    // implementations wrote a 149-digit decimal, threw, or hung (issue 13: erdtman's Java).
    grid: {
      mantissas: [1, 99],
      exponents: [-324, 308],
      note: "M x 10^E for M 1..99 and E -324..308, spelled MeE; those that overflow or round to 0 left out",
    },
  };
}

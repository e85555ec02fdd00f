// The rule for each expectation kind: one module per kind.
import type { CaseKind, Check } from "../types.js";
import { canonCheck } from "./canon.js";
import { canonOrRejectCheck } from "./canon-or-reject.js";
import { differCheck } from "./differ.js";
import { equalCheck } from "./equal.js";
import { idempotentCheck } from "./idempotent.js";
import { numbersCheck } from "./numbers.js";
import { propertyCheck } from "./property.js";
import { rejectCheck } from "./reject.js";
import { roundtripCheck } from "./roundtrip.js";

const CHECKS: Record<CaseKind, Check> = {
  canon: canonCheck,
  reject: rejectCheck,
  "canon-or-reject": canonOrRejectCheck,
  equal: equalCheck,
  differ: differCheck,
  idempotent: idempotentCheck,
  roundtrip: roundtripCheck,
  numbers: numbersCheck,
  property: propertyCheck,
};

export function checkFor(kind: CaseKind): Check {
  const check = CHECKS[kind];
  if (!check) throw new TypeError(`no check for case kind ${JSON.stringify(kind)}`);
  return check;
}

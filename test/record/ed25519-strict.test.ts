// The strict Ed25519 rule (seed 003 §3, SPEC §7): RFC 8032 §7.1's own vectors verify, and each
// check of the rule refuses exactly the construction it is for, including the two that noble's
// verify(..., {zip215: false}) lets through (small-order R, and a mixed-order key under the
// cofactored equation).
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  bytesToNumberLE,
  L,
  numberToBytesLE,
  P,
  strictFailure,
  verifyStrict,
} from "../../src/record/ed25519-strict.js";
import { fromHex, toHex } from "../../src/record/hex.js";
import { ed, sha512 } from "../../src/record/noble.js";

const { Point } = ed;
const B = Point.BASE;

// RFC 8032 §7.1, TEST 1 to TEST 3.
const RFC8032 = [
  {
    name: "TEST 1",
    seed: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
    publicKey: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
    message: "",
    signature:
      "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
  },
  {
    name: "TEST 2",
    seed: "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
    publicKey: "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
    message: "72",
    signature:
      "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
  },
  {
    name: "TEST 3",
    seed: "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
    publicKey: "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
    message: "af82",
    signature:
      "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a",
  },
];

for (const v of RFC8032) {
  test(`RFC 8032 §7.1 ${v.name} verifies by the strict rule, and noble signs it byte for byte`, () => {
    const message = fromHex(v.message);
    assert.equal(toHex(ed.getPublicKey(fromHex(v.seed))), v.publicKey);
    assert.equal(toHex(ed.sign(message, fromHex(v.seed))), v.signature);
    assert.equal(strictFailure(fromHex(v.signature), message, fromHex(v.publicKey)), null);
  });
}

const seed = sha512(new TextEncoder().encode("strict test")).subarray(0, 32);
const { scalar: a } = ed.utils.getExtendedPublicKey(seed);
const A = ed.getPublicKey(seed);
const message = new TextEncoder().encode("a record");
const good = ed.sign(message, seed);
const challenge = (R: Uint8Array, pub: Uint8Array) => {
  const h = new Uint8Array(64 + message.length);
  h.set(R);
  h.set(pub, 32);
  h.set(message, 64);
  return bytesToNumberLE(sha512(h)) % L;
};
const sig = (R: Uint8Array, S: bigint) => {
  const out = new Uint8Array(64);
  out.set(R);
  out.set(numberToBytesLE(S), 32);
  return out;
};
const ORDER_8 = Point.fromHex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05");

test("a good signature verifies; a changed message, key or signature does not", () => {
  assert.equal(verifyStrict(good, message, A), true);
  assert.equal(strictFailure(good, new TextEncoder().encode("a recorD"), A), "equation");
  const other = ed.getPublicKey(new Uint8Array(32).fill(7));
  assert.equal(strictFailure(good, message, other), "equation");
  const flipped = Uint8Array.from(good);
  flipped[40]! ^= 0x10;
  assert.equal(strictFailure(flipped, message, A), "equation");
});

test("lengths other than 32-byte keys and 64-byte signatures are refused", () => {
  assert.equal(strictFailure(good, message, A.subarray(0, 31)), "key-length");
  assert.equal(strictFailure(good.subarray(0, 63), message, A), "signature-length");
});

test("S must be below L: S + L (equal mod L) and S = L are refused", () => {
  const S = bytesToNumberLE(good.subarray(32));
  const R = good.subarray(0, 32);
  assert.equal(strictFailure(sig(R, S + L), message, A), "s-out-of-range");
  assert.equal(strictFailure(sig(R, L), message, A), "s-out-of-range");
  assert.equal(
    strictFailure(sig(R, L - 1n), message, A),
    "equation",
    "L - 1 is in range, so it reaches the equation",
  );
});

test("every small-order key is refused, in every encoding", () => {
  for (let i = 0n; i < 8n; i++) {
    const point = ORDER_8.multiplyUnsafe(i);
    assert.equal(strictFailure(good, message, point.toBytes()), "key-small-order", `[${i}]T`);
  }
  // Non-canonical encodings: y = p + 1 (the identity), y = p (order 4), x = 0 with the sign bit.
  const identityPlusP = numberToBytesLE(P + 1n);
  const order4PlusP = numberToBytesLE(P);
  const identitySign = numberToBytesLE(1n);
  identitySign[31]! |= 0x80;
  for (const encoding of [identityPlusP, order4PlusP, identitySign]) {
    assert.equal(strictFailure(good, message, encoding), "key-encoding", toHex(encoding));
  }
});

test("a key with y >= p is refused as non-canonical even though it names a point", () => {
  // y = p + 2 would decode as y = 2 if reduced; check that y = 2 is on the curve first.
  let y = 2n;
  while (!canDecode(numberToBytesLE(y))) y++;
  assert.equal(strictFailure(good, message, numberToBytesLE(y + P)), "key-encoding");
});

function canDecode(bytes: Uint8Array): boolean {
  try {
    Point.fromBytes(bytes, false);
    return true;
  } catch {
    return false;
  }
}

test("a small-order R that satisfies both equations is refused (noble's zip215:false accepts it)", () => {
  const R = Point.ZERO.toBytes();
  const signature = sig(R, (challenge(R, A) * a) % L);
  assert.equal(
    ed.verify(signature, message, A, { zip215: false }),
    true,
    "noble's strict branch lets it through",
  );
  assert.equal(strictFailure(signature, message, A), "r-small-order");
});

test("a non-canonical R is refused", () => {
  const R = numberToBytesLE(P + 1n); // the identity, encoded with y = p + 1
  const signature = sig(R, (challenge(R, A) * a) % L);
  assert.equal(strictFailure(signature, message, A), "r-encoding");
});

test("a mixed-order key: refused when only the cofactored equation holds, accepted when both do", () => {
  const mixed = B.multiply(a).add(ORDER_8).toBytes();
  const found = { cofactoredOnly: false, both: false };
  for (let i = 1n; !(found.cofactoredOnly && found.both); i++) {
    const r = (bytesToNumberLE(sha512(numberToBytesLE(i))) % (L - 1n)) + 1n;
    const R = B.multiply(r).toBytes();
    const k = challenge(R, mixed);
    const signature = sig(R, (r + k * a) % L);
    // [S]B - [k]A = R - [k]T: the cofactored equation always holds; noble accepts every one.
    assert.equal(ed.verify(signature, message, mixed, { zip215: false }), true);
    if (k % 8n === 0n) {
      assert.equal(strictFailure(signature, message, mixed), null);
      found.both = true;
    } else {
      assert.equal(strictFailure(signature, message, mixed), "equation");
      found.cofactoredOnly = true;
    }
  }
});

test("signatures noble makes from random seeds verify strictly (200 keys)", () => {
  for (let i = 0; i < 200; i++) {
    const s = ed.utils.randomSecretKey();
    const m = ed.etc.randomBytes(i);
    assert.equal(strictFailure(ed.sign(m, s), m, ed.getPublicKey(s)), null);
  }
});

"""Tests of conform_result_verify.py: RFC 8032 vectors, records signed here, every reason code.

Run: python3 -m unittest discover -s verifiers/python
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import unittest

import conform_result_verify as verifier

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "conform_result_verify.py")

# A key for these tests only (the 32-byte seed 00 01 02 ... 1f).
TEST_SEED = bytes(range(32))


# ---------------------------------------------------------------------------
# A signer, RFC 8032 section 5.1.5 (key) and 5.1.6 (sign), on the module's point arithmetic.
# ---------------------------------------------------------------------------


def _secret_scalar_and_prefix(seed: bytes):
    digest = hashlib.sha512(seed).digest()
    scalar = int.from_bytes(digest[:32], "little")
    scalar &= (1 << 254) - 8  # clear the low three bits and bit 255
    scalar |= 1 << 254
    return scalar, digest[32:]


def public_key(seed: bytes) -> bytes:
    scalar, _ = _secret_scalar_and_prefix(seed)
    return verifier.encode_point(verifier.scalar_multiply(scalar, verifier.BASE))


def sign(seed: bytes, message: bytes) -> bytes:
    scalar, prefix = _secret_scalar_and_prefix(seed)
    a_bytes = public_key(seed)
    r = int.from_bytes(hashlib.sha512(prefix + message).digest(), "little") % verifier.L
    r_bytes = verifier.encode_point(verifier.scalar_multiply(r, verifier.BASE))
    k = int.from_bytes(hashlib.sha512(r_bytes + a_bytes + message).digest(), "little") % verifier.L
    s = (r + k * scalar) % verifier.L
    return r_bytes + s.to_bytes(32, "little")


def challenge(r_bytes: bytes, a_bytes: bytes, message: bytes) -> int:
    return int.from_bytes(hashlib.sha512(r_bytes + a_bytes + message).digest(), "little") % verifier.L


def torsion_points():
    """The eight points of small order, found as multiples of an order-8 point [L]Q."""
    y = 2
    while True:
        q = verifier.decode_point(y.to_bytes(32, "little"))
        y += 1
        if q is None:
            continue
        t = verifier.scalar_multiply(verifier.L, q)
        if not verifier.point_equal(verifier.scalar_multiply(4, t), verifier.IDENTITY):
            break  # t has order exactly 8
    points, current = [], verifier.IDENTITY
    for _ in range(8):
        points.append(current)
        current = verifier.point_add(current, t)
    return points


def point_order(point) -> int:
    for order in (1, 2, 4, 8):
        if verifier.point_equal(verifier.scalar_multiply(order, point), verifier.IDENTITY):
            return order
    raise AssertionError("not a point of small order")


# ---------------------------------------------------------------------------
# Records built and signed here.
# ---------------------------------------------------------------------------


def base_record(cases=None) -> dict:
    if cases is None:
        cases = [
            {"name": "ordering/utf16", "pass": True, "expected": '{"a":1}', "got": '{"a":1}'},
            {"name": "numbers/\u00e9\U0001f600", "pass": True, "expected": "1e+21", "got": "1e+21"},
        ]
    passed = sum(1 for case in cases if case["pass"])
    return {
        "wai": "conform-result/1",
        "kind": "canonicalizer",
        "suite": "rfc8785/profile=rfc8785",
        "standard": "v0.4.0",
        "toolchain": {"name": "canon-conformance", "version": "0.1.0"},
        "corpus": {"dir": "vectors", "files": 12, "digest": "sha256:" + "ab" * 32},
        "implementation": {
            "adapter": "command",
            "impl": "python3 canon.py",
            "name": "canon.py",
            "version": None,
            "files": [{"path": "/usr/bin/python3", "sha256": "cd" * 32}],
        },
        "started_at": "2026-12-01T19:30:00Z",
        "cases": cases,
        "summary": {"cases": len(cases), "passed": passed, "failed": len(cases) - passed},
        "conformant": len(cases) > 0 and passed == len(cases),
        "key": "ephemeral",
        "signer_pubkey": "",
        "sig": "",
    }


def signed(record: dict, seed: bytes = TEST_SEED) -> dict:
    """The record with signer_pubkey set to seed's key and sig over the rest."""
    record = copy.deepcopy(record)
    record["signer_pubkey"] = public_key(seed).hex()
    record.pop("sig", None)
    record["sig"] = sign(seed, verifier.signing_input(record)).hex()
    return record


def to_bytes(record: dict) -> bytes:
    return json.dumps(record, indent=1).encode("utf-8")


def outcome_of(data: bytes) -> str:
    return verifier.verify_record(data).line


def with_sig(record: dict, r_bytes: bytes, s: int) -> dict:
    record = copy.deepcopy(record)
    record["sig"] = (r_bytes + s.to_bytes(32, "little")).hex()
    return record


MALFORMED_1 = "reject step=1 reason=malformed"
MALFORMED_3 = "reject step=3 reason=malformed"
UNKNOWN = "reject step=2 reason=unknown_format"
BAD_SIG = "reject step=4 reason=signature_invalid"
SUMMARY = "reject step=5 reason=summary_mismatch"
VERDICT = "reject step=6 reason=conformant_mismatch"


class Rfc8032Vectors(unittest.TestCase):
    """RFC 8032 section 7.1, tests 1 to 3: sign reproduces the signature, and it verifies."""

    VECTORS = [
        (
            "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
            "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
            "",
            "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
            "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
        ),
        (
            "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
            "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
            "72",
            "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
            "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
        ),
        (
            "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
            "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
            "af82",
            "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac"
            "18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a",
        ),
    ]

    def test_sign_and_verify(self):
        for seed, public, message, signature in self.VECTORS:
            with self.subTest(public=public):
                seed, message = bytes.fromhex(seed), bytes.fromhex(message)
                self.assertEqual(public_key(seed).hex(), public)
                self.assertEqual(sign(seed, message).hex(), signature)
                self.assertTrue(
                    verifier.verify_ed25519_strict(bytes.fromhex(public), message, bytes.fromhex(signature))
                )

    def test_a_changed_message_or_signature_fails(self):
        seed, public, message, signature = (bytes.fromhex(part) for part in self.VECTORS[1])
        self.assertFalse(verifier.verify_ed25519_strict(public, b"\x73", signature))
        flipped = bytearray(signature)
        flipped[40] ^= 0x01
        self.assertFalse(verifier.verify_ed25519_strict(public, message, bytes(flipped)))
        self.assertFalse(verifier.verify_ed25519_strict(public, message, signature[:63]))


class StrictEd25519(unittest.TestCase):
    def setUp(self):
        self.public = public_key(TEST_SEED)
        self.message = b"a message"
        self.signature = sign(TEST_SEED, self.message)

    def test_s_plus_l_refused(self):
        s = int.from_bytes(self.signature[32:], "little")
        self.assertLess(s + verifier.L, 2**256)
        past = self.signature[:32] + (s + verifier.L).to_bytes(32, "little")
        self.assertFalse(verifier.verify_ed25519_strict(self.public, self.message, past))

    def test_all_eight_small_order_keys_and_noncanonical_encodings_refused(self):
        points = torsion_points()
        encodings = {verifier.encode_point(point) for point in points}
        self.assertEqual(len(encodings), 8)
        self.assertEqual({point_order(point) for point in points}, {1, 2, 4, 8})
        for encoded in encodings:
            with self.subTest(key=encoded.hex()):
                self.assertTrue(verifier.has_small_order(verifier.decode_point(encoded)))
                self.assertFalse(verifier.verify_ed25519_strict(encoded, self.message, self.signature))
        # Non-canonical: y + p still fits in 255 bits for y = 0 and y = 1; and x = 0 with the sign bit set.
        noncanonical = [
            (verifier.P + 0).to_bytes(32, "little"),
            (verifier.P + 1).to_bytes(32, "little"),
            (verifier.P + 0 + (1 << 255)).to_bytes(32, "little"),
            (verifier.P + 1 + (1 << 255)).to_bytes(32, "little"),
            (1 + (1 << 255)).to_bytes(32, "little"),
            (verifier.P - 1 + (1 << 255)).to_bytes(32, "little"),
        ]
        for encoded in noncanonical:
            with self.subTest(noncanonical=encoded.hex()):
                self.assertIsNone(verifier.decode_point(encoded))
                self.assertFalse(verifier.verify_ed25519_strict(encoded, self.message, self.signature))

    def test_key_with_y_at_least_p_refused(self):
        # A y that is a curve point's y modulo p, written as y + p: the decoded point would be valid.
        y = next(y for y in range(2, 19) if verifier.decode_point(y.to_bytes(32, "little")) is not None)
        for encoded_y in (y + verifier.P, verifier.P, 2**255 - 1):
            with self.subTest(y=encoded_y):
                encoded = encoded_y.to_bytes(32, "little")
                self.assertIsNone(verifier.decode_point(encoded))
                self.assertFalse(verifier.verify_ed25519_strict(encoded, self.message, self.signature))

    def test_not_a_curve_point_refused(self):
        found = None
        for y in range(2, 50):
            if verifier.decode_point(y.to_bytes(32, "little")) is None:
                found = y
                break
        self.assertIsNotNone(found)
        self.assertFalse(verifier.verify_ed25519_strict(found.to_bytes(32, "little"), self.message, self.signature))

    def test_small_order_r_satisfying_both_equations_refused(self):
        scalar, _ = _secret_scalar_and_prefix(TEST_SEED)
        r_bytes = verifier.encode_point(verifier.IDENTITY)  # R of order 1
        k = challenge(r_bytes, self.public, self.message)
        s = k * scalar % verifier.L
        # [S]B - [k]A is the identity: the cofactorless (and so the cofactored) equation holds.
        a_point = verifier.decode_point(self.public)
        check = verifier.point_add(
            verifier.scalar_multiply(s, verifier.BASE),
            verifier.point_negate(verifier.scalar_multiply(k, a_point)),
        )
        self.assertEqual(verifier.encode_point(check), r_bytes)
        self.assertFalse(verifier.verify_ed25519_strict(self.public, self.message, r_bytes + s.to_bytes(32, "little")))

    def test_mixed_order_key_only_cofactored_equation_holds(self):
        scalar, _ = _secret_scalar_and_prefix(TEST_SEED)
        torsion = next(point for point in torsion_points() if point_order(point) == 8)
        mixed = verifier.point_add(verifier.scalar_multiply(scalar, verifier.BASE), torsion)
        mixed_bytes = verifier.encode_point(mixed)
        self.assertFalse(verifier.has_small_order(verifier.decode_point(mixed_bytes)))
        r = 12345
        while True:
            r_bytes = verifier.encode_point(verifier.scalar_multiply(r, verifier.BASE))
            k = challenge(r_bytes, mixed_bytes, self.message)
            if k % 8:
                break
            r += 1
        s = (r + k * scalar) % verifier.L
        check = verifier.point_add(
            verifier.scalar_multiply(s, verifier.BASE),
            verifier.point_negate(verifier.scalar_multiply(k, verifier.decode_point(mixed_bytes))),
        )
        r_point = verifier.decode_point(r_bytes)
        difference = verifier.point_add(check, verifier.point_negate(r_point))
        self.assertTrue(verifier.point_equal(verifier.scalar_multiply(8, difference), verifier.IDENTITY))
        self.assertNotEqual(verifier.encode_point(check), r_bytes)
        self.assertFalse(verifier.verify_ed25519_strict(mixed_bytes, self.message, r_bytes + s.to_bytes(32, "little")))


class Rfc8785Serialization(unittest.TestCase):
    def test_names_sorted_by_utf16_code_units_not_code_points(self):
        # U+1F600 is D83D DE00 in UTF-16, which sorts before U+E000; by code point it would follow.
        self.assertEqual(
            verifier.jcs_serialize({"\ue000": 1, "\U0001f600": 2}),
            '{"\U0001f600":2,"\ue000":1}'.encode("utf-8"),
        )

    def test_rfc8785_sorting_example(self):
        # RFC 8785 section 3.2.3.
        value = {
            "\u20ac": "Euro Sign",
            "\r": "Carriage Return",
            "\ufb33": "Hebrew Letter Dalet With Dagesh",
            "1": "One",
            "\U0001f600": "Emoji: Grinning Face",
            "\u0080": "Control",
            "\u00f6": "Latin Small Letter O With Diaeresis",
        }
        text = verifier.jcs_serialize(value).decode("utf-8")
        names = json.loads(text, object_pairs_hook=lambda pairs: [name for name, _ in pairs])
        self.assertEqual(names, ["\r", "1", "\u0080", "\u00f6", "\u20ac", "\U0001f600", "\ufb33"])

    def test_string_escapes_are_minimal(self):
        self.assertEqual(
            verifier.jcs_serialize('"\\\b\f\n\r\t\x00\x1f\x7f\u00e9\u2028/'),
            b'"\\"\\\\\\b\\f\\n\\r\\t\\u0000\\u001f\x7f\xc3\xa9\xe2\x80\xa8/"',
        )

    def test_nested_values_and_literals(self):
        self.assertEqual(
            verifier.jcs_serialize({"b": [True, False, None, 0, 9007199254740991], "a": {"z": "", "y": []}}),
            b'{"a":{"y":[],"z":""},"b":[true,false,null,0,9007199254740991]}',
        )

    def test_signing_input_is_prefix_then_record_without_sig(self):
        record = signed(base_record())
        message = verifier.signing_input(record)
        self.assertEqual(message[:19], b"wai:conform-result\x01")
        self.assertEqual(len(b"wai:conform-result"), 18)
        body = json.loads(message[19:].decode("utf-8"))
        self.assertNotIn("sig", body)
        self.assertEqual(body["signer_pubkey"], record["signer_pubkey"])
        self.assertNotIn(b" ", message[19:].replace(b"python3 canon.py", b""))


class Accepted(unittest.TestCase):
    def test_conformant(self):
        self.assertEqual(outcome_of(to_bytes(signed(base_record()))), "accept conformant=true")

    def test_not_conformant(self):
        cases = [
            {"name": "a", "pass": True, "expected": "x", "got": "x"},
            {"name": "b", "pass": False, "expected": "x", "got": "y"},
        ]
        self.assertEqual(outcome_of(to_bytes(signed(base_record(cases)))), "accept conformant=false")

    def test_no_cases(self):
        record = base_record([])
        self.assertFalse(record["conformant"])
        self.assertEqual(outcome_of(to_bytes(signed(record))), "accept conformant=false")

    def test_http_adapter_supplied_key_null_names(self):
        record = base_record()
        record["implementation"] = {
            "adapter": "http",
            "impl": "http://127.0.0.1:8080/canonicalize",
            "name": None,
            "version": None,
            "files": [],
        }
        record["key"] = "supplied"
        self.assertEqual(outcome_of(to_bytes(signed(record))), "accept conformant=true")

    def test_compact_and_member_order_do_not_matter(self):
        record = signed(base_record())
        reordered = dict(reversed(list(record.items())))
        self.assertEqual(outcome_of(json.dumps(reordered, separators=(",", ":")).encode()), "accept conformant=true")

    def test_raw_utf8_and_escaped_pairs_accepted(self):
        record = signed(base_record())
        raw = json.dumps(record, ensure_ascii=False).encode("utf-8")
        self.assertIn("\U0001f600".encode("utf-8"), raw)
        self.assertEqual(outcome_of(raw), "accept conformant=true")
        escaped = json.dumps(record, ensure_ascii=True).encode("ascii")
        self.assertIn(b"\\ud83d\\ude00", escaped)
        self.assertEqual(outcome_of(escaped), "accept conformant=true")

    def test_leap_second_and_range_edges(self):
        record = base_record()
        record["started_at"] = "2016-12-31T23:59:60Z"
        record["corpus"]["files"] = 9007199254740991
        self.assertEqual(outcome_of(to_bytes(signed(record))), "accept conformant=true")

    def test_four_hundred_cases(self):
        cases = [{"name": "case %d" % i, "pass": True, "expected": "{}", "got": "{}"} for i in range(400)]
        self.assertEqual(outcome_of(to_bytes(signed(base_record(cases)))), "accept conformant=true")


class Step1Reads(unittest.TestCase):
    def setUp(self):
        self.good = to_bytes(signed(base_record()))

    def test_not_json(self):
        for data in (b"", b"   ", b"not json", b"{", b'{"wai":"conform-result/1",}', self.good + b"x", self.good + b"{}"):
            with self.subTest(data=data[:30]):
                self.assertEqual(outcome_of(data), MALFORMED_1)

    def test_top_value_not_an_object(self):
        for data in (b"[]", b'"conform-result/1"', b"1", b"null", b"true"):
            with self.subTest(data=data):
                self.assertEqual(outcome_of(data), MALFORMED_1)

    def test_invalid_utf8(self):
        for bad in (b"\xff", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe2\x82"):
            with self.subTest(bad=bad):
                data = self.good.replace(b"canon.py", b"canon" + bad + b".py", 1)
                self.assertNotEqual(data, self.good)
                self.assertEqual(outcome_of(data), MALFORMED_1)

    def test_byte_order_mark(self):
        self.assertEqual(outcome_of(b"\xef\xbb\xbf" + self.good), MALFORMED_1)

    def test_lone_surrogate_escapes(self):
        for escape in (b"\\ud800", b"\\udfff", b"\\ude00\\ud83d", b"\\ud83dx"):
            with self.subTest(escape=escape):
                data = self.good.replace(b"canon.py", b"canon" + escape + b".py", 1)
                self.assertEqual(outcome_of(data), MALFORMED_1)
        # A lone surrogate in a name, too.
        data = self.good.replace(b'"wai"', b'"\\udc00": 1, "wai"', 1)
        self.assertNotEqual(data, self.good)
        self.assertEqual(outcome_of(data), MALFORMED_1)

    def test_nan_and_infinity(self):
        for literal in (b"NaN", b"Infinity", b"-Infinity"):
            with self.subTest(literal=literal):
                data = self.good.replace(b'"files": 12', b'"files": ' + literal, 1)
                self.assertNotEqual(data, self.good)
                self.assertEqual(outcome_of(data), MALFORMED_1)

    def test_not_rfc8259(self):
        replacements = [
            (b'"files": 12', b'"files": 012'),
            (b'"files": 12', b'"files": +12'),
            (b'"files": 12', b'"files": 12.'),
            (b'"files": 12', b'"files": .5'),
            (b'"files": 12', b'"files": 0x1'),
            (b'"files": 12', "\"files\": \u0661\u0662".encode()),
            (b'"python3 canon.py"', b"'python3 canon.py'"),
            (b'"python3 canon.py"', b'"python3\tcanon.py"'),
            (b'"python3 canon.py"', b'"python3\\x41canon.py"'),
            (b'"python3 canon.py"', b'"python3\\u12 canon.py"'),
            (b'"conformant": true', b'"conformant": True'),
            (b'"version": null', b'"version": None'),
            (b'"wai"', b"wai"),
            (b"\n", b"\n\x0c"),
            (b"\n", "\n\u00a0".encode()),
            (b"\n", b"\n/* comment */"),
        ]
        for old, new in replacements:
            with self.subTest(new=new):
                data = self.good.replace(old, new, 1)
                self.assertNotEqual(data, self.good)
                self.assertEqual(outcome_of(data), MALFORMED_1)

    def test_number_beyond_a_double(self):
        for literal in (b"1e400", b"-1e400", b"1" + b"0" * 400, b"1.8e308"):
            with self.subTest(literal=literal[:20]):
                data = self.good.replace(b'"files": 12', b'"files": ' + literal, 1)
                self.assertEqual(outcome_of(data), MALFORMED_1)
        # Within a double's range (or underflowing to zero) it is read, then refused at step 3.
        for literal in (b"1.7976931348623157e308", b"1e-400", b"1" + b"0" * 300):
            with self.subTest(literal=literal[:20]):
                data = self.good.replace(b'"files": 12', b'"files": ' + literal, 1)
                self.assertEqual(outcome_of(data), MALFORMED_3)

    def test_duplicate_names_at_any_level(self):
        cases = [
            self.good.replace(b'"wai"', b'"kind": "x", "wai"', 1),
            self.good.replace(b'"name": "canon-conformance"', b'"name": "a", "name": "canon-conformance"', 1),
            self.good.replace(b'"got": "1e+21"', b'"got": "1e+21", "got": "1e+21"', 1),
            self.good.replace(b'"wai"', b'"w\\u0061i": "conform-result/1", "wai"', 1),
        ]
        for data in cases:
            with self.subTest(data=data[:60]):
                self.assertNotEqual(data, self.good)
                self.assertEqual(outcome_of(data), MALFORMED_1)

    def test_depth_bound(self):
        def nested(depth):
            # The top object is depth 1; depth - 1 arrays inside it.
            return b'{"wai": "conform-result/1", "x": ' + b"[" * (depth - 1) + b"]" * (depth - 1) + b"}"

        self.assertEqual(outcome_of(nested(verifier.MAX_DEPTH)), MALFORMED_3)
        self.assertEqual(outcome_of(nested(verifier.MAX_DEPTH + 1)), MALFORMED_1)
        deep_objects = b'{"a":' * 33 + b"1" + b"}" * 33
        self.assertEqual(outcome_of(deep_objects), MALFORMED_1)
        self.assertEqual(outcome_of(b"[" * 1000000 + b"]" * 1000000), MALFORMED_1)
        self.assertEqual(outcome_of(b'{"a":' + b"[" * 1000000), MALFORMED_1)

    def test_size_bound(self):
        record = signed(base_record())
        text = json.dumps(record)
        padding = verifier.MAX_RECORD_BYTES - len(text.encode())
        at_limit = (text[:-1] + " " * padding + "}").encode()
        self.assertEqual(len(at_limit), verifier.MAX_RECORD_BYTES)
        self.assertEqual(outcome_of(at_limit), "accept conformant=true")
        over = (text[:-1] + " " * (padding + 1) + "}").encode()
        self.assertEqual(outcome_of(over), MALFORMED_1)

    def test_step1_before_step2(self):
        self.assertEqual(outcome_of(b'{"wai": "conform-result/2", "a": 1, "a": 2}'), MALFORMED_1)


class Step2Format(unittest.TestCase):
    def test_unknown_format(self):
        for wai in ("conform-result/2", "conform-result/1 ", "Conform-Result/1", "", 1, None, ["conform-result/1"]):
            with self.subTest(wai=wai):
                record = signed(base_record())
                record["wai"] = wai
                self.assertEqual(outcome_of(to_bytes(record)), UNKNOWN)

    def test_wai_missing_is_unknown_format(self):
        record = signed(base_record())
        del record["wai"]
        self.assertEqual(outcome_of(to_bytes(record)), UNKNOWN)
        self.assertEqual(outcome_of(b"{}"), UNKNOWN)

    def test_step2_before_step3(self):
        self.assertEqual(outcome_of(b'{"wai": "conform-result/0", "files": 1.5}'), UNKNOWN)


def _mutations():
    """(description, change) pairs, each making a signed record malformed at step 3."""

    def setter(path, value):
        def change(record):
            target = record
            for part in path[:-1]:
                target = target[part]
            target[path[-1]] = value

        return change

    def deleter(path):
        def change(record):
            target = record
            for part in path[:-1]:
                target = target[part]
            del target[path[-1]]

        return change

    out = []
    for member in verifier.TOP_MEMBERS:
        if member != "wai":
            out.append(("missing " + member, deleter([member])))
    out += [
        ("added member", setter(["extra"], 1)),
        ("added in toolchain", setter(["toolchain", "extra"], "x")),
        ("added in corpus", setter(["corpus", "extra"], "x")),
        ("added in implementation", setter(["implementation", "extra"], None)),
        ("added in a files entry", setter(["implementation", "files", 0, "size"], 1)),
        ("added in a case", setter(["cases", 0, "why"], "x")),
        ("added in summary", setter(["summary", "skipped"], 0)),
        ("missing toolchain.version", deleter(["toolchain", "version"])),
        ("missing corpus.digest", deleter(["corpus", "digest"])),
        ("missing implementation.name", deleter(["implementation", "name"])),
        ("missing files sha256", deleter(["implementation", "files", 0, "sha256"])),
        ("missing case got", deleter(["cases", 1, "got"])),
        ("missing summary.failed", deleter(["summary", "failed"])),
        ("kind not a string", setter(["kind"], 1)),
        ("suite null", setter(["suite"], None)),
        ("standard array", setter(["standard"], ["v0.4.0"])),
        ("toolchain a string", setter(["toolchain"], "canon-conformance 0.1.0")),
        ("toolchain.name null", setter(["toolchain", "name"], None)),
        ("corpus.dir number", setter(["corpus", "dir"], 0)),
        ("corpus.files string", setter(["corpus", "files"], "12")),
        ("corpus.files boolean", setter(["corpus", "files"], True)),
        ("corpus.files past 2^53-1", setter(["corpus", "files"], 2**53)),
        ("corpus.files huge", setter(["corpus", "files"], 10**40)),
        ("digest uppercase", setter(["corpus", "digest"], "sha256:" + "AB" * 32)),
        ("digest without prefix", setter(["corpus", "digest"], "ab" * 32)),
        ("digest short", setter(["corpus", "digest"], "sha256:" + "ab" * 31)),
        ("digest other algorithm", setter(["corpus", "digest"], "sha512:" + "ab" * 32)),
        ("digest trailing newline", setter(["corpus", "digest"], "sha256:" + "ab" * 32 + "\n")),
        ("adapter other", setter(["implementation", "adapter"], "inprocess")),
        ("adapter uppercase", setter(["implementation", "adapter"], "Command")),
        ("impl null", setter(["implementation", "impl"], None)),
        ("implementation.name number", setter(["implementation", "name"], 1)),
        ("implementation.version boolean", setter(["implementation", "version"], False)),
        ("files not an array", setter(["implementation", "files"], {})),
        ("files entry not an object", setter(["implementation", "files", 0], "/usr/bin/python3")),
        ("files sha256 uppercase", setter(["implementation", "files", 0, "sha256"], "CD" * 32)),
        ("files sha256 long", setter(["implementation", "files", 0, "sha256"], "cd" * 33)),
        ("files path null", setter(["implementation", "files", 0, "path"], None)),
        ("started_at fraction", setter(["started_at"], "2026-12-01T19:30:00.5Z")),
        ("started_at offset", setter(["started_at"], "2026-12-01T19:30:00+00:00")),
        ("started_at lowercase", setter(["started_at"], "2026-12-01t19:30:00z")),
        ("started_at month 13", setter(["started_at"], "2026-13-01T19:30:00Z")),
        ("started_at month 00", setter(["started_at"], "2026-00-01T19:30:00Z")),
        ("started_at day 32", setter(["started_at"], "2026-12-32T19:30:00Z")),
        ("started_at day 00", setter(["started_at"], "2026-12-00T19:30:00Z")),
        ("started_at hour 24", setter(["started_at"], "2026-12-01T24:00:00Z")),
        ("started_at minute 60", setter(["started_at"], "2026-12-01T19:60:00Z")),
        ("started_at second 61", setter(["started_at"], "2026-12-01T19:30:61Z")),
        ("started_at Arabic digits", setter(["started_at"], "\u0662026-12-01T19:30:00Z")),
        ("started_at number", setter(["started_at"], 0)),
        ("cases an object", setter(["cases"], {})),
        ("case a string", setter(["cases", 0], "ordering/utf16")),
        ("case pass a string", setter(["cases", 0, "pass"], "true")),
        ("case pass a number", setter(["cases", 0, "pass"], 1)),
        ("case name null", setter(["cases", 0, "name"], None)),
        ("case expected null", setter(["cases", 0, "expected"], None)),
        ("case got number", setter(["cases", 0, "got"], 1)),
        ("summary an array", setter(["summary"], [2, 2, 0])),
        ("summary.cases string", setter(["summary", "cases"], "2")),
        ("conformant a string", setter(["conformant"], "true")),
        ("conformant null", setter(["conformant"], None)),
        ("key other", setter(["key"], "borrowed")),
        ("key null", setter(["key"], None)),
        ("signer_pubkey null", setter(["signer_pubkey"], None)),
        ("signer_pubkey short", setter(["signer_pubkey"], "00" * 31)),
        ("sig short", setter(["sig"], "00" * 63)),
        ("sig null", setter(["sig"], None)),
    ]
    return out


class Step3Members(unittest.TestCase):
    def test_each_mutation_is_malformed(self):
        for description, change in _mutations():
            with self.subTest(description):
                record = signed(base_record())
                change(record)
                self.assertEqual(outcome_of(to_bytes(record)), MALFORMED_3)

    def test_uppercase_hex_key_and_signature(self):
        record = signed(base_record())
        upper = dict(record, signer_pubkey=record["signer_pubkey"].upper())
        self.assertEqual(outcome_of(to_bytes(upper)), MALFORMED_3)
        upper = dict(record, sig=record["sig"].upper())
        self.assertEqual(outcome_of(to_bytes(upper)), MALFORMED_3)

    def test_numbers_written_other_than_plain_digits(self):
        good = to_bytes(signed(base_record()))
        for literal in (b"12.0", b"1.2e1", b"12e0", b"12E0", b"-12", b"-0", b"120e-1", b"9007199254740992"):
            for old in (b'"files": 12', b'"cases": 2'):
                with self.subTest(literal=literal, member=old):
                    data = good.replace(old, old.split(b":")[0] + b": " + literal, 1)
                    self.assertNotEqual(data, good)
                    self.assertEqual(outcome_of(data), MALFORMED_3)

    def test_step3_before_step4(self):
        record = signed(base_record())
        record["sig"] = "zz" * 64  # not hex at all: malformed, not a bad signature
        self.assertEqual(outcome_of(to_bytes(record)), MALFORMED_3)


class Step4Signature(unittest.TestCase):
    def setUp(self):
        self.record = signed(base_record())

    def test_tampering_any_member_after_signing_is_refused(self):
        changes = [
            ("case outcome", lambda r: r["cases"][0].update({"got": '{"a":2}'})),
            ("case name", lambda r: r["cases"][1].update({"name": "numbers/e"})),
            ("corpus digest", lambda r: r["corpus"].update({"digest": "sha256:" + "ac" * 32})),
            ("corpus files", lambda r: r["corpus"].update({"files": 13})),
            ("kind", lambda r: r.update({"kind": "verifier"})),
            ("suite", lambda r: r.update({"suite": "rfc8785/profile=nfc"})),
            ("standard", lambda r: r.update({"standard": "v0.4.1"})),
            ("toolchain", lambda r: r["toolchain"].update({"version": "0.1.1"})),
            ("implementation", lambda r: r["implementation"].update({"version": "2"})),
            ("files", lambda r: r["implementation"]["files"][0].update({"sha256": "ce" * 32})),
            ("started_at", lambda r: r.update({"started_at": "2026-12-01T19:30:01Z"})),
            ("key", lambda r: r.update({"key": "supplied"})),
            ("signer_pubkey", lambda r: r.update({"signer_pubkey": public_key(b"\x01" * 32).hex()})),
            ("case removed, counts fixed", lambda r: (r["cases"].pop(), r["summary"].update({"cases": 1, "passed": 1}))),
        ]
        for description, change in changes:
            with self.subTest(description):
                record = copy.deepcopy(self.record)
                change(record)
                self.assertEqual(outcome_of(to_bytes(record)), BAD_SIG)

    def test_summary_alone_changed(self):
        record = copy.deepcopy(self.record)
        record["summary"]["passed"] = 1
        record["summary"]["failed"] = 1
        self.assertEqual(outcome_of(to_bytes(record)), BAD_SIG)

    def test_every_bit_of_the_signature(self):
        signature = bytes.fromhex(self.record["sig"])
        for bit in range(0, 512, 7):
            with self.subTest(bit=bit):
                flipped = bytearray(signature)
                flipped[bit // 8] ^= 1 << (bit % 8)
                record = dict(self.record, sig=bytes(flipped).hex())
                self.assertEqual(outcome_of(to_bytes(record)), BAD_SIG)

    def test_s_past_l(self):
        signature = bytes.fromhex(self.record["sig"])
        s = int.from_bytes(signature[32:], "little")
        record = with_sig(self.record, signature[:32], s + verifier.L)
        self.assertEqual(outcome_of(to_bytes(record)), BAD_SIG)

    def test_small_order_keys_even_where_the_equation_holds(self):
        for point in torsion_points():
            with self.subTest(order=point_order(point)):
                record = base_record()
                record["signer_pubkey"] = verifier.encode_point(point).hex()
                r = 7
                r_bytes = verifier.encode_point(verifier.scalar_multiply(r, verifier.BASE))
                # Vary the suite until k is a multiple of the key's order, so [S]B - [k]A = R exactly.
                for nonce in range(200):
                    record["suite"] = "rfc8785 %d" % nonce
                    record.pop("sig", None)
                    k = challenge(r_bytes, bytes.fromhex(record["signer_pubkey"]), verifier.signing_input(record))
                    if k % point_order(point) == 0:
                        break
                else:
                    self.fail("no nonce found")
                record = with_sig(record, r_bytes, r)
                check = verifier.point_add(
                    verifier.scalar_multiply(r, verifier.BASE),
                    verifier.point_negate(verifier.scalar_multiply(k, point)),
                )
                self.assertEqual(verifier.encode_point(check), r_bytes)
                self.assertEqual(outcome_of(to_bytes(record)), BAD_SIG)

    def test_signed_by_another_key(self):
        record = copy.deepcopy(self.record)
        other = signed(base_record(), seed=b"\x02" * 32)
        record["sig"] = other["sig"]
        self.assertEqual(outcome_of(to_bytes(record)), BAD_SIG)


class Steps5And6(unittest.TestCase):
    def test_each_count_wrong_alone_and_two_at_once_though_signed(self):
        for wrong in ({"cases": 3}, {"passed": 1}, {"failed": 1}, {"passed": 1, "failed": 1}, {"cases": 0, "passed": 0}):
            with self.subTest(wrong=wrong):
                record = base_record()
                record["summary"].update(wrong)
                self.assertEqual(outcome_of(to_bytes(signed(record))), SUMMARY)

    def test_summary_before_verdict(self):
        record = base_record()
        record["summary"]["passed"] = 1
        record["conformant"] = False
        self.assertEqual(outcome_of(to_bytes(signed(record))), SUMMARY)

    def test_verdict_that_disagrees_though_signed(self):
        record = base_record()
        record["conformant"] = False
        self.assertEqual(outcome_of(to_bytes(signed(record))), VERDICT)
        failing = base_record([{"name": "a", "pass": False, "expected": "x", "got": "y"}])
        failing["conformant"] = True
        self.assertEqual(outcome_of(to_bytes(signed(failing))), VERDICT)
        empty = base_record([])
        empty["conformant"] = True
        self.assertEqual(outcome_of(to_bytes(signed(empty))), VERDICT)


class CommandLine(unittest.TestCase):
    def run_script(self, *args):
        # -S: no site-packages, which also holds the verifier to the standard library alone (and keeps
        # whatever a machine's .pth files import out of each of these starts).
        return subprocess.run(
            [sys.executable, "-S", SCRIPT, *args], capture_output=True, text=True, timeout=120, check=False
        )

    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.addCleanup(self.directory.cleanup)

    def write(self, name: str, data: bytes) -> str:
        path = os.path.join(self.directory.name, name)
        with open(path, "wb") as handle:
            handle.write(data)
        return path

    def test_accept_reject_and_exit_codes(self):
        good = self.write("good.json", to_bytes(signed(base_record())))
        result = self.run_script(good)
        self.assertEqual((result.returncode, result.stdout), (0, "accept conformant=true\n"))
        record = signed(base_record())
        record["summary"]["cases"] = 5
        bad = self.write("bad.json", to_bytes(record))
        result = self.run_script(bad)
        self.assertEqual((result.returncode, result.stdout), (1, "reject step=4 reason=signature_invalid\n"))
        not_conformant = base_record([{"name": "a", "pass": False, "expected": "x", "got": "y"}])
        path = self.write("nc.json", to_bytes(signed(not_conformant)))
        result = self.run_script(path)
        self.assertEqual((result.returncode, result.stdout), (0, "accept conformant=false\n"))

    def test_pubkey(self):
        good = self.write("good.json", to_bytes(signed(base_record())))
        mine = public_key(TEST_SEED).hex()
        result = self.run_script(good, "--pubkey", mine.upper())
        self.assertEqual((result.returncode, result.stdout), (0, "accept conformant=true\npubkey match\n"))
        result = self.run_script(good, "--pubkey", public_key(b"\x05" * 32).hex())
        self.assertEqual((result.returncode, result.stdout), (1, "accept conformant=true\npubkey mismatch\n"))
        result = self.run_script(good, "--pubkey", "abc")
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stdout, "")

    def test_unreadable_file(self):
        result = self.run_script(os.path.join(self.directory.name, "absent.json"))
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stdout, "")
        self.assertIn("cannot read", result.stderr)
        result = self.run_script(self.directory.name)
        self.assertEqual(result.returncode, 2)

    def test_vectors(self):
        good = signed(base_record())
        tampered = copy.deepcopy(good)
        tampered["cases"][0]["pass"] = False
        self.write("good.json", to_bytes(good))
        self.write("tampered.json", to_bytes(tampered))
        self.write("not-json.json", b"\x00garbage")
        manifest = {
            "test_key": {"seed": TEST_SEED.hex(), "public": public_key(TEST_SEED).hex()},
            "vectors": [
                {"file": "good.json", "expect": "accept conformant=true", "why": "signed"},
                {"file": "tampered.json", "expect": BAD_SIG, "why": "a case changed"},
                {"file": "not-json.json", "expect": MALFORMED_1, "why": "not JSON"},
            ],
        }
        self.write("manifest.json", json.dumps(manifest).encode())
        result = self.run_script("--vectors", self.directory.name)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertEqual(
            result.stdout.splitlines(),
            [
                "ok good.json: accept conformant=true",
                "ok tampered.json: " + BAD_SIG,
                "ok not-json.json: " + MALFORMED_1,
                "3 passed, 0 failed",
            ],
        )
        manifest["vectors"][0]["expect"] = "accept conformant=false"
        manifest["vectors"].append({"file": "absent.json", "expect": MALFORMED_1, "why": "missing"})
        self.write("manifest.json", json.dumps(manifest).encode())
        result = self.run_script("--vectors", self.directory.name)
        self.assertEqual(result.returncode, 1)
        lines = result.stdout.splitlines()
        self.assertEqual(lines[0], "FAIL good.json: expected accept conformant=false, got accept conformant=true")
        self.assertTrue(lines[3].startswith("FAIL absent.json: expected " + MALFORMED_1 + ", got unreadable"))
        self.assertEqual(lines[-1], "2 passed, 2 failed")

    def test_vectors_without_manifest(self):
        result = self.run_script("--vectors", self.directory.name)
        self.assertEqual(result.returncode, 2)
        self.assertIn("manifest.json", result.stderr)


if __name__ == "__main__":
    unittest.main()

#!/usr/bin/env python3
"""An independent verifier of conform-result/1 records, standard library only.

Written from the conform-result/1 extension text (seed 003), RFC 8785 (JCS) and
RFC 8032 (Ed25519) alone; it shares no code with the TypeScript verifier, so the
two agreeing on every vector is evidence that the spec was read right.

    python3 conform_result_verify.py RECORD [--pubkey HEX]
    python3 conform_result_verify.py --vectors DIR

The checks run in the order of the extension's section 4, and the first that
fails decides the outcome line:

    1 reads              malformed
    2 is this format     unknown_format
    3 its members        malformed
    4 its signature      signature_invalid
    5 its summary        summary_mismatch
    6 its verdict        conformant_mismatch
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import re
import sys

FORMAT = "conform-result/1"
# Bounded reading (section 8): the same limits as the TypeScript verifier.
MAX_RECORD_BYTES = 33554432
MAX_DEPTH = 32  # arrays and objects; the top object is depth 1
MAX_SAFE_INTEGER = 2**53 - 1
# Section 3: the 18 bytes "wai:conform-result", then the byte 0x01.
SIGNING_PREFIX = b"wai:conform-result" + b"\x01"

EXIT_ACCEPT = 0
EXIT_REJECT = 1
EXIT_UNREADABLE = 2


class Rejected(Exception):
    """A record refused at a step of section 4, with that step's reason code."""

    def __init__(self, step: int, reason: str, detail: str = "") -> None:
        super().__init__("step %d %s: %s" % (step, reason, detail))
        self.step = step
        self.reason = reason
        self.detail = detail


class Outcome:
    """What verifying one record concluded."""

    def __init__(self, accepted: bool, conformant=None, rejection=None, record=None) -> None:
        self.accepted = accepted
        self.conformant = conformant
        self.rejection = rejection
        self.record = record

    @property
    def line(self) -> str:
        """The outcome line of section 4, exactly."""
        if self.accepted:
            return "accept conformant=%s" % ("true" if self.conformant else "false")
        return "reject step=%d reason=%s" % (self.rejection.step, self.rejection.reason)


# ---------------------------------------------------------------------------
# Step 1: it reads. One RFC 8259 JSON text in strict UTF-8, an object at the
# top, no name twice in any object, within the size and depth bounds.
# ---------------------------------------------------------------------------


class JsonNumber:
    """A JSON number kept as its literal text, so step 3 can judge how it was written."""

    __slots__ = ("literal",)

    def __init__(self, literal: str) -> None:
        self.literal = literal

    def __repr__(self) -> str:
        return "JsonNumber(%r)" % self.literal

    def __eq__(self, other: object) -> bool:
        return isinstance(other, JsonNumber) and other.literal == self.literal

    def __hash__(self) -> int:
        return hash(self.literal)


class _NotJson(ValueError):
    """Raised from the json hooks for what RFC 8259 does not allow."""


# RFC 8259 section 6, with ASCII digits only (a regex \d would admit other scripts' digits).
_RFC8259_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _number(literal: str) -> JsonNumber:
    if not _RFC8259_NUMBER.fullmatch(literal):
        raise _NotJson("not an RFC 8259 number: %r" % literal[:40])
    # A reading limit RFC 8259 section 9 allows, shared with the TypeScript verifier (as the
    # vectors pin it): a number no IEEE 754 double can hold (I-JSON, RFC 7493 section 2.2) is
    # refused here, at step 1. Other numbers are read, and step 3 judges their form.
    if math.isinf(float(literal)):
        raise _NotJson("a number beyond an IEEE 754 double: %s" % literal[:40])
    return JsonNumber(literal)


def _refuse_constant(name: str):
    # Python's json reads NaN, Infinity and -Infinity; RFC 8259 has no such literals.
    raise _NotJson("not an RFC 8259 literal: %s" % name)


def _object_once(pairs):
    names = set()
    for name, _ in pairs:
        if name in names:
            raise _NotJson("the name %r appears twice in one object" % name)
        names.add(name)
    return dict(pairs)


def _check_depth_and_strings(top) -> None:
    """Depth of arrays and objects within MAX_DEPTH; no lone surrogate in any string.

    Python's json turns an escaped lone surrogate such as "\\ud800" into a str
    holding it; such a string is not Unicode text, so it cannot be UTF-8.
    Iterative, so a deep value cannot exhaust the call stack here.
    """
    pending = [(top, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, (dict, list)):
            if depth > MAX_DEPTH:
                raise _NotJson("nested deeper than %d levels" % MAX_DEPTH)
            if isinstance(value, dict):
                for name, member in value.items():
                    if _SURROGATE.search(name):
                        raise _NotJson("a name holds a lone surrogate")
                    pending.append((member, depth + 1))
            else:
                pending.extend((item, depth + 1) for item in value)
        elif isinstance(value, str) and _SURROGATE.search(value):
            raise _NotJson("a string holds a lone surrogate")


def read_record(data: bytes) -> dict:
    """Step 1. Returns the top object, numbers as JsonNumber; raises Rejected(1, "malformed")."""
    try:
        if len(data) > MAX_RECORD_BYTES:
            raise _NotJson("larger than %d bytes" % MAX_RECORD_BYTES)
        # Refused explicitly, not left to json.loads: RFC 8259 section 8.1 forbids adding one.
        if data.startswith(b"\xef\xbb\xbf"):
            raise _NotJson("starts with a byte order mark")
        try:
            # The strict codec refuses overlong forms, encoded surrogates and bytes past U+10FFFF.
            text = data.decode("utf-8", "strict")
        except UnicodeDecodeError as error:
            raise _NotJson("not UTF-8: %s" % error) from None
        # strict=True (the default) refuses raw control characters inside strings.
        value = json.loads(
            text,
            object_pairs_hook=_object_once,
            parse_int=_number,
            parse_float=_number,
            parse_constant=_refuse_constant,
            strict=True,
        )
        if not isinstance(value, dict):
            raise _NotJson("the top value is not an object")
        _check_depth_and_strings(value)
        return value
    except RecursionError:
        # Nesting deep enough to exhaust the parser's stack is far past MAX_DEPTH.
        raise Rejected(1, "malformed", "nested deeper than %d levels" % MAX_DEPTH) from None
    except ValueError as error:  # json.JSONDecodeError and _NotJson
        raise Rejected(1, "malformed", str(error)) from None


# ---------------------------------------------------------------------------
# Step 2: it is this format.
# ---------------------------------------------------------------------------


def check_format(record: dict) -> None:
    if record.get("wai") != FORMAT or not isinstance(record.get("wai"), str):
        raise Rejected(2, "unknown_format", "wai is not the string %s" % FORMAT)


# ---------------------------------------------------------------------------
# Step 3: exactly the members of section 2, each of its type and form.
# ---------------------------------------------------------------------------

_LOWER_HEX_64 = re.compile(r"[0-9a-f]{64}")
_LOWER_HEX_128 = re.compile(r"[0-9a-f]{128}")
_CORPUS_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")
_STARTED_AT = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})Z")
_PLAIN_DIGITS = re.compile(r"0|[1-9][0-9]*")

TOP_MEMBERS = (
    "wai",
    "kind",
    "suite",
    "standard",
    "toolchain",
    "corpus",
    "implementation",
    "started_at",
    "cases",
    "summary",
    "conformant",
    "key",
    "signer_pubkey",
    "sig",
)


def _malformed(detail: str) -> Rejected:
    return Rejected(3, "malformed", detail)


def _exact_members(value, names, where: str) -> dict:
    if not isinstance(value, dict):
        raise _malformed("%s is not an object" % where)
    if set(value) != set(names):
        missing = sorted(set(names) - set(value))
        extra = sorted(set(value) - set(names))
        raise _malformed("%s: missing %s, not allowed %s" % (where, missing, extra))
    return value


def _string(value, where: str) -> str:
    if not isinstance(value, str):
        raise _malformed("%s is not a string" % where)
    return value


def _string_or_null(value, where: str) -> None:
    if value is not None and not isinstance(value, str):
        raise _malformed("%s is neither a string nor null" % where)


def _boolean(value, where: str) -> None:
    if not isinstance(value, bool):
        raise _malformed("%s is not a boolean" % where)


def _integer(value, where: str) -> int:
    """An integer 0..2^53-1 written in decimal digits, without sign, fraction or exponent."""
    if not isinstance(value, JsonNumber):
        raise _malformed("%s is not a number" % where)
    literal = value.literal
    # The length bound comes first, so int() never meets a huge literal.
    if len(literal) > 16 or not _PLAIN_DIGITS.fullmatch(literal):
        raise _malformed("%s is not written as a plain integer: %s" % (where, literal[:40]))
    number = int(literal)
    if number > MAX_SAFE_INTEGER:
        raise _malformed("%s is past 2^53-1" % where)
    return number


def _matching(value, pattern, where: str, form: str) -> None:
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise _malformed("%s is not %s" % (where, form))


def _started_at(value) -> None:
    where = "started_at"
    if not isinstance(value, str):
        raise _malformed("%s is not a string" % where)
    match = _STARTED_AT.fullmatch(value)
    if not match:
        raise _malformed("%s is not YYYY-MM-DDTHH:MM:SSZ" % where)
    _, month, day, hour, minute, second = (int(part) for part in match.groups())
    # Section 2's ranges, as written there.
    if not (1 <= month <= 12 and 1 <= day <= 31 and hour <= 23 and minute <= 59 and second <= 60):
        raise _malformed("%s has a field out of range" % where)


def check_members(record: dict) -> None:
    _exact_members(record, TOP_MEMBERS, "the record")
    _string(record["wai"], "wai")
    _string(record["kind"], "kind")
    _string(record["suite"], "suite")
    _string(record["standard"], "standard")

    toolchain = _exact_members(record["toolchain"], ("name", "version"), "toolchain")
    _string(toolchain["name"], "toolchain.name")
    _string(toolchain["version"], "toolchain.version")

    corpus = _exact_members(record["corpus"], ("dir", "files", "digest"), "corpus")
    _string(corpus["dir"], "corpus.dir")
    _integer(corpus["files"], "corpus.files")
    _matching(corpus["digest"], _CORPUS_DIGEST, "corpus.digest", "sha256: and 64 lowercase hex digits")

    implementation = _exact_members(
        record["implementation"], ("adapter", "impl", "name", "version", "files"), "implementation"
    )
    if implementation["adapter"] not in ("command", "http") or not isinstance(
        implementation["adapter"], str
    ):
        raise _malformed("implementation.adapter is neither command nor http")
    _string(implementation["impl"], "implementation.impl")
    _string_or_null(implementation["name"], "implementation.name")
    _string_or_null(implementation["version"], "implementation.version")
    files = implementation["files"]
    if not isinstance(files, list):
        raise _malformed("implementation.files is not an array")
    for index, entry in enumerate(files):
        where = "implementation.files[%d]" % index
        _exact_members(entry, ("path", "sha256"), where)
        _string(entry["path"], where + ".path")
        _matching(entry["sha256"], _LOWER_HEX_64, where + ".sha256", "64 lowercase hex digits")

    _started_at(record["started_at"])

    cases = record["cases"]
    if not isinstance(cases, list):
        raise _malformed("cases is not an array")
    for index, case in enumerate(cases):
        where = "cases[%d]" % index
        _exact_members(case, ("name", "pass", "expected", "got"), where)
        _string(case["name"], where + ".name")
        _boolean(case["pass"], where + ".pass")
        _string(case["expected"], where + ".expected")
        _string(case["got"], where + ".got")

    summary = _exact_members(record["summary"], ("cases", "passed", "failed"), "summary")
    for name in ("cases", "passed", "failed"):
        _integer(summary[name], "summary." + name)

    _boolean(record["conformant"], "conformant")
    if record["key"] not in ("ephemeral", "supplied") or not isinstance(record["key"], str):
        raise _malformed("key is neither ephemeral nor supplied")
    _matching(record["signer_pubkey"], _LOWER_HEX_64, "signer_pubkey", "64 lowercase hex digits")
    _matching(record["sig"], _LOWER_HEX_128, "sig", "128 lowercase hex digits")


# ---------------------------------------------------------------------------
# RFC 8785 serialization of the values a record holds (after step 3 every
# number is a plain integer, whose ECMAScript form is its digits).
# ---------------------------------------------------------------------------

_JCS_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\f": "\\f",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
}
_JCS_NEEDS_ESCAPE = re.compile('["\\\\\x00-\x1f]')


def _jcs_escape(match) -> str:
    char = match.group(0)
    return _JCS_ESCAPES.get(char) or "\\u%04x" % ord(char)


def _jcs_text(value) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        return '"' + _JCS_NEEDS_ESCAPE.sub(_jcs_escape, value) + '"'
    if isinstance(value, JsonNumber):
        if not (len(value.literal) <= 16 and _PLAIN_DIGITS.fullmatch(value.literal)):
            raise ValueError("only plain integers are serialized here: %s" % value.literal[:40])
        return value.literal
    if isinstance(value, int):
        if not 0 <= value <= MAX_SAFE_INTEGER:
            raise ValueError("only integers 0..2^53-1 are serialized here")
        return str(value)
    if isinstance(value, list):
        return "[" + ",".join(_jcs_text(item) for item in value) + "]"
    if isinstance(value, dict):
        # RFC 8785 section 3.2.3: names ordered by their UTF-16 code units. Comparing
        # UTF-16-BE bytes is exactly that; Python's own str order is by code point.
        names = sorted(value, key=lambda name: name.encode("utf-16-be"))
        return "{" + ",".join(_jcs_text(name) + ":" + _jcs_text(value[name]) for name in names) + "}"
    raise ValueError("not a JSON value: %r" % type(value).__name__)


def jcs_serialize(value) -> bytes:
    """The RFC 8785 form of a value, as UTF-8 bytes."""
    return _jcs_text(value).encode("utf-8")


def signing_input(record: dict) -> bytes:
    """Section 3: the prefix, 0x01, then the RFC 8785 form of the record without sig."""
    unsigned = {name: value for name, value in record.items() if name != "sig"}
    return SIGNING_PREFIX + jcs_serialize(unsigned)


# ---------------------------------------------------------------------------
# Ed25519 (RFC 8032 section 5.1), verified by the strict rule: canonical key
# not of small order, canonical R not of small order, S < L, and the
# cofactorless equation compared byte for byte.
# Points are extended homogeneous coordinates (X, Y, Z, T): x = X/Z, y = Y/Z,
# x*y = T/Z (RFC 8032 section 5.1.4).
# ---------------------------------------------------------------------------

P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493
D = -121665 * pow(121666, P - 2, P) % P
SQRT_M1 = pow(2, (P - 1) // 4, P)
_BASE_X = 15112221349535400772501151409588531511454012693041857206046113283949847762202
_BASE_Y = 46316835694926478169428394003475163141307993866256225615783033603165251855960
BASE = (_BASE_X, _BASE_Y, 1, _BASE_X * _BASE_Y % P)
IDENTITY = (0, 1, 1, 0)


def point_add(p1, p2):
    """RFC 8032 section 5.1.4 addition; complete, so it also doubles and adds the identity."""
    x1, y1, z1, t1 = p1
    x2, y2, z2, t2 = p2
    a = (y1 - x1) * (y2 - x2) % P
    b = (y1 + x1) * (y2 + x2) % P
    c = t1 * 2 * D * t2 % P
    d = z1 * 2 * z2 % P
    e, f, g, h = b - a, d - c, d + c, b + a
    return (e * f % P, g * h % P, f * g % P, e * h % P)


def point_double(p1):
    """RFC 8032 section 5.1.4 doubling."""
    x1, y1, z1, _ = p1
    a = x1 * x1 % P
    b = y1 * y1 % P
    c = 2 * z1 * z1 % P
    h = a + b
    e = h - (x1 + y1) * (x1 + y1)
    g = a - b
    f = c + g
    return (e * f % P, g * h % P, f * g % P, e * h % P)


def point_negate(p1):
    x1, y1, z1, t1 = p1
    return (-x1 % P, y1, z1, -t1 % P)


# [2^i]B for i = 0, 1, ...: made once, on first use. A multiple of the base point (every signature
# check has one) is then only additions, about half the arithmetic of double-and-add.
_BASE_POWERS = []


def _base_power(i: int):
    while len(_BASE_POWERS) <= i:
        _BASE_POWERS.append(point_double(_BASE_POWERS[-1]) if _BASE_POWERS else BASE)
    return _BASE_POWERS[i]


def scalar_multiply(scalar: int, point):
    """[scalar]point: by the table of the base point's powers for B, else double-and-add from the top bit."""
    result = IDENTITY
    if point is BASE:
        for i, bit in enumerate(reversed(bin(scalar)[2:]) if scalar > 0 else ""):
            if bit == "1":
                result = point_add(result, _base_power(i))
        return result
    for bit in bin(scalar)[2:] if scalar > 0 else "":
        result = point_double(result)
        if bit == "1":
            result = point_add(result, point)
    return result


def point_equal(p1, p2) -> bool:
    x1, y1, z1, _ = p1
    x2, y2, z2, _ = p2
    return (x1 * z2 - x2 * z1) % P == 0 and (y1 * z2 - y2 * z1) % P == 0


def encode_point(point) -> bytes:
    """RFC 8032 section 5.1.2: y little-endian, the low bit of x in bit 255."""
    x, y, z, _ = point
    z_inverse = pow(z, P - 2, P)
    x = x * z_inverse % P
    y = y * z_inverse % P
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


def decode_point(encoded: bytes):
    """RFC 8032 section 5.1.3, refusing every non-canonical encoding; None if refused."""
    if len(encoded) != 32:
        return None
    number = int.from_bytes(encoded, "little")
    x_sign = number >> 255
    y = number & ((1 << 255) - 1)
    if y >= P:
        return None
    u = (y * y - 1) % P
    v = (D * y * y + 1) % P
    x = u * pow(v, 3, P) * pow(u * pow(v, 7, P), (P - 5) // 8, P) % P
    vxx = v * x * x % P
    if vxx == u:
        pass
    elif vxx == -u % P:
        x = x * SQRT_M1 % P
    else:
        return None  # no square root: not a point of the curve
    if x == 0 and x_sign == 1:
        return None  # -0 is not a canonical x
    if x & 1 != x_sign:
        x = P - x
    return (x, y, 1, x * y % P)


def has_small_order(point) -> bool:
    """Whether [8]point is the identity: the point lies in the torsion subgroup."""
    return point_equal(point_double(point_double(point_double(point))), IDENTITY)


def _hash_to_scalar(*parts: bytes) -> int:
    return int.from_bytes(hashlib.sha512(b"".join(parts)).digest(), "little") % L


def verify_ed25519_strict(public_key: bytes, message: bytes, signature: bytes) -> bool:
    """Pure Ed25519 verification by the strict rule of section 3."""
    if len(public_key) != 32 or len(signature) != 64:
        return False
    a_point = decode_point(public_key)
    if a_point is None or has_small_order(a_point):
        return False
    r_bytes = signature[:32]
    r_point = decode_point(r_bytes)
    if r_point is None or has_small_order(r_point):
        return False
    s = int.from_bytes(signature[32:], "little")
    if s >= L:
        return False
    k = _hash_to_scalar(r_bytes, public_key, message)
    # Cofactorless: [S]B - [k]A must encode to R's very bytes.
    check = point_add(scalar_multiply(s, BASE), point_negate(scalar_multiply(k, a_point)))
    return encode_point(check) == r_bytes


def check_signature(record: dict) -> None:
    public_key = bytes.fromhex(record["signer_pubkey"])
    signature = bytes.fromhex(record["sig"])
    if not verify_ed25519_strict(public_key, signing_input(record), signature):
        raise Rejected(4, "signature_invalid", "sig does not verify under signer_pubkey")


# ---------------------------------------------------------------------------
# Steps 5 and 6: the summary and the verdict follow from the cases.
# ---------------------------------------------------------------------------


def check_summary(record: dict) -> None:
    cases = record["cases"]
    passed = sum(1 for case in cases if case["pass"] is True)
    counted = {"cases": len(cases), "passed": passed, "failed": len(cases) - passed}
    for name, count in counted.items():
        if int(record["summary"][name].literal) != count:
            raise Rejected(5, "summary_mismatch", "summary.%s is not %d" % (name, count))


def check_verdict(record: dict) -> None:
    cases = record["cases"]
    should_be = len(cases) > 0 and all(case["pass"] is True for case in cases)
    if record["conformant"] is not should_be:
        raise Rejected(6, "conformant_mismatch", "conformant should be %s" % should_be)


def verify_record(data: bytes) -> Outcome:
    """Run section 4's six steps over a record's bytes."""
    try:
        record = read_record(data)
        check_format(record)
        check_members(record)
        check_signature(record)
        check_summary(record)
        check_verdict(record)
    except Rejected as rejection:
        return Outcome(False, rejection=rejection)
    return Outcome(True, conformant=record["conformant"], record=record)


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------


def read_bounded(path: str) -> bytes:
    """The file's bytes, reading at most one byte past the limit (step 1 then refuses it)."""
    with open(path, "rb") as handle:
        return handle.read(MAX_RECORD_BYTES + 1)


def _run_one(path: str, pubkey) -> int:
    try:
        data = read_bounded(path)
    except OSError as error:
        print("cannot read %s: %s" % (path, error.strerror or error), file=sys.stderr)
        return EXIT_UNREADABLE
    outcome = verify_record(data)
    print(outcome.line)
    if not outcome.accepted:
        return EXIT_REJECT
    if pubkey is not None:
        # Only an accepted record has a signer to compare; a rejected one prints no pubkey line.
        matches = outcome.record["signer_pubkey"] == pubkey
        print("pubkey match" if matches else "pubkey mismatch")
        if not matches:
            return EXIT_REJECT
    return EXIT_ACCEPT


def _run_vectors(directory: str) -> int:
    manifest_path = os.path.join(directory, "manifest.json")
    try:
        with open(manifest_path, "rb") as handle:
            manifest = json.loads(handle.read().decode("utf-8"))
        vectors = manifest["vectors"]
        if not isinstance(vectors, list) or not all(
            isinstance(v, dict) and isinstance(v.get("file"), str) and isinstance(v.get("expect"), str)
            for v in vectors
        ):
            raise ValueError("vectors must be a list of {file, expect} strings")
    except (OSError, ValueError, KeyError, TypeError) as error:
        print("cannot use %s: %s" % (manifest_path, error), file=sys.stderr)
        return EXIT_UNREADABLE
    passed = failed = 0
    for vector in vectors:
        name, expected = vector["file"], vector["expect"]
        try:
            got = verify_record(read_bounded(os.path.join(directory, name))).line
        except OSError as error:
            got = "unreadable (%s)" % (error.strerror or error)
        if got == expected:
            passed += 1
            print("ok %s: %s" % (name, got))
        else:
            failed += 1
            print("FAIL %s: expected %s, got %s" % (name, expected, got))
    print("%d passed, %d failed" % (passed, failed))
    return EXIT_ACCEPT if failed == 0 and passed > 0 else EXIT_REJECT


def _pubkey_argument(text: str) -> str:
    if not re.fullmatch(r"[0-9a-fA-F]{64}", text.strip()):
        raise argparse.ArgumentTypeError("must be 64 hexadecimal digits")
    return text.strip().lower()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="conform_result_verify.py",
        description="Verify a conform-result/1 record offline (or a directory of vectors).",
    )
    parser.add_argument("record", nargs="?", help="the record file to verify")
    parser.add_argument("--pubkey", type=_pubkey_argument, help="the Ed25519 key that must have signed it")
    parser.add_argument("--vectors", metavar="DIR", help="verify every vector DIR/manifest.json lists")
    args = parser.parse_args(argv)
    if args.vectors is not None:
        if args.record is not None or args.pubkey is not None:
            parser.error("--vectors takes no RECORD and no --pubkey")
        return _run_vectors(args.vectors)
    if args.record is None:
        parser.error("give a RECORD or --vectors DIR")
    return _run_one(args.record, args.pubkey)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""An RFC 8785 (JCS) canonicalizer in Python, standard library only, speaking canon-conformance's
command-adapter protocol (docs/protocol.md).

    python3 canon.py            once: the input on stdin, the canonical form on stdout;
                                exit 1 with a reason on stderr to reject
    python3 canon.py --lines    lines: one request per line in, one answer per line out,
                                "!reason" to reject

Python's json module does most of the work; what RFC 8785 and I-JSON (RFC 7493) add on top is
below: strict UTF-8, no duplicate names, no lone surrogates, no NaN/Infinity, numbers as IEEE-754
doubles printed by the ECMAScript algorithm, keys sorted by UTF-16 code units.
"""
import json
import math
import sys
from decimal import Decimal


class Reject(Exception):
    """The input is not I-JSON; the message says why."""


def _well_formed(text):
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise Reject("lone surrogate in a string")
    return text


def _no_duplicates(pairs):
    obj = {}
    for name, value in pairs:
        _well_formed(name)
        if name in obj:
            raise Reject("duplicate member name %r" % name)
        obj[name] = value
    return obj


def _no_constants(name):
    raise Reject("%s is not JSON" % name)


def _as_double(text):
    value = float(text)
    if math.isinf(value):
        raise Reject("number %s does not fit an IEEE-754 double" % text[:40])
    return value


def _int_as_double(text):
    # Every JSON number is a double in RFC 8785: integers past 2^53 round to the nearest one.
    try:
        return float(int(text))
    except OverflowError:
        raise Reject("number %s does not fit an IEEE-754 double" % text[:40])


def parse(data):
    try:
        text = data.decode("utf-8")  # strict: overlong forms, encoded surrogates, stray bytes fail
    except UnicodeDecodeError as error:
        raise Reject("invalid UTF-8 at byte %d" % error.start)
    if text.startswith("\ufeff"):
        raise Reject("byte-order mark")
    try:
        return json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_constant=_no_constants,
            parse_float=_as_double,
            parse_int=_int_as_double,
        )
    except RecursionError:
        raise Reject("nested too deeply")
    except json.JSONDecodeError as error:
        raise Reject("not JSON: %s at char %d" % (error.msg, error.pos))


def number(value):
    """ECMAScript Number::toString (RFC 8785 section 3.2.2.3) for a finite double."""
    if value == 0:
        return "0"
    sign = "-" if value < 0 else ""
    # repr gives the shortest digits that read back as the same double, as ECMAScript requires.
    _, digits, exponent = Decimal(repr(abs(value))).normalize().as_tuple()
    digits = "".join(map(str, digits))
    k = len(digits)
    n = exponent + k  # value = 0.digits * 10^n
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * (-n) + digits
    e = n - 1
    mantissa = digits[0] + ("." + digits[1:] if k > 1 else "")
    return sign + mantissa + "e" + ("+" if e >= 0 else "-") + str(abs(e))


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def string(value):
    _well_formed(value)
    out = ['"']
    for ch in value:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ch < " ":
            out.append("\\u%04x" % ord(ch))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def serialize(value):
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, float):
        return number(value)
    if isinstance(value, str):
        return string(value)
    if isinstance(value, list):
        return "[" + ",".join(serialize(v) for v in value) + "]"
    # Keys sort by their UTF-16 code units (RFC 8785 section 3.2.3), not by code points.
    items = sorted(value.items(), key=lambda item: item[0].encode("utf-16-be"))
    return "{" + ",".join(string(k) + ":" + serialize(v) for k, v in items) + "}"


def canonicalize(data):
    try:
        return serialize(parse(data)).encode("utf-8")
    except RecursionError:
        raise Reject("nested too deeply")


def main():
    sys.setrecursionlimit(10000)
    if "--lines" in sys.argv[1:]:
        out = sys.stdout.buffer
        for line in sys.stdin.buffer:
            try:
                out.write(canonicalize(line.rstrip(b"\n")) + b"\n")
            except Reject as error:
                out.write(b"!" + str(error).replace("\n", " ").encode("utf-8", "replace") + b"\n")
            out.flush()
        return 0
    try:
        sys.stdout.buffer.write(canonicalize(sys.stdin.buffer.read()))
    except Reject as error:
        sys.stderr.write("%s\n" % error)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

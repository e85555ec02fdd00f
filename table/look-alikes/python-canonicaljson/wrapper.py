#!/usr/bin/env python3
"""The table's wrapper for the PyPI package `canonicaljson` (table/look-alikes/python-canonicaljson), speaking
canon-conformance's command protocols (docs/protocol.md):

    .venv/bin/python wrapper.py            once: the input on stdin, the answer on stdout, exit 1 to refuse
    .venv/bin/python wrapper.py --lines    lines: a request per line, an answer per line, "!reason" to refuse

The package takes an already-parsed value, so the wrapper reads the bytes itself: strict UTF-8 (an
invalid byte is refused here), then the standard library's json.loads, then the package. What json.loads
lets through (a duplicate name, a lone surrogate escape, NaN) is the package's to refuse or not.
"""
import json
import sys

import canonicaljson


def canon(data: bytes) -> bytes:
    value = json.loads(data.decode("utf-8"))
    out = canonicaljson.encode_canonical_json(value)
    return out if isinstance(out, bytes) else out.encode("utf-8")


def reason(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}".replace("\r", " ").replace("\n", " ")


def main() -> int:
    if "--lines" in sys.argv[1:]:
        out = sys.stdout.buffer
        for line in sys.stdin.buffer:
            request = line[:-1] if line.endswith(b"\n") else line
            try:
                answer = canon(request)
            except Exception as error:  # a refusal, whatever raised it
                answer = ("!" + reason(error)).encode("utf-8", "replace")
            out.write(answer + b"\n")
            out.flush()
        return 0
    try:
        answer = canon(sys.stdin.buffer.read())
    except Exception as error:
        print(reason(error), file=sys.stderr)
        return 1
    sys.stdout.buffer.write(answer + b"\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

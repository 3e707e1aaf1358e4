"""Reading a trace of `strace -f -y -yy -tt -xx`: its calls and their arguments."""

import re

# strace output

def unescape(text):
    """The bytes of a string as strace prints it with -xx."""
    out = bytearray()
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c != "\\":
            out += c.encode("utf-8", "surrogateescape")
            i += 1
            continue
        nxt = text[i + 1] if i + 1 < n else ""
        if nxt == "x":
            out.append(int(text[i + 2:i + 4], 16))
            i += 4
        elif nxt in "01234567":
            j = i + 1
            while j < n and j < i + 4 and text[j] in "01234567":
                j += 1
            out.append(int(text[i + 1:j], 8) & 0xFF)
            i = j
        else:
            out += {"n": b"\n", "t": b"\t", "r": b"\r", "v": b"\v", "f": b"\f", "\\": b"\\", '"': b'"'}.get(
                nxt, nxt.encode())
            i += 2
    return bytes(out)


def split_args(text):
    """Top-level comma-separated arguments of a call."""
    args, depth, start, i, n = [], 0, 0, 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c == "=" and i + 1 < n and text[i + 1] == ">":
            i += 1
        elif c in "([{<":
            depth += 1
        elif c in ")]}>":
            depth -= 1
        elif c == "," and depth == 0:
            args.append(text[start:i].strip())
            start = i + 1
        i += 1
    tail = text[start:].strip()
    if tail:
        args.append(tail)
    return args


def close_paren(text, start):
    """Index of the parenthesis closing the one before `start`."""
    depth, i, n = 1, start, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c == "=" and i + 1 < n and text[i + 1] == ">":
            i += 1
        elif c in "([{<":
            depth += 1
        elif c in ")]}>":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return -1


def annotation(text):
    """(number or name, path bytes or None) of `3<\\x2f...>` or `AT_FDCWD<...>`."""
    lt = text.find("<")
    if lt < 0:
        return text, None
    head = text[:lt]
    body, depth, i = [], 1, lt + 1
    while i < len(text) and depth:
        c = text[i]
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif depth == 1:
            body.append(c)
        i += 1
    return head, unescape("".join(body))


def string_arg(text):
    """(bytes, truncated) of a quoted string argument."""
    text = text.strip()
    if not text.startswith('"'):
        return None, False
    end = 1
    while end < len(text) and text[end] != '"':
        end += 2 if text[end] == "\\" else 1
    return unescape(text[1:end]), text[end + 1:].startswith("...")


def int_arg(text):
    text = text.strip()
    head = text.split("<", 1)[0].strip()
    try:
        return int(head, 0)
    except ValueError:
        return None


class Call:
    """One finished system call of the trace."""

    def __init__(self, line_no, pid, name, args, ret, ret_path, error, raw):
        self.line_no, self.pid, self.name, self.args = line_no, pid, name, args
        self.ret, self.ret_path, self.error, self.raw = ret, ret_path, error, raw


def parse_trace(path):
    """The calls of an `strace -f -y -yy -tt -xx` output file, in order."""
    pending = {}
    calls = []
    line_re = re.compile(r"^(\d+)\s+\d\d:\d\d:\d\d\.\d+\s+(.*)$")
    with open(path, encoding="utf-8", errors="surrogateescape") as handle:
        for number, line in enumerate(handle, 1):
            line = line.rstrip("\n")
            match = line_re.match(line)
            if not match:
                continue
            pid, rest = int(match.group(1)), match.group(2)
            if rest.startswith("+++") or rest.startswith("---"):
                continue
            if rest.endswith("<unfinished ...>"):
                pending[pid] = rest[: -len("<unfinished ...>")].rstrip()
                if re.match(r"^(clone3?|v?fork)\(", rest):
                    calls.append(Call(number, pid, "clone_start", [pending[pid]], 0, None, None, rest[:300]))
                continue
            if rest.startswith("<..."):
                head = pending.pop(pid, None)
                cut = rest.find("resumed>")
                if head is None or cut < 0:
                    continue
                rest = head + rest[cut + len("resumed>"):]
            paren = rest.find("(")
            if paren <= 0:
                continue
            name = rest[:paren]
            end = close_paren(rest, paren + 1)
            if end < 0:
                continue
            args = split_args(rest[paren + 1:end])
            tail = rest[end + 1:].strip()
            if not tail.startswith("="):
                continue
            value = tail[1:].strip()
            if value.startswith("?"):
                continue
            error = None
            err = re.match(r"^(-?\w+)\s+(E[A-Z0-9]+)", value)
            if err:
                error = err.group(2)
            first = value.split(" ", 1)[0]
            head, ret_path = annotation(first) if "<" in first else (first, None)
            if "<" in value and ret_path is None:
                head, ret_path = annotation(value.split(" (", 1)[0])
            try:
                ret = int(head, 0)
            except ValueError:
                ret = None
            calls.append(Call(number, pid, name, args, ret, ret_path, error, rest[:300]))
    return calls

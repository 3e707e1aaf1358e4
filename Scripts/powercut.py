#!/usr/bin/env python3
"""Power-cut test of memoquiz: what a crash can leave on disk, and whether
memoquiz copes with every such state.

Usage:
  python3 Scripts/powercut.py [--binary PATH] [--scenario NAME]... [--seed N]
                              [--max-states N] [--min-states N] [--budget SECONDS]
                              [--jobs N] [--redundant] [--state N --keep DIR]
  python3 Scripts/powercut.py --list
  python3 Scripts/powercut.py --self-test

For each scenario a data folder is prepared by ordinary memoquiz commands,
then ONE command runs under strace (`strace -f -y -yy -tt -s 65535 -xx`),
its input typed one line at a time, each once the reply to the one before
is out. A scenario whose command `memoquiz --help` does not list is
skipped, and says so. Every file-system call inside the
sandbox that holds the data folder, and every write to stdout and stderr,
is recorded and replayed on a model of the file system:

- the state before the command is the base;
- a write (or truncation) of a file is durable only once the file is
  fsync'd or fdatasync'd, through any descriptor of it; a name (create,
  link, mkdir, rename, unlink) only once its directory is fsync'd; a rename
  is atomic;
- what is not durable may be dropped, torn (a prefix kept, cut inside a
  write or with the cut part read back as zeros) or reordered (any subset
  of the unsynced writes of a file, in 4 KiB units; any subset of the
  unsynced names).

A crash may fall after any recorded call. At each crash point the states a
conservative file system allows are enumerated (systematic choices first,
then seeded random ones), deduplicated, materialised in a temp folder with
the same layout, and checked with the real binary:

 (1) acknowledged: every answer whose verdict (Correct/Incorrect) was
     printed before the crash point is in `history --json` and counted in
     `scores --json`; a command that printed its success line before the
     crash point has its whole effect;
 (2) next command: `groups`, `history --json`, `scores --json` and `export`
     exit 0 (a warning naming a file moved aside is fine, when that file
     exists); nothing that was in the history before the command is lost;
 (3) all or nothing: the questions are wholly the old or wholly the new
     version, and agree with the history (a change of the questions is in
     effect exactly when its history step is).

State is read only through memoquiz commands (and files memoquiz names in
its own messages), never by file names, so the tool follows any layout of
the data folder. Exit status: 0 no violation, 1 violations, 2 the tool
could not do its work (strace missing, a model that diverged from the real
run, a scenario whose preparation failed).

Each violation is printed with its crash point, the call it follows, what
was kept and dropped of the unsynced ops, and the command that rebuilds
that very state (`--state N --keep DIR`, with the same --seed and
--max-states). The run is bounded: at most --max-states distinct states a
scenario, and --budget seconds shared fairly by the scenarios (at least
--min-states each are checked all the same); states left unchecked are
counted in the report.

--redundant also reports, for each fsync/fdatasync of a scenario, whether
leaving it out adds violations: the states of the run without it are
checked, and each violation found there is checked again on the state the
same choices give with the sync in place. A sync whose absence adds none
protects nothing (in the states checked) and can go.

--self-test runs the same machinery on tiny Python programs (no memoquiz):
one that writes without fsync, one that renames without syncing the folder
and one that appends without fsync must each show a violation; their
correct twins must show none. It proves the tool can fail.
"""

import argparse
import collections
import concurrent.futures
import hashlib
import itertools
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

PAGE = 4096
TRACED = ",".join([
    "openat", "open", "creat", "write", "pwrite64", "writev", "pwritev", "pwritev2", "ftruncate", "truncate",
    "rename", "renameat", "renameat2", "unlink", "unlinkat", "link", "linkat", "mkdir", "mkdirat", "rmdir",
    "fsync", "fdatasync", "sync", "syncfs", "close", "close_range", "dup", "dup2", "dup3", "fcntl",
    "read", "readv", "pread64", "lseek", "copy_file_range", "sendfile", "fallocate",
    "clone", "clone3", "fork", "vfork", "execve", "chdir", "fchdir",
])
DEFAULT_STRING_LIMIT = 1 << 20
NOW = "2026-11-20T09:00:00Z"
EARLIER = "2026-11-01T09:00:00Z"
VERDICT = re.compile(rb"^(?:.*\] )?(Correct|Incorrect)\b", re.M)


class ToolError(Exception):
    """The tool could not do its work: not a finding about memoquiz."""


# --------------------------------------------------------------------------
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


# --------------------------------------------------------------------------
# The model of the file system

class Op:
    """A recorded change: of a file's bytes, of a folder's names, a sync, or output."""

    def __init__(self, kind, **fields):
        self.kind = kind
        self.index = -1
        self.desc = ""
        self.__dict__.update(fields)

    def is_data(self):
        return self.kind in ("write", "trunc")

    def is_dir(self):
        return self.kind in ("link", "unlink", "rename")


class Base:
    """The sandbox before the command: inodes, folders, bytes."""

    def __init__(self, root):
        self.root = root
        self.kind = {}      # inode -> "d" or "f"
        self.data = {}      # inode -> bytes
        self.entries = {}   # inode -> {name: inode}
        ids = {}

        def inode_of(path):
            st = os.lstat(path)
            key = (st.st_dev, st.st_ino)
            if key not in ids:
                ids[key] = len(ids) + 1
            return ids[key], st

        root_ino, _ = inode_of(root)
        self.root_ino = root_ino
        self.kind[root_ino] = "d"
        self.entries[root_ino] = {}
        stack = [(root, root_ino)]
        while stack:
            folder, ino = stack.pop()
            for name in sorted(os.listdir(folder)):
                path = os.path.join(folder, name)
                child, st = inode_of(path)
                self.entries[ino][name.encode("utf-8", "surrogateescape")] = child
                if os.path.isdir(path) and not os.path.islink(path):
                    self.kind[child] = "d"
                    self.entries[child] = {}
                    stack.append((path, child))
                elif child not in self.kind:
                    self.kind[child] = "f"
                    with open(path, "rb") as handle:
                        self.data[child] = handle.read()
        self.next_ino = len(ids) + 1


class Recorder:
    """Replays the calls on a model of the sandbox and records the ops."""

    def __init__(self, base, root, streams, cwd, string_limit):
        self.base = base
        self.root = os.fsencode(root)
        self.streams = {os.fsencode(path): name for name, path in streams.items()}
        self.kind = dict(base.kind)
        self.data = {ino: bytearray(b) for ino, b in base.data.items()}
        self.entries = {ino: dict(e) for ino, e in base.entries.items()}
        self.next_ino = base.next_ino
        self.ops = []
        self.notes = []
        self.tables = {}        # pid -> fd table (dict fd -> ofd), shared by threads
        self.cloning = {}       # pid -> clone flags while a clone is under way
        self.cwd = {}
        self.start_cwd = os.fsencode(cwd)
        self.string_limit = string_limit

    # paths -------------------------------------------------------------
    def rel(self, path):
        """Components of an absolute path inside the sandbox, or None."""
        if path is None:
            return None
        path = os.path.normpath(path)
        if path == self.root:
            return []
        if not path.startswith(self.root + b"/"):
            return None
        return [c for c in path[len(self.root) + 1:].split(b"/") if c]

    def lookup(self, parts):
        ino = self.base.root_ino
        for part in parts:
            if self.kind.get(ino) != "d":
                return None
            ino = self.entries[ino].get(part)
            if ino is None:
                return None
        return ino

    def absolute(self, pid, dirfd_text, path):
        if path.startswith(b"/"):
            return os.path.normpath(path)
        base = None
        if dirfd_text is not None:
            head, annotated = annotation(dirfd_text)
            if annotated is not None:
                base = annotated
                if head.strip() == "AT_FDCWD":
                    self.cwd[pid] = annotated
        if base is None:
            base = self.cwd.get(pid, self.start_cwd)
        return os.path.normpath(base + b"/" + path)

    # descriptors -------------------------------------------------------
    def table(self, pid):
        if pid not in self.tables:
            parent = next(iter(self.cloning), None)
            if parent is not None and parent in self.tables:
                flags = self.cloning[parent]
                self.tables[pid] = self.tables[parent] if "CLONE_FILES" in flags else dict(self.tables[parent])
                if "CLONE_THREAD" in flags and parent in self.cwd:
                    self.cwd[pid] = self.cwd[parent]
            else:
                self.tables[pid] = {}
        return self.tables[pid]

    def fd_target(self, pid, text):
        """(ofd or None, annotated path) for a descriptor argument."""
        head, path = annotation(text)
        try:
            fd = int(head)
        except ValueError:
            return None, path
        ofd = self.table(pid).get(fd)
        if path is not None and not path.endswith(b" (deleted)"):
            parts = self.rel(path)
            if parts is not None:
                ino = self.lookup(parts)
                if ofd is None or ofd["ino"] != ino:
                    if ino is None:
                        return ofd, path
                    if ofd is not None:
                        self.notes.append(f"descriptor {fd} of {pid} named {path!r}, not the file it was opened on")
                    ofd = {"ino": ino, "pos": 0, "append": False}
                    self.table(pid)[fd] = ofd
            elif ofd is not None and ofd.get("ino") is not None:
                # The descriptor now points outside the sandbox.
                ofd = None
        return ofd, path

    # recording -----------------------------------------------------------
    def emit(self, op, call):
        op.index = len(self.ops)
        op.line = call.line_no
        op.pid = call.pid
        self.ops.append(op)

    def name_of(self, ino):
        """A path of an inode in the current model, for descriptions."""
        for folder, names in self.entries.items():
            for name, child in names.items():
                if child == ino:
                    prefix = self.name_of(folder) if folder != self.base.root_ino else b""
                    return (prefix + b"/" if prefix else b"") + name
        return b"?" if ino != self.base.root_ino else b"."

    def describe(self, ino):
        return self.name_of(ino).decode("utf-8", "replace")

    def write_data(self, call, ino, offset, payload):
        if self.kind.get(ino) != "f":
            return
        data = self.data.setdefault(ino, bytearray())
        if offset > len(data):
            data.extend(b"\0" * (offset - len(data)))
        data[offset:offset + len(payload)] = payload
        op = Op("write", ino=ino, offset=offset, payload=bytes(payload))
        op.desc = f"{call.name} {len(payload)} bytes at {offset} of {self.describe(ino)}"
        self.emit(op, call)

    def truncate(self, call, ino, size):
        if self.kind.get(ino) != "f":
            return
        data = self.data.setdefault(ino, bytearray())
        if size < len(data):
            del data[size:]
        else:
            data.extend(b"\0" * (size - len(data)))
        op = Op("trunc", ino=ino, size=size)
        op.desc = f"truncate {self.describe(ino)} to {size} bytes ({call.name})"
        self.emit(op, call)

    def link(self, call, parent, name, ino, what):
        self.entries[parent][name] = ino
        op = Op("link", dir=parent, name=name, ino=ino, child_kind=self.kind[ino])
        op.desc = f"{what} {self.describe(ino)}"
        self.emit(op, call)

    def new_inode(self, kind):
        ino = self.next_ino
        self.next_ino += 1
        self.kind[ino] = kind
        if kind == "d":
            self.entries[ino] = {}
        else:
            self.data[ino] = bytearray()
        return ino

    def output(self, call, stream, payload):
        op = Op("out", stream=stream, payload=payload)
        op.desc = f"{stream} {payload[:60]!r}"
        self.emit(op, call)

    def payload(self, call, text, count):
        data, truncated = string_arg(text)
        if data is None:
            return None
        if truncated and len(data) < count:
            raise ToolError(f"strace cut a write of {count} bytes at line {call.line_no}; raise --string-limit")
        return data[:count]

    def split_parent(self, path):
        parts = self.rel(path)
        if not parts:
            return None, None
        parent = self.lookup(parts[:-1])
        if parent is None or self.kind.get(parent) != "d":
            return None, None
        return parent, parts[-1]

    # dispatch ----------------------------------------------------------------
    def feed(self, call):
        handler = getattr(self, "on_" + call.name, None)
        if handler is None:
            return
        if call.ret is None or call.ret < 0:
            if call.name in ("clone", "clone3", "fork", "vfork"):
                self.cloning.pop(call.pid, None)
            return
        handler(call)

    def on_clone_start(self, call):
        self.table(call.pid)
        self.cloning[call.pid] = call.args[0]

    def on_clone(self, call):
        flags = " ".join(call.args)
        self.cloning[call.pid] = flags
        self.table(call.pid)
        child = call.ret
        if child and child not in self.tables:
            parent_table = self.tables[call.pid]
            self.tables[child] = parent_table if "CLONE_FILES" in flags else dict(parent_table)
            if call.pid in self.cwd:
                self.cwd[child] = self.cwd[call.pid]
        self.cloning.pop(call.pid, None)

    on_clone3 = on_clone
    on_fork = on_clone
    on_vfork = on_clone

    def on_execve(self, call):
        table = self.table(call.pid)
        for fd in [fd for fd, ofd in table.items() if ofd.get("cloexec")]:
            del table[fd]

    def on_chdir(self, call):
        path, _ = string_arg(call.args[0])
        if path is not None:
            self.cwd[call.pid] = self.absolute(call.pid, None, path)

    def on_fchdir(self, call):
        _, path = annotation(call.args[0])
        if path:
            self.cwd[call.pid] = path

    def open_common(self, call, dirfd_text, path_text, flags_text):
        fd = call.ret
        flags = flags_text or ""
        path = call.ret_path
        if path is None:
            arg, _ = string_arg(path_text)
            path = self.absolute(call.pid, dirfd_text, arg)
        ofd = {"ino": None, "pos": 0, "append": "O_APPEND" in flags, "cloexec": "O_CLOEXEC" in flags}
        parts = self.rel(path)
        if parts is not None and not path.startswith(b"pipe:"):
            ino = self.lookup(parts)
            if ino is None and "O_CREAT" in flags:
                parent, name = self.split_parent(path)
                if parent is not None:
                    ino = self.new_inode("f")
                    self.link(call, parent, name, ino, "create")
            elif ino is not None and "O_TRUNC" in flags and ("O_WRONLY" in flags or "O_RDWR" in flags):
                if self.kind.get(ino) == "f" and len(self.data.get(ino, b"")):
                    self.truncate(call, ino, 0)
            if ino is None:
                self.notes.append(f"line {call.line_no}: opened {path!r}, unknown to the model")
            ofd["ino"] = ino
        self.table(call.pid)[fd] = ofd

    def on_openat(self, call):
        self.open_common(call, call.args[0], call.args[1], call.args[2] if len(call.args) > 2 else "")

    def on_open(self, call):
        self.open_common(call, None, call.args[0], call.args[1] if len(call.args) > 1 else "")

    def on_creat(self, call):
        self.open_common(call, None, call.args[0], "O_CREAT|O_WRONLY|O_TRUNC")

    def stream_of(self, path):
        return self.streams.get(path) if path is not None else None

    def on_write(self, call):
        ofd, path = self.fd_target(call.pid, call.args[0])
        data = self.payload(call, call.args[1], call.ret)
        if data is None:
            return
        stream = self.stream_of(path)
        if stream:
            self.output(call, stream, data)
            return
        if ofd is None or ofd.get("ino") is None:
            return
        ino = ofd["ino"]
        offset = len(self.data.get(ino, b"")) if ofd["append"] else ofd["pos"]
        self.write_data(call, ino, offset, data)
        ofd["pos"] = offset + len(data)

    def iov_payload(self, call, text, count):
        pieces = re.findall(r'iov_base=("(?:[^"\\]|\\.)*"(?:\.\.\.)?)', text)
        data = b""
        for piece in pieces:
            chunk, truncated = string_arg(piece)
            data += chunk or b""
            if truncated:
                raise ToolError(f"strace cut a writev at line {call.line_no}; raise --string-limit")
        return data[:count]

    def on_writev(self, call):
        ofd, path = self.fd_target(call.pid, call.args[0])
        data = self.iov_payload(call, call.args[1], call.ret)
        stream = self.stream_of(path)
        if stream:
            self.output(call, stream, data)
            return
        if ofd is None or ofd.get("ino") is None:
            return
        ino = ofd["ino"]
        offset = len(self.data.get(ino, b"")) if ofd["append"] else ofd["pos"]
        self.write_data(call, ino, offset, data)
        ofd["pos"] = offset + len(data)

    def on_pwrite64(self, call):
        ofd, path = self.fd_target(call.pid, call.args[0])
        data = self.payload(call, call.args[1], call.ret)
        if ofd is None or ofd.get("ino") is None or data is None:
            return
        self.write_data(call, ofd["ino"], int_arg(call.args[3]), data)

    def on_pwritev(self, call):
        ofd, path = self.fd_target(call.pid, call.args[0])
        data = self.iov_payload(call, call.args[1], call.ret)
        if ofd is None or ofd.get("ino") is None:
            return
        self.write_data(call, ofd["ino"], int_arg(call.args[3]), data)

    on_pwritev2 = on_pwritev

    def on_read(self, call):
        ofd, _ = self.fd_target(call.pid, call.args[0])
        if ofd is not None:
            ofd["pos"] = ofd.get("pos", 0) + call.ret

    on_readv = on_read

    def on_lseek(self, call):
        ofd, _ = self.fd_target(call.pid, call.args[0])
        if ofd is not None:
            ofd["pos"] = call.ret

    def copy_source(self, ofd, path, offset, count):
        if ofd is not None and ofd.get("ino") is not None:
            return bytes(self.data.get(ofd["ino"], b"")[offset:offset + count])
        if path is None:
            return b""
        with open(path, "rb") as handle:
            handle.seek(offset)
            return handle.read(count)

    def on_copy_file_range(self, call):
        src, src_path = self.fd_target(call.pid, call.args[0])
        dst, dst_path = self.fd_target(call.pid, call.args[2])
        count = call.ret
        off_in = re.findall(r"-?\d+", call.args[1])
        off_out = re.findall(r"-?\d+", call.args[3])
        start_in = int(off_in[0]) if off_in else (src or {}).get("pos", 0)
        start_out = int(off_out[0]) if off_out else (dst or {}).get("pos", 0)
        data = self.copy_source(src, src_path, start_in, count)
        if not off_in and src is not None:
            src["pos"] = start_in + count
        if dst is not None and dst.get("ino") is not None:
            self.write_data(call, dst["ino"], start_out, data)
            if not off_out:
                dst["pos"] = start_out + count

    def on_sendfile(self, call):
        dst, dst_path = self.fd_target(call.pid, call.args[0])
        src, src_path = self.fd_target(call.pid, call.args[1])
        count = call.ret
        off = re.findall(r"-?\d+", call.args[2])
        start = int(off[0]) if off and call.args[2].strip() != "NULL" else (src or {}).get("pos", 0)
        data = self.copy_source(src, src_path, start, count)
        if call.args[2].strip() == "NULL" and src is not None:
            src["pos"] = start + count
        stream = self.stream_of(dst_path)
        if stream:
            self.output(call, stream, data)
        elif dst is not None and dst.get("ino") is not None:
            offset = len(self.data.get(dst["ino"], b"")) if dst["append"] else dst["pos"]
            self.write_data(call, dst["ino"], offset, data)
            dst["pos"] = offset + count

    def on_ftruncate(self, call):
        ofd, _ = self.fd_target(call.pid, call.args[0])
        if ofd is not None and ofd.get("ino") is not None:
            self.truncate(call, ofd["ino"], int_arg(call.args[1]))

    def on_truncate(self, call):
        path, _ = string_arg(call.args[0])
        parts = self.rel(self.absolute(call.pid, None, path))
        if parts is not None:
            ino = self.lookup(parts)
            if ino is not None:
                self.truncate(call, ino, int_arg(call.args[1]))

    def on_fallocate(self, call):
        ofd, _ = self.fd_target(call.pid, call.args[0])
        if ofd is None or ofd.get("ino") is None or "KEEP_SIZE" in call.args[1]:
            return
        end = int_arg(call.args[2]) + int_arg(call.args[3])
        if end > len(self.data.get(ofd["ino"], b"")):
            self.truncate(call, ofd["ino"], end)

    def rename_common(self, call, old, new, flags=""):
        if "RENAME_EXCHANGE" in flags:
            raise ToolError(f"line {call.line_no}: RENAME_EXCHANGE is not modelled")
        old_in, new_in = self.rel(old), self.rel(new)
        if old_in is None and new_in is None:
            return
        if old_in is None or new_in is None:
            raise ToolError(f"line {call.line_no}: a rename across the sandbox's edge is not modelled")
        sdir, sname = self.split_parent(old)
        ddir, dname = self.split_parent(new)
        if sdir is None or ddir is None or sname not in self.entries[sdir]:
            self.notes.append(f"line {call.line_no}: rename of a name unknown to the model")
            return
        ino = self.entries[sdir][sname]
        if sdir == ddir and sname == dname:
            return
        del self.entries[sdir][sname]
        self.entries[ddir][dname] = ino
        op = Op("rename", sdir=sdir, sname=sname, ddir=ddir, dname=dname, ino=ino)
        op.desc = f"rename {self.describe(sdir) + '/' if sdir != self.base.root_ino else ''}" \
                  f"{sname.decode('utf-8', 'replace')} to {self.describe(ino)}"
        self.emit(op, call)

    def on_rename(self, call):
        old, _ = string_arg(call.args[0])
        new, _ = string_arg(call.args[1])
        self.rename_common(call, self.absolute(call.pid, None, old), self.absolute(call.pid, None, new))

    def on_renameat(self, call):
        old, _ = string_arg(call.args[1])
        new, _ = string_arg(call.args[3])
        flags = call.args[4] if len(call.args) > 4 else ""
        self.rename_common(call, self.absolute(call.pid, call.args[0], old),
                           self.absolute(call.pid, call.args[2], new), flags)

    on_renameat2 = on_renameat

    def unlink_common(self, call, path):
        parts = self.rel(path)
        if parts is None:
            return
        parent, name = self.split_parent(path)
        if parent is None or name not in self.entries[parent]:
            self.notes.append(f"line {call.line_no}: unlink of a name unknown to the model")
            return
        ino = self.entries[parent][name]
        desc = self.describe(ino)
        del self.entries[parent][name]
        op = Op("unlink", dir=parent, name=name, ino=ino)
        op.desc = f"unlink {desc}"
        self.emit(op, call)

    def on_unlink(self, call):
        path, _ = string_arg(call.args[0])
        self.unlink_common(call, self.absolute(call.pid, None, path))

    on_rmdir = on_unlink

    def on_unlinkat(self, call):
        path, _ = string_arg(call.args[1])
        self.unlink_common(call, self.absolute(call.pid, call.args[0], path))

    def link_common(self, call, old, new):
        old_in, new_in = self.rel(old), self.rel(new)
        if new_in is None:
            return
        if old_in is None:
            raise ToolError(f"line {call.line_no}: a link from outside the sandbox is not modelled")
        ino = self.lookup(old_in)
        parent, name = self.split_parent(new)
        if ino is None or parent is None:
            self.notes.append(f"line {call.line_no}: link of a name unknown to the model")
            return
        self.link(call, parent, name, ino, "link")

    def on_link(self, call):
        old, _ = string_arg(call.args[0])
        new, _ = string_arg(call.args[1])
        self.link_common(call, self.absolute(call.pid, None, old), self.absolute(call.pid, None, new))

    def on_linkat(self, call):
        old, _ = string_arg(call.args[1])
        new, _ = string_arg(call.args[3])
        self.link_common(call, self.absolute(call.pid, call.args[0], old), self.absolute(call.pid, call.args[2], new))

    def mkdir_common(self, call, path):
        parent, name = self.split_parent(path)
        if parent is None:
            return
        ino = self.new_inode("d")
        self.link(call, parent, name, ino, "mkdir")

    def on_mkdir(self, call):
        path, _ = string_arg(call.args[0])
        self.mkdir_common(call, self.absolute(call.pid, None, path))

    def on_mkdirat(self, call):
        path, _ = string_arg(call.args[1])
        self.mkdir_common(call, self.absolute(call.pid, call.args[0], path))

    def on_fsync(self, call):
        ofd, path = self.fd_target(call.pid, call.args[0])
        if ofd is None or ofd.get("ino") is None:
            return
        op = Op("sync", ino=ofd["ino"], call=call.name)
        op.desc = f"{call.name} {self.describe(ofd['ino'])}"
        self.emit(op, call)

    on_fdatasync = on_fsync

    def on_sync(self, call):
        op = Op("syncall", call=call.name)
        op.desc = call.name
        self.emit(op, call)

    on_syncfs = on_sync

    def on_close(self, call):
        head, _ = annotation(call.args[0])
        try:
            self.table(call.pid).pop(int(head), None)
        except ValueError:
            pass

    def on_close_range(self, call):
        first, last = int_arg(call.args[0]), int_arg(call.args[1])
        last = (1 << 32) if last is None else last   # "~0U"
        table = self.table(call.pid)
        for fd in [fd for fd in table if first <= fd <= last]:
            if "CLOEXEC" in (call.args[2] if len(call.args) > 2 else ""):
                table[fd] = dict(table[fd], cloexec=True)
            else:
                del table[fd]

    def dup_common(self, call, old_text):
        head, path = annotation(old_text)
        try:
            old = int(head)
        except ValueError:
            return
        table = self.table(call.pid)
        ofd = table.get(old)
        if ofd is None:
            ofd, _ = self.fd_target(call.pid, old_text)
        if ofd is not None:
            # The same open file description: position and flags are shared.
            table[call.ret] = ofd
        else:
            table.pop(call.ret, None)

    def on_dup(self, call):
        self.dup_common(call, call.args[0])

    on_dup2 = on_dup
    on_dup3 = on_dup

    def on_fcntl(self, call):
        if len(call.args) > 1 and call.args[1].startswith("F_DUPFD"):
            self.dup_common(call, call.args[0])


# --------------------------------------------------------------------------
# Crash states

class Timeline:
    """The ops of a run with what each one needs to be durable."""

    def __init__(self, base, ops, ignored_syncs=frozenset()):
        self.base, self.ops = base, ops
        self.ignored = ignored_syncs
        n = len(ops)
        self.durable_at = [None] * n
        next_sync = {}
        next_all = n + 1
        # Walk backwards: the first covering sync after each op.
        for op in reversed(ops):
            if op.kind == "sync" and op.index not in ignored_syncs:
                next_sync[op.ino] = op.index
            elif op.kind == "syncall" and op.index not in ignored_syncs:
                next_all = op.index
                next_sync = {}
            inf = n + 1

            def covered(ino):
                return min(next_sync.get(ino, inf), next_all)

            if op.is_data():
                self.durable_at[op.index] = covered(op.ino)
            elif op.kind == "rename":
                self.durable_at[op.index] = max(covered(op.sdir), covered(op.ddir))
            elif op.is_dir():
                self.durable_at[op.index] = covered(op.dir)
        self.units = {}
        for op in ops:
            if op.kind == "write":
                pieces = []
                start = op.offset
                end = op.offset + len(op.payload)
                while start < end or not pieces:
                    cut = min(end, (start // PAGE + 1) * PAGE)
                    pieces.append((start, op.payload[start - op.offset:cut - op.offset]))
                    start = cut
                    if start >= end:
                        break
                self.units[op.index] = pieces
            elif op.kind == "trunc":
                self.units[op.index] = [None]

    def everything(self):
        """The variant that keeps every op: the state a kill -9 leaves."""
        return (frozenset(op.index for op in self.ops if op.is_dir()),
                {(op.index, k): "all" for op in self.ops if op.is_data() for k in range(len(self.units[op.index]))})

    def durable(self, op, point):
        return self.durable_at[op.index] < point

    def pending(self, point):
        """The ops before the crash point that are not durable there."""
        dirs, data = [], collections.OrderedDict()
        for op in self.ops[:point]:
            if op.is_dir() and not self.durable(op, point):
                dirs.append(op.index)
            elif op.is_data() and not self.durable(op, point):
                data.setdefault(op.ino, []).extend(
                    (op.index, k) for k in range(len(self.units[op.index])))
        return dirs, data

    def build(self, point, variant):
        """The files of a crash state: {relative path: ("d",) or ("f", inode, bytes)}."""
        keep_dirs, data_choice = variant
        kind = self.base.kind
        files = {ino: bytearray(b) for ino, b in self.base.data.items()}
        entries = {ino: dict(e) for ino, e in self.base.entries.items()}
        kinds = dict(kind)
        for op in self.ops[:point]:
            if op.is_dir():
                if not self.durable(op, point) and op.index not in keep_dirs:
                    continue
                if op.kind == "link":
                    child_kind = op.child_kind
                    if op.ino not in kinds:
                        kinds[op.ino] = child_kind
                        if child_kind == "d":
                            entries[op.ino] = {}
                    entries.setdefault(op.dir, {})[op.name] = op.ino
                elif op.kind == "unlink":
                    if entries.get(op.dir, {}).get(op.name) == op.ino:
                        del entries[op.dir][op.name]
                elif op.kind == "rename":
                    if op.ino not in kinds:
                        kinds[op.ino] = "f"
                    entries.setdefault(op.ddir, {})[op.dname] = op.ino
                    if entries.get(op.sdir, {}).get(op.sname) == op.ino:
                        del entries[op.sdir][op.sname]
            elif op.is_data():
                durable = self.durable(op, point)
                buf = files.setdefault(op.ino, bytearray())
                for k in range(len(self.units[op.index])):
                    how = "all" if durable else data_choice.get((op.index, k), "none")
                    if how == "none":
                        continue
                    if op.kind == "trunc":
                        if op.size < len(buf):
                            del buf[op.size:]
                        else:
                            buf.extend(b"\0" * (op.size - len(buf)))
                        continue
                    offset, piece = self.units[op.index][k]
                    if how == "zero":
                        piece = b"\0" * len(piece)
                    elif isinstance(how, int):
                        piece = piece[:how]
                    if offset > len(buf):
                        buf.extend(b"\0" * (offset - len(buf)))
                    buf[offset:offset + len(piece)] = piece
        tree = {}
        stack = [(self.base.root_ino, b"")]
        seen = set()
        while stack:
            ino, prefix = stack.pop()
            if ino in seen:
                continue
            seen.add(ino)
            for name, child in entries.get(ino, {}).items():
                path = prefix + name
                if kinds.get(child, "f") == "d":
                    tree[path] = ("d",)
                    stack.append((child, path + b"/"))
                else:
                    tree[path] = ("f", child, bytes(files.get(child, b"")))
        return tree


def tree_digest(tree):
    digest = hashlib.sha256()
    for path in sorted(tree):
        entry = tree[path]
        digest.update(path + b"\0" + entry[0].encode())
        if entry[0] == "f":
            digest.update(hashlib.sha256(entry[2]).digest())
    return digest.hexdigest()


def materialise(tree, folder):
    os.makedirs(folder, exist_ok=True)
    first_path = {}
    for path in sorted(tree, key=lambda p: (p.count(b"/"), p)):
        target = os.path.join(os.fsencode(folder), path)
        entry = tree[path]
        if entry[0] == "d":
            os.makedirs(target, exist_ok=True)
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if entry[1] in first_path:
            os.link(first_path[entry[1]], target)
            continue
        with open(target, "wb") as handle:
            handle.write(entry[2])
        first_path[entry[1]] = target


def variants(timeline, point, rng, randoms):
    """The crash states to try at a crash point, systematic choices first."""
    dirs, data = timeline.pending(point)
    all_units = [u for units in data.values() for u in units]
    every = {u: "all" for u in all_units}
    out = []

    def add(label, keep_dirs, choice):
        out.append((label, (frozenset(keep_dirs), dict(choice))))

    add("only what was synced", [], {})
    if not dirs and not data:
        return out
    add("everything written (as after kill -9)", dirs, every)
    if dirs and data:
        add("unsynced names kept, unsynced bytes dropped", dirs, {})
        add("unsynced bytes kept, unsynced names dropped", [], every)
    for j in range(len(dirs)):
        add(f"names persisted in order up to op {dirs[j]}", dirs[:j + 1], every)
        add(f"names persisted in order up to op {dirs[j]}, unsynced bytes dropped", dirs[:j + 1], {})
        add(f"only the name of op {dirs[j]} persisted", [dirs[j]], every)
        add(f"all names but op {dirs[j]} persisted", dirs[:j] + dirs[j + 1:], every)
    for ino, units in data.items():
        for k in range(len(units)):
            kept = dict(every)
            for u in units[k:]:
                kept[u] = "none"
            add(f"file {ino}: first {k} of {len(units)} unsynced units kept", dirs, kept)
            op_index, unit = units[k]
            piece = timeline.units[op_index][unit]
            if piece is not None and len(piece[1]) > 1:
                torn = dict(kept)
                torn[units[k]] = rng.randrange(1, len(piece[1]))
                add(f"file {ino}: torn inside unit {k} (op {op_index}, {torn[units[k]]} bytes kept)", dirs, torn)
                zero = dict(kept)
                zero[units[k]] = "zero"
                add(f"file {ino}: unit {k} (op {op_index}) reads back as zeros", dirs, zero)
        only = {u: "none" for u in all_units}
        for u in units:
            only[u] = "all"
        add(f"file {ino}: only its unsynced bytes kept", dirs, only)
    for r in range(randoms):
        keep = [d for d in dirs if rng.random() < 0.5]
        choice = {}
        for ino, units in data.items():
            mode = rng.choice(["none", "all", "prefix", "subset", "torn"])
            cut = rng.randrange(len(units) + 1)
            for i, u in enumerate(units):
                if mode == "all" or (mode in ("prefix", "torn") and i < cut):
                    choice[u] = "all"
                elif mode == "subset" and rng.random() < 0.5:
                    choice[u] = "all"
                elif mode == "torn" and i == cut:
                    piece = timeline.units[u[0]][u[1]]
                    if piece is not None and len(piece[1]) > 1:
                        choice[u] = rng.randrange(1, len(piece[1]))
        add(f"random choice {r}", keep, choice)
    return out


def describe_variant(timeline, point, variant):
    keep_dirs, choice = variant
    dirs, data = timeline.pending(point)
    parts = []
    for d in dirs:
        parts.append(("kept " if d in keep_dirs else "dropped ") + f"op {d} ({timeline.ops[d].desc})")
    for ino, units in data.items():
        by_op = collections.OrderedDict()
        for u in units:
            by_op.setdefault(u[0], []).append(choice.get(u, "none"))
        for op_index, hows in by_op.items():
            if all(h == "all" for h in hows):
                state = "kept"
            elif all(h == "none" for h in hows):
                state = "dropped"
            else:
                state = "partly kept " + str([h if isinstance(h, str) else f"{h} bytes" for h in hows])
            parts.append(f"{state} op {op_index} ({timeline.ops[op_index].desc})")
    return "; ".join(parts) if parts else "nothing unsynced"


# --------------------------------------------------------------------------
# Running commands

def strace_path():
    path = shutil.which("strace")
    if path is None:
        raise ToolError("strace is not installed (Debian package strace)")
    return path


def traced_run(argv, env, stdin_bytes, work, root, string_limit, cwd):
    """Runs argv under strace; returns (returncode, stdout, stderr, Recorder)."""
    trace = os.path.join(work, "trace")
    out_path = os.path.join(work, "stdout")
    err_path = os.path.join(work, "stderr")
    in_path = os.path.join(work, "stdin")
    with open(in_path, "wb") as handle:
        handle.write(stdin_bytes)
    base = Base(root)
    # "?name": no error on an architecture without that call (open, fork on arm64).
    command = [strace_path(), "-f", "-y", "-yy", "-tt", "-s", str(string_limit), "-xx",
               "-e", "trace=" + ",".join("?" + name for name in TRACED.split(",")), "-o", trace, "--"] + argv
    with open(out_path, "wb") as stdout, open(err_path, "wb") as stderr:
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=stdout, stderr=stderr, env=env,
                                   cwd=cwd)
        # Typed as a person types: each line once the answer to the one
        # before it (or the first prompt) is out, so that each answer is
        # saved, and can be cut off, on its own.
        lines = stdin_bytes.splitlines(keepends=True)
        try:
            wait_for_output(process, out_path, err_path, 0)
            for line in lines:
                before = output_size(out_path, err_path)
                process.stdin.write(line)
                process.stdin.flush()
                wait_for_output(process, out_path, err_path, before)
            process.stdin.close()
        except BrokenPipeError:
            pass
        try:
            returncode = process.wait(timeout=120)
        except subprocess.TimeoutExpired:
            process.kill()
            raise ToolError(f"`{' '.join(argv)}` did not finish in 120s under strace")
    recorder = Recorder(base, os.path.realpath(root),
                        {"stdout": os.path.realpath(out_path), "stderr": os.path.realpath(err_path)},
                        cwd, string_limit)
    for call in parse_trace(trace):
        recorder.feed(call)
    with open(out_path, "rb") as handle:
        out = handle.read()
    with open(err_path, "rb") as handle:
        err = handle.read()
    return returncode, out, err, recorder


def output_size(*paths):
    return sum(os.path.getsize(path) for path in paths)


def wait_for_output(process, out_path, err_path, before, limit=10.0):
    """Waits until the command has written past `before` bytes of output, or ended."""
    give_up = time.monotonic() + limit
    while time.monotonic() < give_up and process.poll() is None:
        if output_size(out_path, err_path) > before:
            # The rest of the same reply (the next prompt) follows at once.
            time.sleep(0.02)
            return
        time.sleep(0.005)


def snapshot_tree(root):
    """The files of a real folder, in the form `Timeline.build` gives."""
    tree = {}
    for folder, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(folder, root)
        prefix = b"" if rel == "." else os.fsencode(rel) + b"/"
        for name in dirnames:
            tree[prefix + os.fsencode(name)] = ("d",)
        for name in filenames:
            path = os.path.join(folder, name)
            with open(path, "rb") as handle:
                tree[prefix + os.fsencode(name)] = ("f", ("disk", os.lstat(path).st_ino), handle.read())
    return tree


def compare_trees(model, real):
    problems = []
    for path in sorted(set(model) | set(real)):
        a, b = model.get(path), real.get(path)
        if a is None or b is None:
            problems.append(f"{path.decode(errors='replace')}: {'missing from the model' if a is None else 'not on disk'}")
        elif a[0] != b[0] or (a[0] == "f" and a[2] != b[2]):
            problems.append(f"{path.decode(errors='replace')}: the model's bytes differ from the disk's")
    return problems


def scratch_root():
    for candidate in ("/dev/shm", tempfile.gettempdir()):
        if os.path.isdir(candidate) and os.access(candidate, os.W_OK):
            return candidate
    return tempfile.gettempdir()


# --------------------------------------------------------------------------
# Scenarios

class Scenario:
    """A data folder made by earlier commands, then one command under test."""

    def __init__(self, name, argv, stdin=b"", prepare=(), needs=None, ack=None, ack_stream="stdout",
                 atomic=False, kept_file=None, new_folder=False, editor=None, inputs=None, expect_rc=(0,),
                 about="", snapshots=False, earlier_release=False, imports_answers=False):
        self.name, self.argv, self.stdin, self.prepare = name, argv, stdin, prepare
        self.needs = needs or argv[0]
        self.ack, self.ack_stream, self.atomic = ack, ack_stream, atomic
        self.kept_file, self.new_folder, self.editor = kept_file, new_folder, editor
        self.inputs = inputs or {}
        self.expect_rc = expect_rc
        self.about = about
        # Commands that replace the questions save a snapshot first: part of their effect.
        self.extra = (("snapshots", ["snapshots"]),) if snapshots else ()
        # The history as an earlier release wrote it: answers without their
        # learner day, and no checkpoint or outlook.
        self.earlier_release = earlier_release
        # The command records answers that print no verdict (an import's log
        # of reviews): they are judged with its other steps, all or nothing.
        self.imports_answers = imports_answers


def as_earlier_release(home):
    """Rewrites a data folder's history as the release before learner days
    wrote it: each answer without its day (and without an empty origin),
    and no derived state under local/."""
    history = os.path.join(home, "history")
    for name in os.listdir(history):
        path = os.path.join(history, name)
        with open(path, "rb") as handle:
            lines = handle.read().split(b"\n")
        for index, line in enumerate(lines):
            fields = line.split(b"\t")
            if fields[0] == b"answer" and len(fields) == 12:
                lines[index] = b"\t".join(fields[:11] if fields[10] else fields[:10])
        with open(path, "wb") as handle:
            handle.write(b"\n".join(lines))
    for name in ("checkpoint", "outlook"):
        path = os.path.join(home, "local", name)
        if os.path.exists(path):
            os.remove(path)


# An Anki package of the tests: two decks and a log of 15 reviews.
ANKI_PACKAGE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                            "Tests", "memoquizTests", "Fixtures", "anki", "shared-deck.apkg")


def answers(*lines):
    return ("\n".join(lines) + "\n").encode()


def scenarios():
    play_some = ("play", ["play", "1", "--strategy", "sequential"], answers("a", "i", "x", "e"))
    numbers_round = ("play", ["play", "Numbers", "--strategy", "sequential"],
                     answers(*["ichi", "x", "san", "yon", "go", "x", "nana", "hachi", "kyuu", "juu"] * 2))
    edited = ("edit", ["edit"], b"", "edited")
    # About 32 KiB of history, just short of the next checkpoint of progress.
    long_history = [("play", ["play", str(g), "--strategy", "sequential"], b"x\n" * 50)
                    for g in list(range(1, 11)) + list(range(1, 7))]
    return [
        Scenario("first-use", ["play", "1", "--strategy", "sequential"], answers("a", "i", "x"),
                 new_folder=True, about="the first command on a data folder that does not exist yet"),
        Scenario("play", ["play", "Katakana", "--strategy", "random", "--seed", "7"],
                 answers("a", "ka", "x", "?", "shi", "ne"), prepare=[play_some],
                 about="answers piped to a random round, next to an unfinished round"),
        Scenario("review", ["play", "Numbers", "--strategy", "review", "--new", "2"],
                 answers("ichi", "x", "ni", "san", "x", "yon", "go", "roku"), prepare=[numbers_round],
                 about="a review round of due questions, misses asked again"),
        Scenario("checkpoint", ["play", "Hiragana small tsu", "--strategy", "sequential"],
                 answers("x", "x", "kko", "x", "x", "x"), prepare=long_history,
                 about="answers that take a long history past the point where progress is checkpointed"),
        Scenario("review-command", ["review"], answers("ichi", "x", "ni", "san", "yon", "go"),
                 prepare=[numbers_round], about="`memoquiz review` over all groups"),
        Scenario("undo", ["undo"], prepare=[play_some], ack=rb"^Took back", atomic=True,
                 about="undo of the last answer"),
        Scenario("redo", ["redo"], prepare=[play_some, ("undo", ["undo"], b"")], ack=rb"^Brought back",
                 atomic=True, about="redo of an answer taken back"),
        Scenario("reset", ["reset", "--all", "--yes"], prepare=[play_some], ack=rb"^Reset", atomic=True,
                 about="reset of all groups"),
        Scenario("edit", ["edit"], prepare=[play_some], editor="edited", ack=rb"^Saved ", atomic=True,
                 snapshots=True, about="a valid edit by an editor that rewrites the file"),
        Scenario("edit-invalid", ["edit"], prepare=[play_some], editor="broken", ack=rb"Your edit is kept in",
                 ack_stream="stderr", kept_file=rb"Your edit is kept in (\S+)", atomic=True, expect_rc=(65,),
                 about="an invalid edit, whose kept copy must survive"),
        Scenario("undo-edit", ["undo"], prepare=[play_some, edited], editor="edited", ack=rb"^Took back",
                 atomic=True, snapshots=True, about="undo of an edit of the questions"),
        Scenario("add", ["add", "Hiragana", "ゐ", "wi", "--hint", "old wi"], prepare=[play_some], ack=rb"^Added ",
                 atomic=True, snapshots=True, about="add one question"),
        Scenario("import", ["import", "{input:words.tsv}"], prepare=[play_some], ack=rb"^Imported ",
                 atomic=True, inputs={"words.tsv": "ねこ\tneko\tcat\nいぬ\tinu\tdog\nとり\ttori\tbird\n"},
                 snapshots=True, about="import of a small .tsv file"),
        Scenario("import-package", ["import", ANKI_PACKAGE], prepare=[play_some], ack=rb"^Imported ",
                 atomic=True, snapshots=True, imports_answers=True,
                 about="import of an Anki package: its groups and its log of reviews, as one step"),
        Scenario("review-groups", ["review"],
                 answers("ichi", "a", "x", "ni", "i", "san", "x", "e", "yon", "u", "go", "o"),
                 prepare=[numbers_round, play_some], about="`memoquiz review` of questions due in two groups"),
        Scenario("restore", ["restore", "2"],
                 prepare=[play_some, ("add", ["add", "Hiragana", "ゑ", "we"], b""), edited], editor="edited",
                 ack=rb"^Restored ", atomic=True, snapshots=True, about="restore of a saved version of the questions"),
        Scenario("config", ["config", "new-per-day", "5"], prepare=[play_some], ack=rb"\S", atomic=True,
                 about="a setting changed"),
        Scenario("optimize", ["optimize"], prepare=[play_some, numbers_round], ack=rb"\S", atomic=True,
                 about="the scheduler's parameters fitted and installed"),
        Scenario("learner-days", ["groups"], prepare=[play_some, numbers_round], ack=rb"learner days",
                 ack_stream="stderr", atomic=True, earlier_release=True,
                 about="the first command of this release: answers of an earlier one given their learner days"),
        Scenario("sync", ["sync"], prepare=[("sync", ["sync", "--init", "{remote}"], b""), play_some],
                 ack=rb"\S", atomic=False, about="steps exchanged through git"),
    ]


EDITOR_SCRIPT = """#!/bin/sh
# Rewrites the file it is given, as an editor saving in place does.
for last in "$@"; do :; done
cat "{source}" > "$last"
"""


class Runner:
    """Prepares scenarios, runs them under strace, and checks their crash states."""

    def __init__(self, options):
        self.options = options
        self.binary = os.path.realpath(options.binary)
        self.scratch = tempfile.mkdtemp(prefix="memoquiz-powercut-", dir=scratch_root())
        self.cache = {}
        self.counter = itertools.count(1)
        self.deadline = time.monotonic() + options.budget
        self.commands = None

    def close(self):
        if not self.options.keep_scratch:
            shutil.rmtree(self.scratch, ignore_errors=True)

    def present_commands(self):
        if self.commands is None:
            out = subprocess.run([self.binary, "--help"], capture_output=True, text=True,
                                 env=self.env(os.path.join(self.scratch, "help-home"))).stdout
            self.commands = set()
            section = False
            for line in out.splitlines():
                if line.strip() == "Commands:":
                    section = True
                    continue
                if section:
                    if not line.startswith("  "):
                        if line.strip():
                            section = False
                        continue
                    match = re.match(r"^\s+([a-z][a-z-]*)\s", line)
                    if match:
                        self.commands.add(match.group(1))
        return self.commands

    def env(self, home, now=NOW, editor=None):
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "MEMOQUIZ_HOME": home, "MEMOQUIZ_NOW": now,
               "NO_COLOR": "1", "TERM": "dumb", "LANG": "C.UTF-8", "TZ": "UTC",
               "HOME": os.path.join(self.scratch, "home"), "TMPDIR": os.path.join(self.scratch, "tmp")}
        os.makedirs(env["HOME"], exist_ok=True)
        os.makedirs(env["TMPDIR"], exist_ok=True)
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        env["GIT_AUTHOR_NAME"] = env["GIT_COMMITTER_NAME"] = "Power Cut"
        env["GIT_AUTHOR_EMAIL"] = env["GIT_COMMITTER_EMAIL"] = "powercut@example.invalid"
        if editor:
            env["VISUAL"] = editor
        return env

    def memoquiz(self, home, args, stdin=b"", now=NOW, editor=None, timeout=60):
        try:
            result = subprocess.run([self.binary] + args, input=stdin, capture_output=True,
                                    env=self.env(home, now, editor), timeout=timeout, cwd=self.scratch)
        except subprocess.TimeoutExpired:
            return -999, b"", b"timed out"
        return result.returncode, result.stdout, result.stderr

    # observation ---------------------------------------------------------
    def observe(self, state_root, home, extra=()):
        """What memoquiz commands say about a folder (which they may repair)."""
        obs = {}
        for key, args in (("groups", ["groups"]), ("history", ["history", "--json"]),
                          ("scores", ["scores", "--json"]), ("export", ["export", "--format", "json"])) + tuple(extra):
            rc, out, err = self.memoquiz(home, args)
            root = os.fsencode(state_root)
            obs[key] = {"rc": rc, "out": out.replace(root, b"<ROOT>"), "err": err.replace(root, b"<ROOT>"),
                        "raw_err": err}
            if key in ("history", "scores", "export") and rc == 0:
                try:
                    obs[key]["json"] = json.loads(out)
                except ValueError:
                    obs[key]["rc"] = "unreadable JSON"
        # Every file a warning names must exist.
        missing = []
        for key in obs:
            destination = rb"(?:kept as|kept in|moved to|moved aside to|renamed to|saved as) ("
            for path in re.findall(destination + re.escape(os.fsencode(state_root)) + rb"/[^\s;,:]+)",
                                   obs[key]["raw_err"]):
                path = path.rstrip(b".")
                if not os.path.exists(path):
                    missing.append((key, path.replace(os.fsencode(state_root), b"<ROOT>")))
        obs["missing"] = missing
        return obs

    # preparation -----------------------------------------------------------
    def prepare(self, scenario, work):
        root = os.path.join(work, "sandbox")
        os.makedirs(root)
        root = os.path.realpath(root)
        home = os.path.join(root, "data")
        inputs = os.path.join(work, "inputs")
        os.makedirs(inputs)
        for name, text in scenario.inputs.items():
            with open(os.path.join(inputs, name), "w", encoding="utf-8") as handle:
                handle.write(text)
        remote = os.path.join(work, "remote.git")
        if "sync" in scenario.needs or any(step[0] == "sync" for step in scenario.prepare):
            subprocess.run(["git", "init", "-q", "--bare", remote], check=True, env=self.env(home))
        editors = self.make_editors(work, home)

        def expand(args):
            out = []
            for arg in args:
                arg = arg.replace("{remote}", remote)
                match = re.match(r"^\{input:(.+)\}$", arg)
                out.append(os.path.join(inputs, match.group(1)) if match else arg)
            return out

        for step in scenario.prepare:
            _, args, stdin = step[:3]
            editor = editors.get(step[3]) if len(step) > 3 else None
            rc, out, err = self.memoquiz(home, expand(args), stdin, now=EARLIER, editor=editor)
            if rc != 0:
                raise ToolError(f"preparing {scenario.name}: `memoquiz {' '.join(args)}` exited {rc}: "
                                f"{err.decode(errors='replace').strip()}")
        if scenario.new_folder:
            shutil.rmtree(home, ignore_errors=True)
        if scenario.earlier_release:
            as_earlier_release(home)
        editor = editors.get(scenario.editor) if scenario.editor else None
        return root, home, expand(scenario.argv), editor

    def make_editors(self, work, home):
        """Editor scripts: one writes changed valid questions, one a broken file."""
        editors = {}
        rc, out, err = self.memoquiz(os.path.join(work, "bundled-home"), ["export", "--format", "json"], now=EARLIER)
        if rc != 0:
            raise ToolError(f"`memoquiz export` exited {rc}: {err.decode(errors='replace')}")
        groups = json.loads(out)
        groups[0]["questions"][0]["answer"] = groups[0]["questions"][0]["answer"].upper()
        groups[0]["questions"].append({"prompt": "ゔ", "answer": "vu", "hint": "a v sound"})
        sources = {"edited": json.dumps(groups, ensure_ascii=False, indent=2) + "\n",
                   "broken": '[\n  {"title": "Broken", "questions": [\n'}
        for name, text in sources.items():
            source = os.path.join(work, f"{name}.json")
            with open(source, "w", encoding="utf-8") as handle:
                handle.write(text)
            script = os.path.join(work, f"editor-{name}.sh")
            with open(script, "w") as handle:
                handle.write(EDITOR_SCRIPT.replace("{source}", source))
            os.chmod(script, 0o755)
            editors[name] = script
        return editors

    # checking --------------------------------------------------------------
    def check_tree(self, tree, rel_home, scenario_name, extra=()):
        key = tree_digest(tree) + repr(extra)
        if key in self.cache:
            return key, self.cache[key]
        folder = os.path.join(self.scratch, f"state-{scenario_name}-{next(self.counter)}")
        state_root = os.path.join(folder, "root")
        materialise(tree, state_root)
        os.makedirs(state_root, exist_ok=True)
        obs = self.observe(state_root, os.path.join(state_root, rel_home), extra)
        obs["tree"] = tree
        if self.options.keep is None:
            shutil.rmtree(folder, ignore_errors=True)
        self.cache[key] = obs
        return key, obs


def step_key(step, with_undone=True):
    fields = ("id", "kind", "group", "prompt", "typed", "correct", "time")
    key = tuple(json.dumps(step.get(f), sort_keys=True) for f in fields)
    return key + ((step.get("undone"),) if with_undone else ())


def answer_key(step):
    return (step.get("group"), step.get("prompt"), step.get("typed"), step.get("correct"))


def counts(scores_json):
    return {g.get("title"): (g.get("correctCount", 0), g.get("incorrectCount", 0)) for g in scores_json}


def first_line(data):
    text = data.decode("utf-8", "replace").strip().splitlines()
    return text[0] if text else ""


def normalise(text):
    return re.sub(r"\d+", "N", text)


class Context:
    """What a crash state is judged against: before, after, and what was acknowledged."""

    def __init__(self, scenario, base_obs, final_obs, timeline, final_out, final_err, final_tree):
        self.scenario = scenario
        self.base, self.final = base_obs, final_obs
        self.timeline = timeline
        self.final_tree = final_tree
        for label, obs in (("before the command", base_obs), ("after the command", final_obs)):
            for key in ("groups", "history", "scores", "export") + tuple(k for k, _ in scenario.extra):
                if obs[key]["rc"] != 0:
                    raise ToolError(f"{scenario.name}: `{key}` {label} exited {obs[key]['rc']}: "
                                    f"{first_line(obs[key]['err'])}")
        base_steps = base_obs["history"]["json"]
        final_steps = final_obs["history"]["json"]
        self.base_steps = {s["id"]: s for s in base_steps}
        base_answers = collections.Counter(answer_key(s) for s in base_steps if s.get("kind") == "answer"
                                           and not s.get("undone"))
        new_answers = [s for s in sorted(final_steps, key=lambda s: s["id"])
                       if s.get("kind") == "answer" and s["id"] not in self.base_steps
                       and not scenario.imports_answers]
        self.new_answers = new_answers
        self.base_answers = base_answers
        self.changed = [s for s in final_steps
                        if s["id"] not in self.base_steps or s.get("undone") != self.base_steps[s["id"]].get("undone")]
        # Output stream positions.
        self.acks = []          # per crash point: (verdicts printed, command acknowledged)
        verdicts = 0
        acked = False
        streams = {"stdout": bytearray(), "stderr": bytearray()}
        self.acks.append((0, False))
        for op in timeline.ops:
            if op.kind == "out":
                streams[op.stream] += op.payload
                verdicts = len(VERDICT.findall(bytes(streams["stdout"])))
                if scenario.ack and not acked:
                    acked = re.search(scenario.ack, bytes(streams[scenario.ack_stream]), re.M) is not None
            self.acks.append((verdicts, acked))
        total = len(VERDICT.findall(final_out))
        if total != len(new_answers):
            raise ToolError(f"{scenario.name}: {total} verdicts printed but {len(new_answers)} new answers "
                            "in the history; cannot match them")
        if scenario.ack and not self.acks[-1][1]:
            raise ToolError(f"{scenario.name}: the command never printed its success line "
                            f"({scenario.ack.decode()}); it said: {first_line(final_out + final_err)}")
        self.ack_line = ""
        if scenario.ack:
            stream = final_err if scenario.ack_stream == "stderr" else final_out
            line = next((l for l in stream.splitlines() if re.search(scenario.ack, l)), b"")
            self.ack_line = line.decode("utf-8", "replace")[:100]
        self.kept_path = None
        if scenario.kept_file:
            match = re.search(scenario.kept_file, final_err if scenario.ack_stream == "stderr" else final_out)
            if not match:
                raise ToolError(f"{scenario.name}: no kept file named in the output")
            self.kept_path = match.group(1)

    def judge(self, point, obs, rel_root):
        """The violations of a crash state at a crash point: (check, signature, message)."""
        found = []
        verdicts, acked = self.acks[point]
        for key in ("groups", "history", "scores", "export") + tuple(k for k, _ in self.scenario.extra):
            rc = obs[key]["rc"]
            if rc != 0:
                crash = isinstance(rc, int) and (rc < 0 or rc >= 128) or b"Fatal error" in obs[key]["err"]
                what = "crashed" if crash else f"exited {rc}"
                found.append(("next command", f"`{key}` {what}: {normalise(first_line(obs[key]['err']))}",
                              f"`memoquiz {key}` {what}: {first_line(obs[key]['err'])}"))
        for key, path in obs["missing"]:
            found.append(("next command", f"`{key}` names a missing file",
                          f"`memoquiz {key}` warned about {path.decode(errors='replace')}, which does not exist"))
        history = obs["history"].get("json")
        scores = obs["scores"].get("json")
        export = obs["export"].get("json")
        if history is not None:
            by_id = {s["id"]: s for s in history}
            present = {step_key(s, False) for s in history}
            for step in self.base_steps.values():
                if step_key(step, False) not in present:
                    found.append(("next command", f"lost step {step['id']} ({step.get('kind')}) from before",
                                  f"step {step['id']} ({step.get('summary', step.get('kind'))}), on disk before "
                                  "the command, is gone from `history --json`"))
            have = collections.Counter(answer_key(s) for s in history
                                       if s.get("kind") == "answer" and not s.get("undone"))
            have.subtract(self.base_answers)
            for i, step in enumerate(self.new_answers[:verdicts]):
                k = answer_key(step)
                if have[k] > 0:
                    have[k] -= 1
                else:
                    found.append(("acknowledged", f"answer {i + 1} lost from history",
                                  f"answer {i + 1} ({step.get('prompt')!r} typed {step.get('typed')!r}, "
                                  f"{'correct' if step.get('correct') else 'incorrect'}) was acknowledged on "
                                  "stdout but is not in `history --json`"))
        if scores is not None and verdicts:
            base_counts = counts(self.base["scores"]["json"])
            now_counts = counts(scores)
            need = collections.defaultdict(lambda: [0, 0])
            for step in self.new_answers[:verdicts]:
                need[step.get("group")][0 if step.get("correct") else 1] += 1
            for group, (c, i) in need.items():
                before = base_counts.get(group, (0, 0))
                after = now_counts.get(group, (0, 0))
                if after[0] - before[0] < c or after[1] - before[1] < i:
                    found.append(("acknowledged", f"answers of {group} not counted in scores",
                                  f"{c} correct and {i} incorrect acknowledged answers of {group}, but "
                                  f"`scores --json` counts {after[0] - before[0]} and {after[1] - before[1]}"))
        old_q, new_q = self.base["export"]["json"], self.final["export"]["json"]
        if export is not None and export != old_q and export != new_q:
            found.append(("all or nothing", "questions neither old nor new",
                          "the questions in use are neither the old nor the new version"))
        if self.scenario.atomic and history is not None and export is not None:
            applied = 0
            for step in self.changed:
                if step_key(step) in {step_key(s) for s in history}:
                    applied += 1
            whole = len(self.changed)
            if 0 < applied < whole:
                found.append(("all or nothing", "part of the command's history steps",
                              f"{applied} of the command's {whole} history changes are in effect"))
            if old_q != new_q:
                if export == new_q and applied == 0:
                    found.append(("all or nothing", "questions changed without their history step",
                                  "the new questions are in use but the history has no step for them"))
                if export == old_q and whole and applied == whole:
                    found.append(("all or nothing", "history step without its questions",
                                  "the history has the command's step but the old questions are in use"))
        if acked:
            problems = []
            if self.scenario.kept_file:
                rel = os.path.relpath(os.fsdecode(self.kept_path), rel_root)
                entry = obs["tree"].get(os.fsencode(rel))
                final = self.final_tree.get(os.fsencode(rel))
                if entry is None:
                    problems.append(f"the kept file {rel} is missing")
                elif final is not None and entry[2] != final[2]:
                    problems.append(f"the kept file {rel} holds {len(entry[2])} bytes, not the "
                                    f"{len(final[2])} bytes of the edited copy")
            else:
                if history is not None:
                    keys = {step_key(s) for s in history}
                    missing = [s for s in self.changed if step_key(s) not in keys]
                    if missing:
                        problems.append(f"{len(missing)} of its history changes missing (step "
                                        f"{missing[0]['id']}: {missing[0].get('summary', missing[0].get('kind'))})")
                if export is not None and export != new_q:
                    problems.append("the questions are not the new ones")
                if scores is not None and counts(scores) != counts(self.final["scores"]["json"]):
                    problems.append("the scores differ from the command's")
                if "snapshots" in obs and obs["snapshots"]["rc"] == 0 \
                        and obs["snapshots"]["out"] != self.final["snapshots"]["out"]:
                    problems.append("`snapshots` lists other versions than after the command")
            for problem in problems:
                found.append(("acknowledged", f"acknowledged command without effect: {normalise(problem)}",
                              f"the command printed {self.ack_line!r} before the crash point, yet {problem}"))
        return found


def run_scenario(runner, scenario, options, out):
    """Runs one scenario; returns (violations, summary dict)."""
    work = tempfile.mkdtemp(prefix=f"{scenario.name}-", dir=runner.scratch)
    begun = time.monotonic()
    root, home, argv, editor = runner.prepare(scenario, work)
    rel_home = os.path.relpath(home, root)
    env = runner.env(home, NOW, editor)
    started = time.monotonic()
    rc, final_out, final_err, recorder = traced_run([runner.binary] + argv, env, scenario.stdin, work, root,
                                                    options.string_limit, runner.scratch)
    if rc not in scenario.expect_rc:
        raise ToolError(f"{scenario.name}: `memoquiz {' '.join(scenario.argv)}` exited {rc}: "
                        f"{first_line(final_err)}")
    timeline = Timeline(recorder.base, recorder.ops)
    real_final = snapshot_tree(root)
    model_final = timeline.build(len(timeline.ops), timeline.everything())
    problems = compare_trees(model_final, real_final)
    if problems:
        raise ToolError(f"{scenario.name}: the model of the run does not match the disk after it: "
                        + "; ".join(problems[:5]) + ("; notes: " + "; ".join(recorder.notes[:5]) if recorder.notes else ""))
    rel_root = os.fsdecode(root)
    base_tree = timeline.build(0, (frozenset(), {}))
    _, base_obs = runner.check_tree(base_tree, rel_home, scenario.name, scenario.extra)
    _, final_obs = runner.check_tree(real_final, rel_home, scenario.name, scenario.extra)
    context = Context(scenario, base_obs, final_obs, timeline, final_out, final_err, real_final)
    result = explore(runner, scenario, timeline, context, rel_home, rel_root, options)
    result["seconds"] = time.monotonic() - begun
    result["ops"] = len(timeline.ops)
    result["syncs"] = [op for op in timeline.ops if op.kind in ("sync", "syncall")]
    if options.redundant:
        result["redundant"] = redundant(runner, scenario, timeline, context, rel_home, rel_root, options)
    return result


def explore(runner, scenario, timeline, context, rel_home, rel_root, options, ignored=frozenset()):
    """Enumerates, checks and judges the crash states of a timeline."""
    if ignored:
        timeline = Timeline(timeline.base, timeline.ops, frozenset(ignored))
    rng = random.Random(f"{options.seed}:{scenario.name}:{sorted(ignored)}")
    points = list(range(len(timeline.ops) + 1))
    candidates = []   # (priority, order, point, label, variant)
    for point in points:
        for order, (label, variant) in enumerate(variants(timeline, point, rng, options.random_per_point)):
            priority = 0 if order == 0 else (1 if order < 2 else (2 if not label.startswith("random") else 3))
            candidates.append((priority, order, point, label, variant))
    candidates.sort(key=lambda c: (c[0], c[1], c[2]))
    unique = collections.OrderedDict()
    for number, (priority, order, point, label, variant) in enumerate(candidates):
        tree = timeline.build(point, variant)
        digest = tree_digest(tree)
        unique.setdefault(digest, {"tree": tree, "uses": []})["uses"].append((number, point, label, variant))
    chosen = list(unique.items())[: options.max_states]
    if options.state is not None:
        chosen = [(d, u) for d, u in unique.items() if any(use[0] == options.state for use in u["uses"])]
    observations = {}

    def check(rank, tree):
        # The first states (the systematic ones) are always checked; the
        # others only while the scenario's share of the budget lasts.
        if rank >= options.min_states and time.monotonic() > runner.deadline:
            return None
        return runner.check_tree(tree, rel_home, scenario.name, scenario.extra)[1]

    with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
        futures = {pool.submit(check, rank, info["tree"]): digest for rank, (digest, info) in enumerate(chosen)}
        for future in concurrent.futures.as_completed(futures):
            obs = future.result()
            if obs is not None:
                observations[futures[future]] = obs
    skipped_budget = len(chosen) - len(observations)
    violations = []
    failing = []      # (point, variant, label, signature) of every violating use
    for digest, info in chosen:
        obs = observations.get(digest)
        if obs is None:
            continue
        seen_here = set()
        for number, point, label, variant in info["uses"]:
            for check, signature, message in context.judge(point, obs, rel_root):
                failing.append((point, variant, label, (check, signature)))
                if (check, signature) in seen_here:
                    continue
                seen_here.add((check, signature))
                violations.append({"check": check, "signature": signature, "message": message, "state": number,
                                   "point": point, "label": label,
                                   "after": timeline.ops[point - 1].desc if point else "(before the command)",
                                   "variant": describe_variant(timeline, point, variant)})
        if options.keep is not None and options.state is not None:
            target = os.path.join(options.keep, f"state-{options.state}")
            materialise(info["tree"], target)
            print(f"   state {options.state} kept in {target} (its data folder under the same name as in the run)")
    return {"points": len(points), "candidates": len(candidates), "distinct": len(unique),
            "checked": len(observations), "skipped_budget": skipped_budget, "violations": violations,
            "failing": failing}


def redundant(runner, scenario, timeline, context, rel_home, rel_root, options):
    """For each sync: the violations that leaving it out adds.

    The crash states of the run without the sync are checked; each violation
    found there is checked again on the state the same choices give with the
    sync in place. A sync is needed when some violation appears only
    without it; it protects nothing when none does (in the states checked).
    """
    report = []
    for op in timeline.ops:
        if op.kind not in ("sync", "syncall"):
            continue
        if time.monotonic() > runner.deadline:
            report.append((op, None))
            continue
        result = explore(runner, scenario, timeline, context, rel_home, rel_root, options, {op.index})
        added = collections.OrderedDict()
        for point, variant, label, signature in result["failing"]:
            if signature in added:
                continue
            tree = timeline.build(point, variant)
            _, obs = runner.check_tree(tree, rel_home, scenario.name, scenario.extra)
            with_sync = {(c, sig) for c, sig, _ in context.judge(point, obs, rel_root)}
            if signature not in with_sync:
                added[signature] = (point, label)
        report.append((op, list(added.items())))
    return report


def print_result(scenario, result, options, out):
    v = result["violations"]
    print(f"   {result['ops']} recorded ops, {len(result['syncs'])} syncs; {result['points']} crash points; "
          f"{result['candidates']} candidate states, {result['distinct']} distinct, {result['checked']} checked "
          f"({result['seconds']:.0f}s)"
          + (f", {result['skipped_budget']} NOT checked (time budget spent)" if result["skipped_budget"] else ""),
          file=out)
    by_sig = collections.OrderedDict()
    for item in v:
        by_sig.setdefault((item["check"], item["signature"]), []).append(item)
    print(f"   violations: {len(v)} in {len(by_sig)} kinds", file=out)
    for (check, signature), items in by_sig.items():
        first = min(items, key=lambda i: (i["point"], i["state"]))
        print(f"   - [{check}] {first['message']}", file=out)
        print(f"       {len(items)} state(s); first: state {first['state']} at crash point {first['point']} "
              f"(after op {first['point'] - 1}: {first['after']}): {first['label']}", file=out)
        print(f"       unsynced at that point: {first['variant']}", file=out)
        print(f"       replay: {sys.argv[0]} --scenario {scenario.name} --seed {options.seed} "
              f"--max-states {options.max_states} --state {first['state']} --keep DIR", file=out)
    if "redundant" in result:
        print("   syncs (--redundant): what leaving each one out adds", file=out)
        for op, added in result["redundant"]:
            if added is None:
                print(f"   - op {op.index} {op.desc}: not tried (time budget spent)", file=out)
            elif added:
                print(f"   - op {op.index} {op.desc}: NEEDED; without it: "
                      + "; ".join(f"[{c}] {s} (crash point {p}, {label})" for (c, s), (p, label) in added[:3]),
                      file=out)
            else:
                print(f"   - op {op.index} {op.desc}: protects nothing in the states checked", file=out)


# --------------------------------------------------------------------------
# Self-test: the same machinery on tiny Python programs

SELF_TEST_PROGRAMS = {
    "write without fsync": ("""
import os, sys
folder = sys.argv[1]
with open(os.path.join(folder, "note.txt"), "w") as f:
    f.write("remember me\\n")
print("saved", flush=True)
""", True),
    "write, fsync, rename, fsync folder": ("""
import os, sys
folder = sys.argv[1]
tmp = os.path.join(folder, ".note.tmp")
fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
os.write(fd, b"remember me\\n")
os.fsync(fd)
os.close(fd)
os.rename(tmp, os.path.join(folder, "note.txt"))
d = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
os.fsync(d)
os.close(d)
print("saved", flush=True)
""", False),
    "rename without syncing the folder": ("""
import os, sys
folder = sys.argv[1]
tmp = os.path.join(folder, ".note.tmp")
fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
os.write(fd, b"remember me\\n")
os.fsync(fd)
os.close(fd)
os.rename(tmp, os.path.join(folder, "note.txt"))
print("saved", flush=True)
""", True),
    "append without fsync": ("""
import os, sys
folder = sys.argv[1]
fd = os.open(os.path.join(folder, "log.txt"), os.O_WRONLY | os.O_APPEND)
os.write(fd, b"second line\\n" * 400)
os.close(fd)
print("saved", flush=True)
""", True),
    "append with fdatasync": ("""
import os, sys
folder = sys.argv[1]
fd = os.open(os.path.join(folder, "log.txt"), os.O_WRONLY | os.O_APPEND)
os.write(fd, b"second line\\n" * 400)
os.fdatasync(fd)
os.close(fd)
print("saved", flush=True)
""", False),
}


def self_test(options):
    scratch = tempfile.mkdtemp(prefix="memoquiz-powercut-self-", dir=scratch_root())
    failures = 0
    try:
        for name, (program, must_fail) in SELF_TEST_PROGRAMS.items():
            work = tempfile.mkdtemp(dir=scratch)
            root = os.path.realpath(os.path.join(work, "sandbox"))
            os.makedirs(os.path.join(root, "data"))
            with open(os.path.join(root, "data", "log.txt"), "wb") as handle:
                handle.write(b"first line\n")
            source = os.path.join(work, "program.py")
            with open(source, "w") as handle:
                handle.write(program)
            rc, out, err, recorder = traced_run([sys.executable, "-S", source, os.path.join(root, "data")],
                                                dict(os.environ), b"", work, root, options.string_limit, work)
            if rc != 0:
                raise ToolError(f"self-test program {name!r} failed: {err.decode(errors='replace')}")
            timeline = Timeline(recorder.base, recorder.ops)
            real = snapshot_tree(root)
            model = timeline.build(len(timeline.ops), timeline.everything())
            problems = compare_trees(model, real)
            if problems:
                raise ToolError(f"self-test {name!r}: model diverged: {problems}")
            rng = random.Random(f"{options.seed}:{name}")
            final_files = {p: e[2] for p, e in real.items() if e[0] == "f"}
            acked_at = None
            printed = b""
            for op in timeline.ops:
                if op.kind == "out":
                    printed += op.payload
                    if b"saved" in printed and acked_at is None:
                        acked_at = op.index + 1
            states = violations = 0
            seen = set()
            for point in range(len(timeline.ops) + 1):
                for label, variant in variants(timeline, point, rng, options.random_per_point):
                    tree = timeline.build(point, variant)
                    digest = tree_digest(tree) + str(point >= (acked_at or 10 ** 9))
                    if digest in seen:
                        continue
                    seen.add(digest)
                    states += 1
                    state_dir = os.path.join(work, f"state-{states}")
                    materialise(tree, state_dir)
                    bad = []
                    if acked_at is not None and point >= acked_at:
                        for path in (b"data/note.txt", b"data/log.txt"):
                            if path in final_files:
                                full = os.path.join(os.fsencode(state_dir), path)
                                got = open(full, "rb").read() if os.path.exists(full) else None
                                if got != final_files[path]:
                                    bad.append(f"{path.decode()} is {'missing' if got is None else f'{len(got)} bytes'}")
                    # Nothing that was synced before may be lost, at any point.
                    log = os.path.join(state_dir, "data", "log.txt")
                    if not os.path.exists(log) or not open(log, "rb").read().startswith(b"first line\n"):
                        bad.append("log.txt lost its first line")
                    shutil.rmtree(state_dir)
                    if bad:
                        violations += 1
            ok = (violations > 0) == must_fail
            failures += 0 if ok else 1
            print(f"self-test {name}: {len(timeline.ops)} ops, {states} states, {violations} with a violation "
                  f"({'expected' if must_fail else 'none expected'}): {'ok' if ok else 'WRONG'}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return failures


# --------------------------------------------------------------------------

def default_binary():
    here = os.path.dirname(os.path.abspath(__file__))
    package = os.path.dirname(here)
    try:
        bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=package, capture_output=True,
                                  text=True, timeout=120).stdout.strip()
        if bin_path:
            return os.path.join(bin_path, "memoquiz")
    except (OSError, subprocess.TimeoutExpired):
        pass
    return os.path.join(package, ".build", "debug", "memoquiz")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="\n\n".join(__doc__.split("\n\n")[2:]),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", help="the memoquiz binary (default: `swift build --show-bin-path`/memoquiz)")
    parser.add_argument("--scenario", action="append", help="run only this scenario (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the scenarios and exit")
    parser.add_argument("--seed", type=int, default=17, help="seed of the random choices (default 17)")
    parser.add_argument("--max-states", type=int, default=60, help="distinct states checked per scenario (default 60)")
    parser.add_argument("--min-states", type=int, default=10,
                        help="states checked per scenario even when the budget is spent (default 10)")
    parser.add_argument("--random-per-point", type=int, default=6, help="random states tried per crash point (default 6)")
    parser.add_argument("--budget", type=float, default=200,
                        help="seconds for the whole run, shared fairly by the scenarios (default 200)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="checks run at once")
    parser.add_argument("--string-limit", type=int, default=DEFAULT_STRING_LIMIT, help="strace -s")
    parser.add_argument("--redundant", action="store_true", help="report the syncs that protect nothing")
    parser.add_argument("--state", type=int, help="check only this state (number from a report)")
    parser.add_argument("--keep", help="with --state: materialise the state in this folder")
    parser.add_argument("--keep-scratch", action="store_true", help="keep the scratch folder")
    parser.add_argument("--self-test", action="store_true", help="prove the tool finds a missing fsync")
    options = parser.parse_args()
    options.keep_scratch = options.keep_scratch
    started = time.monotonic()
    try:
        if options.self_test:
            failures = self_test(options)
            print(f"self-test: {'passed' if not failures else f'{failures} WRONG'} "
                  f"in {time.monotonic() - started:.1f}s")
            return 1 if failures else 0
        all_scenarios = scenarios()
        if options.list:
            for s in all_scenarios:
                print(f"{s.name:15} memoquiz {' '.join(s.argv):40} {s.about}")
            return 0
        options.binary = options.binary or default_binary()
        if not os.path.exists(options.binary):
            raise ToolError(f"no memoquiz binary at {options.binary}; run `swift build --product memoquiz`")
        strace_path()
        wanted = set(options.scenario or [])
        unknown = wanted - {s.name for s in all_scenarios}
        if unknown:
            raise ToolError(f"unknown scenario(s): {', '.join(sorted(unknown))}")
        runner = Runner(options)
        total = found = 0
        table = []
        try:
            present = runner.present_commands()
            print(f"power cut: {options.binary} (seed {options.seed}, at most {options.max_states} states "
                  f"a scenario, budget {options.budget:.0f}s, {options.jobs} jobs)")
            end = time.monotonic() + options.budget
            runnable = [s for s in all_scenarios
                        if (not wanted or s.name in wanted) and s.needs in present]
            for scenario in all_scenarios:
                if wanted and scenario.name not in wanted:
                    continue
                print(f"== {scenario.name}: memoquiz {' '.join(scenario.argv)} ({scenario.about})")
                if scenario in runnable:
                    # Each scenario gets a fair share of what is left of the budget.
                    left = len(runnable) - runnable.index(scenario)
                    runner.deadline = time.monotonic() + max(0.0, end - time.monotonic()) / left
                if scenario.needs not in present:
                    print(f"   skipped: command not present (`memoquiz --help` does not list `{scenario.needs}`)")
                    table.append((scenario.name, "skipped: command not present", 0, 0, 0))
                    continue
                result = run_scenario(runner, scenario, options, sys.stdout)
                print_result(scenario, result, options, sys.stdout)
                sys.stdout.flush()
                total += result["checked"]
                found += len(result["violations"])
                note = f"{result['skipped_budget']} states NOT checked (budget)" if result["skipped_budget"] else ""
                table.append((scenario.name, note, result["points"], result["checked"], len(result["violations"])))
        finally:
            runner.close()
        print("== summary")
        for name, note, points, checked, violations in table:
            if note.startswith("skipped"):
                print(f"   {name:15} {note}")
            else:
                print(f"   {name:15} {points:4} crash points {checked:4} states checked {violations:4} violations"
                      + (f"; {note}" if note else ""))
        print(f"power cut: {total} states checked, {found} violations, {time.monotonic() - started:.0f}s")
        return 1 if found else 0
    except (ToolError, OSError, subprocess.SubprocessError) as error:
        print(f"power cut: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

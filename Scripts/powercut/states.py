"""Crash states: what a crash at each point may leave on disk."""

import collections
import hashlib
import os

from .common import PAGE


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

"""The conservative model of the file system a trace is replayed on."""

import os
import re

from .common import ToolError
from .trace import annotation, int_arg, string_arg


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

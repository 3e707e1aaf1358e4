"""Constants and the error every part of the tool raises."""

import os
import re
import tempfile

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


def scratch_root():
    for candidate in ("/dev/shm", tempfile.gettempdir()):
        if os.path.isdir(candidate) and os.access(candidate, os.W_OK):
            return candidate
    return tempfile.gettempdir()

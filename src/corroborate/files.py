"""Output files written whole or not at all, and never in place of what is not a file."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


def write_atomically(path: Path, content: str, encoding: str = "utf-8", newline: str | None = None) -> None:
    """Write `content` to `path` through a temporary file and a rename: never a half file.

    Only a regular file (or a new one) is replaced so. A symlink is written through to
    the file it names (the link stays); a character device such as /dev/null or
    /dev/stdout is written to directly, never replaced (run as root, a rename onto
    /dev/null would destroy it for the whole machine); a FIFO, socket or directory is
    refused with an OSError naming it. The new file gets the mode the umask gives, as
    any program's output does."""
    target = Path(path)
    if target.is_symlink():
        target = target.resolve()
    try:
        status = os.stat(target)
    except FileNotFoundError:
        status = None
    if status is not None and stat.S_ISCHR(status.st_mode):
        with open(target, "w", encoding=encoding, newline=newline) as stream:
            stream.write(content)
        return
    if status is not None and not stat.S_ISREG(status.st_mode):
        raise OSError(f"{path} is not a regular file (a pipe, socket or directory)")
    directory = target.parent
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(handle, "w", encoding=encoding, newline=newline) as stream:
            stream.write(content)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, stat.S_IMODE(status.st_mode) if status is not None else 0o666 & ~current_umask())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def current_umask() -> int:
    """The process's umask (Linux reports it in /proc without changing it; elsewhere it is
    read by setting it and back)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except OSError:
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask

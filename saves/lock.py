"""One process owns a data folder: an OS-level lock on ``<folder>/.lock`` held while the app runs.

``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows; the OS drops the lock when the process
ends however it ends (a crash or a kill leaves no stale lock behind).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Optional

LOCK_NAME = ".lock"


class LockHeld(Exception):
    """Another process holds the folder's lock; ``str()`` says which and where."""


class FolderLock:
    """The lock of one folder, held from :meth:`acquire` until :meth:`release`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / LOCK_NAME
        self._fd: Optional[int] = None

    @property
    def held(self) -> bool:
        """True while this process holds the lock."""
        return self._fd is not None

    def acquire(self) -> "FolderLock":
        """Take the lock; :class:`LockHeld` if another process has it, ``OSError`` if the folder
        cannot hold a lock file (then nothing can be saved there either)."""
        if self._fd is not None:
            return self
        self.folder.mkdir(parents=True, exist_ok=True)
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        fd = os.open(self.path, flags, 0o644)
        try:
            if not _try_lock(fd):
                raise LockHeld(f"Another copy of Nine Lives{_owner(fd)} is using {self.folder}.")
            os.ftruncate(fd, 0)
            os.write(fd, str(os.getpid()).encode("ascii"))
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        return self

    def release(self) -> None:
        """Let the lock go (the OS does this too when the process ends)."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            _unlock(fd)
        except OSError:
            pass
        os.close(fd)


def _owner(fd: int) -> str:
    """" (process N)" from the pid the holder wrote, or "" if it cannot be read."""
    try:
        text = os.pread(fd, 32, 0) if hasattr(os, "pread") else b""
        pid = int(text.decode("ascii").strip())
    except (OSError, ValueError, UnicodeDecodeError):
        return ""
    return f" (process {pid})" if 0 < pid < 2**31 else ""


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

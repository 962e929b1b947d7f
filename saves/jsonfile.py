"""Safe JSON files: bounded reads of regular files only, and atomic writes keeping one good backup.

Reading opens without following a link, without blocking (a FIFO or a device at the path is
refused, not waited on) and never reads more than :data:`MAX_BYTES`. Writing goes to a uniquely
named temporary file created exclusively in the same folder, is synced, and renamed over the
target; the previous file becomes the ``.bak`` only if it reads as a valid file, otherwise it is
moved aside under a ``.damaged-<time>`` name. A temporary file is removed on any failure, and
:func:`tidy` removes those a killed process left behind.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Optional

MAX_BYTES = 4 * 1024 * 1024
TEMP_SUFFIX = ".tmp"
_FLAGS = (os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
          | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOCTTY", 0))
# Names this module gives its temporary files (and the older fixed-name ones), for tidy().
_TEMP_NAME = re.compile(r"^\..+\.(json|bak)\..*(tmp|baktmp)$")


class FileProblem(Exception):
    """A file could not be read as the JSON object expected; ``str()`` names the file."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path.name}: {reason}")
        self.path = path
        self.reason = reason


class MissingFile(FileProblem):
    """Nothing is at the path."""


def read_bytes(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file at ``path`` (at most ``limit``); :class:`FileProblem` else."""
    if not getattr(os, "O_NOFOLLOW", 0) and os.path.islink(path):  # Windows: no O_NOFOLLOW
        raise FileProblem(path, "is a link, not a file (links are not followed)")
    try:
        fd = os.open(path, _FLAGS)
    except FileNotFoundError:
        raise MissingFile(path, "does not exist") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP or os.path.islink(path):
            raise FileProblem(path, "is a link, not a file (links are not followed)") from None
        raise FileProblem(path, f"cannot be read ({exc.strerror or exc})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(path, "is not a regular file")
        if info.st_size > limit:
            raise FileProblem(path, f"is too large ({info.st_size} bytes) to be a Nine Lives file")
        chunks, total = [], 0
        while True:  # the size may have changed since fstat: never read past the limit
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise FileProblem(path, "is too large to be a Nine Lives file")
        return b"".join(chunks)
    except OSError as exc:
        raise FileProblem(path, f"cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def parse_object(path: Path, raw: bytes) -> dict[str, Any]:
    """``raw`` parsed as a JSON object; :class:`FileProblem` naming ``path`` if it is not one."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise FileProblem(path, "is not text (damaged or not a Nine Lives file)") from None
    except json.JSONDecodeError as exc:
        raise FileProblem(path, f"is damaged (bad JSON at line {exc.lineno})") from None
    except ValueError as exc:
        raise FileProblem(path, f"is damaged ({exc})") from None
    except RecursionError:
        raise FileProblem(path, "is nested too deeply to be a Nine Lives file") from None
    if not isinstance(data, dict):
        raise FileProblem(path, "does not hold a Nine Lives record")
    return data


def read_json_object(path: Path) -> dict[str, Any]:
    """Read a JSON object from ``path``; :class:`FileProblem` if missing, huge or damaged."""
    return parse_object(path, read_bytes(path))


def backup_of(path: Path) -> Path:
    """The backup file kept beside ``path``."""
    return path.with_name(path.name + ".bak")


def write_json(path: Path, data: Any,
               valid: Optional[Callable[[dict[str, Any]], bool]] = None) -> None:
    """Write ``data`` to ``path`` atomically, keeping the previous version as ``<name>.bak``.

    The previous file becomes the backup only if it reads as a JSON object (and ``valid`` accepts
    it); anything else there is moved aside as ``<name>.damaged-<time>`` and the backup is kept.
    ``OSError`` if the file cannot be written; the old file and backup are then unchanged."""
    try:
        raw = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True,
                         allow_nan=False).encode("utf-8")
    except (ValueError, TypeError, RecursionError) as exc:
        raise OSError(errno.EINVAL, f"holds a value that cannot be saved ({exc})") from None
    make_folder(path.parent)
    tmp = _write_temp(path, raw)
    try:
        _keep_previous(path, valid)
        os.replace(tmp, path)
    except BaseException:
        _unlink(tmp)
        raise
    _fsync_dir(path.parent)


def make_folder(folder: Path) -> None:
    """Create ``folder`` (and its parents) if missing; ``OSError`` saying plainly why not."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise NotADirectoryError(errno.ENOTDIR, "a file is where the folder should be",
                                 str(folder)) from None


def _write_temp(path: Path, raw: bytes, sync: bool = True) -> Path:
    """A temporary file in the target's folder holding ``raw``, synced to the disk unless
    ``sync`` is false (removed on failure)."""
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    tmp = Path(name)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            if sync:
                os.fsync(fh.fileno())
    except BaseException:
        _unlink(tmp)
        raise
    return tmp


def _keep_previous(path: Path, valid: Optional[Callable[[dict[str, Any]], bool]]) -> None:
    """Make the file now at ``path`` the backup, or move it aside if it is not a valid file."""
    try:
        raw = read_bytes(path)
        data = parse_object(path, raw)
    except MissingFile:
        return
    except FileProblem:
        data = None
    try:
        ok = data is not None and (valid is None or bool(valid(data)))
    except Exception:  # noqa: BLE001 - a hostile record: not a valid previous version
        ok = False
    if not ok:
        if os.path.lexists(path):
            move_aside(path)
        return
    bak = backup_of(path)
    try:
        _link_or_copy(path, raw, bak)
    except OSError:
        # No room for the backup copy (a full disk): the new save still goes in; the older
        # backup stays as it was.
        pass


def _link_or_copy(path: Path, raw: bytes, bak: Path) -> None:
    """Put the bytes of ``path`` at ``bak`` atomically: a hard link needs no space, else a copy."""
    tmp = path.with_name(f".{bak.name}.{os.urandom(6).hex()}{TEMP_SUFFIX}")  # as secrets.token_hex
    try:
        try:
            os.link(path, tmp, follow_symlinks=False)
        except (OSError, NotImplementedError, AttributeError):
            _write_temp_at(tmp, raw)
        os.replace(tmp, bak)
    except BaseException:
        _unlink(tmp)
        raise


def _write_temp_at(tmp: Path, raw: bytes) -> None:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(
        os, "O_BINARY", 0)
    fd = os.open(tmp, flags, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(raw)
        fh.flush()
        os.fsync(fh.fileno())


def move_aside(path: Path) -> Path:
    """Rename whatever is at ``path`` to ``<name>.damaged-<time>`` (never over another file)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        target = path.with_name(f"{path.name}.damaged-{stamp}" + (f"-{n}" if n else ""))
        if not os.path.lexists(target):
            os.replace(path, target)
            return target
    raise OSError(errno.EEXIST, f"no free name to move {path.name} aside")


def tidy(folder: Path) -> list[str]:
    """Remove the temporary files a killed or failed write left in ``folder``; their names."""
    removed: list[str] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not _TEMP_NAME.match(entry.name):
            continue
        try:
            if entry.is_dir(follow_symlinks=False):
                continue
            os.unlink(entry.path)  # a link is removed itself, never what it points to
            removed.append(entry.name)
        except OSError:
            pass
    return removed


def probe(folder: Path) -> str:
    """Why files cannot be written in ``folder`` ("" if a test file could be made there). The
    test file is not synced: it is deleted at once, and waiting for the disk (tens of
    milliseconds on some) would only delay the first frame; every save is synced."""
    try:
        make_folder(folder)
        tmp = _write_temp(folder / "probe.json", b"{}", sync=False)
        _unlink(tmp)
    except OSError as exc:
        return f"{folder} cannot be written ({exc.strerror or exc})"
    return ""


def _unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)



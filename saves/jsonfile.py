"""Atomic JSON files: write to a temporary file, fsync, keep one backup, then rename."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

MAX_BYTES = 4 * 1024 * 1024


class FileProblem(Exception):
    """A file could not be read as the JSON object expected; ``str()`` names the file."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path.name}: {reason}")
        self.path = path
        self.reason = reason


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` to ``path`` atomically, keeping the previous version as ``<name>.bak``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    if path.exists():
        bak_tmp = path.with_name(f".{path.name}.{os.getpid()}.baktmp")
        shutil.copyfile(path, bak_tmp)
        os.replace(bak_tmp, backup_of(path))
    os.replace(tmp, path)
    _fsync_dir(path.parent)


def backup_of(path: Path) -> Path:
    """The backup file kept beside ``path``."""
    return path.with_name(path.name + ".bak")


def read_json_object(path: Path) -> dict[str, Any]:
    """Read a JSON object from ``path``; :class:`FileProblem` if missing, huge or damaged."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise FileProblem(path, f"too large ({size} bytes) to be a Nine Lives file")
        raw = path.read_bytes()
    except OSError as exc:
        raise FileProblem(path, f"cannot be read ({exc.strerror or exc})") from None
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

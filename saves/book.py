"""A book: one JSON file of the player's own (profiles, stats) read tolerantly, written atomically,
and never written over once it was found damaged."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional, TypeVar

from saves import paths
from saves.jsonfile import FileProblem, MissingFile, read_json_object, write_json

Book = TypeVar("Book", bound="JsonBook")


class JsonBook:
    """The file handling shared by the books; a subclass names its file and reads and writes
    its entries."""

    FILE_NAME = ""

    def __init__(self, path: Optional[Path] = None, read_only: bool = False) -> None:
        self._path = path
        self.problem = ""
        self.damaged = False  # the file on disk is kept as it is: never written over
        self.read_only = read_only

    @property
    def path(self) -> Path:
        """The book's file."""
        return self._path or paths.data_dir() / self.FILE_NAME

    def _clear(self) -> None:
        """Forget every entry (before a load)."""
        raise NotImplementedError

    def _read(self, data: dict[str, Any]) -> Optional[str]:
        """Take the usable entries of a file's object; how many were skipped (as text, or
        ``"some"``) when any part was unusable, else ``None``."""
        raise NotImplementedError

    def _payload(self) -> dict[str, Any]:
        """The object to write."""
        raise NotImplementedError

    def load(self: Book) -> Book:
        """Read the file; a damaged one (or damaged entries) is reported in ``problem``, what can
        be used is kept, and the file is left untouched."""
        self._clear()
        self.problem, self.damaged = "", False
        try:
            data = read_json_object(self.path)
        except MissingFile:
            return self
        except FileProblem as exc:
            self.problem, self.damaged = str(exc), True
            return self
        skipped = self._read(data)
        if skipped is not None:
            self.problem = (f"{self.path.name}: {skipped} damaged or unusable entries were "
                            "skipped; the file was left as it is")
            self.damaged = True
        return self

    def save(self) -> None:
        """Write the file atomically (never over a damaged one, never when read-only)."""
        if self.damaged or self.read_only:
            return
        write_json(self.path, self._payload())
        self.problem = ""

"""Save slots: save, load, list with previews, delete, and the autosave "resume" slot.

A save file holds the session record (game, options, players, seed, actions, snapshot) with a
format number. Loading replays the actions and must reproduce the snapshot. A file that fails is
reported by name and never changed.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional

from cats import GAMES
from cats.session import SAVE_FORMAT, Session
from saves import paths
from saves.jsonfile import FileProblem, read_json_object, write_json

RESUME = "resume"
SLOT_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _\-]{0,39}$")
APP_TAG = "nine-lives"

# format number -> function upgrading a record of that format to the next one.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class SaveError(Exception):
    """A save that cannot be written or read; the message names the file and the reason."""


@dataclass(frozen=True)
class SaveInfo:
    """A save slot as the Load dialog lists it."""

    slot: str
    path: Path
    game: str
    title: str
    players: tuple[str, ...]
    progress: str
    saved_at: float
    over: bool
    error: str = ""

    @property
    def ok(self) -> bool:
        """True if the file looked loadable when listed."""
        return not self.error

    def when(self) -> str:
        """The save time as local text."""
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at)) if self.saved_at else ""


def check_slot(name: str) -> str:
    """The slot name cleaned, or :class:`SaveError` if it could leave the save folder."""
    name = name.strip()
    if not SLOT_PATTERN.match(name):
        raise SaveError(f"'{name}' is not a usable save name: use letters, digits, spaces, - and _"
                        " (at most 40)")
    return name


def upgrade(record: dict[str, Any]) -> dict[str, Any]:
    """Bring an older record up to :data:`SAVE_FORMAT`; refuse newer or unknown formats."""
    fmt = record.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        raise ValueError("has no format number: not a Nine Lives save")
    if fmt > SAVE_FORMAT:
        raise ValueError(f"was made by a newer Nine Lives (save format {fmt}); please update")
    while fmt < SAVE_FORMAT:
        step = UPGRADES.get(fmt)
        if step is None:
            raise ValueError(f"uses save format {fmt}, which this version cannot read")
        record = step(record)
        fmt = record["format"]
    return record


class SaveStore:
    """The save slots in one folder (the platform's data folder unless told otherwise)."""

    def __init__(self, folder: Optional[Path] = None) -> None:
        self._folder = folder

    @property
    def folder(self) -> Path:
        """The folder holding the slots (computed when first needed)."""
        return self._folder or paths.saves_dir()

    def path_of(self, slot: str) -> Path:
        """The file of a slot."""
        return self.folder / f"{check_slot(slot)}.json"

    def save(self, slot: str, session: Session) -> Path:
        """Write ``session`` to ``slot`` atomically, keeping the previous file as a backup."""
        path = self.path_of(slot)
        record = dict(session.to_record())
        record["app"] = APP_TAG
        record["saved_at"] = time.time()
        try:
            write_json(path, record)
        except OSError as exc:
            raise SaveError(f"{path.name}: could not be written ({exc.strerror or exc})") from None
        return path

    def autosave(self, session: Session) -> Path:
        """Save to the resume slot (after every action)."""
        return self.save(RESUME, session)

    def read_record(self, slot: str) -> dict[str, Any]:
        """The checked, upgraded record of a slot; :class:`SaveError` names the file."""
        path = self.path_of(slot)
        try:
            record = read_json_object(path)
            if record.get("app", APP_TAG) != APP_TAG:
                raise ValueError("is not a Nine Lives save")
            return upgrade(record)
        except FileProblem as exc:
            raise SaveError(str(exc)) from None
        except ValueError as exc:
            raise SaveError(f"{path.name} {exc}") from None

    def load(self, slot: str) -> Session:
        """Replay a slot into a session; :class:`SaveError` names the file and the problem."""
        record = self.read_record(slot)
        try:
            return Session.from_record(record)
        except (ValueError, TypeError, KeyError, RecursionError) as exc:
            raise SaveError(f"{self.path_of(slot).name} cannot be loaded: {exc}") from None

    def exists(self, slot: str) -> bool:
        """Whether the slot has a file."""
        return self.path_of(slot).exists()

    def delete(self, slot: str) -> None:
        """Remove a slot (and its backup)."""
        path = self.path_of(slot)
        for p in (path, path.with_name(path.name + ".bak")):
            try:
                p.unlink()
            except FileNotFoundError:
                pass

    def list(self) -> list[SaveInfo]:
        """Every slot, newest first, with a preview or the reason it cannot be read."""
        folder = self.folder
        if not folder.is_dir():
            return []
        infos = []
        for path in folder.glob("*.json"):
            slot = path.stem
            if not SLOT_PATTERN.match(slot):
                continue
            infos.append(self._preview(slot, path))
        infos.sort(key=lambda i: (-i.saved_at, i.slot))
        return infos

    def _preview(self, slot: str, path: Path) -> SaveInfo:
        try:
            record = self.read_record(slot)
            game = record.get("game")
            if game not in GAMES:
                raise SaveError(f"{path.name}: unknown game {game!r}")
            players = tuple(str(p.get("name", "?")) for p in record.get("players", [])
                            if isinstance(p, dict))
            saved_at = record.get("saved_at", 0)
            return SaveInfo(slot, path, game, GAMES[game].info.title, players,
                            str(record.get("progress", ""))[:80],
                            float(saved_at) if isinstance(saved_at, (int, float)) else 0.0,
                            bool(record.get("over", False)))
        except SaveError as exc:
            mtime = path.stat().st_mtime if path.exists() else 0.0
            return SaveInfo(slot, path, "", "", (), "", mtime, False, str(exc))

"""Save slots: save, load, list with previews, delete, and the autosave "resume" slot.

A save file holds the session record (game, options, players, seed, actions, snapshot) with a
format number. Loading replays the actions and must reproduce the snapshot. A file that fails is
reported by name and never changed.
"""

from __future__ import annotations

import math
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
# Device names Windows will not open as files, whatever the extension.
RESERVED = frozenset({"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)),
                      *(f"LPT{i}" for i in range(1, 10))})

# format number -> function upgrading a record of that format to the next one.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    # 1 -> 2: the record is unchanged; Catch 22 snapshots are read through the engine on load
    # (see current_snapshot). The bump makes older builds say "made by a newer Nine Lives".
    1: lambda record: dict(record, format=2),
}


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
        try:
            return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at)) if self.saved_at else ""
        except (OverflowError, ValueError, OSError):  # a hostile file's time: show none
            return ""


def _timestamp(value: Any) -> float:
    """A save time read from a file: a finite number of seconds, else 0 (unknown)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0.0
    try:
        seconds = float(value)
    except OverflowError:
        return 0.0
    return seconds if math.isfinite(seconds) else 0.0


def check_slot(name: str) -> str:
    """The slot name cleaned, or :class:`SaveError` if it could leave the save folder."""
    name = name.strip()
    if not SLOT_PATTERN.match(name):
        raise SaveError(f"'{name[:60]}' is not a usable save name: use letters, digits, spaces,"
                        " - and _ (at most 40)")
    if name.upper() in RESERVED:
        raise SaveError(f"'{name}' is a name Windows keeps for a device: choose another")
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


def current_snapshot(record: dict[str, Any]) -> dict[str, Any]:
    """The record with its snapshot as this version's engine writes it.

    An engine's ``from_json`` reads the older shapes it knows (Catch 22 once kept every roll; it
    now keeps the last few), so a snapshot from an earlier version still matches the replay.
    A snapshot the engine cannot read is left as it is, for the replay check to report."""
    game, snapshot = record.get("game"), record.get("snapshot")
    if not isinstance(game, str) or game not in GAMES or not isinstance(snapshot, dict):
        return record
    try:
        rewritten = GAMES[game].state_class.from_json(snapshot).to_json()
    except Exception:  # noqa: BLE001 - hostile data: the replay check reports it by name
        return record
    return dict(record, snapshot=rewritten)


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
            return Session.from_record(current_snapshot(record))
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
            if not SLOT_PATTERN.match(slot) or slot.upper() in RESERVED:
                continue
            infos.append(self._preview(slot, path))
        infos.sort(key=lambda i: (-i.saved_at, i.slot))
        return infos

    def _preview(self, slot: str, path: Path) -> SaveInfo:
        try:
            record = self.read_record(slot)
            game = record.get("game")
            if not isinstance(game, str) or game not in GAMES:
                raise SaveError(f"{path.name}: unknown game {game!r}" if isinstance(game, str)
                                else f"{path.name}: names no game")
            seats, progress = record.get("players"), record.get("progress", "")
            players = tuple(p["name"] if isinstance(p.get("name"), str) else "?" for p in seats
                            if isinstance(p, dict)) if isinstance(seats, list) else ()
            return SaveInfo(slot, path, game, GAMES[game].info.title, players,
                            str(progress)[:80] if isinstance(progress, str) else "",
                            _timestamp(record.get("saved_at")),
                            bool(record.get("over", False)))
        except SaveError as exc:
            mtime = path.stat().st_mtime if path.exists() else 0.0
            return SaveInfo(slot, path, "", "", (), "", mtime, False, str(exc))

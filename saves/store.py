"""Save slots: save, load, list with previews, delete, and the autosave "resume" slot.

A save file holds the session record (game, options, players, seed, actions, snapshot) with a
format number. Loading replays the actions and must reproduce the snapshot. A file that fails is
reported by name and never changed.
"""

from __future__ import annotations

import logging
import math
import os
import re
import time
import unicodedata
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Optional

from cats import GAMES
from saves import paths
from saves.jsonfile import (FileProblem, MissingFile, backup_of, probe, read_json_object, tidy,
                            write_json)
from saves.values import name_problem, printable

if TYPE_CHECKING:
    from cats.session import Session

log = logging.getLogger(__name__)
RESUME = "resume"
# An unfinished game the resume slot held when another game took it keeps its own autosave:
# "resume-<date>-<time>" (names a player cannot give a save).
ARCHIVE = re.compile(r"^resume-\d{8}-\d{6}(-\d{1,3})?$")
READ_ONLY = "Nine Lives is open read-only (another copy owns the data folder): nothing is saved"
# Letters and digits of any script (a Chinese save name is fine), spaces, - and _: nothing a
# file system reads as a path, a drive or a wildcard.
SLOT_PATTERN = re.compile(r"^[^\W_][\w \-]{0,39}$")
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


class Damaged(SaveError):
    """A save file whose bytes do not read or whose game does not replay (its backup may)."""


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
        return _when(self.saved_at)


def _timestamp(value: Any) -> float:
    """A save time read from a file: a finite number of seconds, else 0 (unknown)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0.0
    try:
        seconds = float(value)
    except OverflowError:
        return 0.0
    return seconds if math.isfinite(seconds) else 0.0


def _when(value: Any) -> str:
    """A record's save time as local text ("" if it has none a clock can show)."""
    stamp = _timestamp(value)
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp)) if stamp else ""
    except (OverflowError, ValueError, OSError):  # a hostile file's time: show none
        return ""


def is_autosave(slot: str) -> bool:
    """True for the resume slot and the autosaves of unfinished games set aside from it."""
    return slot.lower() == RESUME or ARCHIVE.match(slot.lower()) is not None


def unfinished(record: dict[str, Any]) -> bool:
    """A record of a game under way (at least one move, not over): worth keeping."""
    actions = record.get("actions")
    return record.get("over") is not True and isinstance(actions, list) and bool(actions)


def valid_record(record: dict[str, Any]) -> bool:
    """Whether a file's object looks like a Nine Lives save (kept as the backup when replaced)."""
    fmt = record.get("format")
    return (record.get("app", APP_TAG) == APP_TAG and isinstance(fmt, int)
            and not isinstance(fmt, bool) and isinstance(record.get("game"), str))


def check_slot(name: str) -> str:
    """The slot name cleaned, or :class:`SaveError` if it could leave the save folder."""
    name = unicodedata.normalize("NFC", name.strip())  # one file name for what looks the same
    if not SLOT_PATTERN.fullmatch(name):
        raise SaveError(f"'{name[:60]}' is not a usable save name: use letters, digits, spaces,"
                        " - and _ (at most 40)")
    if name.upper() in RESERVED:
        raise SaveError(f"'{name}' is a name Windows keeps for a device: choose another")
    return name


def upgrade(record: dict[str, Any]) -> dict[str, Any]:
    """Bring an older record up to :data:`SAVE_FORMAT`; refuse newer or unknown formats."""
    # The session's code loads with the first save read, not at start (the first menu frame).
    from cats.session import SAVE_FORMAT

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

    def __init__(self, folder: Optional[Path] = None, read_only: bool = False) -> None:
        self._folder = folder
        self.read_only = read_only
        self.saving_problem = ""  # why the last autosave failed ("" while saving works)
        self.last_notes: list[str] = []  # what the last load repaired (a player's name, say)
        self._owner: Optional[weakref.ref[Session]] = None  # the session the resume slot holds
        self._origins: list[tuple[weakref.ref[Session], str]] = []  # session -> slot loaded

    @property
    def folder(self) -> Path:
        """The folder holding the slots (computed when first needed)."""
        return self._folder or paths.saves_dir()

    def path_of(self, slot: str) -> Path:
        """The file of a slot."""
        return self.folder / f"{check_slot(slot)}.json"

    # -- writing ----------------------------------------------------------------------------------
    def save(self, slot: str, session: Session) -> Path:
        """Write ``session`` to ``slot`` atomically, keeping the previous file as a backup."""
        path = self.path_of(slot)
        if self.read_only:
            raise SaveError(f"{path.name}: {READ_ONLY}")
        record = dict(session.to_record())
        record["app"] = APP_TAG
        record["saved_at"] = time.time()
        try:
            write_json(path, record, valid_record)
        except OSError as exc:
            raise SaveError(f"{path.name} could not be written in {path.parent} "
                            f"({exc.strerror or exc})") from None
        return path

    def autosave(self, session: Session) -> Path:
        """Save to the resume slot (after every action). An unfinished other game there is first
        set aside under its own autosave name, so starting or loading a game never loses one."""
        if self.read_only:
            raise SaveError(f"{RESUME}.json: {READ_ONLY}")
        owner = self._owner() if self._owner is not None else None
        if owner is not session:
            try:
                self._set_aside_resume()
            except OSError as exc:
                raise SaveError(f"{RESUME}.json: the game in it could not be kept "
                                f"({exc.strerror or exc}), so it was not replaced") from None
        path = self.save(RESUME, session)
        self._owner = weakref.ref(session)
        origin = self._origin_of(session)
        if origin is not None and origin != RESUME and is_autosave(origin):
            try:  # that game now lives in the resume slot
                self.delete(origin)
            except SaveError as exc:
                log.warning("%s", exc)
            self._origins = [(ref, slot) for ref, slot in self._origins if ref() is not session]
        return path

    def keep(self, session: Session) -> str:
        """Autosave without raising: "" normally, or (the first time saving fails after it
        worked) a message saying games are not being saved and why; it tries again each time."""
        if self.read_only:
            return ""
        try:
            self.autosave(session)
        except Exception as exc:  # noqa: BLE001 - saving must never stop the game
            reason = str(exc) if isinstance(exc, SaveError) else f"{type(exc).__name__}: {exc}"
            first = not self.saving_problem
            self.saving_problem = reason
            if first:
                log.warning("autosave failed: %s", reason)
                return not_saving(reason)
            return ""
        if self.saving_problem:
            log.info("autosave works again")
        self.saving_problem = ""
        return ""

    def check_writable(self) -> str:
        """Why games cannot be saved in this folder ("" if they can); also remembered."""
        if self.read_only:
            return ""
        problem = probe(self.folder)
        self.saving_problem = problem
        return problem

    def tidy(self) -> list[str]:
        """Remove temporary files a killed or failed save left behind (at start, lock held)."""
        return [] if self.read_only else tidy(self.folder)

    def _set_aside_resume(self) -> None:
        """Move an unfinished game out of the resume slot under its own autosave name."""
        path = self.path_of(RESUME)
        try:
            record = read_json_object(path)
            ok = valid_record(record)
        except MissingFile:
            return
        except FileProblem:
            ok = False
        if ok:
            if unfinished(record):
                target = self.path_of(self._archive_name())
                os.replace(path, target)
                if os.path.lexists(backup_of(path)):
                    os.replace(backup_of(path), backup_of(target))
            return
        # A damaged resume file (write_json moves it aside): its backup may hold the game.
        try:
            previous = read_json_object(backup_of(path))
        except FileProblem:
            return
        if valid_record(previous) and unfinished(previous):
            try:
                write_json(self.path_of(self._archive_name()), previous, valid_record)
            except OSError as exc:
                raise SaveError(f"{path.name}.bak: could not be kept ({exc})") from None

    def _archive_name(self) -> str:
        stamp = time.strftime("resume-%Y%m%d-%H%M%S")
        for n in range(1000):
            slot = stamp + (f"-{n}" if n else "")
            if not os.path.lexists(self.path_of(slot)):
                return slot
        raise SaveError("too many autosaves in one second")

    # -- reading ----------------------------------------------------------------------------------
    def read_record(self, slot: str, notes: Optional[list[str]] = None) -> dict[str, Any]:
        """The checked, upgraded record of a slot; :class:`SaveError` names the file.

        A player's name no screen could show (control characters, a broken character, nothing
        visible) is replaced by "Player N", said in ``notes`` if given."""
        path = self.path_of(slot)
        try:
            record = read_json_object(path)
            if record.get("app", APP_TAG) != APP_TAG:
                raise ValueError("is not a Nine Lives save")
            record = upgrade(record)
        except MissingFile as exc:
            raise SaveError(str(exc)) from None
        except FileProblem as exc:
            raise Damaged(str(exc)) from None
        except ValueError as exc:
            raise SaveError(f"{path.name} {exc}") from None
        seats = record.get("players")
        if isinstance(seats, list):
            fixed = [_named(seat, i) for i, seat in enumerate(seats)]
            if fixed != seats:
                record = dict(record, players=fixed)
                if notes is not None:
                    notes.append(f"{path.name}: a player's name could not be shown and "
                                 "reads as “Player N”.")
        return record

    def load(self, slot: str) -> Session:
        """Replay a slot into a session; :class:`SaveError` names the file and the problem.

        A damaged file (bytes that do not read, or a game that does not replay) whose backup
        loads is played from the backup, said in :attr:`last_notes`; the damaged file is left as
        it is (the next save moves it aside, never over the backup)."""
        notes: list[str] = []
        try:
            session = self._replay(self.read_record(slot, notes), self.path_of(slot).name)
        except Damaged as exc:
            session = self._from_backup(slot, exc, notes)
        self.last_notes = notes
        slot = check_slot(slot)
        if slot == RESUME:
            self._owner = weakref.ref(session)
        self._origins = [(ref, s) for ref, s in self._origins if ref() is not None]
        self._origins.append((weakref.ref(session), slot))
        return session

    @staticmethod
    def _replay(record: dict[str, Any], name: str) -> Session:
        from cats.session import Session

        try:
            return Session.from_record(current_snapshot(record))
        except (ValueError, TypeError, KeyError, RecursionError, OverflowError) as exc:
            raise Damaged(f"{name} cannot be loaded: {exc}") from None

    def _from_backup(self, slot: str, damage: SaveError, notes: list[str]) -> Session:
        """The session in a slot's backup, or ``damage`` raised again if that fails too."""
        backup = backup_of(self.path_of(slot))
        record = self._backup_record(slot, damage)
        try:
            session = self._replay(record, backup.name)
        except SaveError:
            raise damage from None
        notes.append(f"{damage} Its backup ({backup.name}, saved "
                     f"{_when(record.get('saved_at'))}) was loaded instead; the damaged file "
                     "is left as it is.")
        return session

    def _backup_record(self, slot: str, damage: SaveError) -> dict[str, Any]:
        """The record in a damaged slot's backup, marked as such; ``damage`` if it has none."""
        try:
            record = upgrade(read_json_object(backup_of(self.path_of(slot))))
        except (FileProblem, ValueError):
            raise damage from None
        if record.get("app", APP_TAG) != APP_TAG or not valid_record(record):
            raise damage
        return dict(record, progress="damaged: its backup will be loaded")

    def _origin_of(self, session: Session) -> Optional[str]:
        return next((slot for ref, slot in self._origins if ref() is session), None)

    def exists(self, slot: str) -> bool:
        """Whether the slot has a file."""
        return os.path.lexists(self.path_of(slot))

    def delete(self, slot: str) -> None:
        """Remove a slot (and its backup); :class:`SaveError` if it cannot be removed."""
        path = self.path_of(slot)
        if self.read_only:
            raise SaveError(f"{path.name}: {READ_ONLY}")
        for p in (path, backup_of(path)):
            try:
                p.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                raise SaveError(f"{p.name}: could not be deleted ({exc.strerror or exc})") from None

    def list(self) -> list[SaveInfo]:
        """Every slot, newest first, with a preview or the reason it cannot be read."""
        folder = self.folder
        try:
            paths_found = [p for p in folder.glob("*.json")]
        except OSError:
            return []
        infos = []
        for path in paths_found:
            slot = path.stem
            try:  # only a file the slot's own name leads back to ("a " or "a\n" would not)
                if check_slot(slot) != slot:
                    continue
            except SaveError:
                continue
            infos.append(self._preview(slot, path))
        infos.sort(key=lambda i: (-i.saved_at, i.slot))
        return infos

    def latest_unfinished(self) -> Optional[str]:
        """The autosave Continue opens: the newest game under way, or None."""
        return next((i.slot for i in self.list()
                     if i.ok and is_autosave(i.slot) and not i.over), None)

    def _preview(self, slot: str, path: Path) -> SaveInfo:
        try:
            try:
                record = self.read_record(slot)
            except Damaged as damage:
                record = self._backup_record(slot, damage)
            game = record.get("game")
            if not isinstance(game, str) or game not in GAMES:
                raise SaveError(f"{path.name}: unknown game {game!r}" if isinstance(game, str)
                                else f"{path.name}: names no game")
            seats, progress = record.get("players"), record.get("progress", "")
            players = tuple(p["name"] if isinstance(p.get("name"), str) else "?" for p in seats
                            if isinstance(p, dict)) if isinstance(seats, list) else ()
            return SaveInfo(slot, path, game, GAMES[game].info.title,
                            tuple(n.strip()[:40] for n in players),
                            printable(progress, 80) if isinstance(progress, str) else "",
                            _timestamp(record.get("saved_at")),
                            record.get("over") is True)
        except SaveError as exc:
            try:
                mtime = os.lstat(path).st_mtime
            except OSError:
                mtime = 0.0
            return SaveInfo(slot, path, "", "", (), "", mtime, False, printable(str(exc)))


def _named(seat: Any, index: int) -> Any:
    """A seat entry with a name a screen can show (others, and non-text names, as they are)."""
    if isinstance(seat, dict) and isinstance(seat.get("name"), str) and name_problem(
            seat["name"].strip()[:40]):
        return dict(seat, name=f"Player {index + 1}")
    return seat


def not_saving(reason: str) -> str:
    """The message that says games are not being saved, and why."""
    return (f"Games are not being saved: {reason}. You can keep playing; Nine Lives tries again "
            "after every move.")

"""Finished games, one result each, kept for the stats page: which game and variant, how many
players, who sat where (a person by name, or a bot of a level), scores, winners and the date.

The file is read through the safe JSON reader and every value checked as it is read; a damaged
file is reported by name and left as it is (nothing is written over it), a damaged entry in a
good file is skipped and said.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from cats import GAMES
from saves.book import JsonBook
from saves.values import clean_name, finite, name_problem, whole

if TYPE_CHECKING:
    from cats.session import Session

FORMAT = 1
KEEP = 2000  # results kept (the oldest go first)
SCORE_LIMIT = 1e12
SEATS_LIMIT = 12
DATE_LIMIT = 1e11  # seconds since 1970: year 5138


def variant_of(game_id: str, options: Mapping[str, Any]) -> str:
    """The variant a game was played in: its id, plus "+name" for each on/off option switched
    on and "-name" for one switched off that is on by default (``gambit``, ``gambit+umbra``);
    best scores are kept per variant."""
    specs = GAMES[game_id].info.options if game_id in GAMES else ()
    marks = []
    for spec in sorted(specs, key=lambda spec: spec.name):
        value = options.get(spec.name, spec.default)
        if spec.kind == "bool" and isinstance(value, bool) and value != bool(spec.default):
            marks.append(("+" if value else "-") + spec.name)
    return game_id + "".join(marks)


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished game."""

    name: str
    bot_level: int = 0  # 0: a person; 1..3: a bot of that level
    score: Optional[float] = None
    won: bool = False


@dataclass(frozen=True)
class GameResult:
    """One finished game."""

    game: str
    variant: str
    seats: tuple[SeatResult, ...]
    date: float
    options: Mapping[str, bool] = field(default_factory=dict)

    @property
    def players(self) -> int:
        """How many seats the game had."""
        return len(self.seats)

    def seat_of(self, name: str) -> Optional[SeatResult]:
        """The seat a person of that name played (never a bot's), if any."""
        return next((s for s in self.seats if s.name == name and not s.bot_level), None)

    def to_json(self) -> dict[str, Any]:
        """The result as JSON data."""
        return {"game": self.game, "variant": self.variant, "date": self.date,
                "options": dict(self.options),
                "seats": [{"name": s.name, "bot": s.bot_level, "score": s.score, "won": s.won}
                          for s in self.seats]}


def result_of(session: "Session", when: Optional[float] = None) -> Optional[GameResult]:
    """The result of a finished session (``None`` while it is being played)."""
    outcome = session.state.outcome()
    if outcome is None:
        return None
    options = {k: v for k, v in session.options.items() if isinstance(v, bool)}
    seats = tuple(SeatResult(seat.name, seat.level if seat.is_bot else 0,
                             float(outcome.scores[i]) if outcome.scored else None,
                             i in outcome.winners)
                  for i, seat in enumerate(session.seats))
    return GameResult(session.game_id, variant_of(session.game_id, options), seats,
                      time.time() if when is None else when, options)


def _seat(data: Any) -> Optional[SeatResult]:
    if not isinstance(data, dict) or name_problem(data.get("name")):
        return None
    level = whole(data.get("bot", 0), 0, 3)
    score = data.get("score")
    value = None if score is None else finite(score, -SCORE_LIMIT, SCORE_LIMIT)
    won = data.get("won", False)
    if level is None or (score is not None and value is None) or not isinstance(won, bool):
        return None
    return SeatResult(clean_name(data["name"], "Player"), level, value, won)


def _result(data: Any) -> Optional[GameResult]:
    """A result read from the file, or ``None`` if any part of it is unusable."""
    if not isinstance(data, dict):
        return None
    game, variant, seats = data.get("game"), data.get("variant"), data.get("seats")
    date = finite(data.get("date"), 0, DATE_LIMIT)
    options = data.get("options", {})
    if (not isinstance(game, str) or not 0 < len(game) <= 40 or not isinstance(variant, str)
            or not 0 < len(variant) <= 200 or date is None or not isinstance(seats, list)
            or not 0 < len(seats) <= SEATS_LIMIT or not isinstance(options, dict)
            or not all(isinstance(k, str) and isinstance(v, bool) for k, v in options.items())):
        return None
    read = [_seat(s) for s in seats]
    if any(s is None for s in read):
        return None
    return GameResult(game, variant, tuple(s for s in read if s is not None), date,
                      dict(options))


class StatsBook(JsonBook):
    """Every finished game recorded, in one JSON file under the data folder."""

    FILE_NAME = "stats.json"

    def __init__(self, path: Optional[Path] = None, read_only: bool = False) -> None:
        super().__init__(path, read_only)
        self.results: list[GameResult] = []

    def _clear(self) -> None:
        self.results = []

    def _read(self, data: dict[str, Any]) -> Optional[str]:
        raw = data.get("results")
        entries = raw if isinstance(raw, list) else []
        read = [_result(e) for e in entries]
        self.results = [r for r in read if r is not None][-KEEP:]
        skipped = len(read) - sum(r is not None for r in read)
        return str(skipped or "some") if skipped or not isinstance(raw, list) else None

    def record(self, result: GameResult) -> None:
        """Add a finished game and write the file (``OSError`` if it cannot be written; nothing
        is written while a damaged file is kept)."""
        self.results = (self.results + [result])[-KEEP:]
        self.save()

    def _payload(self) -> dict[str, Any]:
        return {"format": FORMAT, "results": [r.to_json() for r in self.results]}

    # -- what the stats page reads --------------------------------------------------------------
    def of(self, name: str) -> list[GameResult]:
        """The games a person of that name sat in, oldest first."""
        return [r for r in self.results if r.seat_of(name) is not None]

    def played_won(self, name: str) -> dict[tuple[str, int], tuple[int, int]]:
        """(game, player count) -> (games played, games won)."""
        table: dict[tuple[str, int], tuple[int, int]] = {}
        for r in self.of(name):
            played, won = table.get((r.game, r.players), (0, 0))
            seat = r.seat_of(name)
            table[(r.game, r.players)] = (played + 1, won + bool(seat and seat.won))
        return table

    def against_bots(self, name: str) -> dict[int, tuple[int, int]]:
        """Bot level -> (games played against at least one bot of it, games won)."""
        table: dict[int, tuple[int, int]] = {}
        for r in self.of(name):
            seat = r.seat_of(name)
            for level in sorted({s.bot_level for s in r.seats if s.bot_level}):
                played, won = table.get(level, (0, 0))
                table[level] = (played + 1, won + bool(seat and seat.won))
        return table

    def best(self, name: str) -> dict[str, float]:
        """Variant -> the best score of a solo game (the only games a best score means much)."""
        best: dict[str, float] = {}
        for r in self.of(name):
            seat = r.seat_of(name)
            if r.players == 1 and seat is not None and seat.score is not None:
                if r.variant not in best or seat.score > best[r.variant]:
                    best[r.variant] = seat.score
        return best

    def recent(self, name: str, count: int = 8) -> Sequence[GameResult]:
        """The last ``count`` games, newest first."""
        return list(reversed(self.of(name)[-count:]))

"""Player profiles (name, colour and symbol), hotseat groups with win tallies, and best results."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from saves.book import JsonBook
from saves.values import clean_name, finite, name_problem, whole

BEST_LIMIT = 1e12   # no game scores anywhere near this; anything beyond is a damaged file
TALLY_LIMIT = 10**9

# Player colours always travel with a symbol, so nobody is told apart by colour alone.
COLOURS = ("terracotta", "teal", "mustard", "plum", "sage", "rose")
SYMBOLS = ("paw", "ear", "box", "fish", "star", "cross")


@dataclass
class Profile:
    """A named player with a colour and a symbol."""

    name: str
    colour: str = COLOURS[0]
    symbol: str = SYMBOLS[0]
    best: dict[str, float] = field(default_factory=dict)  # game id -> best score


@dataclass
class Group:
    """A hotseat group: who plays together, and how many games each has won."""

    name: str
    members: list[str]
    tally: dict[str, int] = field(default_factory=dict)


class ProfileBook(JsonBook):
    """All profiles and groups, kept in one JSON file."""

    FILE_NAME = "profiles.json"

    def __init__(self, path: Optional[Path] = None) -> None:
        super().__init__(path)
        self.profiles: list[Profile] = []
        self.groups: list[Group] = []

    def _clear(self) -> None:
        self.profiles, self.groups = [], []

    def _read(self, data: dict[str, Any]) -> Optional[str]:
        skipped = 0
        for entry in _list(data.get("profiles")):
            profile, bad_scores = _profile(entry)
            skipped += bad_scores
            if profile is None or self.get(profile.name):
                skipped += 1
            else:
                self.profiles.append(profile)
        for entry in _list(data.get("groups")):
            group = _group(entry)
            if group is None:
                skipped += 1
            else:
                self.groups.append(group)
        if skipped or not isinstance(data.get("profiles", []), list) or not isinstance(
                data.get("groups", []), list):
            return str(skipped or "some")
        return None

    def _payload(self) -> dict[str, Any]:
        return {
            "format": 1,
            "profiles": [{"name": p.name, "colour": p.colour, "symbol": p.symbol, "best": p.best}
                         for p in self.profiles],
            "groups": [{"name": g.name, "members": g.members, "tally": g.tally}
                       for g in self.groups],
        }

    def get(self, name: str) -> Optional[Profile]:
        """The profile with that name."""
        return next((p for p in self.profiles if p.name == name), None)

    def add(self, name: str, colour: str = "", symbol: str = "") -> Profile:
        """Create (or return) a profile, picking an unused colour and symbol if none is given."""
        name = clean_name(name, "Player")
        existing = self.get(name)
        if existing:
            return existing
        used = len(self.profiles)
        profile = Profile(name, colour or COLOURS[used % len(COLOURS)],
                          symbol or SYMBOLS[used % len(SYMBOLS)])
        self.profiles.append(profile)
        return profile

    def record_best(self, name: str, game_id: str, score: float) -> bool:
        """Keep ``score`` if it beats the profile's best for that game; True if it did."""
        profile = self.get(name) or self.add(name)
        if game_id not in profile.best or score > profile.best[game_id]:
            profile.best[game_id] = score
            return True
        return False

    def record_win(self, members: list[str], winners: list[str]) -> Group:
        """Add a finished game to the hotseat group of exactly these players."""
        key = sorted(members)
        group = next((g for g in self.groups if sorted(g.members) == key), None)
        if group is None:
            group = Group(" & ".join(members), list(members), {})
            self.groups.append(group)
        for w in winners:
            group.tally[w] = group.tally.get(w, 0) + 1
        return group


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _profile(data: Any) -> tuple[Optional[Profile], int]:
    """A profile read from the file (None if its name is unusable), and how many of its best
    scores were unusable and dropped."""
    if not isinstance(data, dict) or name_problem(data.get("name")):
        return None, 0
    colour = data.get("colour", COLOURS[0])
    symbol = data.get("symbol", SYMBOLS[0])
    best: dict[str, float] = {}
    skipped = 0
    raw_best = data.get("best", {})
    for game, score in (raw_best.items() if isinstance(raw_best, dict) else ()):
        value = finite(score, -BEST_LIMIT, BEST_LIMIT)
        if value is None:
            skipped += 1
        else:
            best[str(game)[:40]] = value
    if not isinstance(raw_best, dict):
        skipped += 1
    return Profile(clean_name(data["name"], "Player"),
                   colour if isinstance(colour, str) and colour in COLOURS else COLOURS[0],
                   symbol if isinstance(symbol, str) and symbol in SYMBOLS else SYMBOLS[0],
                   best), skipped


def _group(data: Any) -> Optional[Group]:
    """A hotseat group read from the file, or None if any part of it is unusable."""
    if not isinstance(data, dict) or name_problem(data.get("name")):
        return None
    members, tally = data.get("members"), data.get("tally", {})
    if (not isinstance(members, list) or any(name_problem(m) for m in members)
            or not isinstance(tally, dict)):
        return None
    counts = {str(k): whole(v, 0, TALLY_LIMIT) for k, v in tally.items()}
    if any(v is None for v in counts.values()):
        return None
    return Group(clean_name(data["name"], "Group"), [clean_name(m, "Player") for m in members],
                 {k: v for k, v in counts.items() if v is not None})

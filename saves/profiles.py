"""Player profiles (name, colour and symbol), hotseat groups with win tallies, and best results."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from saves import paths
from saves.jsonfile import FileProblem, read_json_object, write_json

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


class ProfileBook:
    """All profiles and groups, kept in one JSON file."""

    def __init__(self, path: Optional[Path] = None) -> None:
        self._path = path
        self.profiles: list[Profile] = []
        self.groups: list[Group] = []
        self.problem = ""

    @property
    def path(self) -> Path:
        """The profiles file."""
        return self._path or paths.data_dir() / "profiles.json"

    def load(self) -> "ProfileBook":
        """Read the file; a damaged one is reported in ``problem`` and left untouched."""
        self.profiles, self.groups, self.problem = [], [], ""
        if not self.path.exists():
            return self
        try:
            data = read_json_object(self.path)
            for p in data.get("profiles", []):
                self.profiles.append(_profile(p))
            for g in data.get("groups", []):
                self.groups.append(Group(str(g["name"])[:40], [str(m)[:40] for m in g["members"]],
                                         {str(k): int(v) for k, v in g.get("tally", {}).items()}))
        except FileProblem as exc:
            self.problem = str(exc)
        except (KeyError, TypeError, ValueError, AttributeError):
            self.problem = f"{self.path.name}: damaged entries were skipped"
        return self

    def save(self) -> None:
        """Write the file atomically (refused while a damaged file is on disk, to keep it)."""
        if self.problem:
            return
        write_json(self.path, {
            "format": 1,
            "profiles": [{"name": p.name, "colour": p.colour, "symbol": p.symbol, "best": p.best}
                         for p in self.profiles],
            "groups": [{"name": g.name, "members": g.members, "tally": g.tally}
                       for g in self.groups],
        })

    def get(self, name: str) -> Optional[Profile]:
        """The profile with that name."""
        return next((p for p in self.profiles if p.name == name), None)

    def add(self, name: str, colour: str = "", symbol: str = "") -> Profile:
        """Create (or return) a profile, picking an unused colour and symbol if none is given."""
        name = name.strip()[:40] or "Player"
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


def _profile(data: Any) -> Profile:
    colour = data.get("colour", COLOURS[0])
    symbol = data.get("symbol", SYMBOLS[0])
    return Profile(str(data["name"])[:40], colour if colour in COLOURS else COLOURS[0],
                   symbol if symbol in SYMBOLS else SYMBOLS[0],
                   {str(k): float(v) for k, v in data.get("best", {}).items()})

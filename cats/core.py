"""The contract every game follows: game info, actions, states, outcomes and errors.

A game module exports ``INFO`` (a :class:`GameInfo`), ``new_game(players, seed, options)`` and its
``State`` subclass (whose ``from_json`` rebuilds a state from a save). Everything here is plain data
so that states clone, compare and save through JSON.
"""

from __future__ import annotations

import copy
import dataclasses
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import (
    Any,
    Callable,
    ClassVar,
    Mapping,
    Optional,
    Protocol,
    TypeVar,
)

from cats.jsondata import JsonDict as JsonDict  # re-exported: the contract speaks of it
from cats.rng import Rng
from cats.words import CORE, Phrase, render

# A board position used by drag-and-drop: ("cell", x, y), ("hand", i), ("toy", 2), ("deck",) …
Spot = tuple[Any, ...]

A = TypeVar("A", bound="Action")
S = TypeVar("S", bound="State")


class IllegalAction(ValueError):
    """An action refused by the rules; ``reason`` is a sentence a player can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its key, default, label and allowed values.

    ``kind`` is ``bool``, ``choice`` (one of ``choices``), ``int`` or ``script`` (set-up data for
    tests and puzzles, such as a stacked deck; never shown in menus).
    """

    name: str
    default: Any
    label: str
    kind: str = "bool"
    choices: tuple[Any, ...] = ()
    help: str = ""


@dataclass(frozen=True)
class GameInfo:
    """What the menus and the registry know about a game before it starts."""

    id: str
    title: str
    min_players: int
    max_players: int
    hidden_information: bool
    options: tuple[OptionSpec, ...] = ()
    blurb: str = ""
    short_title: str = ""  # where the title is too long (a card in the game library)

    @property
    def name(self) -> str:
        """The short title (the title unless the game gives a shorter one)."""
        return self.short_title or self.title

    def players_text(self) -> str:
        """"solo", "2–6 players", "1–3 players"."""
        if self.max_players == 1:
            return "solo"
        return f"{self.min_players}–{self.max_players} players"

    def player_counts(self) -> range:
        """The allowed numbers of seats."""
        return range(self.min_players, self.max_players + 1)

    def check_players(self, players: int) -> None:
        """``ValueError`` with a readable reason unless ``players`` seats may play."""
        if players in self.player_counts():
            return
        if self.min_players == self.max_players:
            n = self.min_players
            raise ValueError(f"{self.title} is for {n} player{'' if n == 1 else 's'}, not {players}")
        raise ValueError(f"{self.title} is for {self.min_players}–{self.max_players} players, "
                         f"not {players}")

    def check_options(self, options: Optional[Mapping[str, Any]] = None) -> JsonDict:
        """Options with defaults filled in; unknown keys or wrong values raise ``ValueError``."""
        given = dict(options or {})
        out: JsonDict = {}
        for spec in self.options:
            value = given.pop(spec.name, spec.default)
            if spec.kind == "bool" and not isinstance(value, bool):
                raise ValueError(f"option {spec.name!r} must be true or false")
            if spec.kind == "choice" and value not in spec.choices:
                raise ValueError(f"option {spec.name!r} must be one of {list(spec.choices)}")
            if spec.kind == "int" and (not isinstance(value, int) or isinstance(value, bool)):
                raise ValueError(f"option {spec.name!r} must be a whole number")
            out[spec.name] = value
        if given:
            raise ValueError(f"unknown option(s) for {self.title}: {', '.join(sorted(given))}")
        return out


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``scores`` are the game's own points per seat; ``winners`` the seats that won (several means a
    shared win, none means everybody lost); ``rewards`` a number per seat for bots to maximise
    (defaults to a share of the win); ``lines`` per seat, the score breakdown a player reads.
    """

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    summary: str
    lines: tuple[tuple[str, ...], ...] = ()
    rewards: tuple[float, ...] = ()
    scored: bool = True  # False when the game was lost outright and earns no score at all

    def reward(self, seat: int) -> float:
        """The value of this ending for ``seat`` (used by search)."""
        if self.rewards:
            return self.rewards[seat]
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def to_json(self) -> JsonDict:
        """The outcome as JSON data."""
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "summary": self.summary,
            "lines": [list(x) for x in self.lines],
        }


def to_jsonable(value: Any) -> Any:
    """Tuples to lists, recursively, leaving other JSON types as they are."""
    if isinstance(value, (tuple, list)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    return value


def to_tuple(value: Any) -> Any:
    """Lists to tuples, recursively (the inverse of :func:`to_jsonable` for action fields)."""
    if isinstance(value, list):
        return tuple(to_tuple(v) for v in value)
    return value


@dataclass(frozen=True)
class Action:
    """Base of every game's actions: a small frozen dataclass with JSON and a text notation.

    Subclasses set ``kind`` (the JSON tag) and write ``__str__`` (the notation the move log shows,
    and the text tests and :meth:`State.parse` read).
    """

    kind: ClassVar[str] = "action"

    def to_json(self) -> JsonDict:
        """``{"kind": ..., field: value, ...}`` with tuples as lists."""
        data: JsonDict = {"kind": self.kind}
        for f in dataclasses.fields(self):
            data[f.name] = to_jsonable(getattr(self, f.name))
        return data

    @classmethod
    def from_json(cls: type[A], data: Mapping[str, Any]) -> A:
        """Rebuild from :meth:`to_json` output; raises ``ValueError`` on foreign data."""
        names = [f.name for f in dataclasses.fields(cls)]
        extra = set(data) - set(names) - {"kind"}
        if extra:
            raise ValueError(f"unexpected fields for {cls.kind}: {sorted(extra)}")
        try:
            return cls(**{n: to_tuple(data[n]) for n in names})
        except (KeyError, TypeError) as exc:
            raise ValueError(f"bad {cls.kind} action: {exc}") from None


def action_table(*classes: type[Action]) -> dict[str, type[Action]]:
    """The kind → class table a game uses to read actions back from JSON."""
    table = {c.kind: c for c in classes}
    if len(table) != len(classes):
        raise ValueError("two action classes share a kind")
    return table


class State(ABC):
    """A game position. Subclasses implement the abstract methods; the rest comes for free.

    ``rng`` is the game's own seeded generator; ``reveals`` counts the moments hidden information
    became known (a draw, a die roll, a peek): undo never crosses one.
    """

    INFO: ClassVar[GameInfo]
    ACTIONS: ClassVar[dict[str, type[Action]]]

    num_players: int
    rng: Rng
    reveals: int

    # -- what each game writes -------------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> Optional[int]:
        """The seat that acts next, or ``None`` when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action, in a deterministic order, without duplicates."""

    @abstractmethod
    def do(self, action: Action) -> None:
        """Apply an action already known to be legal (no checks; used by search)."""

    @abstractmethod
    def outcome(self) -> Optional[Outcome]:
        """The result once the game is over, else ``None``."""

    @abstractmethod
    def view_for(self, seat: Optional[int]) -> JsonDict:
        """What ``seat`` may see, as JSON data (``None``: a spectator, public information only)."""

    @abstractmethod
    def to_json(self) -> JsonDict:
        """The complete state as JSON data."""

    @classmethod
    @abstractmethod
    def from_json(cls: type[S], data: Mapping[str, Any]) -> S:
        """Rebuild a state from :meth:`to_json` output; raises ``ValueError`` on bad data."""

    # -- what a game may refine ----------------------------------------------------------------
    def explain_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal here (called only when it is not)."""
        return f"'{action}' is not allowed now."

    def drag_of(self, action: Action) -> Optional[tuple[Spot, Spot]]:
        """The (source, target) gesture that makes ``action``, if it is made by dragging."""
        return None

    def candidate_action(self, source: Spot, target: Spot) -> Optional[Action]:
        """The action a drop from ``source`` onto ``target`` would mean, legal or not, so that
        a refused drop can be explained with :meth:`why_illegal` (``None`` if it means nothing)."""
        return None

    def narrate(self, before: "State", action: Action) -> tuple[Phrase, ...]:
        """The move log's words for ``action``, asked of the state after it with the state
        before it: first the move as every player may read it (private parts hidden), then what
        it brought about (a trick won, a round over). Never raises. Default: the notation."""
        return (CORE("notation", notation=str(action)),)

    def why_not_pick(self, source: Spot) -> Optional[str]:
        """Why the piece at ``source`` cannot be picked up now (``None``: it can, or there is
        nothing to say about it)."""
        return None

    def why_not_drop(self, source: Spot, target: Spot) -> str:
        """Why a drop from ``source`` onto ``target`` is refused ("" if it is legal or means
        nothing); built on :meth:`candidate_action` and :meth:`why_illegal`."""
        if self.find_action(source, target) is not None:
            return ""
        action = self.candidate_action(source, target)
        if action is not None:
            return self.why_illegal(action) or ""
        return render(CORE("cannot_go"))

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """While a die (or other chance event) is pending: each outcome with its probability
        (they sum to 1); empty when nothing is left to chance now."""
        return []

    def force_chance(self, outcome: Any) -> None:
        """Make the next chance event come out as ``outcome``, one of :meth:`chance_outcomes`
        (search looks at each outcome in turn)."""
        raise ValueError("nothing is left to chance here")

    def score_breakdown(self) -> tuple[tuple[tuple[Phrase, float], ...], ...]:
        """Per seat, the rows of its score as data: (what the points are for, points). Empty
        until a game says so (the text lines are :attr:`Outcome.lines`)."""
        return ()

    def determinize(self, seat: int, rng: Rng) -> "State":
        """A copy in which everything ``seat`` cannot know is re-dealt at random, consistently
        with what it does know; the copy's generator is reseeded so the future is unknown too."""
        world = self.clone()
        world.rng = Rng(rng.next64())
        return world

    def progress(self) -> str:
        """A short phrase for save previews: "Round 2, trick 5"."""
        return ""

    def prompt(self) -> str:
        """One line telling the player to move what to do now."""
        return ""

    def clone(self: S) -> S:
        """An independent deep copy."""
        return copy.deepcopy(self)

    # -- given to every game -----------------------------------------------------------------
    def why_illegal(self, action: Action) -> Optional[str]:
        """``None`` if ``action`` is legal now, else the reason."""
        if self.to_move is None:
            return "The game is over."
        if action in self.legal_actions():
            return None
        return self.explain_illegal(action)

    def apply(self, action: Action) -> None:
        """Check and apply ``action``; an illegal one raises :class:`IllegalAction`, state unchanged."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        self.do(action)

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.to_move is None

    def parse(self, text: str) -> Action:
        """The legal action whose notation is ``text`` (spaces and case ignored)."""
        wanted = " ".join(text.lower().split())
        for action in self.legal_actions():
            if str(action).lower() == wanted:
                return action
        raise IllegalAction(f"'{text}' is not a legal move now.")

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        """Read one action of this game from JSON; ``ValueError`` if it is not one."""
        if not isinstance(data, Mapping):
            raise ValueError("an action must be a JSON object")
        cls = self.ACTIONS.get(str(data.get("kind")))
        if cls is None:
            raise ValueError(f"unknown action kind {data.get('kind')!r}")
        return cls.from_json(data)

    def legal_targets(self, source: Spot) -> list[Spot]:
        """Where the piece at ``source`` may be dropped now (drop zones to light up)."""
        seen: list[Spot] = []
        for action in self.legal_actions():
            gesture = self.drag_of(action)
            if gesture and gesture[0] == source and gesture[1] not in seen:
                seen.append(gesture[1])
        return seen

    def drag_sources(self) -> list[Spot]:
        """Every position a piece may be picked up from now."""
        seen: list[Spot] = []
        for action in self.legal_actions():
            gesture = self.drag_of(action)
            if gesture and gesture[0] not in seen:
                seen.append(gesture[0])
        return seen

    def find_action(self, source: Spot, target: Spot) -> Optional[Action]:
        """The legal action a drop from ``source`` onto ``target`` makes, or ``None``."""
        for action in self.legal_actions():
            if self.drag_of(action) == (source, target):
                return action
        return None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and type(other) is type(self) and \
            self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


class Bot(Protocol):
    """A computer player: ``choose`` gets a world re-dealt from its own seat's knowledge."""

    def choose(self, world: "State", seat: int, rng: Rng) -> "Action":
        """The action this bot plays in ``world`` for ``seat``."""
        ...


BotFactory = Callable[[], Bot]
# A conservation check for the fuzzer: (JSON of the start position, JSON now) -> problems found.
Invariant = Callable[[JsonDict, JsonDict], list[str]]


def _no_invariant(start: JsonDict, now: JsonDict) -> list[str]:
    return []


@dataclass(frozen=True)
class Engine:
    """The parts of a game that are imported only when a game is first started or read."""

    state_class: type["State"]
    new_game_fn: Callable[[int, int, JsonDict], "State"] = field(repr=False)
    invariants: Invariant = field(default=_no_invariant, repr=False)


@dataclass(frozen=True)
class Game:
    """Everything about one game, registered once in ``cats.GAMES``: its info, and, imported on
    first use so that the menus start quickly, its engine (state class, how to start one, fuzz
    invariants) and its bot levels."""

    info: GameInfo
    engine: Callable[[], Engine] = field(repr=False)
    bot_levels: Callable[[], Mapping[int, BotFactory]] = field(repr=False)

    @property
    def state_class(self) -> type["State"]:
        """The game's :class:`State` subclass."""
        return self.engine().state_class

    @property
    def invariants(self) -> Invariant:
        """The game's conservation check for the fuzzer."""
        return self.engine().invariants

    @property
    def id(self) -> str:
        """The game's id (``gambit``, ``catchess`` …)."""
        return self.info.id

    def new_game(self, players: int, seed: int, options: Optional[Mapping[str, Any]] = None) -> "State":
        """A fresh game; raises ``ValueError`` for a bad player count or options."""
        self.info.check_players(players)
        return self.engine().new_game_fn(players, seed, self.info.check_options(options))

    def bot(self, level: int) -> Bot:
        """A new bot of ``level`` (1 Kitten, 2 Tomcat, 3 Lion); ``ValueError`` for another level."""
        factory = self.bot_levels().get(level)
        if factory is None:
            raise ValueError(f"{self.info.title} has no bot of level {level}")
        return factory()

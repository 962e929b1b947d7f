"""A game in progress: seats, the action log, undo/redo, exact replay and bot turns.

The session is the only writer of its state. Screens call :meth:`Session.play` with actions made
from pointer gestures; bots are asked through :meth:`Session.think`, which runs the search on a
worker thread and hands back a future so the frame loop never waits.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional, Sequence

from cats import ai, get_game
from cats.core import Action, IllegalAction, State
from cats.jsondata import JsonDict
from cats.rng import Rng
from cats.words import Phrase, render, say

SAVE_FORMAT = 2   # 2: Catch 22 snapshots keep only the last rolls (older builds cannot replay them)


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a human or a bot of some level, with a name and a mark."""

    name: str
    kind: str = "human"  # "human" or "bot"
    level: int = 0
    symbol: str = ""
    colour: str = ""

    @property
    def is_bot(self) -> bool:
        """True for a computer opponent."""
        return self.kind == "bot"

    def to_json(self) -> JsonDict:
        """The seat as JSON data."""
        return {"name": self.name, "kind": self.kind, "level": self.level,
                "symbol": self.symbol, "colour": self.colour}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Seat":
        """Read a seat; ``ValueError`` on foreign data."""
        if not isinstance(data, Mapping) or not isinstance(data.get("name"), str):
            raise ValueError("a player entry needs a name")
        kind = data.get("kind", "human")
        level = data.get("level", 0)
        if kind not in ("human", "bot") or not isinstance(level, int) or not 0 <= level <= 3:
            raise ValueError(f"bad player entry for {data.get('name')!r}")
        return cls(data["name"][:40], kind, level, str(data.get("symbol", ""))[:4],
                   str(data.get("colour", ""))[:20])


@dataclass(frozen=True)
class LogEntry:
    """One played action: who played it, whether it revealed hidden information, and how the
    shared move log reads it (the engine's words with the players' names): ``text`` the move,
    ``notes`` what it brought about; ``phrases`` the same as data (the move first)."""

    seat: int
    action: Action
    revealed: bool
    text: str
    notes: tuple[str, ...] = ()
    phrases: tuple[Phrase, ...] = ()


@dataclass(frozen=True)
class Handover:
    """A seat changing hands mid-game (to a bot, or back to a person), after ``at`` moves."""

    at: int
    seat: int
    player: Seat

    def to_json(self) -> JsonDict:
        """The handover as JSON data."""
        return {"at": self.at, "seat": self.seat, "player": self.player.to_json()}

    @classmethod
    def from_json(cls, data: Any) -> "Handover":
        """Read a handover; ``ValueError`` on foreign data."""
        if not isinstance(data, Mapping):
            raise ValueError("a handover must be an object")
        at, seat = data.get("at"), data.get("seat")
        if not isinstance(at, int) or isinstance(at, bool) or at < 0 \
                or not isinstance(seat, int) or isinstance(seat, bool):
            raise ValueError("a handover needs a move number and a seat")
        player = data.get("player")
        if not isinstance(player, Mapping):
            raise ValueError("a handover names the player who takes the seat")
        return cls(at, seat, Seat.from_json(player))


@dataclass
class Session:
    """A game being played: the state, who sits where, and everything needed to replay it."""

    game_id: str
    seats: list[Seat]
    seed: int
    options: JsonDict
    state: State
    log: list[LogEntry] = field(default_factory=list)
    _history: list[State] = field(default_factory=list, repr=False)
    _redo: list[Action] = field(default_factory=list, repr=False)
    listeners: list[Callable[["Session"], None]] = field(default_factory=list, repr=False)
    handovers: list[Handover] = field(default_factory=list)
    opening: list[Seat] = field(default_factory=list)  # who sat where when the game began

    def __post_init__(self) -> None:
        if not self.opening:
            self.opening = list(self.seats)

    # -- starting ------------------------------------------------------------------------------
    @classmethod
    def start(cls, game_id: str, seats: Sequence[Seat], seed: int,
              options: Optional[Mapping[str, Any]] = None) -> "Session":
        """A new session; raises ``ValueError`` for a bad game, seat count or option."""
        game = get_game(game_id)
        opts = game.info.check_options(options)
        state = game.new_game(len(seats), seed, opts)
        return cls(game_id, list(seats), seed, opts, state)

    @classmethod
    def replay(cls, game_id: str, seats: Sequence[Seat], seed: int,
               options: Optional[Mapping[str, Any]], actions: Sequence[Mapping[str, Any]],
               handovers: Sequence[Handover] = ()) -> "Session":
        """Rebuild a session by replaying JSON actions (and the seats changing hands between
        them); ``ValueError`` names the first bad one."""
        session = cls.start(game_id, seats, seed, options)
        due = sorted(handovers, key=lambda h: h.at)
        if any(h.at > len(actions) for h in due):
            raise ValueError("a seat changes hands after the last move")
        for number, data in enumerate(actions, 1):
            while due and due[0].at == number - 1:
                handover = due.pop(0)
                session.hand_over(handover.seat, handover.player)
            try:
                action = session.state.action_from_json(data)
                session.play(action)
            except (IllegalAction, ValueError) as exc:
                raise ValueError(f"move {number} cannot be replayed: {exc}") from None
        for handover in due:
            session.hand_over(handover.seat, handover.player)
        return session

    # -- playing ---------------------------------------------------------------------------------
    @property
    def to_move(self) -> Optional[int]:
        """The seat that acts next (``None`` when the game is over)."""
        return self.state.to_move

    def seat_to_move(self) -> Optional[Seat]:
        """The :class:`Seat` that acts next."""
        seat = self.state.to_move
        return None if seat is None else self.seats[seat]

    def people_here(self) -> list[int]:
        """The seats played by people at this table (a networked seat's session: its own)."""
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    def bot_to_move(self) -> bool:
        """True if the next action belongs to a bot."""
        seat = self.seat_to_move()
        return seat is not None and seat.is_bot

    def play(self, action: Action, *, keep_redo: bool = False) -> LogEntry:
        """Check, apply and record ``action`` for the seat to move; ``IllegalAction`` if refused."""
        seat = self.state.to_move
        if seat is None:
            raise IllegalAction("The game is over.")
        before = self.state.clone()
        reveals = self.state.reveals
        self.state.apply(action)
        phrases = self.state.narrate(before, action)
        names = self.names()
        entry = LogEntry(seat, action, self.state.reveals != reveals,
                         render(phrases[0], names) if phrases else str(action),
                         tuple(render(p, names) for p in phrases[1:]), phrases)
        self.log.append(entry)
        self._history.append(before)
        if not keep_redo:
            self._redo.clear()
        self._changed()
        return entry

    def names(self) -> list[str]:
        """The players' names, seat by seat."""
        return [s.name for s in self.seats]

    def say(self, text: "Phrase | str") -> str:
        """Any engine text (a phrase, a prompt, a summary, a refusal) with the seats said as
        the players' names."""
        return say(text, self.names())

    def around(self, index: int) -> tuple[State, State]:
        """The states just before and just after log entry ``index`` (to tell what it did)."""
        after = self._history[index + 1] if index + 1 < len(self._history) else self.state
        return self._history[index], after

    def state_at(self, moves: int) -> State:
        """The state after the first ``moves`` log entries (0: the deal), as played: the states
        kept for undo, so stepping through a replayed game never replays it again."""
        if not 0 <= moves <= len(self.log):
            raise IndexError(f"move {moves} is outside 0..{len(self.log)}")
        return self.state if moves == len(self.log) else self._history[moves]

    # -- seats changing hands ---------------------------------------------------------------------
    def hand_over(self, seat: int, player: Seat) -> None:
        """Seat ``seat`` is played from now on by ``player`` (a bot taking over a person who had
        to leave, or the person back); recorded for the save and the replay, and no undo
        reaches back across it. ``ValueError`` for a seat that is not at this table."""
        if not 0 <= seat < len(self.seats):
            raise ValueError(f"there is no seat {seat + 1} at this table")
        self.handovers.append(Handover(len(self.log), seat, player))
        self.seats[seat] = player
        self._redo.clear()
        self._changed()

    def name_seat(self, seat: int, player: Seat) -> None:
        """The person who sits at ``seat`` is ``player`` (a guest taking an open seat at a
        networked table): the same seat as the game began, under its player's own name, in
        the save too, before anyone has played; later it is a :meth:`hand_over`."""
        if not 0 <= seat < len(self.seats):
            raise ValueError(f"there is no seat {seat + 1} at this table")
        if self.log or any(h.seat == seat for h in self.handovers):
            raise ValueError("a seat already played is handed over, not renamed")
        self.opening[seat] = player
        self.seats[seat] = player
        self._changed()

    def person_of(self, seat: int) -> Optional[Seat]:
        """The last person who played ``seat`` (to give it back to after a bot took it)."""
        for player in [h.player for h in reversed(self.handovers) if h.seat == seat] + \
                [self.opening[seat]]:
            if not player.is_bot:
                return player
        return None

    # -- undo and redo -----------------------------------------------------------------------------
    def can_undo(self, before_handoff: bool = False) -> bool:
        """True if the last action may be taken back.

        Never across revealed information (a draw, a roll, a peek), never a bot's action, and
        never another player's move: only the seat that would act again after the undo may undo.
        ``before_handoff``: the table has not passed the device on since that action, so its
        maker may take it back even though another seat is to move now.
        """
        if not self.log or (self.handovers and self.handovers[-1].at == len(self.log)):
            return False  # never back across a seat changing hands
        last = self.log[-1]
        if last.revealed or self.seats[last.seat].is_bot:
            return False
        now = self.state.to_move
        return (before_handoff or now == last.seat
                or (now is None and len(self.seats) == 1))

    def undo(self, before_handoff: bool = False) -> bool:
        """Take back the last action if allowed; returns whether it did."""
        if not self.can_undo(before_handoff):
            return False
        entry = self.log.pop()
        self.state = self._history.pop()
        self._redo.append(entry.action)
        self._changed()
        return True

    def can_redo(self) -> bool:
        """True if an undone action can be played again."""
        return bool(self._redo)

    def redo(self) -> bool:
        """Play the last undone action again; returns whether it did."""
        if not self._redo:
            return False
        action = self._redo.pop()
        try:
            self.play(action, keep_redo=True)
        except IllegalAction:
            self._redo.clear()
            return False
        return True

    # -- bots --------------------------------------------------------------------------------------
    def think(self, executor: Optional[ThreadPoolExecutor] = None) -> "Future[Action]":
        """Ask the bot to move for its choice, computed off the caller's thread.

        The bot sees only one world re-dealt from its own seat's knowledge, never the real hidden
        cards; its randomness is seeded from the session seed and the move number.
        """
        seat = self.state.to_move
        if seat is None or not self.seats[seat].is_bot:
            raise ValueError("no bot is to move")
        bot = ai.make_bot(self.game_id, self.seats[seat].level)
        rng = Rng(self.seed * 1_000_003 + len(self.log) * 7919 + seat)
        world = self.state.determinize(seat, rng)
        if executor is None:
            future: Future[Action] = Future()
            future.set_result(bot.choose(world, seat, rng))
            return future
        return executor.submit(bot.choose, world, seat, rng)

    def bot_move_now(self) -> LogEntry:
        """Let the bot to move choose and play at once (tests, soaks, the smoke run)."""
        return self.play(self.think().result())

    # -- saving -----------------------------------------------------------------------------------
    def to_record(self) -> JsonDict:
        """The save record: enough to replay the game exactly, plus a snapshot for previews."""
        outcome = self.state.outcome()
        return {
            "format": SAVE_FORMAT,
            "game": self.game_id,
            "options": self.options,
            "players": [s.to_json() for s in self.opening],
            "seed": self.seed,
            "actions": [e.action.to_json() for e in self.log],
            "snapshot": self.state.to_json(),
            "progress": self.state.progress(),
            "over": outcome is not None,
            **({"handovers": [h.to_json() for h in self.handovers]} if self.handovers else {}),
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> "Session":
        """Replay a save record; ``ValueError`` with a reason if it is damaged or foreign."""
        if not isinstance(record, Mapping):
            raise ValueError("not a save record")
        game_id = record.get("game")
        seed = record.get("seed")
        players = record.get("players")
        actions = record.get("actions")
        options = record.get("options", {})
        if not isinstance(game_id, str):
            raise ValueError("no game named")
        try:
            get_game(game_id)
        except KeyError:
            raise ValueError(f"unknown game {game_id!r}") from None
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise ValueError("bad seed")
        if not isinstance(players, list) or not isinstance(actions, list):
            raise ValueError("players and actions must be lists")
        if not isinstance(options, Mapping):
            raise ValueError("options must be an object")
        seats = [Seat.from_json(p) for p in players]
        handovers = record.get("handovers", [])
        if not isinstance(handovers, list):
            raise ValueError("handovers must be a list")
        session = cls.replay(game_id, seats, seed, options, actions,
                             [Handover.from_json(h) for h in handovers])
        snapshot = record.get("snapshot")
        if snapshot is not None and snapshot != session.state.to_json():
            raise ValueError("the replayed game does not match the saved position")
        return session

    # -- listeners --------------------------------------------------------------------------------
    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener(self)

"""A networked seat's side of a table: the host's last frame, read as the session and state a
game screen already knows how to show.

The guest never holds the game: no seed, no hidden cards, nothing but what the host sent in its
frames (``net.frames``). :class:`RemoteState` answers the questions a table asks of a state
(the view for a seat, the legal actions and the gestures that make them, the prompt, the outcome)
from the frame alone; :class:`RemoteSession` stands where a local :class:`cats.session.Session`
stands, and sends the player's actions to the host instead of applying them.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Optional, Protocol, Sequence

from cats import get_game
from cats.core import Action, IllegalAction, Outcome, Spot, State, to_tuple
from cats.jsondata import JsonDict
from cats.session import LogEntry, Seat
from cats.words import Phrase, say
from net.frames import phrase_from_json, text_from_json


class Link(Protocol):
    """What a remote session needs of its connection to the host (``net.guest.GuestClient``)."""

    def send_action(self, seat: int, action: JsonDict) -> int: ...
    def ask_why_pick(self, source: Spot) -> int: ...
    def ask_why_drop(self, source: Spot, target: Spot) -> int: ...
    def undo(self) -> int: ...
    def poll(self) -> list[JsonDict]: ...
    def close(self) -> None: ...


def _spot(value: Any) -> Spot:
    return to_tuple(value)  # type: ignore[no-any-return]


def read_outcome(data: Optional[Mapping[str, Any]]) -> Optional[Outcome]:
    """The end of a game as the host sent it (``None``: not over)."""
    if not data:
        return None
    return Outcome(tuple(float(s) for s in data.get("scores", ())),
                   tuple(int(w) for w in data.get("winners", ())),
                   text_from_json(data.get("summary", "")),
                   tuple(tuple(text_from_json(x) for x in row) for row in data.get("lines", ())))


class RemoteState(State):
    """The state as one connection knows it: the host's frame, and nothing else."""

    def __init__(self, frame: Mapping[str, Any]) -> None:
        self.frame = frame
        self.game_state = get_game(str(frame["game"])).state_class
        self.held: tuple[int, ...] = tuple(int(s) for s in frame.get("held", ()))
        self._legal: list[Action] = []
        self._drags: list[Optional[tuple[Spot, Spot]]] = []
        self._labels: list[str] = []
        for item in frame.get("legal", ()):
            self._legal.append(self.action_from_json(item["action"]))
            drag = item.get("drag")
            self._drags.append(None if drag is None else (_spot(drag[0]), _spot(drag[1])))
            label = item.get("label")
            self._labels.append(text_from_json(label) if label is not None else item["text"])

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping):
            raise ValueError("an action must be a JSON object")
        cls = self.game_state.ACTIONS.get(str(data.get("kind")))
        if cls is None:
            raise ValueError(f"unknown action kind {data.get('kind')!r}")
        return cls.from_json(data)

    # -- what the frame says ---------------------------------------------------------------------
    @property
    def to_move(self) -> Optional[int]:
        value = self.frame.get("to_move")
        return None if value is None else int(value)

    def is_over(self) -> bool:
        return bool(self.frame.get("over"))

    def legal_actions(self) -> list[Action]:
        return list(self._legal)

    def drag_of(self, action: Action) -> Optional[tuple[Spot, Spot]]:
        for known, drag in zip(self._legal, self._drags):
            if known == action:
                return drag
        return None

    def label(self, action: Action) -> str:
        """The engine's button text for a legal action (its notation for any other)."""
        for known, text in zip(self._legal, self._labels):
            if known == action:
                return text
        return str(action)

    def view_for(self, seat: Optional[int]) -> JsonDict:
        views = self.frame.get("views", {})
        if seat is not None and str(seat) in views:
            return dict(views[str(seat)])
        return dict(self.frame.get("public", {}))

    def prompt(self) -> str:
        return text_from_json(self.frame.get("prompt", ""))

    def phase(self) -> str:
        """The engine's name for the step of the turn (games that have one)."""
        return str((self.frame.get("extra") or {}).get("phase") or "")

    def outcome(self) -> Optional[Outcome]:
        return read_outcome(self.frame.get("outcome"))

    def why_not_pick(self, source: Spot) -> Optional[str]:
        return None  # asked of the host: the answer comes back as a "reason" (RemoteSession)

    def why_not_drop(self, source: Spot, target: Spot) -> str:
        return ""  # the same

    # -- what a guest cannot do ------------------------------------------------------------------
    def do(self, action: Action) -> None:
        raise IllegalAction("A networked seat sends its moves to the host.")

    def to_json(self) -> JsonDict:
        return {"frame_version": self.frame.get("version")}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "RemoteState":
        raise ValueError("a networked seat's state is read from the host's frames")

    def clone(self) -> "RemoteState":
        return self


def read_seats(frame: Mapping[str, Any]) -> list[Seat]:
    """The public seat list of a frame."""
    return [Seat.from_json(s) for s in frame.get("seats", ())]


def read_log(frame: Mapping[str, Any]) -> list[LogEntry]:
    """The move log of a frame, entry by entry (the moves as notation-less placeholders: a guest
    knows what the log says, not the actions themselves)."""
    entries = []
    for item in frame.get("log", ()):
        phrases = tuple(phrase_from_json(p) for p in item.get("phrases", ()))
        entries.append(LogEntry(int(item["seat"]), _LoggedMove(str(item.get("text", ""))),
                                bool(item.get("revealed")), str(item.get("text", "")),
                                tuple(str(n) for n in item.get("notes", ())), phrases))
    return entries


class _LoggedMove(Action):
    """A move in a guest's log: its notation only (the host keeps the action itself)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> JsonDict:
        return {"kind": "logged", "text": self.text}


class RemoteSession:
    """A table seen from a networked seat: the session's questions answered from the host's
    frames, the player's actions sent to the host. ``poll`` (once a frame) takes in what the
    host has sent and returns what the table should react to."""

    remote = True
    seed = 0  # a guest never knows the deal's seed (it would tell every hidden card)

    def __init__(self, link: Link, frame: Mapping[str, Any]) -> None:
        self.link = link
        self.listeners: list[Callable[["RemoteSession"], None]] = []
        self.waiting = False  # an action or undo is on its way to the host
        self._read(frame)

    def _read(self, frame: Mapping[str, Any]) -> None:
        self.frame = frame
        self.game_id = str(frame["game"])
        self.options: JsonDict = dict(frame.get("options", {}))
        self.seats = read_seats(frame)
        self.state = RemoteState(frame)
        self.log = read_log(frame)
        self.version = int(frame.get("version", 0))

    # -- the session's questions ------------------------------------------------------------------
    @property
    def to_move(self) -> Optional[int]:
        """The seat that acts next."""
        return self.state.to_move

    @property
    def held(self) -> tuple[int, ...]:
        """The seats this screen plays."""
        return self.state.held

    def people_here(self) -> list[int]:
        """The seats played at this screen (the curtain is between them)."""
        return list(self.held)

    def begun(self) -> bool:
        """Whether the host has opened the table (before, nobody is offered a move)."""
        table = self.frame.get("table")
        return not isinstance(table, dict) or bool(table.get("started", True))

    def away(self) -> list[int]:
        """Seats whose player has dropped off the table."""
        return [i for i, s in enumerate(self.frame.get("seats", ())) if s.get("away")]

    def seat_to_move(self) -> Optional[Seat]:
        seat = self.to_move
        return None if seat is None else self.seats[seat]

    def bot_to_move(self) -> bool:
        """Never here: the host plays its bots."""
        return False

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def say(self, text: "Phrase | str") -> str:
        return say(text, self.names())

    def can_undo(self, before_handoff: bool = False) -> bool:
        return bool(self.frame.get("undo")) and not self.waiting

    def can_redo(self) -> bool:
        return False

    def redo(self) -> bool:
        return False

    def around(self, index: int) -> tuple[State, State]:
        raise IndexError("a networked seat keeps no past positions")

    # -- sending ------------------------------------------------------------------------------------
    def play(self, action: Action) -> None:
        """Send ``action`` for the seat to move; refused at once if it is not legal (the host
        checks it again)."""
        seat = self.to_move
        if seat is None or seat not in self.held:
            raise IllegalAction("It is not your turn.")
        if action not in self.state.legal_actions():
            raise IllegalAction(f"'{action}' is not allowed now.")
        self.link.send_action(seat, action.to_json())
        self.waiting = True

    def undo(self, before_handoff: bool = False) -> bool:
        """Ask the host to take the last move back (the new frame says whether it did)."""
        if not self.can_undo():
            return False
        self.link.undo()
        self.waiting = True
        return True

    def ask_why_pick(self, source: Spot) -> None:
        """Ask the host why ``source`` cannot be picked up (the answer is a "reason" event)."""
        self.link.ask_why_pick(source)

    def ask_why_drop(self, source: Spot, target: Spot) -> None:
        """Ask the host why a drop was refused."""
        self.link.ask_why_drop(source, target)

    # -- receiving ----------------------------------------------------------------------------------
    def poll(self) -> list[JsonDict]:
        """Take in everything the host has sent; a new frame replaces what this session knows.
        Returns the events in order (frames as ``{"t": "frame", "moves": change in the log}``)."""
        events: list[JsonDict] = []
        for event in self.link.poll():
            kind = event.get("t")
            if kind == "frame":
                if int(event.get("version", 0)) <= self.version:
                    continue  # an old frame overtaken (a reconnection sends the last again)
                before = len(self.log)
                self._read(event)
                self.waiting = False
                events.append({"t": "frame", "moves": len(self.log) - before})
            else:
                if kind == "error":
                    self.waiting = False
                events.append(dict(event))
        return events

    def leave(self) -> None:
        """Leave the table (the seat stays the player's until the host gives it away)."""
        self.link.close()


def first_frame(link: Link, events: Sequence[JsonDict]) -> Optional[JsonDict]:
    """The newest frame among ``events`` (the table can open once one has come)."""
    frames = [e for e in events if e.get("t") == "frame"]
    return dict(frames[-1]) if frames else None

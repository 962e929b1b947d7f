"""What a connection is sent: the frame of a table for the seats it holds (docs/NETWORK.md).

Everything private in a frame comes from ``view_for(seat)`` of a held seat; everything else from
``view_for(None)``, the public seat list, the public move log, and, only for a connection that
holds the seat to move, that seat's legal actions, prompt and phase. Phrases and texts travel
as JSON (``phrase_to_json`` and friends) so a guest says them in its own language with names.
"""

from __future__ import annotations

from typing import Any, Collection, Mapping, Optional, Sequence, Union

from cats.core import State, to_jsonable, to_tuple
from cats.session import LogEntry, Session
from cats.words import Phrase, Player, Sentence

from net.protocol import PROTOCOL_VERSION

JsonDict = dict[str, Any]
Text = Union[str, JsonDict]

MAX_PHRASE_DEPTH = 12


# -- phrases and texts -------------------------------------------------------------------------
def value_to_json(value: Any) -> Any:
    """One phrase argument as JSON: a Player as ``{"seat": n}``, a phrase as ``{"phrase": ..}``,
    a tuple as a list, plain values as they are (anything else as its text)."""
    if isinstance(value, Player):
        return {"seat": value.seat}
    if isinstance(value, Phrase):
        return {"phrase": phrase_to_json(value)}
    if isinstance(value, (tuple, list)):
        return [value_to_json(v) for v in value]
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return str(value)


def phrase_to_json(phrase: Phrase) -> JsonDict:
    """``{"key": "<game>.<name>", "args": [[name, value], ...]}``."""
    return {"key": phrase.key, "args": [[k, value_to_json(v)] for k, v in phrase.args]}


def value_from_json(data: Any, depth: int = 0) -> Any:
    """The inverse of :func:`value_to_json`; ``ValueError`` on foreign data."""
    if depth > MAX_PHRASE_DEPTH:
        raise ValueError("a phrase is nested too deeply")
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return tuple(value_from_json(v, depth + 1) for v in data)
    if isinstance(data, dict) and set(data) == {"seat"}:
        seat = data["seat"]
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 64:
            raise ValueError("a player in a phrase needs a seat number")
        return Player(seat)
    if isinstance(data, dict) and set(data) == {"phrase"}:
        return phrase_from_json(data["phrase"], depth + 1)
    raise ValueError("not a phrase value")


def phrase_from_json(data: Any, depth: int = 0) -> Phrase:
    """A :class:`Phrase` from :func:`phrase_to_json` output; ``ValueError`` on foreign data."""
    if not isinstance(data, dict) or not isinstance(data.get("key"), str):
        raise ValueError("a phrase needs a key")
    args = data.get("args", [])
    if not isinstance(args, list):
        raise ValueError("a phrase's args must be a list")
    out: list[tuple[str, Any]] = []
    for pair in args:
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)):
            raise ValueError("a phrase argument is a [name, value] pair")
        out.append((pair[0], value_from_json(pair[1], depth + 1)))
    return Phrase(data["key"], tuple(out))


def text_to_json(text: Union[str, Phrase, None]) -> Text:
    """An engine text as JSON: a :class:`Sentence` or a phrase as ``{"phrase": ...}``, else the
    plain string ("" for ``None``)."""
    if text is None:
        return ""
    if isinstance(text, Sentence):
        return {"phrase": phrase_to_json(text.phrase)}
    if isinstance(text, Phrase):
        return {"phrase": phrase_to_json(text)}
    return str(text)


def text_from_json(data: Any) -> str:
    """A text back: a :class:`Sentence` for a phrase (so ``cats.words.say`` puts names in),
    else the string; ``ValueError`` on foreign data. A phrase of an unknown key (a newer
    host) reads as its key rather than failing."""
    if isinstance(data, str):
        return data
    if isinstance(data, dict) and set(data) == {"phrase"}:
        phrase = phrase_from_json(data["phrase"])
        try:
            return Sentence(phrase)
        except (KeyError, IndexError, ValueError):
            return phrase.key
    raise ValueError("not a text")


# -- the frame -----------------------------------------------------------------------------------
def public_options(session: Session) -> JsonDict:
    """The options every seat may read: the checked options without the set-up scripts (a
    stacked deck or loaded dice would tell a hidden card); the seed is never sent."""
    from cats import get_game

    scripts = {spec.name for spec in get_game(session.game_id).info.options if spec.kind == "script"}
    return {k: v for k, v in session.options.items() if k not in scripts}


def _label(state: State, action: Any) -> Optional[Text]:
    label = getattr(state, "label", None)
    if label is None:
        return None
    return text_to_json(label(action))


def legal_for(state: State) -> list[JsonDict]:
    """The mover's legal actions as the frame lists them (action, notation, label, drag)."""
    out: list[JsonDict] = []
    for action in state.legal_actions():
        drag = state.drag_of(action)
        out.append({"action": action.to_json(), "text": str(action),
                    "label": _label(state, action),
                    "drag": None if drag is None else to_jsonable(list(drag))})
    return out


def outcome_json(state: State) -> Optional[JsonDict]:
    """The outcome as the frame carries it (``None`` while the game goes on)."""
    outcome = state.outcome()
    if outcome is None:
        return None
    return {"scores": list(outcome.scores), "winners": list(outcome.winners),
            "summary": text_to_json(outcome.summary),
            "lines": [[text_to_json(t) for t in line] for line in outcome.lines]}


def log_json(session: Session) -> list[JsonDict]:
    """The public move log, entry by entry (never the actions themselves)."""
    return [entry_json(e) for e in session.log]


def entry_json(entry: LogEntry) -> JsonDict:
    """One entry of the public move log."""
    return {"seat": entry.seat, "revealed": entry.revealed,
            "phrases": [phrase_to_json(p) for p in entry.phrases],
            "text": entry.text, "notes": list(entry.notes)}


def seats_json(session: Session, away: Collection[int] = (),
               status: Optional[Sequence[str]] = None) -> list[JsonDict]:
    """The public seat list; ``status`` per seat (``open``/``guest``/``local``/``bot``) if the
    host gives one."""
    out: list[JsonDict] = []
    for i, seat in enumerate(session.seats):
        entry: JsonDict = {"name": seat.name, "kind": seat.kind, "level": seat.level,
                           "symbol": seat.symbol, "colour": seat.colour, "away": i in away}
        if status is not None:
            entry["status"] = status[i]
        out.append(entry)
    return out


def frame_for(session: Session, held: Collection[int], version: int,
              away: Collection[int] = (), *, status: Optional[Sequence[str]] = None,
              table: Optional[Mapping[str, Any]] = None,
              log: Optional[list[JsonDict]] = None, begun: bool = True) -> JsonDict:
    """The frame for a connection holding ``held`` at table ``version`` (docs/NETWORK.md).

    ``log`` may pass :func:`log_json` already made (it is the same for every connection);
    before the table has ``begun`` nobody is offered a move."""
    state = session.state
    held_set = sorted({s for s in held if 0 <= s < len(session.seats)})
    to_move = state.to_move
    mover_held = begun and to_move is not None and to_move in held_set
    phase = getattr(state, "phase", None)
    last = session.log[-1] if session.log else None
    frame: JsonDict = {
        "t": "frame", "v": PROTOCOL_VERSION, "version": version,
        "game": session.game_id, "options": public_options(session),
        "seats": seats_json(session, away, status),
        "held": held_set,
        "to_move": to_move, "over": to_move is None,
        "public": state.view_for(None),
        "views": {str(s): state.view_for(s) for s in held_set},
        "prompt": text_to_json(state.prompt()) if mover_held else "",
        "legal": legal_for(state) if mover_held else [],
        "extra": {"phase": text_to_json(phase()) if mover_held and callable(phase) else None},
        "outcome": outcome_json(state),
        "log": log if log is not None else log_json(session),
        "undo": bool(last is not None and last.seat in held_set and session.can_undo()),
    }
    if table is not None:
        frame["table"] = dict(table)
    return frame


# -- reasons -----------------------------------------------------------------------------------------
def spot_from_json(data: Any) -> tuple[Any, ...]:
    """A board position from the wire (a list) as the engine's tuple; ``ValueError`` if it
    is not a short list of plain values."""
    if not isinstance(data, list) or not 0 < len(data) <= 8:
        raise ValueError("a spot is a short list")
    for item in data:
        if not (item is None or isinstance(item, (str, int, float, bool, list))):
            raise ValueError("a spot holds plain values")
        if isinstance(item, list) and (len(item) > 8 or any(isinstance(x, (list, dict))
                                                            for x in item)):
            raise ValueError("a spot holds plain values")
    spot = to_tuple(data)
    assert isinstance(spot, tuple)
    return spot


def why_pick(session: Session, held: Collection[int], source: Any) -> Text:
    """Why the piece at ``source`` cannot be picked up, for a connection holding the seat to
    move ("" otherwise, or when there is nothing to say)."""
    if session.state.to_move is None or session.state.to_move not in held:
        return ""
    return text_to_json(session.state.why_not_pick(spot_from_json(source)) or "")


def why_drop(session: Session, held: Collection[int], source: Any, target: Any) -> Text:
    """Why a drop from ``source`` onto ``target`` is refused, for a connection holding the seat
    to move ("" otherwise, or when the drop is legal)."""
    if session.state.to_move is None or session.state.to_move not in held:
        return ""
    return text_to_json(session.state.why_not_drop(spot_from_json(source),
                                                   spot_from_json(target)) or "")

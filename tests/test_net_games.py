"""A whole game of every title on the wire (TLS websockets on loopback): two guests at other
"computers" and a bot (Cat's Gambit: one guest, it is solo), random legal moves from the frames
they are sent; a spectator watches. The no-leak check on the wire: every frame a connection gets
is exactly the host's state at that version as that connection may see it (its own seats' views,
the public view, the legal moves only when it holds the seat to move), and a replay of the
host's record is the game played."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

from cats.session import Session
from net.frames import legal_for, log_json
from net.guest import GuestClient
from net.host import SeatPlan, TableHost

TABLES = {"gambit": ["open"], "catchess": ["open", "open", "bot"],
          "between": ["open", "bot", "open"], "catch22": ["open", "open", "bot"],
          "box": ["bot", "open", "open"]}
HANG_GUARD = 120.0  # seconds: a stuck table fails the test instead of hanging the suite


def canon(value: Any) -> Any:
    """A value as it reads after the JSON wire (tuples become lists)."""
    return json.loads(json.dumps(value))


class Recorder:
    """The host's state at every version, as each seat and the public may see it."""

    def __init__(self) -> None:
        self.at: dict[int, dict[str, Any]] = {}
        self.host: Any = None  # nobody is offered a move before the table has begun

    def __call__(self, version: int, session: Session) -> None:
        state = session.state
        self.at[version] = {
            "views": {s: canon(state.view_for(s)) for s in range(len(session.seats))},
            "public": canon(state.view_for(None)), "to_move": state.to_move,
            "legal": canon(legal_for(state)) if state.to_move is not None else [],
            "begun": self.host.started,
            "log": canon(log_json(session))}


def check_frame(frame: dict[str, Any], held: list[int], seen: dict[str, Any]) -> None:
    """The frame a connection holding ``held`` got equals the host's state at its version as
    that connection may see it: no other seat's private view, no one else's legal moves."""
    assert frame["held"] == held
    assert sorted(int(s) for s in frame["views"]) == held
    for seat, view in frame["views"].items():
        assert view == seen["views"][int(seat)]
    assert frame["public"] == seen["public"]
    assert frame["to_move"] == seen["to_move"]
    assert frame["log"] == seen["log"]
    assert frame["table"]["started"] == seen["begun"]
    if seen["to_move"] in held and seen["begun"]:
        assert frame["legal"] == seen["legal"]
    else:
        assert frame["legal"] == [] and frame["prompt"] == ""


class Friend:
    """A guest at another computer playing random legal moves for the seat it is given."""

    def __init__(self, host: TableHost, name: str, seed: int, **kwargs: Any) -> None:
        self.client = GuestClient("127.0.0.1", host.port, code=host.code, name=name,
                                  **kwargs).start()
        self.pick = random.Random(seed)
        self.frames: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.held: list[int] = []
        self.answered = -1

    def step(self) -> None:
        """Read what came; move if it is this guest's turn in the newest frame."""
        for event in self.client.poll():
            if event["t"] == "welcome":
                self.held = list(event["held"])
            elif event["t"] == "frame":
                self.frames.append(event)
            elif event["t"] == "error":
                self.errors.append(event)
        if not self.frames:
            return
        frame = self.frames[-1]
        if frame["legal"] and frame["version"] != self.answered:
            self.answered = frame["version"]
            self.client.send_action(frame["to_move"], self.pick.choice(frame["legal"])["action"])


def play_out(host: TableHost, friends: list[Friend]) -> None:
    """Until the host's game is over and every guest has the final frame (hang-guarded)."""
    deadline = time.monotonic() + HANG_GUARD
    while time.monotonic() < deadline:
        for friend in friends:
            friend.step()
        if host.call(lambda: host.session.state.is_over()) and all(
                f.frames and f.frames[-1]["over"] and f.frames[-1]["version"] == host.version
                for f in friends):
            return
        time.sleep(0.002)
    raise AssertionError("the table did not finish in time")


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_whole_game_on_the_wire_shows_each_seat_only_its_own(game: str,
                                                               tmp_path: Path) -> None:
    plans = [SeatPlan(kind, "Rob" if kind == "bot" else "", 1) for kind in TABLES[game]]
    recorder = Recorder()
    host = TableHost(game, plans, 11, bind="127.0.0.1", cert_folder=tmp_path, bot_pace=0,
                     trace=recorder)
    recorder.host = host
    recorder(0, host.session)  # a spectator who comes before any change is sent version 0
    host.start()
    try:
        open_seats = [i for i, kind in enumerate(TABLES[game]) if kind == "open"]
        friends = [Friend(host, f"Friend {n}", n) for n in range(len(open_seats))]
        watcher = Friend(host, "", 99, spectate=True)
        play_out(host, friends + [watcher])
        assert sorted(s for f in friends for s in f.held) == open_seats
        assert watcher.held == []
        for friend in friends + [watcher]:
            assert friend.frames and not friend.errors
            versions = [f["version"] for f in friend.frames]
            assert versions == sorted(set(versions))  # rising, never a frame twice
            for frame in friend.frames:
                check_frame(frame, friend.held, recorder.at[frame["version"]])
        record = host.record()
        session = host.call(lambda: host.session)
        for n, friend in enumerate(friends):  # each guest's name is on the seat it was given
            assert session.seats[friend.held[0]].name == f"Friend {n}"
        replayed = Session.from_record(json.loads(json.dumps(record["session"])))
        assert canon(replayed.state.view_for(None)) == canon(session.state.view_for(None))
        assert len(replayed.log) == len(session.log) > 0
        assert replayed.state.is_over()
    finally:
        host.stop()

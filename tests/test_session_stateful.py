"""Sessions under stress: a Hypothesis state machine per registered game drives random play, undo,
redo, save, load (through a SaveStore in a temporary folder) and hand-offs between viewers.

Invariants after every step: the state equals a fresh replay of the session's log; undo never
takes back a revealing action, a bot's action or another seat's move; a loaded session equals the
saved one; the viewer's view does not change when what they cannot know is re-dealt.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any, Optional

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from cats import GAMES
from cats.rng import Rng
from cats.session import Seat, Session
from saves.store import SaveStore

SETTINGS = settings(max_examples=25, stateful_step_count=30, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))


def make_machine(game_id: str) -> type[RuleBasedStateMachine]:
    """The session state machine for one registered game."""
    info = GAMES[game_id].info

    class SessionMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.folder = Path(tempfile.mkdtemp(prefix="nine-lives-stateful-"))
            self.store = SaveStore(self.folder)
            self.session: Optional[Session] = None
            self.before: list[dict[str, Any]] = []  # state JSON before each logged action
            self.saved: dict[str, dict[str, Any]] = {}
            self.viewer = 0
            self.probe = Rng(7)

        def teardown(self) -> None:
            shutil.rmtree(self.folder, ignore_errors=True)

        # -- set-up -------------------------------------------------------------------------
        @initialize(players=st.sampled_from(list(info.player_counts())),
                    bots=st.lists(st.booleans(), min_size=6, max_size=6),
                    seed=st.integers(0, 2**63 - 1),
                    options=st.sampled_from(_option_sets(game_id)))
        def start(self, players: int, bots: list[bool], seed: int,
                  options: dict[str, Any]) -> None:
            seats = [Seat(f"Bot {i + 1}", "bot", 1) if bots[i] and i else Seat(f"Cat {i + 1}")
                     for i in range(players)]
            self.session = Session.start(game_id, seats, seed, options)

        @property
        def s(self) -> Session:
            assert self.session is not None
            return self.session

        def _rebuild_before(self) -> None:
            replay = Session.start(game_id, self.s.seats, self.s.seed, self.s.options)
            self.before = []
            for entry in self.s.log:
                self.before.append(replay.state.to_json())
                replay.play(entry.action)

        # -- rules ----------------------------------------------------------------------------
        @precondition(lambda self: self.session is not None and self.s.to_move is not None)
        @rule(pick=st.integers(0, 10**6))
        def play(self, pick: int) -> None:
            actions = self.s.state.legal_actions()
            before = self.s.state.to_json()
            entry = self.s.play(actions[pick % len(actions)])
            self.before.append(before)
            assert self.s.log[-1] is entry and not self.s.can_redo()

        @precondition(lambda self: self.session is not None and self.s.to_move is not None)
        @rule(pick=st.integers(0, 10**6))
        def play_then_undo(self, pick: int) -> None:
            self.play(pick)
            self.undo()

        @precondition(lambda self: self.session is not None)
        @rule()
        def undo(self) -> None:
            allowed = self.s.can_undo()
            last = self.s.log[-1] if self.s.log else None
            mover = self.s.to_move
            length = len(self.s.log)
            if last is not None and (last.revealed or self.s.seats[last.seat].is_bot):
                assert not allowed, f"undo offered across {last.text!r}"
            done = self.s.undo()
            assert done == allowed
            event("undo taken back" if done else "undo refused")
            if done:
                assert last is not None
                assert mover == last.seat or (mover is None and len(self.s.seats) == 1), \
                    "undo took back another seat's move"
                assert len(self.s.log) == length - 1
                assert self.s.state.to_json() == self.before.pop()
                assert self.s.can_redo()
            else:
                assert len(self.s.log) == length

        @precondition(lambda self: self.session is not None)
        @rule()
        def redo(self) -> None:
            before = self.s.state.to_json()
            had = self.s.can_redo()
            done = self.s.redo()
            assert done == had, "redo refused although a move had been undone"
            if done:
                self.before.append(before)
                event("redo played")

        @precondition(lambda self: self.session is not None)
        @rule(slot=st.sampled_from(["resume", "slot A", "slot-b"]))
        def save(self, slot: str) -> None:
            path = self.store.save(slot, self.s)
            assert path.parent == self.folder
            self.saved[slot] = self.s.to_record()

        @precondition(lambda self: bool(self.saved))
        @rule(data=st.data())
        def load(self, data: st.DataObject) -> None:
            slot = data.draw(st.sampled_from(sorted(self.saved)))
            loaded = self.store.load(slot)
            assert loaded.to_record() == self.saved[slot]
            assert loaded.seats == [Seat.from_json(p) for p in self.saved[slot]["players"]]
            self.session = loaded
            self._rebuild_before()
            assert not self.s.can_redo()

        @precondition(lambda self: self.session is not None)
        @rule(seat=st.integers(0, 5))
        def hand_off(self, seat: int) -> None:
            self.viewer = seat % len(self.s.seats)

        # -- invariants -----------------------------------------------------------------------
        @invariant()
        def state_is_a_replay_of_the_log(self) -> None:
            if self.session is None:
                return
            replay = Session.replay(game_id, self.s.seats, self.s.seed, self.s.options,
                                    [e.action.to_json() for e in self.s.log])
            assert replay.state == self.s.state
            assert [(e.seat, e.text, e.revealed) for e in replay.log] == \
                [(e.seat, e.text, e.revealed) for e in self.s.log]
            assert len(self.before) == len(self.s.log)

        @invariant()
        def views_hide_what_the_viewer_cannot_know(self) -> None:
            if self.session is None:
                return
            state = self.s.state
            view = state.view_for(self.viewer)
            for _ in range(2):
                assert state.determinize(self.viewer, self.probe).view_for(self.viewer) == view

    SessionMachine.__name__ = f"SessionMachine_{game_id}"
    return SessionMachine


def _option_sets(game_id: str) -> list[dict[str, Any]]:
    """Defaults and each bool option flipped alone."""
    game = GAMES[game_id]
    defaults = game.info.check_options()
    return [{}] + [{o.name: not defaults[o.name]} for o in game.info.options if o.kind == "bool"]


for _gid in GAMES:
    _case = make_machine(_gid).TestCase
    _case.settings = SETTINGS
    globals()[f"TestSession_{_gid}"] = _case
del _case

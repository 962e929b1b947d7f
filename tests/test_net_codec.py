"""The codec's fast paths say the same as the plain ones: the bracket count of a large text is
the depth of its value, and a frame with the shared log spliced in is the frame itself."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from net.host import SeatPlan, TableHost
from net.protocol import depth_of, depth_of_text

TEXTS = st.text(alphabet=st.sampled_from('ab"\\[]{}中\n'), max_size=6)
VALUES = st.recursive(st.none() | st.integers() | TEXTS,
                      lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(TEXTS, inner, max_size=3), max_leaves=40)


@settings(max_examples=300, deadline=None)
@given(VALUES)
def test_the_bracket_count_is_the_depth(value: Any) -> None:
    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False)):
        assert depth_of_text(text) == depth_of(value, 10**6)


def test_a_spliced_frame_is_the_frame_through_moves_and_undo(tmp_path: Path) -> None:
    """The host encodes the log once per change (only new entries) and splices it into each
    connection's frame: the text reads back as the frame itself, after moves and an undo."""
    host = TableHost("between", [SeatPlan("local"), SeatPlan("local"), SeatPlan("local")], 4,
                     cert_folder=tmp_path, bot_pace=0)
    session, pick = host.session, random.Random(5)
    host.started = True
    for step in range(40):
        if session.state.is_over():
            break
        if step % 7 == 6 and session.can_undo():
            session.undo()
        else:
            session.play(pick.choice(session.state.legal_actions()))
        host._changed(save=False)  # what the host does after every change (no connection here)
        for held in ([0], [1, 2], []):
            whole = json.loads(json.dumps(host.frame_of(held)))
            sent = json.loads(host.frame_text(held))
            assert sent.pop("log_from") == 0 and sent == whole
            tail = json.loads(host.with_log(host.own_text(held), host.log_entries(), 2))
            assert tail["log_from"] == 2 and tail["log"] == whole["log"][2:]


def test_a_guest_rebuilds_the_whole_log_from_the_tails() -> None:
    """Entries from ``log_from`` on replace the rest (an undo sends a shorter log); a tail that
    starts past what this connection has is refused (the frame is skipped, not misread)."""
    from net.guest import GuestClient

    guest = GuestClient("127.0.0.1", 1, fingerprint="0" * 64)
    frames = [({"log_from": 0, "log": ["a", "b"]}, ["a", "b"]),
              ({"log_from": 2, "log": ["c"]}, ["a", "b", "c"]),
              ({"log_from": 2, "log": []}, ["a", "b"]),         # an undo took "c" back
              ({"log_from": 1, "log": ["B", "C"]}, ["a", "B", "C"]),
              ({"log": ["x"]}, ["x"])]                           # no log_from: the whole log
    for frame, whole in frames:
        assert guest._whole_log(frame) and frame["log"] == whole and "log_from" not in frame
    assert not guest._whole_log({"log_from": 5, "log": ["y"]})
    assert not guest._whole_log({"log_from": -1, "log": []})
    assert not guest._whole_log({"log_from": 0, "log": "xyz"})

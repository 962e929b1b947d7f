"""The move log says what a move brought about that its own words do not: the trick's winner
(Cat in the Box), the end of a round (Cat Chess, Cat Between Us). Read from the states around
each logged move (``Session.around``), so a loaded game's log says it too."""

from __future__ import annotations

import re
from typing import Any, Callable

import pytest
from frames import headless_context, show

from cats.rng import Rng
from cats.session import Seat, Session
from screens.app import frame
from screens.registry import open_game


@pytest.fixture()
def ctx():  # type: ignore[no-untyped-def]
    yield from headless_context((1280, 800), instant_bots=False)


def play_until(game: str, players: int, done: Callable[[Any], bool], seed: int = 7) -> Session:
    """Random legal moves until ``done(state)``; reloaded from its record, as a saved game is."""
    session = Session.start(game, [Seat(f"Player {i + 1}") for i in range(players)], seed, {})
    rng = Rng(11)
    while not done(session.state):
        actions = session.state.legal_actions()
        session.play(actions[rng.below(len(actions))])
    return Session.from_record(session.to_record())


CASES = [
    ("box", 3, lambda st: st.last_trick is not None,
     lambda st: f"Player {st.last_trick[1] + 1} wins the trick"),
    ("catchess", 2, lambda st: len(st.history) == 1, lambda st: "round 1 ends"),
    ("between", 2, lambda st: st.round == 2,
     lambda st: "Nuzzle: round 1 ends; " + " and ".join(f"Player {s + 1}" for s in
                                                        st.round_winners[0]) + " won the round"),
]


@pytest.mark.parametrize(("game", "players", "done", "note"), CASES, ids=[c[0] for c in CASES])
def test_the_log_tells_what_the_last_move_brought_about(ctx, game, players, done, note) -> None:  # type: ignore[no-untyped-def]
    session = play_until(game, players, done)
    before, after = session.around(len(session.log) - 1)
    assert not done(before) and done(after)
    scene = show(ctx, open_game(ctx, session))
    frame(ctx, 0.016)
    rows = scene.log_box.html_text.split("<br>")
    assert rows[-1].endswith(" · " + note(session.state)), rows[-1]
    assert sum(note(session.state) in row for row in rows) == 1


def test_a_loaded_catch22_game_logs_the_dice_and_the_gold(ctx) -> None:  # type: ignore[no-untyped-def]
    """Notes are made while a move is animated; a loaded game (or moves made before the screen
    opened) gets them from the states around each move instead of the bare "rolls the die"."""
    session = play_until("catch22", 2, lambda st: any(st.gold))
    scene = show(ctx, open_game(ctx, session))
    frame(ctx, 0.016)
    html = scene.log_box.html_text
    assert re.search(r"rolls \d", html) and "rolls the die" not in html
    assert re.search(r"\d+ gold", html)


def test_box_log_names_the_winner_of_a_rounds_last_trick(ctx) -> None:  # type: ignore[no-untyped-def]
    """The move that ends a round by finishing its last trick says who won that trick (the next
    round has already begun, so the winner is read from the round's result)."""
    session = play_until("box", 3, lambda st: len(st.results) == 1, seed=24)
    result = session.state.results[0]
    before, _ = session.around(len(session.log) - 1)
    assert result["paradox"] is None, "pick a seed whose first round ends on a trick"
    winner = next(s for s in range(3) if result["tricks"][s] > before.tricks[s])
    scene = show(ctx, open_game(ctx, session))
    frame(ctx, 0.016)
    last = scene.log_box.html_text.split("<br>")[-1]
    assert last.endswith(f" · Player {winner + 1} wins the trick; round 1 ends"), last

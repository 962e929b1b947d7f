"""The engine owns the words: each move's log text and what it brought about come from the game
(``State.narrate``), rendered once with the players' names; private parts never reach the log.
Also the contract additions the screens call: why_not_pick, why_not_drop, chance_outcomes,
force_chance and score_breakdown."""

from __future__ import annotations

import json
from typing import Any, Callable, Optional

import pytest

from cats import get_game
from cats.box.actions import SetAside
from cats.rng import Rng
from cats.session import LogEntry, Seat, Session
from cats.words import Phrase, Player, Words, render, said, say

NAMES = ["Ann", "Player 3", "Bob", "Cy"]


def played(game: str, players: int, seed: int, until: Callable[[Session], bool],
           options: Optional[dict[str, Any]] = None, limit: int = 3000) -> Optional[Session]:
    """Random legal moves from ``seed`` until ``until(session)`` (None if it never happens)."""
    session = Session.start(game, [Seat(n) for n in NAMES[:players]], seed, options or {})
    rng = Rng(seed + 99)
    while not session.state.is_over() and len(session.log) < limit:
        actions = session.state.legal_actions()
        session.play(actions[rng.below(len(actions))])
        if until(session):
            return session
    return None


def first_with(game: str, players: int, key: str, options: Optional[dict[str, Any]] = None,
               seeds: int = 40) -> tuple[Session, LogEntry, Phrase]:
    """The first played game (over a few seeds) in which a move brings about phrase ``key``."""
    def has(session: Session) -> bool:
        return any(p.key == key for p in session.log[-1].phrases[1:])
    for seed in range(seeds):
        session = played(game, players, seed, has, options)
        if session is not None:
            entry = session.log[-1]
            return session, entry, next(p for p in entry.phrases[1:] if p.key == key)
    raise AssertionError(f"no {key} in {seeds} games")


# -- the renderer ----------------------------------------------------------------------------------

def test_a_phrase_is_said_with_names_or_as_the_engines_own_text() -> None:
    words = Words("test", {"steal": "{who} lands on {victims} and steals {n} gold",
                           "tricks": ("{n} trick", "{n} tricks"), "won": "won {count}"})
    phrase = words("steal", who=Player(0), victims=(Player(1), Player(2)), n=3)
    assert render(phrase) == "Player 1 lands on player 2 and player 3 and steals 3 gold"
    assert render(phrase, ["Ann", "Player 3", "Bob"]) == \
        "Ann lands on Player 3 and Bob and steals 3 gold"
    assert sorted(phrase.seats()) == [0, 1, 2]
    assert render(words("won", count=words("tricks", n=1))) == "won 1 trick"
    assert render(words("won", count=words("tricks", n=2))) == "won 2 tricks"
    with pytest.raises(KeyError):
        words("no such phrase")


def test_an_engine_sentence_is_said_again_with_the_players_names() -> None:
    from cats.box.words import W

    text = said(W("wins", winners=(Player(2),), points=9))
    assert text == "Player 3 wins with 9 points." and isinstance(text, str)
    assert say(text, NAMES) == "Bob wins with 9 points."
    assert say("A plain text names nobody.", NAMES) == "A plain text names nobody."


def test_a_person_called_player_3_at_seat_2_is_said_correctly() -> None:
    """Seat 2 (index 1) is "Player 3"; seat 3 (index 2) is Bob, never "Player 3" twice."""
    session, entry, phrase = first_with("box", 3, "box.trick_won")
    winner = phrase.arg("winner").seat
    assert f"{NAMES[winner]} wins the trick" in entry.notes
    summary = session.say(said(__import__("cats.box.words", fromlist=["W"]).W(
        "wins", winners=(Player(1), Player(2)), points=4)))
    assert summary == "Player 3 and Bob wins with 4 points."


# -- the move log of each game -----------------------------------------------------------------

def test_box_log_never_names_the_card_set_aside() -> None:
    session = played("box", 3, 5, lambda s: s.state.is_over())
    assert session is not None
    asides = [e for e in session.log if isinstance(e.action, SetAside)]
    assert asides
    for entry in asides:
        assert entry.text == "set a card aside" and not any(c.isdigit() for c in entry.text)
        assert not any(ch.isdigit() for note in entry.notes for ch in note)
    assert all(str(e.action) not in (e.text, *e.notes) for e in asides)


def test_box_log_says_the_trick_winner_the_round_end_and_the_paradox_by_name() -> None:
    _, entry, phrase = first_with("box", 3, "box.round_ends")
    assert f"round {phrase.arg('round')} ends" in entry.notes
    _, entry, phrase = first_with("box", 4, "box.paradox")
    assert f"paradox by {NAMES[phrase.arg('seat').seat]}" in entry.notes
    assert not any("player" in note.lower() and "Player 3" not in note for note in entry.notes)


def test_catch22_log_says_gold_stolen_with_the_victims_names() -> None:
    session, entry, phrase = first_with("catch22", 3, "catch22.steal")
    victims = " and ".join(NAMES[p.seat] for p in phrase.arg("victims"))
    assert any(note.startswith(f"lands on {victims} and steals") for note in entry.notes)
    assert entry.text.startswith("moves to ")


def test_catch22_log_says_the_die_rolled() -> None:
    session = played("catch22", 2, 3, lambda s: s.log[-1].action.kind == "roll")
    assert session is not None
    die = session.state.dice[-1][2] if session.state.dice else None
    assert session.log[-1].text in (f"rolls {die}", f"rolls {die} and cannot move")


def test_gambit_log_says_umbra_leaving() -> None:
    _, entry, _ = first_with("gambit", 1, "gambit.umbra_leaves", {"umbra": True}, seeds=200)
    assert "Queen Umbra is checked twice and leaves the game" in entry.notes


def test_gambit_log_says_a_check_on_the_queen() -> None:
    _, entry, _ = first_with("gambit", 1, "gambit.check", seeds=200)
    assert "check! Queen Aurelia flips to her 1 VP side" in entry.notes


def test_between_and_catchess_logs_say_the_round_end() -> None:
    _, entry, phrase = first_with("between", 3, "between.round_won")
    winners = [NAMES[p.seat] for p in phrase.arg("winners")]
    assert entry.notes[0].startswith("Nuzzle: round") and all(w in entry.notes[1] for w in winners)
    _, entry, _ = first_with("catchess", 2, "catchess.round_ends")
    assert entry.notes == ("round 1 ends",)


@pytest.mark.parametrize("game,players", [("gambit", 1), ("catchess", 2), ("between", 3),
                                          ("catch22", 3), ("box", 3)])
def test_a_loaded_game_reads_the_same(game: str, players: int) -> None:
    session = played(game, players, 2, lambda s: len(s.log) >= 40 or s.state.is_over())
    assert session is not None
    again = Session.from_record(json.loads(json.dumps(session.to_record())))
    assert [(e.text, e.notes) for e in again.log] == [(e.text, e.notes) for e in session.log]
    assert all(e.text for e in session.log)


# -- contract additions --------------------------------------------------------------------------

def test_why_not_pick_gives_the_engines_reason() -> None:
    box = get_game("box").new_game(3, 1, {})
    assert box.why_not_pick(("hand", box.hands[box.turn][0])) is None
    assert "hand first" in (box.why_not_pick(("space", "red", 1)) or "")
    gambit = get_game("gambit").new_game(1, 1, {})
    assert gambit.why_not_pick(("pawn", gambit.pawns[0])) == \
        "A Pawn may only follow a drawn card: never two Pawns in a row, never first."
    chess = get_game("catchess").new_game(2, 1, {})
    assert chess.why_not_pick(("region", 1)) == \
        "Drag a cat here: a waiting cat from the basket, or an awake neighbour."
    between = get_game("between").new_game(2, 1, {})
    assert between.why_not_pick(("toy", 0)) == "Drag a lure card from your hand under a toy."


def test_catch22_says_whose_cat_by_name() -> None:
    session = played("catch22", 3, 1, lambda s: s.state.phase == "prepare")
    assert session is not None
    other = (session.state.current + 1) % 3
    reason = session.state.why_not_pick(("pawn", other))
    assert reason == f"That is player {other + 1}'s cat."
    assert session.say(reason) == f"That is {NAMES[other]}'s cat."


def test_why_not_drop_is_empty_for_a_legal_drop_and_a_reason_otherwise() -> None:
    box = get_game("box").new_game(3, 1, {})
    number = box.hands[box.turn][0]
    assert box.why_not_drop(("hand", number), ("aside",)) == ""
    assert "column" in box.why_not_drop(("hand", number), ("space", "red", number % 5 + 1)) \
        or number % 5 + 1 == number
    chess = get_game("catchess").new_game(2, 1, {})
    assert chess.why_not_drop(("nowhere",), ("region", 1)) == "That piece cannot go there."


def test_chance_outcomes_of_the_catch22_die_and_forcing_one() -> None:
    session = played("catch22", 2, 4, lambda s: s.state.phase == "prepare")
    assert session is not None
    state = session.state
    outcomes = state.chance_outcomes()
    assert [d for d, _ in outcomes] == [1, 2, 3, 4, 5, 6]
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    for face in (2, 5):
        sim = state.clone()
        sim.force_chance(face)
        sim.do(sim.parse("roll"))
        assert sim.dice[-1][2] == face
    assert get_game("box").new_game(3, 1, {}).chance_outcomes() == []


@pytest.mark.parametrize("game,players", [("gambit", 1), ("catchess", 2), ("between", 2),
                                          ("catch22", 2), ("box", 3)])
def test_score_breakdown_is_data_per_seat(game: str, players: int) -> None:
    session = played(game, players, 6, lambda s: s.state.is_over())
    assert session is not None
    rows = session.state.score_breakdown()
    assert len(rows) == players
    for seat_rows in rows:
        assert seat_rows and all(isinstance(label, Phrase) and isinstance(points, float)
                                 for label, points in seat_rows)
        assert all(session.say(label) for label, _ in seat_rows)
    if game in ("box", "catchess", "catch22"):
        outcome = session.state.outcome()
        assert outcome is not None
        assert [sum(p for _, p in r) for r in rows] == list(outcome.scores)

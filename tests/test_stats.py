"""Stats: a finished game is recorded once for its players at the end panel and read back; the
page's tables (played and won, against bots, best per variant, recent); a damaged stats file is
reported by name and left as it is; best scores are kept per variant (Queen Umbra apart)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from frames import headless_context, over_menu, show

from cats.session import Seat, Session
from saves.stats import GameResult, SeatResult, StatsBook, result_of, variant_of
from screens.app import frame, play_random
from screens.menus.stats import StatsScene, variant_label
from screens.registry import open_game


@pytest.fixture()
def ctx():  # type: ignore[no-untyped-def]
    yield from headless_context((1280, 800))


def last_move_at_the_table(ctx: Any, game_id: str, seats: list[Seat], seed: int,
                           options: dict[str, Any] | None = None) -> Session:
    """Play a game to its last move, then make that move at the table (the end panel shows)."""
    done = Session.start(game_id, seats, seed, options or {})
    play_random(done, 100_000, seed)
    actions = [e.action for e in done.log]
    session = Session.replay(game_id, seats, seed, options or {},
                             [a.to_json() for a in actions[:-1]])
    table = show(ctx, open_game(ctx, session))
    table.play(actions[-1])
    for _ in range(5):
        frame(ctx, 0.05)
    assert table.end_shown
    return session


def test_a_finished_game_is_recorded_once_and_read_back(ctx) -> None:  # type: ignore[no-untyped-def]
    seats = [Seat("Mia"), Seat("Tomcat 2", "bot", 2)]
    session = last_move_at_the_table(ctx, "box", seats, 11)
    book = StatsBook().load()
    assert not book.problem and len(book.results) == 1
    result = book.results[0]
    outcome = session.state.outcome()
    assert outcome is not None
    assert result.game == "box" and result.players == 2 and result.variant == "box"
    assert [s.name for s in result.seats] == ["Mia", "Tomcat 2"]
    assert [s.bot_level for s in result.seats] == [0, 2]
    assert [s.won for s in result.seats] == [i in outcome.winners for i in range(2)]
    assert book.against_bots("Mia") == {2: (1, int(0 in outcome.winners))}
    # reopened, the finished game is not counted again
    show(ctx, open_game(ctx, Session.from_record(session.to_record())))
    for _ in range(5):
        frame(ctx, 0.05)
    assert len(StatsBook().load().results) == 1


def test_best_scores_are_kept_per_variant(ctx) -> None:  # type: ignore[no-untyped-def]
    base = last_move_at_the_table(ctx, "gambit", [Seat("Mia")], 4)
    ctx.scenes.apply()
    umbra = last_move_at_the_table(ctx, "gambit", [Seat("Mia")], 4, {"umbra": True})
    profile = ctx.profiles.get("Mia")
    assert profile is not None
    base_score, umbra_score = (s.state.outcome().scores[0] for s in (base, umbra))  # type: ignore[union-attr]
    assert profile.best.get("gambit") == base_score
    assert profile.best.get("gambit+umbra") == umbra_score
    book = StatsBook().load()
    assert book.best("Mia") == {"gambit": base_score, "gambit+umbra": umbra_score}
    assert variant_label("gambit+umbra") == "Cat's Gambit + Queen Umbra expansion"


def test_variant_names_only_options_that_differ_from_the_default() -> None:
    assert variant_of("gambit", {"umbra": False, "free_check": False}) == "gambit"
    assert variant_of("gambit", {"umbra": True}) == "gambit+umbra"
    assert variant_of("catchess", {}) == "catchess"


def result(game: str, seats: list[SeatResult], date: float, variant: str = "") -> GameResult:
    return GameResult(game, variant or game, tuple(seats), date)


def test_the_tables_the_page_reads() -> None:
    book = StatsBook()
    book.results = [
        result("gambit", [SeatResult("Mia", 0, 12, True)], 1),
        result("gambit", [SeatResult("Mia", 0, 15, True)], 2),
        result("gambit", [SeatResult("Mia", 0, 20, True)], 3, "gambit+umbra"),
        result("box", [SeatResult("Mia", 0, 7, False), SeatResult("Lion 2", 3, 9, True)], 4),
        result("box", [SeatResult("Mia", 0, 9, True), SeatResult("Leo", 0, 3, False)], 5),
        result("box", [SeatResult("Leo", 0, 3, True), SeatResult("Kitten", 1, 1, False)], 6),
    ]
    assert book.played_won("Mia") == {("gambit", 1): (3, 3), ("box", 2): (2, 1)}
    assert book.against_bots("Mia") == {3: (1, 0)}
    assert book.best("Mia") == {"gambit": 15, "gambit+umbra": 20}  # solo games only
    assert [r.date for r in book.recent("Mia", 2)] == [5, 4]
    assert book.played_won("Lion 2") == {}  # a bot is nobody's profile


def test_a_damaged_stats_file_is_named_and_left_as_it_is(ctx) -> None:  # type: ignore[no-untyped-def]
    path = StatsBook().path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    book = StatsBook().load()
    assert book.damaged and "stats.json" in book.problem
    last_move_at_the_table(ctx, "gambit", [Seat("Mia")], 4)
    assert path.read_text(encoding="utf-8") == "{not json"
    page = over_menu(ctx, StatsScene(ctx))
    frame(ctx, 0.016)
    assert "stats.json" in page.book.problem


def test_damaged_entries_are_skipped_and_said(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "stats.json"
    good = result("box", [SeatResult("Mia", 0, 7, True)], 5).to_json()
    bad = [dict(good, date=float("1e300")), dict(good, seats=[{"name": "\x00"}]),
           dict(good, seats=[{"name": "Mia", "bot": 9}]), "nonsense",
           dict(good, seats=[{"name": "Mia", "score": True}])]
    path.write_text(json.dumps({"format": 1, "results": [good, *bad]}), encoding="utf-8")
    book = StatsBook(path).load()
    assert len(book.results) == 1 and book.damaged and "5 damaged" in book.problem
    book.record(book.results[0])  # a file with damaged entries is never written over
    assert len(json.loads(path.read_text(encoding="utf-8"))["results"]) == 6


def test_result_of_an_unfinished_game_is_none() -> None:
    session = Session.start("gambit", [Seat("Mia")], 4, {})
    assert result_of(session) is None
    play_random(session, 100_000, 4)
    made = result_of(session, when=10.0)
    assert made is not None and made.date == 10.0 and made.seats[0].name == "Mia"


def test_the_page_shows_a_players_games(ctx) -> None:  # type: ignore[no-untyped-def]
    StatsBook().record(result("box", [SeatResult("Mia", 0, 7, True),
                                      SeatResult("Tomcat 2", 2, 3, False)], 5))
    page = over_menu(ctx, StatsScene(ctx))
    assert page.name == "Mia"
    sections = dict(page.columns("Mia"))
    assert sections["Played and won"] == ["Cat in the Box: Deluxe Edition, 2 players: 1 of 1 won"]
    assert sections["Against bots"][0].endswith("1 of 1 won")

"""Traditional Chinese as it is played: seeded games of all five games, every engine text a player
reads at the table said in zh-TW (the prompt, the progress line, the choice buttons, the refusal of
a grab or a drop, the move log with its notes, the score lines, the end's summary and score lines)
must keep no English word. The catalogue tests check the strings they can find in the source; this
one catches a sentence made where the extractor does not look."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest

from cats import GAMES
from cats.core import Spot, State
from cats.rng import Rng
from cats.session import Seat, Session
from cats.words import set_language

# A word of two or more Latin letters ("or" too; a cat's letter or a square's "h13" is not one);
# "Catch 22" is the game's title in both languages.
ENGLISH = re.compile(r"[A-Za-z]{2,}")
KEPT = {"Catch"}
NAMES = ["小明", "阿美", "志豪", "淑芬", "建宏", "雅婷"]
SEEDS = range(4)
STEPS = 300
# The end panels of Cat Chess and Cat in the Box show their own rows (screens/<game>/screen.py
# end_lines), not the engine's score lines; the other games show the engine's.
ENGINE_LINES_SHOWN = {"gambit", "between", "catch22"}


@pytest.fixture(autouse=True)
def chinese() -> Iterator[None]:
    set_language("zh-TW")
    yield
    set_language("en")


def english_words(text: str) -> list[str]:
    """The English words left in a text said in Chinese."""
    return [w for w in ENGLISH.findall(text) if w not in KEPT]


def _refusals(state: State) -> Iterator[tuple[str, str]]:
    """Why each piece that may be grabbed cannot go to a place where only another one may."""
    sources = state.drag_sources()
    targets: list[Spot] = sorted({tuple(t) for s in sources for t in state.legal_targets(s)},
                                 key=repr)[:12]
    for source in sources[:6]:
        legal = {tuple(t) for t in state.legal_targets(source)}
        for target in targets:
            if target not in legal:
                yield "why_not_drop", state.why_not_drop(source, target)
        yield "why_not_pick", state.why_not_pick(source) or ""


def said_at_table(session: Session) -> Iterator[tuple[str, str]]:
    """(where, text) for every engine text a player can read now, with the players' names."""
    state = session.state
    say: Callable[[object], str] = session.say  # type: ignore[assignment]
    yield "prompt", say(state.prompt())
    yield "progress", say(state.progress())
    for label, _ in getattr(state, "score_lines", list)():
        yield "score line", say(label)
    for row in state.score_breakdown():
        for phrase, _ in row:
            yield "breakdown", say(phrase)
    labeller = getattr(state, "label", None)
    if labeller is not None and state.to_move is not None:
        for action in state.legal_actions():
            label = labeller(action)
            # a button: an action without a gesture, or one the engine gives words of its own
            # (Cat's Gambit's deck is dragged or its "Draw" button pressed)
            if state.drag_of(action) is None or label != str(action):
                yield "button", say(label)
    for where, text in _refusals(state):
        yield where, say(text)


def played_texts(game_id: str) -> Iterator[tuple[str, str]]:
    """Every text of :func:`said_at_table` over seeded random games, then the log and the end."""
    counts = list(GAMES[game_id].info.player_counts())
    for seed in SEEDS:
        players = counts[seed % len(counts)]
        session = Session.start(game_id, [Seat(n) for n in NAMES[:players]], seed, {})
        rng = Rng(seed)
        for _ in range(STEPS):
            yield from said_at_table(session)
            if session.state.to_move is None:
                break
            actions = session.state.legal_actions()
            session.play(actions[rng.below(len(actions))])
        for entry in session.log:
            yield "move log", entry.text
            for note in entry.notes:
                yield "move log note", note
        outcome = session.state.outcome()
        if outcome is not None:
            yield "end summary", session.say(outcome.summary)
            if game_id in ENGINE_LINES_SHOWN:
                for lines in outcome.lines:
                    for line in lines:
                        yield "end line", session.say(line)


def untranslated(game_id: str) -> list[str]:
    """The texts of :func:`played_texts` that keep English, each once."""
    found: dict[str, str] = {}
    for where, text in played_texts(game_id):
        if english_words(text):
            found.setdefault(re.sub(r"\d+", "#", text), f"{game_id} {where}: {text!r}")
    return sorted(found.values())


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_text_at_the_table_reads_in_chinese(game_id: str) -> None:
    found = untranslated(game_id)
    assert not found, ("English left in zh-TW (catalogue it: packaging/catalogues.py update, "
                       "translate, compile):\n" + "\n".join(found))


def test_a_new_english_prompt_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    state_class = type(GAMES["box"].new_game(3, 1, {}))
    monkeypatch.setattr(state_class, "prompt", lambda self: "Shuffle the cats and purr")
    assert any("Shuffle the cats" in line for line in untranslated("box"))


def test_a_new_english_button_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    state_class = type(GAMES["catch22"].new_game(2, 1, {}))
    label = state_class.label
    monkeypatch.setattr(state_class, "label",
                        lambda self, a: "Roll twice" if a.kind == "roll" else label(self, a))
    assert any("button: 'Roll twice'" in line for line in untranslated("catch22"))

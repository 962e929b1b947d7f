"""Prep's batched draws (cats/between/prep.py) give exactly what the state's generator gives one
draw at a time: the same numbers and the generator left in the same state, also when a draw is
one that ``Rng.below`` rejects and draws again."""

from __future__ import annotations

import pytest

from cats.between.prep import draw_below, shuffle_deck
from cats.rng import Rng
from splitmix import MASK, STEP, state_before  # noqa: F401



def test_state_before_gives_the_wanted_output() -> None:
    for wanted in (0, 1, MASK, MASK - 20, 123456789 << 30):
        assert Rng(state_before(wanted)).next64() == wanted


BOUNDS = [(42,), (42, 41, 40), tuple(range(42, 1, -1)), (2, 64, 1, 7, 33), (64,) * 50]


@pytest.mark.parametrize("bounds", BOUNDS)
def test_draw_below_is_rng_below_one_by_one(bounds: tuple[int, ...]) -> None:
    starts = [0, 1, MASK, 1 << 63, 0xDEADBEEF] + [Rng(s).next64() for s in range(200)]
    for start in starts:
        one, batch = Rng(start), Rng(start)
        assert draw_below(batch, bounds) == [one.below(b) for b in bounds], start
        assert batch.state == one.state


@pytest.mark.parametrize("output", [MASK, MASK - 15, MASK - 40, MASK - 63, MASK - 100])
@pytest.mark.parametrize("place", [0, 1, 20])
def test_a_draw_near_the_top_still_matches(output: int, place: int) -> None:
    """Outputs at the very top: some are rejected by ``below`` (2**64 - 1 for 42, 41, 40 …),
    some are not but sit where the batch checks again, some only look like it (seven 0xff)."""
    start = (state_before(output) - place * STEP) & MASK
    bounds = tuple(range(42, 1, -1))
    one, batch = Rng(start), Rng(start)
    assert draw_below(batch, bounds) == [one.below(b) for b in bounds]
    assert batch.state == one.state


def test_a_rejected_draw_really_is_drawn_again() -> None:
    """The case above is real: 2**64 - 1 is refused for a bound of 42, costing one more draw."""
    start = state_before(MASK)
    rng = Rng(start)
    rng.below(42)
    assert rng.state == (start + 2 * STEP) & MASK


def test_bounds_above_64_are_refused() -> None:
    with pytest.raises(ValueError):
        draw_below(Rng(1), (65,))


def test_shuffle_deck_is_the_cat_draw_then_rng_shuffle() -> None:
    for seed in range(300):
        one, batch = Rng(seed), Rng(seed)
        cat = one.below(42)
        deck = list(range(42))
        one.shuffle(deck)
        assert shuffle_deck(batch, True) == (cat, deck) and batch.state == one.state
        deck = list(range(42))
        one.shuffle(deck)
        assert shuffle_deck(batch, False) == (None, deck) and batch.state == one.state


@pytest.mark.parametrize("top", [0, 1, 18, 32, 41, 42])
def test_shuffle_deck_top_cards_are_the_shuffled_decks(top: int) -> None:
    """Asked for the top cards only, the same cards and the generator past the whole shuffle,
    also when a draw is rejected and drawn again."""
    starts = list(range(100)) + [state_before(MASK), (state_before(MASK) - 7 * STEP) & MASK]
    for start in starts:
        one, batch = Rng(start), Rng(start)
        cat = one.below(42)
        deck = list(range(42))
        one.shuffle(deck)
        assert shuffle_deck(batch, True, top) == (cat, deck[:top]), start
        assert batch.state == one.state

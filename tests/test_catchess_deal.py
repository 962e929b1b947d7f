"""The goal-card deal's batched shuffle (cats/catchess/deal.py) is exactly ``Rng.shuffle``: the
same order and the generator left in the same state, also when a draw is one that
``Rng.below`` rejects and draws again."""

from __future__ import annotations

import pytest

from cats.catchess.deal import shuffle
from cats.rng import Rng
from splitmix import MASK, STEP, state_before  # noqa: F401



@pytest.mark.parametrize("size", [0, 1, 2, 3, 9, 12, 42, 65, 66, 80])
def test_the_batch_is_rng_shuffle(size: int) -> None:
    for start in [0, 1, MASK, 1 << 63] + [Rng(s).next64() for s in range(150)]:
        one, batch = Rng(start), Rng(start)
        a, b = list(range(size)), list(range(size))
        one.shuffle(a)
        shuffle(batch, b)
        assert (a, one.state) == (b, batch.state), (size, start)


@pytest.mark.parametrize("output", [MASK, MASK - 3, MASK - 63, MASK - 100])
@pytest.mark.parametrize("place", [0, 4, 7])
def test_a_draw_near_the_top_still_matches(output: int, place: int) -> None:
    """2**64 - 1 is rejected by ``below`` for 9, 7, 5, 3 … (one more draw); the others are
    kept by ``below`` but sit where the batch checks again, or only look like it."""
    start = (state_before(output) - place * STEP) & MASK
    one, batch = Rng(start), Rng(start)
    a, b = list(range(9)), list(range(9))
    one.shuffle(a)
    shuffle(batch, b)
    assert (a, one.state) == (b, batch.state)
    assert Rng(state_before(output)).next64() == output

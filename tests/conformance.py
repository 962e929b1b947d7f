"""The checks every game gets for free (ARCHITECTURE.md, "Tests that every game gets").

``check_random_game`` plays one seeded random game through the contract and checks, at every
step: legal actions unique, applicable and refused-when-not; clone equals; JSON round trip of
state and actions; views unchanged by re-dealing what the viewer cannot know; the game ends within
its bound; replay from (seed, options, actions) reproduces the final state.
"""

from __future__ import annotations

import json
from typing import Any, Optional

from cats.core import Game, IllegalAction, State
from cats.rng import Rng


def _json_pure(data: Any) -> Any:
    return json.loads(json.dumps(data))


def check_step(game: Game, state: State, rng: Rng) -> None:
    """All per-position checks for one state that is not over."""
    actions = state.legal_actions()
    assert actions, f"{game.info.id}: no legal action but the game is not over"
    texts = [str(a) for a in actions]
    assert len(set(actions)) == len(actions), f"duplicate legal actions: {texts}"
    assert len(set(texts)) == len(texts), f"two legal actions share a notation: {texts}"
    # Clone and JSON round trips.
    twin = state.clone()
    assert twin == state
    data = state.to_json()
    assert _json_pure(data) == data, "to_json must return plain JSON (lists, not tuples)"
    assert type(state).from_json(data) == state
    for action in actions:
        assert state.action_from_json(_json_pure(action.to_json())) == action
        assert state.parse(str(action)) == action
    # Legal actions apply to a copy; the original does not change.
    probe = actions[rng.below(len(actions))]
    copy = state.clone()
    copy.apply(probe)
    assert state == twin, "applying to a clone changed the original"
    # Drag gestures agree with the action list: one gesture makes exactly one action.
    for action in actions:
        gesture = state.drag_of(action)
        if gesture is not None:
            assert state.find_action(*gesture) == action, f"two actions share the drag {gesture}"
            assert gesture[1] in state.legal_targets(gesture[0])
    # Views: plain JSON, and unchanged when hidden information is re-dealt for that seat.
    mover = state.to_move
    assert mover is not None
    view = state.view_for(mover)
    assert _json_pure(view) == view
    for _ in range(2):
        world = state.determinize(mover, rng)
        assert world.view_for(mover) == view, "a view changed when only hidden cards changed"
        # What a seat may do never depends on what it cannot see.
        assert [str(a) for a in world.legal_actions()] == texts, \
            "legal actions changed when only hidden cards changed"


def check_random_game(game: Game, players: int, seed: int,
                      max_steps: int = 20000, options: Optional[dict[str, Any]] = None
                      ) -> State:
    """Play one random game, checking every step; returns the final state."""
    rng = Rng(seed ^ 0x5EED)
    state = game.new_game(players, seed, options)
    start = state.clone()
    played = []
    steps = 0
    while state.to_move is not None:
        check_step(game, state, rng)
        actions = state.legal_actions()
        action = actions[rng.below(len(actions))]
        state.apply(action)
        played.append(action)
        steps += 1
        assert steps <= max_steps, f"{game.info.id} did not end within {max_steps} steps"
    outcome = state.outcome()
    assert outcome is not None
    assert len(outcome.scores) == players
    assert all(0 <= w < players for w in outcome.winners)
    assert state.legal_actions() == []
    try:
        state.apply(played[-1])
    except IllegalAction as exc:
        assert exc.reason
    else:
        raise AssertionError("an action was accepted after the game ended")
    # Replay from the seed reproduces the game exactly.
    again = game.new_game(players, seed, options)
    assert again == start
    for action in played:
        again.apply(state.action_from_json(_json_pure(action.to_json())))
    assert again == state
    return state

"""Tutorials: a scripted deal in which the player makes every move, one short prompt at a time.

A :class:`Tutorial` is a game set-up (seed and scripted options, so the deal is always the same)
and a list of :class:`Step`: the move the player is asked to make (in the game's notation, read
by :meth:`State.parse`), the prompt, and the rules point the move teaches. The other seats'
moves are scripted too. After the last step the game simply goes on: a real position to finish.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional

from cats import get_game
from cats.core import Action, IllegalAction, State
from cats.words import Phrase, render, template_of


@dataclass(frozen=True)
class Step:
    """One move the player makes: what to do, why, and the other seats' answers."""

    move: str            # the player's move, in the game's notation
    prompt: Phrase       # the one short line that says what to do
    point: Phrase        # the rules point this move teaches
    section: str = ""    # the rules page's section the point comes from
    then: tuple[str, ...] = ()  # the other seats' moves, played right after this one


@dataclass(frozen=True)
class Tutorial:
    """A game's tutorial: the set-up, the opening moves of other seats, and the steps."""

    game_id: str
    players: int
    seed: int
    steps: tuple[Step, ...]
    finish: Phrase       # said once the script is over and the game goes on
    options: Mapping[str, Any] = field(default_factory=dict)
    opening: tuple[str, ...] = ()  # the other seats' moves before the first step
    seat: int = 0        # the player's seat

    def start(self) -> State:
        """The tutorial's starting position (the same deal every time)."""
        return get_game(self.game_id).new_game(self.players, self.seed, dict(self.options))

    def script(self) -> list[tuple[str, Optional[int]]]:
        """Every scripted move in order, with the step it belongs to (``None``: another seat's)."""
        moves: list[tuple[str, Optional[int]]] = [(m, None) for m in self.opening]
        for index, step in enumerate(self.steps):
            moves.append((step.move, index))
            moves.extend((m, None) for m in step.then)
        return moves

    def length(self) -> int:
        """How many moves the script holds (the log is past the script after that many)."""
        return len(self.script())

    def due(self, done: int) -> Optional[tuple[str, Optional[int]]]:
        """The scripted move after ``done`` moves (``None`` once the script is over)."""
        moves = self.script()
        return moves[done] if 0 <= done < len(moves) else None

    def step_at(self, done: int) -> Optional[int]:
        """The step being taught after ``done`` moves: the next player's step (``None`` after
        the last)."""
        for move in self.script()[done:]:
            if move[1] is not None:
                return move[1]
        return None

    def action_at(self, state: State, done: int) -> Optional[Action]:
        """The scripted move after ``done`` moves as an action of ``state`` (``None`` when the
        script is over); ``IllegalAction`` if the script does not fit the position."""
        due = self.due(done)
        return None if due is None else state.parse(due[0])

    def problems(self) -> list[str]:
        """Everything wrong with the script, played from the start (empty: it is sound)."""
        found: list[str] = []
        state = self.start()
        for number, (move, index) in enumerate(self.script(), 1):
            mover = state.to_move
            if mover is None:
                return found + [f"move {number} ({move}): the game is already over"]
            if (index is not None) != (mover == self.seat):
                found.append(f"move {number} ({move}): seat {mover} is to move")
            try:
                state.apply(state.parse(move))
            except IllegalAction as exc:
                return found + [f"move {number} ({move}): {exc.reason}"]
        if state.is_over():
            found.append("the game is over when the tutorial ends")
        for number, step in enumerate(self.steps, 1):
            for phrase in (step.prompt, step.point):
                found.extend(f"step {number}: {p}" for p in placeholders_missing(phrase))
        found.extend(placeholders_missing(self.finish))
        return found


def placeholders_missing(phrase: Phrase) -> list[str]:
    """The placeholders of ``phrase``'s template it gives no value for (rendered to be sure)."""
    names = {f for _, f, _, _ in string.Formatter().parse(template_of(phrase)) if f}
    given = {k for k, _ in phrase.args}
    missing = [f"{phrase.key}: no {{{n}}}" for n in sorted(names - given)]
    if not missing:
        render(phrase)
    return missing

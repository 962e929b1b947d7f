"""The pointer on the table: every gesture the games need, turned into engine spots and actions.

- drag a piece onto a target (the engine lights the targets and turns the drop into an action);
- click a piece that may be selected, then click a target (click-then-target);
- a click on a piece whose action is a drag onto itself (Draw on the deck);
- one gesture that means two actions (two routes to one square) becomes a chooser.

No rule is decided here: sources, targets, actions and refusal reasons all come from the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional

from cats.core import Action, Spot

if TYPE_CHECKING:
    from cats.core import State

Point = tuple[int, int]
WOBBLE = 6  # pixels a press may move and still count as a click


@dataclass
class Drag:
    """A piece held by the pointer."""

    source: Spot
    origin: tuple[int, int]
    grab: tuple[int, int]
    pos: tuple[int, int]
    targets: list[Spot] = field(default_factory=list)
    moved: bool = False
    press: tuple[int, int] = (-1, -1)

    @property
    def topleft(self) -> Point:
        """Where the held piece is drawn (and lands from, when dropped)."""
        return (self.pos[0] - self.grab[0], self.pos[1] - self.grab[1])

    def follow(self, pos: Point) -> None:
        """The pointer moved while holding: a move past a small wobble makes it a drag."""
        self.pos = pos
        press = self.press if self.press != (-1, -1) else self.origin
        if abs(pos[0] - press[0]) + abs(pos[1] - press[1]) > WOBBLE:
            self.moved = True


def actions_for(state: "State", source: Spot, target: Spot) -> list[Action]:
    """Every legal action a gesture from ``source`` to ``target`` means (two when a route or a
    reading must be chosen), in the engine's order."""
    return [a for a in state.legal_actions() if state.drag_of(a) == (source, target)]


class Pointer:
    """What the pointer holds or has chosen; the table asks it what a gesture means."""

    def __init__(self) -> None:
        self.drag: Optional[Drag] = None
        self.selected: Optional[Spot] = None  # a piece chosen by a click, waiting for a target
        self.dropped_at: Optional[Point] = None  # where the last dropped piece was let go
        self.at: Point = (0, 0)

    def pick(self, source: Spot, origin: Point, pos: Point, targets: list[Spot]) -> Drag:
        """Take hold of ``source`` drawn at ``origin``."""
        self.drag = Drag(source, origin, (pos[0] - origin[0], pos[1] - origin[1]), pos,
                         targets, press=pos)
        return self.drag

    def let_go(self) -> Optional[Drag]:
        """Release the held piece (remembering where it was let go)."""
        drag, self.drag = self.drag, None
        if drag is not None and drag.moved:
            self.dropped_at = drag.topleft
        return drag

    def take_drop_point(self) -> Optional[Point]:
        """Where the last drop was let go (once: the animation of that move uses it)."""
        at, self.dropped_at = self.dropped_at, None
        return at

    def clear(self) -> None:
        """Forget what is held and chosen (after a refresh of the table)."""
        self.drag = None
        self.selected = None

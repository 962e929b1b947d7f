"""The table's words: engine texts (prompts, summaries, refusals) with their seats said as the
players' names, the engine's label for an action, and the end panel's lines."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cats.core import Action, Spot
from cats.words import render
from screens.text import tr

if TYPE_CHECKING:
    from cats.session import LogEntry, Session


def entry_words(entry: LogEntry, names: list[str]) -> tuple[str, tuple[str, ...]]:
    """A logged move and what it brought about, in the current language: said again from the
    entry's phrases (its text was said in the language of the moment it was played, so a
    language switched mid-game reaches the moves already in the log too)."""
    if not entry.phrases:
        return entry.text, entry.notes
    move, *notes = (render(p, names) for p in entry.phrases)
    return move, tuple(notes)


class Wording:
    """Mixed into the table: how engine texts read at this table."""

    session: "Session"

    def seat_name(self, seat: int) -> str:
        """A seat's player name."""
        return self.session.seats[seat].name

    def names(self, text: str) -> str:
        """Engine text (a prompt, a summary, a refusal) with its seats said as players' names."""
        return self.session.say(text)

    def label(self, action: Action) -> str:
        """Button text for an action."""
        labeller = getattr(self.session.state, "label", None)
        return self.names(labeller(action)) if labeller else str(action)

    def entry_words(self, index: int) -> tuple[str, tuple[str, ...]]:
        """Log entry ``index``: the move and its notes, in the current language."""
        return entry_words(self.session.log[index], self.session.names())

    def why_not_pick(self, spot: Spot) -> str:
        """The engine's word when the player grabs something that cannot move now ('' for none;
        at a networked seat the host is asked and its answer is shown when it comes)."""
        if getattr(self.session, "remote", False):
            self.session.ask_why_pick(spot)  # type: ignore[attr-defined]
            return ""
        return self.names(self.session.state.why_not_pick(spot) or "")

    def refusal(self, source: Spot, target: Spot) -> str:
        """The engine's reason for refusing a drop (asked of the host at a networked seat)."""
        if getattr(self.session, "remote", False):
            self.session.ask_why_drop(source, target)  # type: ignore[attr-defined]
            return ""
        return self.names(self.session.state.why_not_drop(source, target))

    def end_lines(self, outcome: Any) -> list[str]:
        """The end panel's text: the summary and every seat's score breakdown (games with long
        breakdowns override this with one line a seat)."""
        lines = [self.names(outcome.summary)]
        for seat, seat_lines in enumerate(outcome.lines):
            if len(self.session.seats) > 1:
                lines.append(tr("table.end_row", name=self.seat_name(seat),
                                score=f"{outcome.scores[seat]:g}"))
            lines.extend("   " + self.names(line) for line in seat_lines)
        return lines

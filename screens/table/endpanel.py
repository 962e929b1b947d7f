"""The end-of-game panel: the engine's summary and every seat's score, the best scores and
hotseat tallies recorded once (however often the panel is shown), play again or leave."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from cats.session import Session
from saves.stats import StatsBook, result_of, variant_of
from screens.overlays import MenuOverlay
from screens.text import file_text, tr

if TYPE_CHECKING:
    from screens.table.frame import GameScene


class EndPanel:
    """The end panel of one table."""

    def __init__(self, table: "GameScene") -> None:
        self.table = table
        self.ctx = table.ctx
        self.shown = False
        # A finished game reopened (Continue, Load) was counted when it ended: not again.
        self.over_at_open = table.session.state.is_over()
        self.result_lines: Optional[list[str]] = None  # what the panel adds once recorded

    def show(self) -> None:
        """Put the panel up (recording the result the first time)."""
        table, ctx = self.table, self.ctx
        outcome = table.session.state.outcome()
        if outcome is None:
            return
        self.shown = True
        if self.result_lines is None:
            self.result_lines = self.record(outcome)
            won = any(seat in table.humans() for seat in outcome.winners)
            ctx.sounds.play("win" if won else "end")
        lines = table.end_lines(outcome) + self.result_lines

        def again() -> None:
            ctx.scenes.pop()
            table.menu.restart_new()

        def same() -> None:
            ctx.scenes.pop()
            table.menu.restart_same()

        def watch() -> None:
            ctx.scenes.pop()
            copy = Session.from_record(table.session.to_record())  # the table's game stays as is
            ctx.scenes.push(ctx.nav.replay(ctx, copy))

        if table.remote:  # the host starts the next game; a guest looks or leaves
            ctx.scenes.push(MenuOverlay(ctx, tr("end.title"), [
                (tr("end.look"), ctx.scenes.pop),
                (tr("net.leave"), lambda: (table.session.leave(),  # type: ignore[attr-defined]
                                           ctx.scenes.reset(ctx.nav.main_menu(ctx))))], lines))
            return
        choices = [(tr("end.again"), again), (tr("game.restart"), same),
                   (tr("end.watch"), watch), (tr("end.look"), ctx.scenes.pop),
                   (tr("end.menu"), lambda: ctx.scenes.reset(ctx.nav.main_menu(ctx)))]
        ctx.scenes.push(MenuOverlay(ctx, tr("end.title"), choices, lines))

    def record(self, outcome: Any) -> list[str]:
        """Store best scores and hotseat tallies; returns lines for the panel."""
        table = self.table
        seats = table.session.seats
        book = self.ctx.profiles
        lines = []
        humans = [seats[i] for i in table.humans()]
        # Best scores are kept per variant: a Queen Umbra game is not held against the base game.
        variant = variant_of(table.info.id, table.session.options)
        if humans and not self.over_at_open:
            lines += record_stats(table.session, self.ctx.read_only)
        if len(seats) == 1 and humans:
            name = humans[0].name
            if (outcome.scored and not self.over_at_open
                    and book.record_best(name, variant, outcome.scores[0])):
                lines.append(tr("end.new_best", name=name))
            profile = book.get(name)
            if profile and variant in profile.best:
                lines.append(tr("end.best", name=name, best=f"{profile.best[variant]:g}"))
        elif len(humans) >= 1 and not self.over_at_open:
            book.record_win([s.name for s in seats], [seats[w].name for w in outcome.winners])
        try:
            book.save()
        except OSError as exc:
            lines.append(tr("end.profiles_not_saved", error=file_text(str(exc))))
        return lines


def record_stats(session: Session, read_only: bool = False) -> list[str]:
    """Add a finished game to the stats file; lines for the panel if that could not be done."""
    result = result_of(session)
    book = StatsBook(read_only=read_only).load()
    if result is None or read_only:
        return []
    if book.damaged:
        return [tr("stats.damaged", problem=file_text(book.problem))]
    try:
        book.record(result)
    except OSError as exc:
        return [tr("stats.not_saved", error=file_text(str(exc)))]
    return []

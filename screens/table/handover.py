"""Seats changing hands mid-game, from the game's menu: a person who has to leave gives the seat
to a bot (of a chosen level), and takes it back later. The session records it (save, replay);
the table follows with its hotseat flow (the curtain rules as for any seat)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Callable

from cats.ai import LEVEL_NAMES
from cats.session import Seat
from screens.overlays import Choice, MenuOverlay
from screens.text import tr

if TYPE_CHECKING:
    from screens.netplay.tables import HostedTable
    from screens.table.frame import GameScene


def seat_choices(table: "GameScene") -> list[Choice]:
    """One button a seat: give a person's seat to a bot, or a bot's seat back to its person."""
    ctx, session = table.ctx, table.session
    choices: list[Choice] = []
    for i, seat in enumerate(session.seats):
        if seat.is_bot:
            person = session.person_of(i)
            if person is not None:
                choices.append((tr("seats.back", name=person.name),
                                _closing(table, lambda i=i, p=person: give(table, i, p))))
        else:
            choices.append((tr("seats.to_bot", name=seat.name),
                            lambda i=i: ctx.scenes.push(MenuOverlay(
                                ctx, tr("seats.level_title", name=session.seats[i].name),
                                level_choices(table, i)))))
    choices.append((tr("game.resume"), ctx.scenes.pop))
    return choices


def hosted_seat_choices(table: "GameScene", hosted: "HostedTable") -> list[Choice]:
    """The same page at a table this computer hosts for others: the host hands the seat over
    (a dropped guest's too), and the frames show everyone the change."""
    ctx = table.ctx
    choices: list[Choice] = []
    for i, row in enumerate(hosted.seat_table()):
        name = str(row.get("name", ""))
        if row.get("handed"):
            choices.append((tr("seats.back", name=name),
                            _closing(table, lambda i=i: hosted.give_back(i))))
        elif row.get("state") != "bot":
            choices.append((tr("seats.to_bot", name=name),
                            lambda i=i, name=name: ctx.scenes.push(MenuOverlay(
                                ctx, tr("seats.level_title", name=name),
                                [(tr(f"new.level.{level}"),
                                  _closing(table, lambda level=level: hosted.give_to_bot(i, level),
                                           2)) for level in sorted(LEVEL_NAMES)]
                                + [(tr("new.back"), ctx.scenes.pop)]))))
    choices.append((tr("game.resume"), ctx.scenes.pop))
    return choices


def level_choices(table: "GameScene", seat: int) -> list[Choice]:
    """The bot levels to play ``seat`` at."""
    person = table.session.seats[seat]
    choices: list[Choice] = [
        (tr(f"new.level.{level}"),
         _closing(table, lambda level=level: give(table, seat, replace(person, kind="bot",
                                                                       level=level)), 2))
        for level in sorted(LEVEL_NAMES)]
    choices.append((tr("new.back"), table.ctx.scenes.pop))
    return choices


def _closing(table: "GameScene", fn: Callable[[], None], menus: int = 1) -> Callable[[], None]:
    def run() -> None:
        for _ in range(menus):
            table.ctx.scenes.pop()
        fn()
    return run


def give(table: "GameScene", seat: int, player: Seat) -> None:
    """Hand ``seat`` to ``player`` and let the table follow."""
    table.session.hand_over(seat, player)
    table.seats_changed()
    table.autosave()
    key = "seats.now_bot" if player.is_bot else "seats.now_person"
    table.flash(tr(key, name=player.name, level=tr(f"new.level.{player.level}")
                   if player.is_bot else ""))

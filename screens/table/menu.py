"""The game's menu (Esc): back, save, load, rules, settings, undo and redo, the result again,
replay this deal, a new deal, quit; asking before a game under way is left, and the save prompt.
It reaches the menus through ``ctx.nav``; the curtain opens a short form that reveals nothing."""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any, Callable, Optional

from cats.session import Session
from saves.store import SaveError, check_slot, is_autosave
from screens.overlays import Choice, MenuOverlay, TextPrompt
from screens.text import file_text, title, tr

if TYPE_CHECKING:
    from screens.table.frame import GameScene


class GameMenu:
    """The menu of one table."""

    def __init__(self, table: "GameScene") -> None:
        self.table = table
        self.ctx = table.ctx

    def _closing(self, fn: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.ctx.scenes.pop()
            fn()
        return run

    def open(self, behind_curtain: bool = False) -> None:
        """The menu over the table (or over the curtain: nothing that shows a seat's view)."""
        ctx, table, nav, close = self.ctx, self.table, self.ctx.nav, self._closing
        if table.remote:
            ctx.scenes.push(MenuOverlay(ctx, title(table.info), self.guest_choices(behind_curtain)))
            return
        choices: list[Choice] = [
            (tr("game.resume"), close(lambda: None)),
            (tr("game.save"), close(self.ask_save)),
            (tr("game.load"), close(lambda: ctx.scenes.push(nav.load(ctx)))),
            (tr("game.rules"), close(lambda: ctx.scenes.push(nav.rules(ctx, table.info.id)))),
            (tr("game.settings"), close(lambda: ctx.scenes.push(nav.settings(ctx)))),
        ]
        if not behind_curtain:
            choices += [(tr("game.undo"), close(lambda: table.tool("undo"))),
                        (tr("game.redo"), close(lambda: table.tool("redo")))]
            if len(table.session.seats) > 1 and not table.session.state.is_over():
                choices.append((tr("game.seats"), close(self.open_seats)))
            if table.session.state.is_over():
                choices.append((tr("menu.show_result"), close(table.show_end)))
            choices += [
                (tr("game.restart"), close(lambda: self.confirm_leaving(self.restart_same))),
                (tr("game.new_deal"), close(lambda: self.confirm_leaving(self.restart_new)))]
        choices.append((tr("game.quit"), close(lambda: ctx.scenes.reset(nav.main_menu(ctx)))))
        ctx.scenes.push(MenuOverlay(ctx, title(table.info), choices))

    def open_seats(self) -> None:
        """The seats page: give a seat to a bot, or back to its person."""
        from screens.table.handover import seat_choices

        self.ctx.scenes.push(MenuOverlay(self.ctx, tr("game.seats"), seat_choices(self.table),
                                         [tr("seats.help")]))

    def open_hosted_seats(self, hosted: Any) -> None:
        """The seats page at a table this computer hosts for other computers."""
        from screens.table.handover import hosted_seat_choices

        self.ctx.scenes.push(MenuOverlay(self.ctx, tr("game.seats"),
                                         hosted_seat_choices(self.table, hosted),
                                         [tr("seats.help")]))

    def guest_choices(self, behind_curtain: bool) -> list[Choice]:
        """The menu at a networked seat: the host keeps, saves and restarts the table."""
        ctx, table, nav, close = self.ctx, self.table, self.ctx.nav, self._closing
        choices: list[Choice] = [
            (tr("game.resume"), close(lambda: None)),
            (tr("game.rules"), close(lambda: ctx.scenes.push(nav.rules(ctx, table.info.id)))),
            (tr("game.settings"), close(lambda: ctx.scenes.push(nav.settings(ctx))))]
        hosted = getattr(getattr(table.session, "link", None), "table", None)
        if not behind_curtain:
            choices.append((tr("game.undo"), close(lambda: table.tool("undo"))))
            if hosted is not None and not table.session.state.is_over():
                choices.append((tr("game.seats"), close(lambda: self.open_hosted_seats(hosted))))
            if table.session.state.is_over():
                choices.append((tr("menu.show_result"), close(table.show_end)))

        def leave() -> None:
            table.session.leave()  # type: ignore[attr-defined]
            ctx.scenes.reset(nav.main_menu(ctx))

        choices.append((tr("net.leave"), close(leave)))
        return choices

    def confirm_leaving(self, then: Callable[[], None]) -> None:
        """Run ``then`` (which starts another game in the autosave's place), asking first while
        this game is under way: only a named save would keep it."""
        session = self.table.session
        if not session.log or session.state.is_over():
            then()
            return
        ctx = self.ctx

        def go() -> None:
            ctx.scenes.pop()
            then()

        def save_first() -> None:
            ctx.scenes.pop()
            self.ask_save(then)

        ctx.scenes.push(MenuOverlay(ctx, tr("leave.title"), [
            (tr("leave.keep"), ctx.scenes.pop), (tr("leave.save"), save_first),
            (tr("leave.go"), go)], [tr("leave.body")]))

    def ask_save(self, then: Optional[Callable[[], None]] = None) -> None:
        """Ask for a slot name and save there (a refused name keeps the prompt open; replacing
        another save is confirmed by pressing OK again on the same name); ``then`` runs once the
        game is saved."""
        confirmed: list[str] = []
        saves = self.ctx.saves

        def save(name: str) -> Optional[str]:
            try:
                slot = check_slot(name)
            except SaveError as exc:
                return file_text(str(exc))  # the saves' words, in the language of now
            # "game one" replaces "Game One" (as it would on Windows or macOS anyway).
            slot = next((i.slot for i in saves.list() if i.slot.lower() == slot.lower()), slot)
            if is_autosave(slot):
                return tr("save.reserved", slot=slot)
            if saves.exists(slot) and confirmed != [slot]:
                confirmed[:] = [slot]
                return tr("save.exists", slot=slot)
            try:
                saves.save(slot, self.table.session)
            except SaveError as exc:
                return file_text(str(exc))  # the saves' words, in the language of now
            self.table.flash(tr("game.saved", slot=slot), kind="success")
            return None

        suggested = re.sub(r"[^\w \-]", "", title(self.table.info))[:40].strip()
        self.ctx.scenes.push(TextPrompt(self.ctx, tr("game.save"), suggested, save, then))

    def restart_same(self) -> None:
        """Replay this deal: same seed and options, same seats."""
        self._restart(self.table.session.seed)

    def restart_new(self) -> None:
        """A new deal with the same seats and options."""
        self._restart((self.table.session.seed * 6364136223846793005 + int(time.time()))
                      % (2**63))

    def _restart(self, seed: int) -> None:
        old = self.table.session
        session = Session.start(old.game_id, old.seats, seed, old.options)
        self.ctx.scenes.replace(self.ctx.nav.open_game(self.ctx, session))

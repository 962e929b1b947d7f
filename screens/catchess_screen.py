"""Cat Chess screen: the spiral garden of twelve regions drawn as a curled path, the nine cats as
tokens (coat, pattern, letter; awake or asleep), the waiting basket, your goal card(s) with live
ticks, the reveal of every card at the end of a round and, in the solo game, the best score the
three cards allowed with one garden that reaches it.

Everything drawn comes from ``self.view`` (the engine's ``view_for`` of the seat looking at the
screen): region order, neighbours, ticks, tokens, scores and the solo best. Drop targets, the
action a drop makes and the refusal reasons come from the engine too. The solo best score is an
exact search: the screen has it worked out on the worker thread (``ctx.executor``) as soon as the
cards are dealt, and holds the round's end back (never the window) until it is known.
"""

from __future__ import annotations

import math
from concurrent.futures import Future
from functools import lru_cache
from typing import Any, Optional

import pygame
import pytweening

from cats import catchess_solo
from cats.catchess.actions import Move, Place, Stay, Swap
from cats.core import Action, Spot
from screens import palette
from screens.anim import Tween
from screens.assets import font, image
from screens.game_frame import GameScene
from screens.overlays import wrap

JsonDict = dict[str, Any]
Point = tuple[int, int]
BestKey = tuple[tuple[int, ...], bool]

# The nine cat tokens, matched to the engine's cats by coat (the view's "label").
ART_BY_COAT = {"white": "cat_2", "black": "cat_1", "ginger": "cat_0", "grey": "cat_3",
               "brown tabby": "cat_8", "calico": "cat_4", "tuxedo": "cat_6", "Siamese": "cat_5",
               "tortoiseshell": "catchess_tortie"}
NIGHT = (62, 74, 107)          # the asleep ring and moon
LAWN = (190, 208, 172)
LAWN_EDGE = (120, 150, 110)
TRAIL = (238, 216, 170)
TRAIL_EDGE = (196, 164, 118)
STONE = (244, 234, 214)
STONE_EDGE = (150, 124, 96)
DIM = (120, 100, 86)
GAIN = (214, 236, 206)
LOSS = (244, 214, 204)
MOVE_SECONDS = 0.4
REVEAL_SECONDS = 4.0
WARN_DASH = (200, 80, 60)   # a path step between regions that do not touch


@lru_cache(maxsize=256)
def cat_token(art: str, letter: str, size: int, asleep: bool) -> pygame.Surface:
    """A cat token at ``size`` px: the coat art, the letter on a badge and, asleep, closed eyes,
    a night-blue ring and a moon badge (asleep differs by shape, not colour alone)."""
    size = max(12, size)
    surf = image(art, size, size).copy()
    k = size / 120  # the token art is drawn on a 120-unit square
    if asleep:
        for side in (-1, 1):
            cx, cy = 60 + side * 13.5, 66.8  # the eyes in the art's units
            fur = surf.get_at((int(cx * k), int(56 * k)))
            lid = pygame.Rect(0, 0, int(17 * k) + 1, int(17.5 * k) + 1)
            lid.center = (int(cx * k), int(cy * k))
            pygame.draw.ellipse(surf, fur, lid)
            lash = pygame.Rect(0, 0, int(13 * k) + 1, int(9 * k) + 1)
            lash.center = (int(cx * k), int((cy - 1) * k))
            light = 0.3 * fur[0] + 0.59 * fur[1] + 0.11 * fur[2]
            pygame.draw.arc(surf, palette.INK if light > 90 else (226, 214, 200), lash,
                            math.pi * 1.05, math.pi * 1.95, max(1, int(2.4 * k)))
        pygame.draw.circle(surf, NIGHT, (size / 2, size / 2), 51 * k, max(1, int(7 * k)))
        moon = int(size * 0.38)
        surf.blit(image("catchess_asleep", moon, moon), (size - moon, 0))
    r = max(7, int(size * (0.19 if size >= 48 else 0.24)))
    centre = (size - r - 1, size - r - 1)
    pygame.draw.circle(surf, palette.PAPER, centre, r)
    pygame.draw.circle(surf, palette.INK, centre, r, max(1, size // 45))
    text = font(max(8, int(r * 1.45)), bold=True).render(letter, True, palette.INK)
    surf.blit(text, text.get_rect(center=(centre[0], centre[1] + 1)))
    return surf


@lru_cache(maxsize=1024)
def rendered(text: str, size: int, colour: tuple[int, ...], bold: bool) -> pygame.Surface:
    """A line of text rendered once (the table redraws the same labels every frame)."""
    return font(size, bold).render(text, True, colour)


class CatChessScene(GameScene):
    """The Cat Chess garden table."""

    PILL_PAD = (10, 4)

    def __init__(self, ctx: Any, session: Any) -> None:
        self.table = pygame.Rect(0, 0, 1, 1)
        self.left = pygame.Rect(0, 0, 1, 1)       # basket and garden
        self.cards_rect = pygame.Rect(0, 0, 1, 1)
        self.tray = pygame.Rect(0, 0, 1, 1)
        self.lawn = pygame.Rect(0, 0, 1, 1)
        self.slot = 1
        self.cell = 1
        self.centres: dict[int, Point] = {}
        self.cells: dict[int, pygame.Rect] = {}
        self.best_jobs: dict[BestKey, Future[Any]] = {}
        self.deferred: Optional[tuple[JsonDict, Action]] = None
        self.stale = False
        self.moving: dict[str, Tween] = {}
        self.last_move: Optional[tuple[int, list[int]]] = None  # seat, regions
        self.drop_from: Optional[Point] = None
        self.reveal_closed: Optional[int] = None
        self.reveal_hold: Optional[Tween] = None
        self.hover_cats: tuple[str, ...] = ()
        self._preview: dict[tuple[Any, ...], Any] = {}
        self._sources: tuple[int, list[Spot]] = (-1, [])
        self._solo_data: tuple[int, int, list[BestKey]] = (-1, -1, [])
        self.goal_rows: list[tuple[pygame.Rect, list[str]]] = []
        cat_token.cache_clear()  # drawn surfaces never outlive a restart of pygame
        rendered.cache_clear()
        super().__init__(ctx, session)

    # -- the solo best score, off the frame loop -----------------------------------------------
    @property
    def solo(self) -> bool:
        return len(self.session.seats) == 1

    def best_keys(self) -> list[BestKey]:
        """The card sets whose best score the engine's solo view will need: every finished round
        first, then the current deal (worked out early so that the round's end never waits)."""
        state = self.session.state
        key = (id(state), len(self.session.log))
        if self._solo_data[:2] != key:
            data = state.to_json()
            centre = bool(data["options"].get("from_centre"))
            keys = [(tuple(sorted(h["cards"][0])), centre) for h in data["history"]]
            if not data["over"]:
                keys.append((tuple(sorted(data["hands"][0])), centre))
            self._solo_data = (key[0], key[1], keys)
        return self._solo_data[2]

    def warm(self) -> None:
        """Start the exact search on the worker thread for every card set not yet asked for."""
        if not self.solo:
            return
        for key in self.best_keys():
            if key not in self.best_jobs:
                self.best_jobs[key] = self.ctx.executor.submit(
                    catchess_solo.best_for_cards, key[0], key[1])

    def cold(self) -> bool:
        """True while a finished solo round's best score is still being worked out."""
        if not self.solo:
            return False
        keys = self.best_keys()
        finished = keys if self.session.state.is_over() else keys[:-1]
        return any(k not in self.best_jobs or not self.best_jobs[k].done() for k in finished)

    def refresh(self) -> None:
        self.warm()
        if self.cold():
            self.stale = True  # keep the last view until the best score is known
            self.drag = None
            return
        self.stale = False
        super().refresh()
        self._preview = {}
        self._sources = (-1, [])
        if self.board.w > 1:
            self.place_regions()

    def after_action(self, before: JsonDict, action: Action) -> None:
        self.warm()
        if self.cold():
            self.deferred = (before, action)
            self.drag = None
            self.rebuild_choices()
            return
        super().after_action(before, action)

    def update(self, dt: float) -> None:
        if self.deferred is not None or self.stale:
            if self.cold():
                self.animator.update(dt)
                if self.flash_time > 0:
                    self.flash_time -= dt
                self._update_log()
                return
            if self.deferred is not None:
                before, action = self.deferred
                self.deferred = None
                super().after_action(before, action)
            else:
                self.refresh()
                self.rebuild_choices()
        super().update(dt)
        self.hover_cats = self.find_hover()

    def my_turn(self) -> bool:
        return self.deferred is None and not self.stale and super().my_turn()

    def waiting_for_best(self) -> bool:
        return self.deferred is not None or self.stale

    # -- layout --------------------------------------------------------------------------------
    def layout(self) -> None:
        s = self.ctx.scale
        self.table = self.board.inflate(-s(8), -s(8))
        a = self.board.inflate(-s(24), -s(20))
        cw = max(s(220), min(s(360), int(a.w * 0.36)))
        self.cards_rect = pygame.Rect(a.right - cw, a.y, cw, a.h)
        self.left = pygame.Rect(a.x, a.y, self.cards_rect.x - s(18) - a.x, a.h)
        self.place_regions()

    def grid_size(self) -> tuple[int, int]:
        regions = self.view.get("regions") or []
        if not regions:
            return 4, 3
        return (max(r["col"] for r in regions) + 1, max(r["row"] for r in regions) + 1)

    def place_regions(self) -> None:
        """Basket on top, the garden below: region centres from the data's rows and columns."""
        s = self.ctx.scale
        left = self.left
        self.slot = max(s(30), min(s(66), (left.w - s(20) - 8 * s(6)) // 9))
        self.tray = pygame.Rect(left.x, left.y, left.w, self.slot + s(34))
        cols, rows = self.grid_size()
        room = pygame.Rect(left.x, self.tray.bottom + s(8), left.w,
                           left.bottom - self.tray.bottom - s(8) - s(52))
        self.cell = max(s(30), min((room.w - s(20)) // cols, (room.h - s(20)) // rows))
        gw, gh = self.cell * cols, self.cell * rows
        x0 = room.centerx - gw // 2
        y0 = room.y + s(10) + max(0, (room.h - s(20) - gh) // 2)
        self.lawn = pygame.Rect(x0, y0, gw, gh).inflate(s(20), s(20))
        self.centres, self.cells = {}, {}
        for r in self.view.get("regions") or []:
            cell = pygame.Rect(x0 + r["col"] * self.cell, y0 + r["row"] * self.cell,
                               self.cell, self.cell)
            self.cells[r["id"]] = cell
            self.centres[r["id"]] = cell.center

    @property
    def stone_r(self) -> int:
        return int(self.cell * 0.37)

    @property
    def token_size(self) -> int:
        return int(self.cell * 0.62)

    def letters(self) -> list[str]:
        """All nine cats' letters, in order (in the garden or waiting)."""
        out = [c["letter"] for c in self.view.get("waiting") or []]
        out += [r["cat"]["letter"] for r in self.view.get("regions") or [] if r["cat"]]
        return sorted(out)

    def cats(self) -> dict[str, JsonDict]:
        """Letter -> the cat as the view shows it (with "awake")."""
        out = {c["letter"]: c for c in self.view.get("waiting") or []}
        for r in self.view.get("regions") or []:
            if r["cat"]:
                out[r["cat"]["letter"]] = r["cat"]
        return out

    def slot_rects(self) -> dict[str, pygame.Rect]:
        """One fixed basket slot per cat (in letter order), so a cat's slot never shifts."""
        s = self.ctx.scale
        letters = self.letters()
        gap = s(6)
        total = len(letters) * self.slot + (len(letters) - 1) * gap
        x = self.tray.centerx - total // 2
        y = self.tray.y + s(26)
        return {L: pygame.Rect(x + i * (self.slot + gap), y, self.slot, self.slot)
                for i, L in enumerate(letters)}

    # -- spots (exactly the engine's drag_of spots) --------------------------------------------
    def spot_at(self, pos: Point) -> Optional[Spot]:
        waiting = {c["letter"] for c in self.view.get("waiting") or []}
        for letter, rect in self.slot_rects().items():
            if letter in waiting and rect.collidepoint(pos):
                return ("waiting", letter)
        for rid, cell in self.cells.items():
            if cell.collidepoint(pos):
                return ("region", rid)
        return None

    def spot_rect(self, spot: Spot) -> Optional[pygame.Rect]:
        if spot[0] == "region" and spot[1] in self.centres:
            r = self.stone_r
            return pygame.Rect(0, 0, 2 * r, 2 * r).move(self.centres[spot[1]][0] - r,
                                                         self.centres[spot[1]][1] - r)
        if spot[0] == "waiting":
            return self.slot_rects().get(spot[1])
        return None

    def region_of(self, rid: int) -> Optional[JsonDict]:
        return next((r for r in self.view.get("regions") or [] if r["id"] == rid), None)

    def cat_at(self, spot: Spot) -> Optional[JsonDict]:
        if spot[0] == "region":
            region = self.region_of(spot[1])
            return region["cat"] if region else None
        if spot[0] == "waiting":
            return next((c for c in self.view.get("waiting") or [] if c["letter"] == spot[1]), None)
        return None

    def sources(self) -> list[Spot]:
        """The engine's drag sources now (cached per move)."""
        n = len(self.session.log)
        if self._sources[0] != n:
            self._sources = (n, self.session.state.drag_sources())
        return self._sources[1]

    def why_not_pick(self, spot: Spot) -> str:
        cat = self.cat_at(spot)
        if cat is None:
            if spot[0] == "region":
                return "Drag a cat here: a waiting cat from the basket, or an awake neighbour."
            return ""
        reason = self.session.state.why_illegal(Stay(cat["letter"]))
        if reason:
            return reason
        return (f"Cat {cat['letter']} has no free or swappable neighbour now: press "
                f"“{cat['letter']} stays” below to let it sleep here.")

    def refusal(self, source: Spot, target: Spot) -> str:
        if source == target:
            return ""  # dropped back where it was: a cancelled drag
        return super().refusal(source, target)

    def pointer_down(self, pos: Point) -> bool:
        entry = self.reveal_entry()
        if self.reveal_shown() and self.reveal_rect().collidepoint(pos):
            self.reveal_closed = entry["round"] if entry else None
            return True
        if entry and not self.reveal_shown() and self.reopen_rect().collidepoint(pos):
            self.reveal_closed = None
            return True
        return super().pointer_down(pos)

    def pointer_up(self, pos: Point) -> bool:
        drag = self.drag
        if drag is not None:
            self.drop_from = (drag.pos[0] - drag.grab[0], drag.pos[1] - drag.grab[1])
            if not drag.moved and self.spot_at(pos) == drag.source and drag.source[0] == "region":
                self.drag = None
                cat = self.cat_at(drag.source)
                if cat is not None:
                    self.flash(f"Drag {cat['letter']} onto a lit neighbour to move or swap it, or "
                               f"press “{cat['letter']} stays” below to let it sleep here.")
                return True
        return super().pointer_up(pos)

    # -- choices: letting a cat stay is a button (the engine gives it no drag) -----------------
    def stay_caption(self) -> str:
        return "Or let a cat sleep where it is:"

    def rebuild_choices(self) -> None:
        if not self.clear_choices():
            return
        state = self.session.state
        choices = [a for a in state.legal_actions() if state.drag_of(a) is None]
        if not choices:
            return
        s = self.ctx.scale
        f = font(s(15))
        cap = font(s(15), bold=True)
        x0 = self.bottom.x + s(16) + min(cap.size(self.stay_caption())[0], s(250)) + s(12)
        room = self.bottom.right - s(12) - x0
        gap = s(6)
        labels = [self.label(a) for a in choices]
        widths = [max(s(84), f.size(t)[0] + s(26)) for t in labels]
        if sum(widths) + gap * (len(widths) - 1) > room:  # crowded: the letter only
            labels = [str(getattr(a, "cat", self.label(a))) for a in choices]
            bw = max(s(30), min(s(46), (room - gap * (len(choices) - 1)) // len(choices)))
            widths = [bw] * len(choices)
        x = x0
        for action, text, bw in zip(choices, labels, widths):
            btn = self.button(pygame.Rect(x, self.bottom.y + s(12), bw, s(40)), text, "#choice",
                              tooltip=f"{self.label(action)}: it falls asleep where it is")
            self.choice_buttons[btn] = action
            x += bw + gap

    def tool(self, key: str) -> None:
        super().tool(key)
        if key in ("undo", "redo"):
            self.last_move = None  # the marks belonged to a move taken back (or replayed)
            self.moving = {}

    def log_text(self, action: Action) -> str:
        if isinstance(action, Place):
            return f"placed {action.cat} on {action.region}"
        if isinstance(action, Move):
            return f"moved {action.cat} to {action.region}"
        if isinstance(action, Swap):
            return f"swapped {action.cat} with {action.other}"
        if isinstance(action, Stay):
            return f"let {action.cat} sleep where it is"
        return str(action)

    def prompt_line(self) -> str:
        """The frame's prompt line, shortened to fit beside the tool buttons if needed."""
        if self.waiting_for_best():
            return "Counting the goals met this round…"
        text = super().prompt_line()
        s = self.ctx.scale
        room = self.ctx.size[0] - s(3 * 102 + 20) - s(60)
        f = font(s(19), bold=True)
        if f.size(text)[0] <= room:
            return text
        solo = self.view.get("solo") or {}
        if self.session.to_move is None and solo.get("best") is not None:
            text = (f"You met {solo['total']} goals; the best possible was {solo['best']}"
                    + ("." if len(self.view.get("rounds_played") or []) == 1 else " (last round)."))
            if f.size(text)[0] <= room:
                return text
        for short in (": let it stay, move it next door or swap with a neighbour",
                      " of the garden", ", or activate an awake cat in the garden"):
            text = text.replace(short, "")
        while f.size(text + "…")[0] > room and len(text) > 10:
            text = text[:-1]
        return text if f.size(text)[0] <= room else text + "…"

    # -- engine look-ups -----------------------------------------------------------------------
    def target_action(self, source: Spot, target: Spot) -> tuple[Optional[Action], str]:
        """(the legal action of this drop, or None with the engine's reason), cached."""
        key = ("act", len(self.session.log), source, target)
        if key not in self._preview:
            state = self.session.state
            action = state.find_action(source, target)
            reason = "" if action is not None or source == target else self.refusal(source, target)
            self._preview[key] = (action, reason)
        return self._preview[key]  # type: ignore[no-any-return]

    def preview_cards(self, source: Spot, target: Spot) -> Optional[list[JsonDict]]:
        """The viewer's goal cards as they would be after this drop (the engine plays it on a
        copy); None when the drop is illegal or ends the round."""
        if self.viewer is None or self.view.get("turn") == self.view.get("turns_per_round"):
            return None
        key = ("cards", len(self.session.log), self.viewer, source, target)
        if key not in self._preview:
            action, _ = self.target_action(source, target)
            cards = None
            if action is not None:
                world = self.session.state.clone()
                world.do(action)
                cards = world.view_for(self.viewer)["my_cards"]
            self._preview[key] = cards
        return self._preview[key]  # type: ignore[no-any-return]

    def hovered_target(self) -> Optional[Spot]:
        if self.drag is None or not self.drag.moved:
            return None
        spot = self.spot_at(self.pointer)
        return spot if spot is not None and spot[0] == "region" else None

    def find_hover(self) -> tuple[str, ...]:
        """Cats to ring on the garden: those of the goal under the pointer, or of a stay button."""
        for btn, action in self.choice_buttons.items():
            if getattr(btn, "hovered", False):
                return (str(getattr(action, "cat", "")),)
        for rect, cats in self.goal_rows:
            if rect.collidepoint(self.pointer):
                return tuple(cats)
        return ()

    # -- animation -----------------------------------------------------------------------------
    def positions(self, view: JsonDict) -> dict[str, Spot]:
        out: dict[str, Spot] = {c["letter"]: ("waiting", c["letter"])
                                for c in view.get("waiting") or []}
        for r in view.get("regions") or []:
            if r["cat"]:
                out[r["cat"]["letter"]] = ("region", r["id"])
        return out

    def animate(self, before: JsonDict, action: Action) -> None:
        drop_from, self.drop_from = self.drop_from, None
        self.moving = {}
        self.last_move = None
        if not before or not self.view:
            return
        rounds_now = len(self.view.get("rounds_played") or [])
        new_round = rounds_now != len(before.get("rounds_played") or [])
        if new_round:
            self.reveal_closed = None
            self.ctx.sounds.play("check")
            # The reveal holds the table a moment (bots wait; a click or Space skips it).
            self.reveal_hold = self.animator.add(
                Tween((0.0, 0.0), (1.0, 0.0), REVEAL_SECONDS, ease=pytweening.linear,
                      tag="reveal"))
            if self.view.get("phase") != "over":
                return  # the garden was cleared for the next deal: the reveal tells the round
        old, new = self.positions(before), self.positions(self.view)
        seat = before.get("to_move")
        held = getattr(action, "cat", None)
        touched: list[int] = []
        for letter, where in new.items():
            if where[0] == "region" and (old.get(letter) != where or letter == held):
                touched.append(where[1])
            if old.get(letter) == where or letter not in old:
                continue
            start_rect = self.spot_rect(old[letter])
            end_rect = self.spot_rect(where)
            if start_rect is None or end_rect is None:
                continue
            size = self.token_size
            start = (start_rect.centerx - size // 2, start_rect.centery - size // 2)
            if letter == held and drop_from is not None and seat == self.viewer:
                rect = self.spot_rect(old[letter])
                if rect is not None:
                    start = (drop_from[0] + rect.w // 2 - size // 2,
                             drop_from[1] + rect.h // 2 - size // 2)
            end = (end_rect.centerx - size // 2, end_rect.centery - size // 2)
            self.moving[letter] = self.animator.add(
                Tween(start, end, MOVE_SECONDS, ease=pytweening.easeInOutCubic, tag="move"))
        if seat is not None:
            self.last_move = (seat, sorted(set(touched)))

    def moving_now(self) -> dict[str, tuple[float, float]]:
        out = {}
        for letter, tween in list(self.moving.items()):
            if tween in self.animator.tweens:
                out[letter] = tween.value()
            else:
                del self.moving[letter]
        return out

    # -- the reveal of a finished round --------------------------------------------------------
    def reveal_entry(self) -> Optional[JsonDict]:
        rounds = self.view.get("rounds_played") or []
        return rounds[-1] if rounds else None

    def reveal_shown(self) -> bool:
        """The round's reveal shows until it is closed; without a click it stays while it holds
        the table, then until someone at the table moves in the next round (bots' moves do not
        hide it from the people watching), and for good once the game is over."""
        entry = self.reveal_entry()
        if entry is None or self.drag is not None or self.reveal_closed == entry["round"]:
            return False
        if self.view.get("phase") == "over":
            return True
        if self.reveal_hold is not None and self.reveal_hold in self.animator.tweens:
            return True
        moves = self.view.get("moves") or []
        people = set(self.humans())
        if not people:
            return not moves
        return not any(m["seat"] in people for m in moves)

    def reveal_rect(self) -> pygame.Rect:
        s = self.ctx.scale
        return self.left.inflate(s(6), s(6))

    def reopen_rect(self) -> pygame.Rect:
        s = self.ctx.scale
        f = font(s(13), bold=True)
        w = f.size(self.reopen_text())[0] + s(20)
        return pygame.Rect(self.left.right - w, self.lawn.bottom + s(8), w, s(22))

    def reopen_text(self) -> str:
        entry = self.reveal_entry()
        return f"Show round {entry['round']} result" if entry else ""

    # -- drawing -------------------------------------------------------------------------------
    def text(self, surface: pygame.Surface, text: str, size: int, colour: Any = palette.INK,
             bold: bool = False, **where: Any) -> pygame.Rect:
        img = rendered(text, size, tuple(colour), bold)
        rect = img.get_rect(**where)
        surface.blit(img, rect)
        return rect

    def art(self, cat: JsonDict) -> str:
        return ART_BY_COAT.get(cat.get("label", ""), "cat_7")

    def token(self, cat: JsonDict, size: int, asleep: Optional[bool] = None) -> pygame.Surface:
        sleeping = (not cat.get("awake", True)) if asleep is None else asleep
        return cat_token(self.art(cat), cat["letter"], size, sleeping)

    def draw_board(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        self.goal_rows = []
        pygame.draw.rect(surface, palette.FELT, self.table, border_radius=s(18))
        if not self.view:
            self.text(surface, "Setting out the garden…", s(20), palette.INK, True,
                      center=self.table.center)
            return
        self.draw_tray(surface)
        self.draw_garden(surface)
        self.draw_under_garden(surface)
        self.draw_cards(surface)
        self.draw_bottom(surface)
        if self.reveal_shown():
            self.draw_reveal(surface)
        elif self.reveal_entry() is not None:
            rect = self.reopen_rect()
            pygame.draw.rect(surface, palette.PAPER, rect, border_radius=s(11))
            pygame.draw.rect(surface, palette.WOOD, rect, width=1, border_radius=s(11))
            self.text(surface, self.reopen_text(), s(13), palette.INK, True, center=rect.center)
        if self.waiting_for_best():
            self.draw_banner(surface, "Counting the goals and working out the best score "
                                      "these cards allowed…")

    def draw_banner(self, surface: pygame.Surface, text: str) -> None:
        s = self.ctx.scale
        f = font(s(16), bold=True)
        img = f.render(text, True, palette.PAPER)
        box = img.get_rect(center=self.left.center).inflate(s(28), s(16))
        pygame.draw.rect(surface, palette.TEAL, box, border_radius=s(12))
        surface.blit(img, img.get_rect(center=box.center))

    def hidden_spots(self) -> set[Spot]:
        """Spots whose cat is in the hand (dragged) or sliding back."""
        out: set[Spot] = set()
        if self.drag and (self.drag.moved or self.drag.pos != self.drag.origin):
            out.add(self.drag.source)
        if self.returning is not None and self.animator.find("return") is self.returning:
            out.add(self.returning_source)
        return out

    def draw_tray(self, surface: pygame.Surface) -> None:
        """The basket: one slot per cat; waiting cats sit in theirs, placed cats leave a note."""
        s = self.ctx.scale
        tray = self.tray
        pygame.draw.rect(surface, (214, 194, 170), tray, border_radius=s(14))
        waiting = {c["letter"]: c for c in self.view.get("waiting") or []}
        mine = self.my_turn() and any(sp[0] == "waiting" for sp in self.sources())
        title = "Waiting cats" + (" — drag one onto an empty region" if mine else "")
        if not waiting:
            title = "Every cat is in the garden"
        self.text(surface, title, s(14), palette.INK, True, topleft=(tray.x + s(12), tray.y + s(5)))
        hidden = self.hidden_spots()
        moving = self.moving_now()
        where = {r["cat"]["letter"]: r["id"] for r in self.view["regions"] if r["cat"]}
        for letter, rect in self.slot_rects().items():
            cat = waiting.get(letter)
            if cat is None or ("waiting", letter) in hidden or letter in moving:
                pygame.draw.circle(surface, (200, 180, 156), rect.center, rect.w // 2 - s(2))
                if letter in where:
                    self.text(surface, f"on {where[letter]}", max(9, s(11)), DIM, True,
                              center=rect.center)
                continue
            if mine:
                pygame.draw.circle(surface, palette.MUSTARD, rect.center, rect.w // 2 + s(3), s(3))
            surface.blit(self.token(cat, rect.w), rect.topleft)

    def path_points(self) -> list[tuple[int, Point]]:
        regions = sorted(self.view.get("regions") or [], key=lambda r: r["path"])
        return [(r["id"], self.centres[r["id"]]) for r in regions if r["id"] in self.centres]

    def draw_garden(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        lawn = self.lawn
        pygame.draw.rect(surface, (120, 100, 80), lawn.move(s(3), s(4)), border_radius=s(22))
        pygame.draw.rect(surface, LAWN, lawn, border_radius=s(22))
        pygame.draw.rect(surface, LAWN_EDGE, lawn, width=s(3), border_radius=s(22))
        regions = {r["id"]: r for r in self.view["regions"]}
        path = self.path_points()
        order = [rid for rid, _ in path]
        consecutive = {frozenset(p) for p in zip(order, order[1:])}
        # Neighbours that are not next along the path: stepping stones between them.
        done: set[frozenset[int]] = set()
        for rid, r in regions.items():
            for n in r["neighbours"]:
                pair = frozenset((rid, n))
                if pair in done or pair in consecutive or n not in self.centres:
                    continue
                done.add(pair)
                a, b = self.centres[rid], self.centres[n]
                dot = max(3, int(self.cell * 0.045))
                for t in (0.38, 0.5, 0.62):
                    p = (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t))
                    pygame.draw.circle(surface, (168, 150, 128), p, dot)
                    pygame.draw.circle(surface, (132, 114, 94), p, dot, 1)
        # The curled path, in the data's order; a segment between regions that do not touch
        # (none in this garden) would be drawn thin and dashed.
        pts = self.spline([p for _, p in path])
        width = max(6, int(self.cell * 0.3))
        if len(pts) > 1:
            pygame.draw.lines(surface, TRAIL_EDGE, False, pts, width + s(4))
            for p in pts[::3]:
                pygame.draw.circle(surface, TRAIL_EDGE, p, (width + s(4)) // 2)
            pygame.draw.lines(surface, TRAIL, False, pts, width)
            for p in pts:
                pygame.draw.circle(surface, TRAIL, p, width // 2 - 1)
        for (ra, pa), (rb, pb) in zip(path, path[1:]):
            if rb not in regions[ra]["neighbours"]:
                pygame.draw.line(surface, WARN_DASH, pa, pb, 2)
            self.chevron(surface, pa, pb)
        self.draw_stones(surface, regions)

    def draw_under_garden(self, surface: pygame.Surface) -> None:
        """Under the garden: the last move (who, what) and, on your turn, how to play."""
        s = self.ctx.scale
        y = self.lawn.bottom + s(8)
        room = self.left.bottom - y
        if room < s(20):
            return
        lines: list[tuple[str, Any]] = []
        if self.my_turn():
            if self.view.get("phase") == "place":
                hint = "Gold ring: you may pick it up. Drop a waiting cat on any empty region."
            else:
                hint = ("Gold ring: you may pick it up. An awake cat goes to a neighbouring "
                        "region: empty = move, taken = swap; then it falls asleep.")
            lines.append((hint, palette.INK))
        f = font(s(13))
        x = self.left.x + s(4)
        log = self.session.log
        if log and self.view.get("moves") and not self.waiting_for_best():
            entry = log[-1]
            rad = s(10)
            self.mini_badge(surface, entry.seat, (x + rad, y + rad), rad)
            self.text(surface, f"Last move: {self.seat_name(entry.seat)} "
                               f"{self.log_text(entry.action)}", s(14), palette.INK, True,
                      midleft=(x + 2 * rad + s(8), y + rad))
            y += 2 * rad + s(6)
        elif self.reveal_entry() is not None and not self.reveal_shown():
            y = self.reopen_rect().bottom + s(4)  # under the "show result" button
        for text, colour in lines:
            for line in wrap(text, f, self.left.w - s(8)):
                if y + f.get_linesize() > self.left.bottom:
                    return
                y = self.text(surface, line, s(13), colour, topleft=(x, y)).bottom

    def spline(self, points: list[Point]) -> list[Point]:
        """A Catmull-Rom curve through the region centres (the path curls, the order is data)."""
        if len(points) < 3:
            return points
        out: list[Point] = []
        ext = [points[0], *points, points[-1]]
        for i in range(1, len(ext) - 2):
            p0, p1, p2, p3 = ext[i - 1], ext[i], ext[i + 1], ext[i + 2]
            for k in range(10):
                t = k / 10
                x, y = (0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t * t
                               + (-a + 3 * b - 3 * c + d) * t * t * t)
                        for a, b, c, d in zip(p0, p1, p2, p3))
                out.append((int(x), int(y)))
        out.append(points[-1])
        return out

    def chevron(self, surface: pygame.Surface, a: Point, b: Point) -> None:
        """A small arrow on the path between two regions, pointing towards the centre end."""
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1
        ux, uy = dx / length, dy / length
        size = max(4, int(self.cell * 0.07))
        tip = (mx + ux * size, my + uy * size)
        back = (mx - ux * size, my - uy * size)
        left = (back[0] - uy * size, back[1] + ux * size)
        right = (back[0] + uy * size, back[1] - ux * size)
        pygame.draw.lines(surface, TRAIL_EDGE, False, [left, tip, right], max(2, size // 2))

    def draw_stones(self, surface: pygame.Surface, regions: dict[int, JsonDict]) -> None:
        s = self.ctx.scale
        r = self.stone_r
        size = self.token_size
        hidden = self.hidden_spots()
        moving = self.moving_now()
        sources = set(self.sources()) if self.my_turn() else set()
        paths = [x["path"] for x in regions.values()]
        first, last = min(paths), max(paths)
        swapped = set(self.view.get("just_swapped") or [])
        ring_seat, ring_regions = self.last_move if self.last_move else (None, [])
        for rid, region in regions.items():
            c = self.centres.get(rid)
            if c is None:
                continue
            pygame.draw.circle(surface, (150, 130, 104), (c[0] + s(2), c[1] + s(3)), r)
            lit = self.drag is not None and ("region", rid) in self.drag.targets
            pygame.draw.circle(surface, (196, 230, 190) if lit else STONE, c, r)
            pygame.draw.circle(surface, STONE_EDGE, c, r, max(2, s(2)))
            if ring_seat is not None and rid in ring_regions:
                self.dashed_ring(surface, self.seat_colour(ring_seat), c, r + s(5), s(4))
            self.number_badge(surface, rid)
            if region["path"] in (first, last):
                tag = "outer end" if region["path"] == first else "centre"
                self.pill(surface, tag, max(9, s(11)), palette.WOOD,
                          midtop=(c[0], c[1] + r - s(6)))
            cat = region["cat"]
            if cat is None or ("region", rid) in hidden or cat["letter"] in moving:
                continue
            if ("region", rid) in sources:
                pygame.draw.circle(surface, palette.MUSTARD, c, int(size * 0.5) + s(4), s(3))
            if cat["letter"] in self.hover_cats:
                pygame.draw.circle(surface, palette.TEAL, c, int(size * 0.5) + s(6), s(4))
            surface.blit(self.token(cat, size), (c[0] - size // 2, c[1] - size // 2))
            if cat["letter"] in swapped:
                self.pill(surface, "just swapped", max(9, s(11)), palette.PLUM,
                          midtop=(c[0] + r // 4, c[1] - r - s(4)))
        if ring_seat is not None and ring_regions:
            c = self.centres.get(ring_regions[0])
            if c is not None:
                self.mini_badge(surface, ring_seat, (c[0] - int(r * 0.8), c[1] + int(r * 0.8)),
                                max(8, int(self.cell * 0.1)))
        for letter, (x, y) in moving.items():
            cat = self.cats().get(letter)
            if cat is not None:
                surface.blit(self.token(cat, size), (int(x), int(y)))

    def number_badge(self, surface: pygame.Surface, rid: int) -> None:
        """The region's number on a small badge at the stone's upper left."""
        c = self.centres[rid]
        r = self.stone_r
        br = max(8, int(self.cell * 0.1))
        bc = (int(c[0] - r * 0.78), int(c[1] - r * 0.78))
        pygame.draw.circle(surface, palette.PAPER, bc, br)
        pygame.draw.circle(surface, palette.WOOD, bc, br, max(1, self.ctx.scale(2)))
        self.text(surface, str(rid), max(9, int(br * 1.2)), palette.INK, True,
                  center=(bc[0], bc[1] + 1))

    def dashed_ring(self, surface: pygame.Surface, colour: tuple[int, int, int], c: Point,
                    radius: int, width: int) -> None:
        """A dashed circle: the last move's regions, in the colour of the player who made it."""
        rect = pygame.Rect(c[0] - radius, c[1] - radius, 2 * radius, 2 * radius)
        for k in range(16):
            start = k * math.pi / 8
            pygame.draw.arc(surface, palette.INK, rect.inflate(2, 2), start, start + math.pi / 12,
                            width + 2)
            pygame.draw.arc(surface, colour, rect, start, start + math.pi / 12, width)

    def mini_badge(self, surface: pygame.Surface, seat: int, centre: Point, r: int) -> None:
        """A small colour disc with the player's symbol (who made the last move)."""
        self.seat_disc(surface, seat, centre, r, ring_width=2)

    def draw_targets(self, surface: pygame.Surface) -> None:
        """The engine's legal targets of the held cat glow; hovering one names the action, and
        hovering a refused region shows the engine's reason before the drop."""
        if not self.drag:
            return
        s = self.ctx.scale
        r = self.stone_r
        for target in self.drag.targets:  # (the stones themselves glow under their cats)
            c = self.centres.get(target[1]) if target[0] == "region" else None
            if c is None:
                continue
            pygame.draw.circle(surface, palette.LEGAL, c, r + s(4), s(4))
            self.number_badge(surface, target[1])
            if self.ctx.settings.colour_blind_marks:
                self.draw_tick(surface, pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r))
        hover = self.hovered_target()
        if hover is None or hover == self.drag.source or hover[1] not in self.centres:
            return
        c = self.centres[hover[1]]
        action, reason = self.target_action(self.drag.source, hover)
        if action is not None:
            self.pill(surface, self.label(action), max(9, s(11)), palette.TEAL,
                      midtop=(c[0], c[1] + r + s(4)))
        elif reason:
            self.reason_box(surface, reason, (c[0], c[1] + r + s(4)))

    def reason_box(self, surface: pygame.Surface, text: str, midtop: Point) -> None:
        s = self.ctx.scale
        f = font(s(13), bold=True)
        lines = wrap(text, f, s(240))
        h = len(lines) * f.get_linesize() + s(8)
        w = max(f.size(line)[0] for line in lines) + s(16)
        box = pygame.Rect(0, 0, w, h)
        box.midtop = midtop
        box.clamp_ip(self.table)
        pygame.draw.rect(surface, palette.WARN, box, border_radius=s(8))
        y = box.y + s(4)
        for line in lines:
            y = self.text(surface, line, s(13), palette.PAPER, True, midtop=(box.centerx, y)).bottom

    def draw_piece(self, surface: pygame.Surface, spot: Spot, topleft: tuple[int, int],
                   lifted: bool = False) -> None:
        rect = self.spot_rect(spot)
        cat = self.cat_at(spot)
        if rect is None or cat is None:
            return
        size = int(self.token_size * (1.08 if lifted else 1.0))
        cx, cy = topleft[0] + rect.w // 2, topleft[1] + rect.h // 2
        if lifted:
            shadow = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.circle(shadow, (40, 28, 20, 70), (size // 2, size // 2), size // 2)
            surface.blit(shadow, (cx - size // 2 + 5, cy - size // 2 + 8))
        surface.blit(self.token(cat, size), (cx - size // 2, cy - size // 2))

    # -- goal cards ----------------------------------------------------------------------------
    def draw_cards(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        col = self.cards_rect
        cards = self.view.get("my_cards") or []
        preview = None
        hover = self.hovered_target()
        if hover is not None and self.drag is not None:
            preview = self.preview_cards(self.drag.source, hover)
        if not cards:
            self.draw_hidden_card(surface, col)
            return
        met = sum(c["met"] for c in cards)
        goals = 4 * len(cards)
        head = "Your goal cards" if len(cards) > 1 else "Your goal card"
        y = self.text(surface, head, s(17), palette.INK, True, topleft=(col.x, col.y)).bottom
        now = f"{met} of {goals} goals met now"
        if preview is not None:
            later = sum(c["met"] for c in preview)
            now = f"if dropped here: {later} of {goals} (now {met})"
        y = self.text(surface, now, s(14), palette.TEAL if preview else DIM, True,
                      topleft=(col.x, y + s(2))).bottom + s(6)
        legend_h = s(96) if len(cards) == 1 else 0
        gap = s(8)
        each = (col.bottom - y - legend_h - gap * (len(cards) - 1)) // len(cards)
        each = min(each, s(250))
        for i, card in enumerate(cards):
            rect = pygame.Rect(col.x, y, col.w, each)
            self.draw_card(surface, rect, card, preview[i] if preview else None)
            y = rect.bottom + gap
        if legend_h:
            self.draw_legend(surface, pygame.Rect(col.x, y + s(4), col.w, col.bottom - y - s(4)))

    def draw_hidden_card(self, surface: pygame.Surface, col: pygame.Rect) -> None:
        s = self.ctx.scale
        title = "Goal cards"
        y = self.text(surface, title, s(17), palette.INK, True, topleft=(col.x, col.y)).bottom
        h = min(s(200), col.h // 2)
        w = int(h * 0.72)
        back = pygame.Rect(col.x, y + s(8), w, h)
        surface.blit(image("card_back", w, h), back.topleft)
        if self.viewer is None and self.humans():
            note = "Secret: each player sees only their own card, after the hand-off."
        else:
            note = "Every card is secret until the round ends; then all are shown with ticks."
        f = font(s(14))
        ty = back.y
        for line in wrap(note, f, col.right - back.right - s(12)):
            ty = self.text(surface, line, s(14), palette.INK,
                           topleft=(back.right + s(12), ty)).bottom
        self.draw_legend(surface, pygame.Rect(col.x, back.bottom + s(14), col.w,
                                              col.bottom - back.bottom - s(14)))

    def draw_card(self, surface: pygame.Surface, rect: pygame.Rect, card: JsonDict,
                  preview: Optional[JsonDict] = None) -> None:
        """A goal card: the order goal and three friend pairs, each with a live tick."""
        s = self.ctx.scale
        pygame.draw.rect(surface, (120, 90, 70), rect.move(s(2), s(3)), border_radius=s(12))
        pygame.draw.rect(surface, palette.PAPER, rect, border_radius=s(12))
        pygame.draw.rect(surface, palette.TEAL, rect, width=s(3), border_radius=s(12))
        head_h = max(s(22), min(s(30), rect.h // 6))
        head = pygame.Rect(rect.x, rect.y, rect.w, head_h)
        pygame.draw.rect(surface, palette.TEAL, head, border_top_left_radius=s(12),
                         border_top_right_radius=s(12))
        hs = max(10, min(s(15), head_h - s(8)))
        self.text(surface, f"Goal card {card['number']}", hs, palette.PAPER, True,
                  midleft=(head.x + s(10), head.centery))
        shown = preview or card
        self.text(surface, f"{shown['met']}/4 met", hs, palette.PAPER, True,
                  midright=(head.right - s(10), head.centery))
        body = pygame.Rect(rect.x + s(8), head.bottom + s(4), rect.w - s(16),
                           rect.bottom - head.bottom - s(8))
        row_h = body.h // 4
        t = max(14, min(s(46), row_h - s(6)))
        goals: list[tuple[str, list[str], bool, Optional[bool]]] = []
        order = card["order"]
        centre_out = order.get("reading") == "from the centre"
        reading = "from the centre out" if centre_out else "either way"
        goals.append(("order", order["cats"], order["met"],
                      preview["order"]["met"] if preview else None))
        for i, pair in enumerate(card["friends"]):
            goals.append(("pair", pair["cats"], pair["met"],
                          preview["friends"][i]["met"] if preview else None))
        for i, (kind, letters, met, later) in enumerate(goals):
            row = pygame.Rect(body.x, body.y + i * row_h, body.w, row_h)
            self.goal_rows.append((row, letters))
            shown_met = met if later is None else later
            if later is not None and later != met:
                pygame.draw.rect(surface, GAIN if later else LOSS, row, border_radius=s(8))
            elif row.collidepoint(self.pointer):
                pygame.draw.rect(surface, (236, 228, 214), row, border_radius=s(8))
            x = row.x + s(4)
            cy = row.centery
            cats = self.cats()
            for j, letter in enumerate(letters):
                cat = cats.get(letter, {"letter": letter, "label": ""})
                surface.blit(self.token(cat, t, asleep=False), (x, cy - t // 2))
                x += t
                if j < len(letters) - 1:
                    if kind == "order":
                        self.chevron_text(surface, (x + s(7), cy), max(4, t // 6))
                        x += s(14)
                    else:
                        pygame.draw.line(surface, palette.ROSE, (x, cy), (x + s(10), cy), s(3))
                        x += s(10)
            tick_r = max(7, int(t * 0.34))
            tick_c = (row.right - tick_r - s(4), cy)
            desc = (f"in path order, {reading}" if kind == "order" else "next to each other")
            room = tick_c[0] - tick_r - s(8) - (x + s(8))
            f = font(max(9, s(12)))
            lines = wrap(desc, f, room) if room > s(50) else []
            if lines and len(lines) * f.get_linesize() <= row.h:
                ty = cy - len(lines) * f.get_linesize() // 2
                for line in lines:
                    ty = self.text(surface, line, max(9, s(12)), DIM, topleft=(x + s(8), ty)).bottom
            self.draw_goal_tick(surface, tick_c, tick_r, shown_met)

    def chevron_text(self, surface: pygame.Surface, centre: Point, size: int) -> None:
        x, y = centre
        pygame.draw.lines(surface, palette.INK, False,
                          [(x - size // 2, y - size), (x + size // 2, y),
                           (x - size // 2, y + size)],
                          max(2, size // 2))

    def draw_goal_tick(self, surface: pygame.Surface, c: Point, r: int, met: bool) -> None:
        """Met: a green disc with a tick. Not met: an empty ring with a dash (shape, not only
        colour)."""
        if met:
            pygame.draw.circle(surface, palette.LEGAL, c, r)
            pygame.draw.circle(surface, palette.INK, c, r, 2)
            pygame.draw.lines(surface, palette.INK, False,
                              [(c[0] - r * 0.5, c[1]), (c[0] - r * 0.1, c[1] + r * 0.45),
                               (c[0] + r * 0.55, c[1] - r * 0.45)], max(2, r // 3))
        else:
            pygame.draw.circle(surface, palette.PAPER, c, r)
            pygame.draw.circle(surface, DIM, c, r, 2)
            pygame.draw.line(surface, DIM, (c[0] - r * 0.4, c[1]), (c[0] + r * 0.4, c[1]), 2)

    def draw_legend(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """How to read the garden: awake, asleep, the path and the stepping stones."""
        s = self.ctx.scale
        if rect.h < s(40):
            return
        t = s(30)
        sample = (self.view.get("waiting") or [None])[0] or next(
            (r["cat"] for r in self.view["regions"] if r["cat"]), None)
        y = rect.y
        rows = []
        moves_on = not self.solo or (self.view.get("options") or {}).get("solo_moves", True)
        if sample is not None and moves_on:
            rows.append((self.token(sample, t, asleep=False), "awake: may still act once"))
            rows.append((self.token(sample, t, asleep=True), "asleep: done for this round"))
        for img, text in rows:
            if y + t > rect.bottom:
                return
            surface.blit(img, (rect.x, y))
            self.text(surface, text, s(13), palette.INK, midleft=(rect.x + t + s(8), y + t // 2))
            y += t + s(4)
        if y + s(18) <= rect.bottom:
            f = font(s(12))
            for line in wrap("The trail runs from 1 (outer end) to 12 (centre); small stepping "
                             "stones join other neighbours.", f, rect.w):
                if y + f.get_linesize() > rect.bottom:
                    break
                y = self.text(surface, line, s(12), DIM, topleft=(rect.x, y)).bottom

    # -- bottom strip --------------------------------------------------------------------------
    def draw_bottom(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        strip = self.bottom
        cy = strip.y + s(32)
        if self.choice_buttons:
            f = font(s(15), bold=True)
            lines = wrap(self.stay_caption(), f, s(250))
            ty = cy - len(lines) * f.get_linesize() // 2
            for line in lines:
                ty = self.text(surface, line, s(15), palette.INK, True,
                               topleft=(strip.x + s(16), ty)).bottom
            return
        mover = self.session.to_move
        if mover is None or self.waiting_for_best():
            return
        if self.my_turn():
            phase = self.view.get("phase")
            if phase == "place":
                text = "Drag a waiting cat from the basket onto any empty region."
            else:
                text = ("Drag a cat: from the basket onto an empty region, or an awake cat "
                        "next door.")
        elif self.session.seats[mover].is_bot:
            text = f"{self.seat_name(mover)} is choosing a move…"
        else:
            text = f"Waiting for {self.seat_name(mover)}."
        self.text(surface, text, s(15), DIM, True, midleft=(strip.x + s(16), cy))

    # -- the reveal ----------------------------------------------------------------------------
    def draw_reveal(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        entry = self.reveal_entry()
        if entry is None:
            return
        rect = self.reveal_rect()
        pygame.draw.rect(surface, (90, 60, 40), rect.move(s(4), s(6)), border_radius=s(16))
        pygame.draw.rect(surface, palette.PAPER, rect, border_radius=s(16))
        pygame.draw.rect(surface, palette.WOOD, rect, width=s(3), border_radius=s(16))
        over = self.view.get("phase") == "over"
        x0 = rect.x + s(14)
        if self.solo:
            self.draw_solo_reveal(surface, rect, entry)
            return
        title = (f"Round {entry['round']} scored" + (" · game over" if over else "")
                 + " · every card revealed")
        room = rect.w - s(28) - font(s(12)).size("click to close")[0] - s(12)
        if font(s(18), bold=True).size(title)[0] > room:
            title = title.replace(" · every card revealed", "")
        head = self.text(surface, title, s(18), palette.INK, True, topleft=(x0, rect.y + s(10)))
        self.text(surface, "click to close", s(12), DIM,
                  midright=(rect.right - s(14), head.centery))
        y = head.bottom + s(8)
        # The final garden, small.
        cols, rows = self.grid_size()
        thumb_cell = max(s(22), min(s(52), (rect.w - s(28)) // (cols * 2), (rect.h // 3) // rows))
        thumb = pygame.Rect(0, y, cols * thumb_cell, rows * thumb_cell)
        thumb.centerx = rect.centerx
        self.text(surface, "Final garden", s(13), DIM, True,
                  midright=(thumb.x - s(10), thumb.centery))
        self.draw_mini_garden(surface, thumb, self.garden_map(entry["garden"]))
        y = thumb.bottom + s(12)
        players = entry["players"]
        row_h = max(s(40), (rect.bottom - s(10) - y) // max(1, len(players)))
        for p in players:
            seat = p["seat"]
            row = pygame.Rect(rect.x + s(10), y, rect.w - s(20), row_h - s(4))
            pygame.draw.rect(surface, (246, 238, 226), row, border_radius=s(10))
            rad = max(8, min(s(13), row.h // 4))
            self.mini_badge(surface, seat, (row.x + s(6) + rad, row.y + s(4) + rad), rad)
            name = self.seat_name(seat) + (" (you)" if seat == self.viewer else "")
            nr = self.text(surface, name, s(14), palette.INK, True,
                           midleft=(row.x + s(12) + 2 * rad, row.y + s(4) + rad))
            gained = p["tokens"]
            numbers = ", ".join(str(c["number"]) for c in p["cards"])
            tr_ = self.text(surface, f"+{gained} token{'' if gained == 1 else 's'}", s(14),
                            palette.TEAL, True, midleft=(nr.right + s(12), nr.centery))
            self.text(surface, f"card {numbers}", s(13), DIM,
                      midleft=(tr_.right + s(10), nr.centery))
            body = row.h - 2 * rad - s(12)
            one = min(self.strip_size(row.w - s(16)), body)
            two = min(self.strip_size(row.w - s(16), 2), (body - s(6)) // 2)
            t = max(14, min(s(40), max(one, two)))
            for card in p["cards"]:
                self.draw_goal_strip(surface, card, (row.x + s(8), row.y + 2 * rad + s(8)), t,
                                     row.right - s(8), 2 if two > one else 1)
            y += row_h

    def draw_solo_reveal(self, surface: pygame.Surface, rect: pygame.Rect, entry: JsonDict) -> None:
        s = self.ctx.scale
        x0 = rect.x + s(14)
        got = sum(c["met"] for c in entry["players"][0]["cards"])
        best = entry.get("best") or {}
        score = best.get("score")
        head = self.text(surface, f"Round {entry['round']} scored: you met {got} of 12 goals",
                         s(18), palette.INK, True, topleft=(x0, rect.y + s(10)))
        self.text(surface, "click to close", s(12), DIM,
                  midright=(rect.right - s(14), head.centery))
        y = head.bottom + s(4)
        if score is not None:
            note = (f"The best these three cards allowed: {score} of 12"
                    + (" — you found it!" if got >= score else "."))
            y = self.text(surface, note, s(16), palette.PLUM, True, topleft=(x0, y)).bottom + s(10)
        cols, rows = self.grid_size()
        half = (rect.w - s(42)) // 2
        thumb_cell = max(s(20), min(s(50), half // cols, (rect.h // 3) // rows))
        left = pygame.Rect(rect.x + s(14) + (half - cols * thumb_cell) // 2, y + s(20),
                           cols * thumb_cell, rows * thumb_cell)
        right = left.move(half + s(14), 0)
        self.text(surface, f"Your garden: {got}", s(14), palette.INK, True,
                  midbottom=(left.centerx, left.y - s(4)))
        self.draw_mini_garden(surface, left, self.garden_map(entry["garden"]))
        arrangement = best.get("arrangement") or {}
        if arrangement:
            self.text(surface, f"A best garden: {score}", s(14), palette.PLUM, True,
                      midbottom=(right.centerx, right.y - s(4)))
            garden = {rid: letter for letter, rid in arrangement.items()}
            self.draw_mini_garden(surface, right, garden)
        y = left.bottom + s(12)
        if arrangement:
            listing = "   ".join(f"{rid}: {letter}" for rid, letter in
                                 sorted((rid, letter) for letter, rid in arrangement.items()))
            f = font(s(13), bold=True)
            y = self.text(surface, "Region: cat in that garden", s(13), DIM, True,
                          topleft=(x0, y)).bottom
            for line in wrap(listing, f, rect.w - s(28)):
                y = self.text(surface, line, s(13), palette.INK, True, topleft=(x0, y)).bottom
            y += s(8)
        cards = entry["players"][0]["cards"]
        each = (rect.bottom - s(10) - y) // max(1, len(cards))
        width = rect.w - s(100)
        one = min(self.strip_size(width), each - s(6))
        two = min(self.strip_size(width, 2), (each - s(12)) // 2)
        lines = 2 if two > one else 1
        t = max(14, min(s(36), max(one, two)))
        for card in cards:
            if y + t > rect.bottom - s(6):
                break
            self.text(surface, f"Card {card['number']}", s(13), palette.INK, True,
                      midleft=(x0, y + t // 2))
            self.draw_goal_strip(surface, card, (x0 + s(72), y), t, rect.right - s(12), lines)
            y += lines * (t + s(6)) + (s(4) if lines == 2 else 0)

    def garden_map(self, garden: list[Optional[str]]) -> dict[int, str]:
        """Region id -> letter for a finished round's garden (listed in the view's region order)."""
        regions = self.view.get("regions") or []
        return {r["id"]: letter for r, letter in zip(regions, garden) if letter}

    def draw_mini_garden(self, surface: pygame.Surface, rect: pygame.Rect,
                         garden: dict[int, str]) -> None:
        """A small garden: the stones in the data's rows and columns, with their cats (drawn
        awake: at a round's end the garden is what counts)."""
        s = self.ctx.scale
        cols = self.grid_size()[0]
        cell = rect.w // max(1, cols)
        pygame.draw.rect(surface, LAWN, rect.inflate(s(10), s(10)), border_radius=s(10))
        pygame.draw.rect(surface, LAWN_EDGE, rect.inflate(s(10), s(10)), width=2,
                         border_radius=s(10))
        cats = self.cats()
        for r in self.view.get("regions") or []:
            c = (rect.x + r["col"] * cell + cell // 2, rect.y + r["row"] * cell + cell // 2)
            pygame.draw.circle(surface, STONE, c, int(cell * 0.46))
            pygame.draw.circle(surface, STONE_EDGE, c, int(cell * 0.46), 1)
            letter = garden.get(r["id"])
            if letter is None:
                self.text(surface, str(r["id"]), max(9, s(11)), DIM, True, center=c)
                continue
            cat = cats.get(letter, {"letter": letter, "label": ""})
            size = int(cell * 0.9)
            surface.blit(self.token(cat, size, asleep=False),
                         (c[0] - size // 2, c[1] - size // 2))

    def strip_size(self, width: int, lines: int = 1) -> int:
        """The token size at which a whole card fits ``width`` px wide in one or two lines."""
        s = self.ctx.scale
        if lines == 2:  # the order goal and a pair, then two pairs
            return int((width - s(10) * 3 - s(20) * 2) / (5 + 0.6 * 2))
        # 9 tokens, 4 ticks (0.6 t each), 2 chevrons and 3 links (s(10) each), 4 gaps of s(20)
        return int((width - s(10) * 5 - s(20) * 4) / (9 + 0.6 * 4))

    def draw_goal_strip(self, surface: pygame.Surface, card: JsonDict, topleft: Point, t: int,
                        right: int, lines: int = 1) -> int:
        """A card in one line (or two): order cats with arrows, then the friend pairs, each with
        a tick."""
        s = self.ctx.scale
        x, y = topleft
        cy = y + t // 2
        cats = self.cats()
        goals = [("order", card["order"]["cats"], card["order"]["met"])]
        goals += [("pair", p["cats"], p["met"]) for p in card["friends"]]
        tick_r = max(6, int(t * 0.3))
        for i, (kind, letters, met) in enumerate(goals):
            if lines == 2 and i == 2:
                x, cy = topleft[0], cy + t + s(6)
            need = len(letters) * t + (len(letters) - 1) * s(10) + 2 * tick_r + s(16)
            if x + need > right:
                break
            for j, letter in enumerate(letters):
                cat = cats.get(letter, {"letter": letter, "label": ""})
                surface.blit(self.token(cat, t, asleep=False), (x, cy - t // 2))
                x += t
                if j < len(letters) - 1:
                    if kind == "order":
                        self.chevron_text(surface, (x + s(5), cy), max(3, t // 7))
                    else:
                        pygame.draw.line(surface, palette.ROSE, (x, cy), (x + s(8), cy), s(3))
                    x += s(10)
            self.draw_goal_tick(surface, (x + s(4) + tick_r, cy), tick_r, met)
            x += 2 * tick_r + s(16)
        return x

    # -- side panel ----------------------------------------------------------------------------
    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        s = self.ctx.scale
        v = self.view
        if not v:
            return
        over = v.get("phase") == "over"
        title = (f"Round {v['round']} of {v['rounds']}" if not over else "Game over")
        y = self.text(surface, title, s(17), palette.INK, True, topleft=rect.topleft).bottom + s(6)
        mover = v.get("to_move")
        bottom = self.side.bottom - self.side.h // 2 - s(16)
        n = len(self.session.seats)
        row_h = max(s(34), min(s(50), (bottom - y - s(120)) // max(1, n)))
        for seat in range(n):
            r = pygame.Rect(rect.x, y, rect.w, row_h - s(4))
            if seat == mover and not self.waiting_for_best():
                pygame.draw.rect(surface, palette.PAPER, r, border_radius=s(10))
                pygame.draw.rect(surface, palette.MUSTARD, r, width=s(2), border_radius=s(10))
                pygame.draw.polygon(surface, palette.INK, [(r.right - s(6), r.centery - s(7)),
                                                            (r.right - s(6), r.centery + s(7)),
                                                            (r.right - s(15), r.centery)])
            x = self.draw_badge(surface, seat, (r.x + s(6), r.centery)) + s(8)
            tags = []
            if seat == self.viewer:
                tags.append("you")
            if self.session.seats[seat].is_bot:
                tags.append("bot")
            if seat == v.get("start_player") and not over and n > 1:
                tags.append("started")
            name = self.seat_name(seat) + (f" ({', '.join(tags)})" if tags else "")
            f = font(s(14), bold=True)
            while f.size(name)[0] > r.right - x - s(80) and len(name) > 4:
                name = name[:-2] + "…"
            self.text(surface, name, s(14), palette.INK, True, midleft=(x, r.centery - s(8)))
            tokens = v["tokens"][seat]
            if self.solo:
                info = f"{tokens} goal{'s' if tokens != 1 else ''} scored"
            else:
                info = f"{tokens} etiquette token{'s' if tokens != 1 else ''}"
            self.text(surface, info, s(12), DIM, midleft=(x, r.centery + s(9)))
            y += row_h
        y += s(4)
        if not over:
            turn, per = v["turn"], v["turns_per_round"]
            y = self.text(surface, f"Turn {turn} of {per} this round", s(13), palette.INK, True,
                          topleft=(rect.x, y)).bottom + s(4)
            dot = max(3, min(s(6), (rect.w - s(4)) // (per * 3)))
            for i in range(per):
                c = (rect.x + dot + i * dot * 3, y + dot)
                if i < turn - 1:
                    pygame.draw.circle(surface, palette.WOOD, c, dot)
                elif i == turn - 1:
                    pygame.draw.circle(surface, palette.MUSTARD, c, dot + 1)
                    pygame.draw.circle(surface, palette.INK, c, dot + 1, 1)
                else:
                    pygame.draw.circle(surface, palette.WOOD, c, dot, 1)
            y += 2 * dot + s(8)
        solo = v.get("solo")
        if solo:
            if solo.get("score") is not None:
                y = self.text(surface, f"Goals met now: {solo['score']} of {solo['out_of']}",
                              s(15), palette.TEAL, True, topleft=(rect.x, y)).bottom + s(2)
            if solo.get("best") is not None:
                y = self.text(surface, f"Best possible: {solo['best']} of {solo['out_of']}",
                              s(15), palette.PLUM, True, topleft=(rect.x, y)).bottom + s(2)
        swapped = v.get("just_swapped") or []
        if swapped and not over:
            f = font(s(13))
            note = (f"Just swapped: {' and '.join(swapped)} — neither may swap this turn "
                    f"(they may still stay or move to an empty region).")
            for line in wrap(note, f, rect.w):
                if y + f.get_linesize() > bottom:
                    break
                y = self.text(surface, line, s(13), palette.PLUM, topleft=(rect.x, y)).bottom
        if self.solo and y + s(70) < bottom:
            self.draw_legend(surface, pygame.Rect(rect.x, y + s(8), rect.w, bottom - y - s(8)))

    # -- end -----------------------------------------------------------------------------------
    def end_lines(self, outcome: Any) -> list[str]:
        """One line per player (the board's reveal shows every card)."""
        lines = [outcome.summary]
        if not self.solo:
            for seat in range(len(self.session.seats)):
                mark = " (winner)" if seat in outcome.winners else ""
                n = int(outcome.scores[seat])
                lines.append(f"{self.seat_name(seat)}: {n} token{'' if n == 1 else 's'}{mark}")
            lines.append("The board shows every card of the last round.")
        else:
            lines.append("The board shows one garden that reaches the best score.")
        return lines

    def show_end(self) -> None:
        """Hold the end panel until the solo best score has been found off the frame loop."""
        if self.cold():
            self.end_shown = False
            return
        super().show_end()


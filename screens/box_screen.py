"""Cat in the Box screen: the research board (four colour rows, each with its own pattern), one
board per player with the card they put into the current trick, your hand fanned along the bottom
with the set-aside spot, and the round result with every largest group outlined.

Everything drawn comes from ``self.view`` (the engine's ``view_for`` of the seat looking at the
screen). Legal spaces, the action a drop makes, refusal reasons, trick winners, scores and largest
groups all come from the engine; the screen only lays them out.

Spots are exactly the engine's ``drag_of`` spots: ``("hand", number)``, ``("space", colour,
number)`` and ``("aside",)``. Two copies of a number in hand share a spot; the screen remembers
which copy the pointer picked so that only that one leaves the fan.
"""

from __future__ import annotations

from typing import Any, Optional

import pygame
import pytweening

from cats.core import Action, Spot
from screens import palette
from screens.anim import Tween
from screens.assets import font, image
from screens.game_frame import Drag, GameScene
from screens.overlays import wrap

JsonDict = dict[str, Any]
Point = tuple[int, int]

CARD_RATIO = 1.4  # height / width of a cat card (the art is 200 x 280)
# The four research colours, each with its own pattern and symbol (never colour alone).
COLOUR_RGB = {"red": (200, 70, 62), "blue": (58, 104, 168), "yellow": (214, 162, 30),
              "green": (88, 146, 90)}
COLOUR_PALE = {"red": (246, 214, 206), "blue": (212, 224, 242), "yellow": (250, 236, 196),
               "green": (216, 234, 208)}
COLOUR_MARK = {"red": "flames", "blue": "waves", "yellow": "dots", "green": "leaves"}
DIM = (120, 100, 86)
SLOT = (232, 216, 196)
SLOT_EDGE = (200, 180, 158)
FLY_SECONDS = 0.35
SWEEP_SECONDS = 1.6   # the finished trick stays a moment, then flies to its winner
SWEEP_HOLD = 0.6      # share of the sweep spent showing the finished trick
RESULT_SECONDS = 2.5  # bots wait this long when a round ends (a click skips it)


def plural(k: int, word: str) -> str:
    """"1 trick", "3 tricks"."""
    return f"{k} {word}{'' if k == 1 else 's'}"


class BoxScene(GameScene):
    """The Cat in the Box table."""

    PILL_PAD = (12, 4)

    def __init__(self, ctx: Any, session: Any) -> None:
        self.table = pygame.Rect(0, 0, 1, 1)
        self.header = pygame.Rect(0, 0, 1, 1)
        self.grid = pygame.Rect(0, 0, 1, 1)
        self.grid_area = pygame.Rect(0, 0, 1, 1)
        self.label_w = 1
        self.cell_w = self.cell_h = 1
        self.strip = pygame.Rect(0, 0, 1, 1)
        self.panels: list[pygame.Rect] = []
        self.slots: list[pygame.Rect] = []
        self.action_bar = pygame.Rect(0, 0, 1, 1)
        self.hand_area = pygame.Rect(0, 0, 1, 1)
        self.card = (1, 1)
        self.aside_rect = pygame.Rect(0, 0, 1, 1)
        self.last_pill = pygame.Rect(0, 0, 0, 0)
        self.selected: Optional[tuple[int, int]] = None  # (index in hand, number)
        self.held_index: Optional[int] = None
        self.press_pos: Point = (0, 0)
        self.drop_from: Optional[Point] = None
        self.fly: Optional[tuple[JsonDict, Tween]] = None
        self.sweep: Optional[tuple[list[JsonDict], int, Tween]] = None
        self.result_tween: Optional[Tween] = None
        self.closed: dict[Optional[int], int] = {}  # per viewer: the round result they closed
        self.peek_last = False
        self._tiles: dict[tuple[str, int, int], pygame.Surface] = {}
        self._board_bg: Optional[pygame.Surface] = None
        self._board_key: Any = None
        super().__init__(ctx, session)

    def refresh(self) -> None:
        super().refresh()
        self.selected = None
        self.peek_last = False

    # -- layout ------------------------------------------------------------------------------
    def layout(self) -> None:
        s = self.ctx.scale
        v = self.view
        # Choice buttons are placed by this screen (in the action bar), so the strip the frame
        # keeps for them belongs to the table.
        t = self.board.union(self.bottom).inflate(-s(16), -s(12))
        self.table = t
        n = v["players"]
        numbers = v["numbers"]
        gap = s(8)
        self.header = pygame.Rect(t.x, t.y, t.w, s(26))
        card_h = max(s(60), min(s(118), int(t.h * 0.16)))
        self.card = (int(card_h / CARD_RATIO), card_h)
        hand_h = card_h + s(14)
        self.hand_area = pygame.Rect(t.x, t.bottom - hand_h, t.w, hand_h)
        aside_w = self.card[0] + s(40)
        self.aside_rect = pygame.Rect(0, 0, self.card[0], card_h)
        self.aside_rect.midbottom = (t.right - aside_w // 2, self.hand_area.bottom - s(4))
        bar_h = s(46)
        self.action_bar = pygame.Rect(t.x, self.hand_area.y - bar_h - s(4), t.w, bar_h)
        panel_h = s(66)
        slot_h = max(s(56), min(s(112), int(t.h * 0.14)))
        strip_h = panel_h + slot_h + s(14)
        grid_top = self.header.bottom + s(4)
        board_h = self.action_bar.y - gap - strip_h - gap - grid_top
        self.label_w = max(s(84), min(s(120), t.w // 9))
        head_h = s(18)
        self.cell_h = max(s(20), min(s(64), (board_h - head_h) // 4))
        self.cell_w = max(s(24), min((t.w - self.label_w - s(12)) // numbers,
                                     int(self.cell_h * 1.7)))
        grid_w = self.label_w + self.cell_w * numbers
        gx = t.x + (t.w - grid_w) // 2
        used_h = head_h + 4 * self.cell_h
        spare = max(0, board_h - used_h)
        self.grid_area = pygame.Rect(gx, grid_top + spare // 3, grid_w, used_h)
        self.grid = pygame.Rect(gx + self.label_w, self.grid_area.y + head_h,
                                self.cell_w * numbers, 4 * self.cell_h)
        strip_y = self.grid.bottom + gap + (spare - spare // 3)
        self.strip = pygame.Rect(t.x, strip_y, t.w, self.action_bar.y - gap - strip_y)
        slot_h = max(s(40), min(self.strip.h - panel_h - s(12), s(120)))
        col_w = (t.w - (n - 1) * gap) // n
        self.panels, self.slots = [], []
        for seat in range(n):
            x = t.x + seat * (col_w + gap)
            panel = pygame.Rect(x, self.strip.y, col_w, panel_h)
            slot = pygame.Rect(0, 0, int(slot_h / CARD_RATIO), slot_h)
            slot.midtop = (panel.centerx, panel.bottom + s(8))
            self.panels.append(panel)
            self.slots.append(slot)
        self._tiles = {}
        self._board_bg = None

    # -- geometry ----------------------------------------------------------------------------
    def rows(self) -> list[str]:
        return list(self.view.get("board_rows") or self.view["colours"])

    def space_rect(self, colour: str, number: int) -> pygame.Rect:
        """The screen rectangle of a research space."""
        row = self.rows().index(colour)
        return pygame.Rect(self.grid.x + (number - 1) * self.cell_w,
                           self.grid.y + row * self.cell_h, self.cell_w, self.cell_h)

    def hand_rects(self, hand: list[int]) -> list[pygame.Rect]:
        """Where each card of a hand lies: side by side, overlapping when room is short, along
        a gentle arc (the middle cards a little higher)."""
        if not hand:
            return []
        s = self.ctx.scale
        w, h = self.card
        room = self.aside_rect.x - s(30) - self.hand_area.x
        k = len(hand)
        step = w + s(6)
        if k > 1 and step * (k - 1) + w > room:
            step = max(s(12), (room - w) // (k - 1))
        width = step * (k - 1) + w
        x0 = self.hand_area.x + max(0, (room - width) // 2)
        mid = (k - 1) / 2
        rects = []
        for i in range(k):
            lift = int(s(5) * (1 - ((i - mid) / max(mid, 1)) ** 2)) if k > 2 else 0
            rects.append(pygame.Rect(x0 + i * step, self.hand_area.bottom - s(4) - h - lift, w, h))
        return rects

    def hand(self) -> list[int]:
        return list(self.view.get("hand") or [])

    def hand_index_at(self, pos: Point) -> Optional[int]:
        """The hand card under the pointer (the topmost where cards overlap)."""
        rects = self.hand_rects(self.hand())
        for i in range(len(rects) - 1, -1, -1):
            if rects[i].collidepoint(pos):
                return i
        return None

    def spot_at(self, pos: Point) -> Optional[Spot]:
        index = self.hand_index_at(pos)
        if index is not None:
            return ("hand", self.hand()[index])
        if self.aside_rect.collidepoint(pos):
            return ("aside",)
        if self.grid.collidepoint(pos):
            col = (pos[0] - self.grid.x) // self.cell_w
            row = (pos[1] - self.grid.y) // self.cell_h
            return ("space", self.rows()[row], col + 1)
        return None

    def spot_rect(self, spot: Spot) -> Optional[pygame.Rect]:
        if spot[0] == "space":
            return self.space_rect(spot[1], spot[2])
        if spot == ("aside",):
            return self.aside_rect
        if spot[0] == "hand":
            hand = self.hand()
            rects = self.hand_rects(hand)
            for index in (self.held_index, self.selected[0] if self.selected else None):
                if index is not None and index < len(hand) and hand[index] == spot[1]:
                    return rects[index]
            if spot[1] in hand:
                return rects[hand.index(spot[1])]
        return None

    def slot_of(self, seat: int) -> pygame.Rect:
        return self.slots[seat] if 0 <= seat < len(self.slots) else self.strip

    def panel_of(self, seat: int) -> pygame.Rect:
        return self.panels[seat] if 0 <= seat < len(self.panels) else self.strip

    # -- the pointer: drag, or click a card then a lit space -------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.last_pill.collidepoint(event.pos) and self.view.get("last_trick"):
                self.animator.skip()
                self.peek_last = not self.peek_last
                return True
            if self.result_shown() and self.result_rect().collidepoint(event.pos):
                self.animator.skip()
                self.close_result()
                return True
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            # A drag starts once the pointer has left the point where it was pressed (a small
            # wobble during a click still selects the card).
            self.pointer = event.pos
            self.drag.pos = event.pos
            if abs(event.pos[0] - self.press_pos[0]) + abs(event.pos[1] - self.press_pos[1]) > 6:
                self.drag.moved = True
            return True
        return super().handle_event(event)

    def pointer_down(self, pos: Point) -> bool:
        if not self.my_turn():
            return False
        state = self.session.state
        spot = self.spot_at(pos)
        if self.selected is not None and spot is not None and spot[0] in ("space", "aside"):
            source = ("hand", self.selected[1])
            action = state.find_action(source, spot)
            if action is not None:
                self.selected = None
                self.play(action)
            else:
                self.refuse(self.refusal(source, spot))
            return True
        if spot is None:
            if self.selected is not None:
                self.selected = None
                self.rebuild_choices()
            return False
        if spot[0] != "hand":
            reason = self.why_not_pick(spot)
            if reason:
                self.flash(reason)
            return False
        if self.view["phase"] not in ("aside", "play"):
            self.refuse(self.refusal(spot, ("aside",)))  # the engine: "Predict your tricks first."
            return True
        index = self.hand_index_at(pos)
        assert index is not None
        rect = self.hand_rects(self.hand())[index]
        self.held_index = index
        self.press_pos = pos
        if self.result_shown():
            self.close_result()  # picking a card clears the table for the new round
        # Any card may be picked up: one that cannot go anywhere lights nothing, and dropping it
        # tells the engine's reason.
        self.drag = Drag(spot, rect.topleft, (pos[0] - rect.x, pos[1] - rect.y), pos,
                         state.legal_targets(spot))
        return True

    def pointer_up(self, pos: Point) -> bool:
        drag = self.drag
        assert drag is not None
        if not drag.moved:  # a click on a card: select it (or let it go)
            self.drag = None
            index = self.held_index
            if index is not None and self.selected is not None and self.selected[0] == index:
                self.selected = None
            elif index is not None and index < len(self.hand()):
                self.selected = (index, self.hand()[index])
            self.rebuild_choices()
            return True
        self.drop_from = (drag.pos[0] - drag.grab[0], drag.pos[1] - drag.grab[1])
        self.selected = None
        done = super().pointer_up(pos)
        if self.drag is None and self.session.state.to_move is not None:
            self.rebuild_choices()
        return done

    def refusal(self, source: Spot, target: Spot) -> str:
        explain = getattr(self.session.state, "explain_drop", None)
        if explain is not None:
            return str(explain(source, target))
        return super().refusal(source, target)

    def refuse(self, reason: str) -> None:
        if reason:
            self.flash(reason)
            self.ctx.sounds.play("refuse")

    def why_not_pick(self, spot: Spot) -> str:
        if spot[0] == "space":
            return "Pick a card from your hand first, then drop it (or click it) here."
        if spot == ("aside",) and self.view["phase"] == "aside":
            return "Drag a card from your hand onto this spot (or click a card, then the spot)."
        return ""

    # -- buttons: predictions, and the declarations of a selected card ---------------------------
    def rebuild_choices(self) -> None:
        if not self.clear_choices():
            return
        state = self.session.state
        legal = state.legal_actions()
        choices = [a for a in legal if state.drag_of(a) is None]
        if self.selected is not None:
            source = ("hand", self.selected[1])
            choices += [a for a in legal if (state.drag_of(a) or ((), ()))[0] == source]
        if not choices:
            return
        s = self.ctx.scale
        f = font(s(15))
        widths = [max(s(96), f.size(self.label(a))[0] + s(30)) for a in choices]
        bar = self.action_bar
        total = sum(widths) + s(8) * (len(widths) - 1)
        x = max(bar.x + s(8), bar.right - total - s(8))
        for action, bw in zip(choices, widths):
            btn = self.button(pygame.Rect(x, bar.centery - s(19), bw, s(38)), self.label(action),
                              "#choice")
            self.choice_buttons[btn] = action
            x += bw + s(8)

    # -- text --------------------------------------------------------------------------------
    def log_text(self, action: Action) -> str:
        if action.kind == "aside":  # the number stays secret: the log is for everybody
            return "set a card aside"
        if action.kind == "play":
            return f"played {action.number} as {action.colour}"  # type: ignore[attr-defined]
        if action.kind == "predict":
            return f"predicted {plural(action.tricks, 'trick')}"  # type: ignore[attr-defined]
        return str(action)

    # -- animation ---------------------------------------------------------------------------
    def animate(self, before: JsonDict, action: Action) -> None:
        drop_from, self.drop_from = self.drop_from, None
        seat = before.get("to_move")
        v = self.view
        if action.kind == "play" and seat is not None:
            card = {"seat": seat, "number": action.number,  # type: ignore[attr-defined]
                    "colour": action.colour}  # type: ignore[attr-defined]
            start = self.fly_start(before, seat, card["number"], drop_from)
            end = self.slot_of(seat).topleft
            self.fly = (card, self.animator.add(Tween(start, end, FLY_SECONDS, tag="fly")))
            full = list(before.get("trick", {}).get("plays", [])) + [card]
            if len(full) == before.get("players"):
                winner = self.trick_winner(before, full)
                if winner is not None:
                    self.sweep = (full, winner, self.animator.add(Tween(
                        (0.0, 0.0), (1.0, 0.0), SWEEP_SECONDS, ease=pytweening.linear,
                        tag="sweep")))
        finished = v.get("last_round")
        if finished is not None and (before.get("round") != v.get("round")
                                     or (v["phase"] == "over" and before.get("phase") != "over")):
            wait = RESULT_SECONDS + (SWEEP_SECONDS if self.sweep_active() else 0.0)
            self.result_tween = self.animator.add(Tween((0.0, 0.0), (1.0, 0.0), wait,
                                                        ease=pytweening.linear, tag="result"))
            if finished.get("paradox") is not None:
                self.flash(f"Paradox! {self.seat_name(finished['paradox'])} could not play any "
                           "card: the round ends.", 5.0)
                self.ctx.sounds.play("check")

    def fly_start(self, before: JsonDict, seat: int, number: int,
                  drop_from: Optional[Point]) -> Point:
        """Where a played card flies in from: the drop point, the hand, or the player's board."""
        if seat == before.get("seat"):
            if drop_from is not None:
                return drop_from
            hand = list(before.get("hand") or [])
            if number in hand:
                return self.hand_rects(hand)[hand.index(number)].topleft
        return self.panel_of(seat).center

    def trick_winner(self, before: JsonDict, plays: list[JsonDict]) -> Optional[int]:
        """The engine's winner of a trick that has just finished."""
        last = self.view.get("last_trick")
        if last is not None and last["plays"] == plays:
            return int(last["winner"])
        result = self.view.get("last_round")  # the trick ended the round: whose count rose
        if result is not None:
            old = before.get("tricks_won") or []
            rose = [s for s, k in enumerate(result["tricks"]) if s < len(old) and k > old[s]]
            if rose:
                return rose[0]
        return None

    def fly_active(self) -> Optional[tuple[JsonDict, Tween]]:
        if self.fly is not None and self.animator.find("fly") is self.fly[1]:
            return self.fly
        return None

    def sweep_active(self) -> Optional[tuple[list[JsonDict], int, Tween]]:
        if self.sweep is not None and self.animator.find("sweep") is self.sweep[2]:
            return self.sweep
        return None

    # -- the round result --------------------------------------------------------------------
    def result_shown(self) -> bool:
        """The result of the round just played shows while the next one is being set aside (so
        every hotseat player sees it at their turn), after the game, and while its pause runs;
        each viewer can close it with a click."""
        last = self.view.get("last_round")
        if last is None or self.drag is not None or self.sweep_active():
            return False
        if self.closed.get(self.viewer) == last["round"]:
            return False
        running = self.result_tween is not None and self.animator.find("result") is self.result_tween
        return running or self.view["phase"] in ("aside", "over")

    def close_result(self) -> None:
        last = self.view.get("last_round")
        if last is not None:
            self.closed[self.viewer] = last["round"]

    def result_rect(self) -> pygame.Rect:
        s = self.ctx.scale
        top = self.strip.y - s(4)
        return pygame.Rect(self.table.x, top, self.table.w, self.action_bar.bottom - top)

    # -- drawing helpers ---------------------------------------------------------------------
    def fit(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """``text`` shortened with an ellipsis to fit ``width`` pixels."""
        f = font(size, bold=bold)
        if f.size(text)[0] <= width:
            return text
        while len(text) > 1 and f.size(text + "…")[0] > width:
            text = text[:-1]
        return text + "…"

    def marker(self, surface: pygame.Surface, seat: int, centre: tuple[float, float],
               r: int) -> None:
        """A player's token: their disc with a shadow."""
        self.seat_disc(surface, seat, centre, r, shadow=True, art_scale=1.25)

    def mark(self, surface: pygame.Surface, colour: str, centre: tuple[int, int], size: int,
             faded: bool = False) -> pygame.Rect:
        """A research colour's symbol (diamond, waves, dots, leaf)."""
        art = image(f"box_{colour}", size, size)
        rect = art.get_rect(center=centre)
        if faded:
            art = art.copy()
            art.set_alpha(80)
        surface.blit(art, rect)
        return rect

    def cell_surface(self, colour: str, w: int, h: int) -> pygame.Surface:
        """A research space's background: the row's pale colour under its pattern."""
        key = (colour, w, h)
        surf = self._tiles.get(key)
        if surf is None:
            surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
            surf.fill((*COLOUR_PALE[colour], 255))
            t = max(10, self.ctx.scale(26))
            tile = image(f"box_tile_{colour}", t, t)
            for y in range(0, h, t):
                for x in range(0, w, t):
                    surf.blit(tile, (x, y))
            if len(self._tiles) > 64:
                self._tiles.clear()
            self._tiles[key] = surf
        return surf

    def draw_card(self, surface: pygame.Surface, rect: pygame.Rect, number: Optional[int],
                  colour: Optional[str] = None, lifted: bool = False,
                  face_down: bool = False) -> None:
        """A cat card: the number drawn over the card face; a played card also wears its
        declared colour as a frame and that colour's symbol."""
        s = self.ctx.scale
        radius = max(3, min(s(9), rect.w // 7))
        shadow = s(6) if lifted else max(1, s(2))
        pygame.draw.rect(surface, (120, 90, 70), rect.move(shadow // 2 + 1, shadow),
                         border_radius=radius)
        if face_down:
            surface.blit(image("card_back", rect.w, rect.h), rect.topleft)
            return
        surface.blit(image("box_card", rect.w, rect.h), rect.topleft)
        if colour is not None:
            pygame.draw.rect(surface, COLOUR_RGB[colour], rect, width=max(3, rect.w // 11),
                             border_radius=radius)
            pygame.draw.rect(surface, palette.INK, rect, width=max(1, s(2)), border_radius=radius)
            size = max(10, int(rect.w * 0.34))
            self.mark(surface, colour, (rect.right - size // 2 - max(3, rect.w // 10),
                                        rect.y + size // 2 + max(3, rect.w // 10)), size)
        if number is not None:
            size = max(10, int(rect.h * 0.34))
            self.text(surface, str(number), size, palette.INK, True,
                      topleft=(rect.x + max(4, rect.w // 9), rect.y + max(1, rect.h // 40)))

    def glow(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Light up a legal target (as the frame does while dragging)."""
        s = self.ctx.scale
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        layer.fill((*palette.LEGAL, 90))
        surface.blit(layer, rect.topleft)
        pygame.draw.rect(surface, palette.LEGAL, rect, width=s(4), border_radius=s(10))
        if self.ctx.settings.colour_blind_marks:
            self.draw_tick(surface, rect)

    # -- drawing -----------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        s = self.ctx.scale
        pygame.draw.rect(surface, palette.FELT, self.table.inflate(s(8), s(8)), border_radius=s(18))
        self.draw_header(surface)
        self.draw_research(surface)
        if self.result_shown():
            self.draw_result(surface)
        else:
            self.draw_players(surface)
            self.draw_action_bar(surface)
        self.draw_hand(surface)
        if self.selected is not None and self.drag is None and self.my_turn():
            for target in self.session.state.legal_targets(("hand", self.selected[1])):
                rect = self.spot_rect(target)
                if rect is not None:
                    self.glow(surface, rect)
        self.draw_flying(surface)

    def draw_header(self, surface: pygame.Surface) -> None:
        """Round, trick, the led colour, whether red is open, and the last-trick button."""
        s = self.ctx.scale
        v = self.view
        h = self.header
        y = h.centery
        x = self.text(surface, f"Round {v['round']} of {v['rounds']}", s(16), palette.INK, True,
                      midleft=(h.x, y)).right + s(14)
        phase = v["phase"]
        if phase == "aside":
            step = "setting aside"
        elif phase == "predict":
            step = "predictions"
        elif phase == "play" and self.sweep_active():
            step = f"trick {v['trick_number'] - 1} of {v['tricks_per_round']} is complete"
        elif phase == "play":
            step = f"trick {v['trick_number']} of {v['tricks_per_round']}"
        else:
            step = "game over"
        x = self.text(surface, step, s(15), palette.INK, midleft=(x, y)).right + s(14)
        led = v["trick"]["led"]
        if phase == "play" and led:
            x = self.text(surface, "led:", s(14), DIM, midleft=(x, y)).right + s(4)
            x = self.mark(surface, led, (x + s(10), y), s(20)).right + s(4)
            x = self.text(surface, led, s(14), palette.INK, True, midleft=(x, y)).right + s(14)
        if phase != "over":
            red_open = v["red_open"]
            self.mark(surface, "red", (x + s(10), y), s(20), faded=not red_open)
            x = self.text(surface, "red (trump) open" if red_open else "red (trump) not open yet",
                          s(14), palette.INK if red_open else DIM, midleft=(x + s(24), y)).right
        self.last_pill = pygame.Rect(0, 0, 0, 0)
        if v.get("last_trick") and not self.result_shown():
            label = "Back to this trick" if self.peek_last else "Show last trick"
            self.last_pill = self.pill(surface, label, s(13),
                                       palette.PLUM if self.peek_last else palette.WOOD,
                                       midright=(h.right, y))
            if self.last_pill.x < x + s(10):  # too narrow: keep it, drop nothing important
                self.last_pill.midright = (h.right, y)

    def draw_research(self, surface: pygame.Surface) -> None:
        """The research board: a labelled row per colour, a column per number, the tokens; at a
        round's end, that round's final board with every player's largest group outlined."""
        s = self.ctx.scale
        v = self.view
        result = v["last_round"] if self.result_shown() else None
        board = result["board"] if result else v["board"]
        rows = self.rows()
        numbers = v["numbers"]
        area = self.grid_area.inflate(s(10), s(10))
        shut = not result and not v["red_open"]
        key = (tuple(area), self.cell_w, self.cell_h, tuple(rows), numbers, shut)
        if self._board_key != key or self._board_bg is None:
            self._board_bg = self.board_background(area, rows, numbers, shut)
            self._board_key = key
        surface.blit(self._board_bg, (area.x, area.y))
        held = self.drag.source if self.drag else (
            ("hand", self.selected[1]) if self.selected is not None else None)
        for number in range(1, numbers + 1):
            rect = self.space_rect(rows[0], number)
            bold = held is not None and held[1] == number
            self.text(surface, str(number), s(14) if bold else s(13),
                      palette.INK if bold else palette.WOOD, True,
                      midbottom=(rect.centerx, self.grid.y - s(1)))
        for colour in rows:
            for number in range(1, numbers + 1):
                owner = board[colour][number - 1]
                if owner is None:
                    continue
                inner = self.space_rect(colour, number).inflate(-s(3), -s(3))
                r = max(6, int(min(inner.w, inner.h) * 0.36))
                if owner == "neutral":
                    art = image("box_neutral", 2 * r, 2 * r)
                    surface.blit(art, art.get_rect(center=inner.center))
                else:
                    self.marker(surface, int(owner), inner.center, r)
        if held is not None and isinstance(held[1], int) and 1 <= held[1] <= numbers:
            col = pygame.Rect(self.grid.x + (held[1] - 1) * self.cell_w, self.grid.y,
                              self.cell_w, self.grid.h)
            pygame.draw.rect(surface, palette.INK, col, width=max(1, s(2)), border_radius=s(4))
        if result:
            self.draw_groups(surface, result)
            self.pill(surface, f"The board at the end of round {result['round']}", s(13),
                      palette.PLUM, midright=(self.header.right, self.header.centery))
        else:
            self.draw_last_claim(surface)

    def board_background(self, area: pygame.Rect, rows: list[str], numbers: int,
                         shut: bool) -> pygame.Surface:
        """The research board without tokens (row labels, patterned spaces), drawn once per
        layout and kept: redrawing 36 spaces every frame is the slowest part of the table."""
        s = self.ctx.scale
        pad = s(4)
        surf = pygame.Surface((area.w + pad, area.h + pad))
        surf.fill(palette.FELT)  # the table under the board's rounded corners
        ox, oy = -area.x, -area.y
        local = area.move(ox, oy)
        pygame.draw.rect(surf, (150, 110, 80), local.move(s(2), s(3)), border_radius=s(12))
        pygame.draw.rect(surf, (214, 194, 170), local, border_radius=s(12))
        small = max(9, s(12))
        for row, colour in enumerate(rows):
            y = self.grid.y + row * self.cell_h + oy
            label = pygame.Rect(self.grid_area.x + ox, y, self.label_w - s(6), self.cell_h)
            icon = max(12, min(s(26), self.cell_h - s(10)))
            self.mark(surf, colour, (label.x + icon // 2 + s(2), label.centery), icon)
            tx = label.x + icon + s(7)
            two = colour == "red" and self.cell_h >= s(34)
            name_y = label.centery - (s(7) if two else 0)
            self.text(surf, colour, s(14), palette.INK, True, midleft=(tx, name_y))
            if two:
                self.text(surf, "trump", small, DIM, midleft=(tx, label.centery + s(9)))
            for number in range(1, numbers + 1):
                inner = self.space_rect(colour, number).move(ox, oy).inflate(-s(3), -s(3))
                surf.blit(self.cell_surface(colour, inner.w, inner.h), inner.topleft)
                pygame.draw.rect(surf, (190, 168, 146), inner, width=1)
                self.text(surf, str(number), small, (168, 148, 128),
                          topleft=(inner.x + s(3), inner.y + s(1)))
            if colour == "red" and shut:
                band = pygame.Rect(self.grid.x + ox, y, self.grid.w, self.cell_h).inflate(-s(2),
                                                                                          -s(2))
                shade = pygame.Surface(band.size, pygame.SRCALPHA)
                shade.fill((90, 70, 60, 40))
                surf.blit(shade, band.topleft)
        return surf.convert() if pygame.display.get_surface() is not None else surf

    def draw_last_claim(self, surface: pygame.Surface) -> None:
        """A ring around the space claimed by the last card played (to follow bots)."""
        log = self.session.log
        if not log or log[-1].action.kind != "play":
            return
        action = log[-1].action
        colour, number = action.colour, action.number  # type: ignore[attr-defined]
        if colour not in COLOUR_RGB or self.view["board"][colour][number - 1] is None:
            return
        rect = self.space_rect(colour, number).inflate(-self.ctx.scale(1), -self.ctx.scale(1))
        pygame.draw.rect(surface, palette.MUSTARD, rect, width=self.ctx.scale(3),
                         border_radius=self.ctx.scale(6))

    def draw_groups(self, surface: pygame.Surface, result: JsonDict) -> None:
        """Outline each player's largest group (the engine's cells) in their colour, drawn a
        little inside the group's edge so that neighbouring groups stay apart."""
        s = self.ctx.scale
        rows = self.rows()
        d = s(4)
        for seat, cells in enumerate(result.get("cells") or []):
            group = {(c[0], int(c[1])) for c in cells}

            def inside(colour: str, number: int, dr: int, dc: int,
                       group: set[tuple[str, int]] = group) -> bool:
                row = rows.index(colour) + dr
                return 0 <= row < len(rows) and (rows[row], number + dc) in group

            segments = []
            for colour, number in group:
                r = self.space_rect(colour, number)
                left = r.x + (0 if inside(colour, number, 0, -1) else d)
                right = r.right - 1 - (0 if inside(colour, number, 0, 1) else d)
                top = r.y + (0 if inside(colour, number, -1, 0) else d)
                bottom = r.bottom - 1 - (0 if inside(colour, number, 1, 0) else d)
                if not inside(colour, number, -1, 0):
                    segments.append(((left, top), (right, top)))
                if not inside(colour, number, 1, 0):
                    segments.append(((left, bottom), (right, bottom)))
                if not inside(colour, number, 0, -1):
                    segments.append(((left, top), (left, bottom)))
                if not inside(colour, number, 0, 1):
                    segments.append(((right, top), (right, bottom)))
            for a, b in segments:
                pygame.draw.line(surface, palette.INK, a, b, s(6))
            for a, b in segments:
                pygame.draw.line(surface, self.seat_colour(seat), a, b, s(4))

    def trick_cards(self) -> tuple[list[JsonDict], Optional[int], str]:
        """The cards to show in the trick slots: (plays, winner, caption)."""
        v = self.view
        sweep = self.sweep_active()
        if sweep is not None:
            return sweep[0], sweep[1], "wins the trick!"
        if self.peek_last and v.get("last_trick"):
            last = v["last_trick"]
            return last["plays"], last["winner"], "won it"
        return v["trick"]["plays"], None, ""

    def draw_players(self, surface: pygame.Surface) -> None:
        """Each player's board, and under it the card they put into the trick."""
        s = self.ctx.scale
        v = self.view
        plays, winner, caption = self.trick_cards()
        by_seat = {p["seat"]: (i, p) for i, p in enumerate(plays)}
        flying = self.fly_active()
        sweep = self.sweep_active()
        k = sweep[2].value()[0] if sweep else 0.0
        moving = sweep is not None and k > SWEEP_HOLD
        mover = v.get("to_move")
        for seat in range(v["players"]):
            self.draw_panel(surface, seat, highlight=(seat == winner))
            slot = self.slot_of(seat)
            entry = by_seat.get(seat)
            if flying is not None and flying[0]["seat"] == seat and entry is not None \
                    and entry[1]["number"] == flying[0]["number"]:
                entry = None  # still on its way
                self.draw_empty_slot(surface, slot, "")
            elif entry is not None and not moving:
                index, play = entry
                self.draw_card(surface, slot, play["number"], play["colour"])
                if index == 0:
                    self.pill(surface, "led", s(11), palette.INK, midtop=(slot.centerx,
                                                                          slot.bottom - s(2)))
            elif v["phase"] == "play" and seat == mover and not self.peek_last and sweep is None:
                self.draw_empty_slot(surface, slot, "to play", active=True)
            elif v["phase"] == "aside" and v["set_aside_done"][seat]:
                self.draw_card(surface, slot, None, face_down=True)
                self.pill(surface, "set aside", s(11), palette.INK,
                          midtop=(slot.centerx, slot.bottom - s(2)))
            elif v["phase"] == "predict" and v["predictions"][seat] is not None:
                self.draw_empty_slot(surface, slot, "")
                self.text(surface, str(v["predictions"][seat]), max(12, slot.h // 2), palette.INK,
                          True, center=slot.center)
                self.pill(surface, "predicts", s(11), palette.INK,
                          midtop=(slot.centerx, slot.bottom - s(2)))
            elif seat == mover and v["phase"] in ("aside", "predict"):
                self.draw_empty_slot(surface, slot, "choosing…" if v["phase"] == "aside"
                                     else "predicting…", active=True)
            else:
                self.draw_empty_slot(surface, slot, "")
            if seat == winner and caption and not moving:
                self.pill(surface, caption, s(12), palette.PLUM,
                          midbottom=(slot.centerx, slot.y + s(4)))
        if self.peek_last and v.get("last_trick") and sweep is None:
            self.text(surface, "The last trick (click “Back to this trick” to return)", s(12),
                      palette.PLUM, True, midbottom=(self.strip.centerx, self.strip.bottom + s(2)))
        if moving and sweep is not None:  # the finished trick flies to its winner
            q = pytweening.easeInOutCubic((k - SWEEP_HOLD) / (1 - SWEEP_HOLD))
            target = self.panel_of(sweep[1]).center
            for play in sweep[0]:
                slot = self.slot_of(play["seat"])
                w = max(8, int(slot.w * (1 - 0.6 * q)))
                h = int(w * CARD_RATIO)
                cx = slot.centerx + (target[0] - slot.centerx) * q
                cy = slot.centery + (target[1] - slot.centery) * q
                self.draw_card(surface, pygame.Rect(int(cx - w / 2), int(cy - h / 2), w, h),
                               play["number"], play["colour"])

    def draw_empty_slot(self, surface: pygame.Surface, rect: pygame.Rect, label: str,
                        active: bool = False) -> None:
        s = self.ctx.scale
        pygame.draw.rect(surface, SLOT, rect, border_radius=s(8))
        pygame.draw.rect(surface, palette.MUSTARD if active else SLOT_EDGE, rect,
                         width=s(3) if active else max(1, s(2)), border_radius=s(8))
        if label:
            f = font(max(9, s(12)), bold=True)
            lines = wrap(label, f, rect.w - s(6))
            y = rect.centery - len(lines) * f.get_linesize() // 2
            for line in lines:
                img = f.render(line, True, palette.WOOD)
                surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
                y += f.get_linesize()

    def draw_panel(self, surface: pygame.Surface, seat: int, highlight: bool = False) -> None:
        """A player board: name, the colour tokens still held, prediction, tricks, score."""
        s = self.ctx.scale
        v = self.view
        r = self.panel_of(seat)
        mover = v.get("to_move")
        fill = palette.PAPER if seat == mover or highlight else (238, 224, 206)
        pygame.draw.rect(surface, (150, 110, 80), r.move(s(2), s(3)), border_radius=s(10))
        pygame.draw.rect(surface, fill, r, border_radius=s(10))
        edge = palette.PLUM if highlight else palette.MUSTARD if seat == mover else palette.WOOD
        pygame.draw.rect(surface, edge, r, width=s(3) if seat == mover or highlight else 1,
                         border_radius=s(10))
        pad = s(6)
        rad = max(8, s(11))
        row1 = r.y + pad + rad
        self.marker(surface, seat, (r.x + pad + rad, row1), rad)
        tags = []
        name_right = r.right - pad
        if seat == v.get("round_start_player") and v["phase"] != "over":
            name_right = self.pill(surface, "round start", max(9, s(10)), palette.WOOD,
                                   midright=(r.right - pad, row1)).x - s(4)
        if self.session.seats[seat].is_bot:
            tags.append("bot")
        if seat == self.viewer:
            tags.append("you")
        name_x = r.x + pad * 2 + rad * 2
        title = self.seat_name(seat) + (f" ({', '.join(tags)})" if tags else "")
        self.text(surface, self.fit(title, s(14), name_right - name_x, True), s(14),
                  palette.INK, True, midleft=(name_x, row1))
        # Row 2: the four colour tokens (given-up colours crossed out), cards in hand.
        row2 = r.y + r.h // 2 + s(2)
        chip = max(10, min(s(20), (r.w - 2 * pad - s(56)) // 4 - s(3)))
        x = r.x + pad
        held = set(v["player_colours"][seat])
        for colour in v["colours"]:
            rect = self.mark(surface, colour, (x + chip // 2, row2), chip, faded=colour not in held)
            if colour not in held:
                pygame.draw.line(surface, palette.WARN, rect.topleft, rect.bottomright, s(2))
                pygame.draw.line(surface, palette.WARN, rect.bottomleft, rect.topright, s(2))
            x += chip + s(3)
        cards = v["hand_counts"][seat]
        self.text(surface, plural(cards, "card"), s(12), DIM, midright=(r.right - pad, row2))
        # Row 3: prediction, tricks won, total score.
        row3 = r.bottom - pad - s(7)
        prediction = v["predictions"][seat]
        won = v["tricks_won"][seat]
        parts = []
        if v["prediction_values"]:
            parts.append("predicts ?" if prediction is None else f"predicts {prediction}")
        parts.append(f"won {won}")
        line = " · ".join(parts)
        total = f"{v['totals'][seat]} pts"
        tw = font(s(12), bold=True).size(total)[0]
        self.text(surface, self.fit(line, s(12), r.w - 2 * pad - tw - s(6)), s(12), palette.INK,
                  midleft=(r.x + pad, row3))
        self.text(surface, total, s(12), palette.WOOD, True, midright=(r.right - pad, row3))

    def draw_action_bar(self, surface: pygame.Surface) -> None:
        """What the player looking at the screen is asked to do now (buttons sit on the right)."""
        s = self.ctx.scale
        v = self.view
        bar = self.action_bar
        mover = v.get("to_move")
        phase = v["phase"]
        if v.get("hand") is None:
            text = ("Hands stay hidden until the next player confirms." if self.humans()
                    else "Every seat is a bot: watch them play.")
        elif phase == "over":
            text = "The game is over: the scores are in the side panel."
        elif not self.my_turn():
            who = self.seat_name(mover) if mover is not None else ""
            text = f"Waiting for {who}…"
        elif phase == "aside":
            text = ("Drag one card face down onto the set-aside spot (or click a card, then the "
                    "spot). It sits out this round.")
        elif phase == "predict":
            text = "How many tricks will you win this round?"
        elif self.selected is not None:
            text = f"Your {self.selected[1]}: click a lit space, or a button."
        else:
            text = ("Drag a card to its number's column on the board: the row you drop it in "
                    "is the colour you declare (or click a card, then a space).")
        right = min((b.rect.x for b in self.choice_buttons), default=bar.right) - s(12)
        f = font(s(15), bold=True)
        lines = wrap(text, f, right - bar.x - s(8))[:2]
        y = bar.centery - len(lines) * f.get_linesize() // 2
        for line in lines:
            surface.blit(f.render(line, True, palette.INK), (bar.x + s(8), y))
            y += f.get_linesize()

    def draw_hand(self, surface: pygame.Surface) -> None:
        """The viewer's hand, sorted and fanned, and the set-aside spot."""
        s = self.ctx.scale
        v = self.view
        area = self.hand_area
        band = pygame.Rect(area.x - s(4), area.y - s(2), area.w + s(8), area.h + s(4))
        pygame.draw.rect(surface, (214, 194, 170), band, border_radius=s(14))
        hand = v.get("hand")
        self.draw_aside(surface)
        if hand is None:
            cover = self.hand_rects([0] * max(v["hand_counts"]) if v["hand_counts"] else [])
            msg = ("Hands stay hidden until the next player confirms." if self.humans()
                   else "Every seat is a bot: their hands stay hidden.")
            for rect in cover:
                surface.blit(image("card_back", rect.w, rect.h), rect.topleft)
            self.text(surface, msg, s(16), palette.PAPER, True,
                      center=(area.centerx - self.card[0], area.centery))
            return
        rects = self.hand_rects(hand)
        hidden = None
        returning = self.returning is not None and self.animator.find("return") is self.returning
        if self.drag is not None or returning:
            hidden = self.held_index
        mine = self.my_turn() and v["phase"] in ("aside", "play")
        sources = set(self.session.state.drag_sources()) if mine else set()
        hover = self.hand_index_at(self.pointer) if self.drag is None and mine else None
        for i, (number, rect) in enumerate(zip(hand, rects)):
            if i == hidden:
                pygame.draw.rect(surface, (196, 176, 152), rect, border_radius=s(8))
                continue
            chosen = self.selected is not None and self.selected[0] == i
            r = rect.move(0, -s(14)) if chosen else rect.move(0, -s(7)) if i == hover else rect
            self.draw_card(surface, r, number)
            if chosen:
                pygame.draw.rect(surface, palette.TEAL, r.inflate(s(6), s(6)), width=s(3),
                                 border_radius=s(10))
            elif ("hand", number) in sources and v["phase"] == "play":
                pygame.draw.rect(surface, palette.LEGAL, r.inflate(s(4), s(4)), width=max(1, s(2)),
                                 border_radius=s(9))
            elif mine and v["phase"] == "play":  # no legal space for it now
                shade = pygame.Surface(r.size, pygame.SRCALPHA)
                shade.fill((90, 70, 60, 70))
                surface.blit(shade, r.topleft)

    def draw_aside(self, surface: pygame.Surface) -> None:
        """The set-aside spot: empty (and inviting while setting aside) or your face-down card."""
        s = self.ctx.scale
        v = self.view
        rect = self.aside_rect
        self.text(surface, "Set aside", s(12), palette.WOOD, True,
                  midbottom=(rect.centerx, rect.y - s(1)))
        mine = v.get("set_aside")
        if mine is not None:
            self.draw_card(surface, rect, None, face_down=True)
            self.pill(surface, f"your {mine}", s(12), palette.INK,
                      midbottom=(rect.centerx, rect.bottom - s(4)))
            return
        inviting = v["phase"] == "aside" and self.my_turn()
        self.draw_empty_slot(surface, rect, "drop a card here face down" if inviting else "",
                             active=inviting)

    def draw_flying(self, surface: pygame.Surface) -> None:
        """A played card on its way into the trick."""
        flying = self.fly_active()
        if flying is None:
            return
        card, tween = flying
        x, y = tween.value()
        slot = self.slot_of(card["seat"])
        self.draw_card(surface, pygame.Rect(int(x), int(y), slot.w, slot.h), card["number"],
                       card["colour"], lifted=True)

    def draw_piece(self, surface: pygame.Surface, spot: Spot, topleft: Point,
                   lifted: bool = False) -> None:
        if spot[0] != "hand":
            return
        rect = pygame.Rect(topleft, self.card)
        over_aside = self.drag is not None and self.aside_rect.collidepoint(self.drag.pos)
        if self.drag is not None and self.grid.collidepoint(self.drag.pos):
            # Over the board the card shrinks and turns see-through, so the space under the
            # pointer (outlined) stays visible.
            s = self.ctx.scale
            pos = self.drag.pos
            hover = self.spot_at(pos)
            if hover is not None and hover[0] == "space":
                space = self.space_rect(hover[1], hover[2])
                pygame.draw.rect(surface, palette.INK, space, width=s(3), border_radius=s(6))
            h = max(s(40), int(self.cell_h * 1.15))
            w = int(h / CARD_RATIO)
            layer = pygame.Surface((w + s(8), h + s(8)), pygame.SRCALPHA)
            self.draw_card(layer, pygame.Rect(0, 0, w, h), spot[1], lifted=True)
            layer.set_alpha(215)
            surface.blit(layer, (pos[0] + s(10), pos[1] - h - s(4)))
            return
        self.draw_card(surface, rect, spot[1], lifted=lifted, face_down=over_aside)

    def draw_result(self, surface: pygame.Surface) -> None:
        """The round's breakdown per player; a paradox is announced with the revealed hand."""
        s = self.ctx.scale
        v = self.view
        last = v["last_round"]
        rect = self.result_rect()
        pygame.draw.rect(surface, (90, 60, 40), rect.move(s(4), s(6)), border_radius=s(16))
        pygame.draw.rect(surface, palette.PAPER, rect, border_radius=s(16))
        pygame.draw.rect(surface, palette.WOOD, rect, width=s(3), border_radius=s(16))
        x0 = rect.x + s(14)
        paradox = last.get("paradox")
        if paradox is not None:
            title = f"Round {last['round']}: paradox! {self.seat_name(paradox)} could not play"
        else:
            title = f"Round {last['round']} is over"
        if v["phase"] == "over":
            title += " · game over"
        head = self.text(surface, title, s(17), palette.WARN if paradox is not None else palette.INK,
                         True, topleft=(x0, rect.y + s(6)))
        self.text(surface, "largest groups outlined on the board · click to close", s(12), DIM,
                  midright=(rect.right - s(14), head.centery))
        y = head.bottom + s(2)
        if paradox is not None:
            hand = last.get("paradox_hand") or []
            label = self.text(surface, f"{self.seat_name(paradox)}'s hand:", s(13), palette.INK,
                              True, topleft=(x0, y + s(2)))
            ch = max(s(18), min(s(34), (rect.bottom - y) // 5))
            cw = int(ch / CARD_RATIO)
            cx = label.right + s(8)
            for number in hand:
                self.draw_card(surface, pygame.Rect(cx, y, cw, ch), number)
                cx += cw + s(3)
            note = "none of these could be declared: −1 per trick won, no bonus"
            if last.get("discarded"):
                note += "; the unfinished trick was discarded"
            self.text(surface, self.fit(note, s(12), rect.right - cx - s(20)), s(12), DIM,
                      midleft=(cx + s(8), y + ch // 2))
            y += ch + s(3)
        n = v["players"]
        heads = ["tricks", "predicted", "largest group", "bonus", "round", "total"]
        if not v["prediction_values"]:
            heads.remove("predicted")
        name_w = max(s(90), min(s(200), rect.w // 4))
        col_w = (rect.w - s(28) - name_w) // len(heads)
        f = font(s(12), bold=True)
        for i, h in enumerate(heads):
            img = f.render(h, True, DIM)
            surface.blit(img, img.get_rect(midtop=(x0 + name_w + col_w * i + col_w // 2, y)))
        y += f.get_linesize()
        row_h = max(s(16), min(s(26), (rect.bottom - s(6) - y) // n))
        totals = v["totals"] if v["rounds_played"] and v["rounds_played"][-1]["round"] == \
            last["round"] else None
        for seat in range(n):
            ry = y + seat * row_h
            cy = ry + row_h // 2
            rad = max(5, min(s(10), row_h // 2 - 1))
            self.marker(surface, seat, (x0 + rad, cy), rad)
            self.text(surface, self.fit(self.seat_name(seat), s(13), name_w - 2 * rad - s(10), True),
                      s(13), palette.INK, True, midleft=(x0 + 2 * rad + s(6), cy))
            predicted = last["predictions"][seat]
            if seat == paradox:
                bonus = "paradox"
            elif last["bonus_earned"][seat]:
                bonus = f"+{last['group'][seat]}"
            else:
                bonus = "—"
            cells = {"tricks": str(last["tricks"][seat]),
                     "predicted": "—" if predicted is None else str(predicted),
                     "largest group": str(last["group"][seat]), "bonus": bonus,
                     "round": f"{last['scores'][seat]:+d}",
                     "total": "" if totals is None else str(totals[seat])}
            for i, h in enumerate(heads):
                colour = palette.WARN if h == "bonus" and seat == paradox else palette.INK
                self.text(surface, cells[h], s(13), colour, h in ("round", "total", "bonus"),
                          center=(x0 + name_w + col_w * i + col_w // 2, cy))

    # -- side panel --------------------------------------------------------------------------
    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Scores by round, the 2-player revealed leftovers, and the goal."""
        s = self.ctx.scale
        v = self.view
        limit = self.side.bottom - self.side.h // 2 - s(12)
        y = self.text(surface, f"Scores · round {v['round']} of {v['rounds']}", s(16),
                      palette.INK, True, topleft=rect.topleft).bottom + s(6)
        n = v["players"]
        row_h = max(s(22), min(s(32), (limit - y - s(60)) // max(1, n)))
        for seat in range(n):
            cy = y + row_h // 2
            rad = max(7, min(s(11), row_h // 2 - 2))
            self.marker(surface, seat, (rect.x + rad, cy), rad)
            total = str(v["totals"][seat])
            tr_ = self.text(surface, total, s(15), palette.INK, True, midright=(rect.right, cy))
            rounds = [str(r[seat]) for r in v["round_scores"]]
            detail = (" + ".join(rounds)) if len(rounds) > 1 else ""
            name = self.seat_name(seat)
            room = tr_.x - rect.x - 2 * rad - s(12)
            dw = font(s(12)).size(detail + "  =")[0] if detail else 0
            if dw and dw < room - s(40):
                self.text(surface, detail + " =", s(12), DIM, midright=(tr_.x - s(6), cy))
                room -= dw + s(6)
            self.text(surface, self.fit(name, s(14), room, True), s(14), palette.INK, True,
                      midleft=(rect.x + 2 * rad + s(8), cy))
            y += row_h
        y += s(8)
        notes = []
        if v.get("neutral_reveals"):
            shown = ", ".join(str(k) for k in v["neutral_reveals"])
            notes.append(f"Revealed leftovers: {shown} (grey neutral tokens on the board).")
        notes.append("Goal: win exactly the tricks you predicted and grow one connected group "
                     "of your tokens. Red beats every colour; a card has the colour you declare.")
        f = font(s(12))
        for note in notes:
            lines = wrap(note, f, rect.w)
            if y + len(lines) * f.get_linesize() > limit:
                break
            for line in lines:
                surface.blit(f.render(line, True, palette.INK), (rect.x, y))
                y += f.get_linesize()
            y += s(4)

    # -- end -------------------------------------------------------------------------------
    def end_lines(self, outcome: Any) -> list[str]:
        """One line per seat (the per-round lines stay on the board's result panel)."""
        lines = [outcome.summary]
        rounds = self.view.get("round_scores") or []
        for seat in range(len(self.session.seats)):
            mark = " (winner)" if seat in outcome.winners else ""
            detail = ", ".join(f"{r[seat]:+d}" for r in rounds)
            lines.append(f"{self.seat_name(seat)}: {outcome.scores[seat]:g}{mark}"
                         + (f"  (rounds {detail})" if detail else ""))
        return lines

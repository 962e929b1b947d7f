"""Keyboard focus over a scene's widgets (pygame-gui has no Tab focus of its own): Tab and
Shift+Tab move a ring over the buttons, text fields, lists and sliders; Enter or Space presses
the button under it; the arrows change a list, a drop-down or a slider; a long text scrolls."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

import pygame
import pygame_gui
from pygame_gui.elements import (UIButton, UIDropDownMenu, UIHorizontalSlider, UISelectionList,
                                 UITextBox, UITextEntryBox, UITextEntryLine)

from screens import palette

if TYPE_CHECKING:
    from screens.scene import Scene

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
PRESS = ENTER + (pygame.K_SPACE,)
STEPS = {pygame.K_UP: -1, pygame.K_LEFT: -1, pygame.K_DOWN: 1, pygame.K_RIGHT: 1}
ENTRIES = (UITextEntryLine, UITextEntryBox)


@dataclass(frozen=True)
class FocusTarget:
    """A button the scene draws itself (a game's cover, a price step): Tab stops at it too."""

    key: str
    rect: pygame.Rect
    press: Callable[[], None]


Item = Any  # a pygame-gui element or a FocusTarget


def focusable(element: Any) -> bool:
    """A widget the ring may stop at: shown, enabled, and something a key can work (a text
    box only when it scrolls)."""
    if isinstance(element, FocusTarget):
        return True
    if not element.alive() or not element.visible or not getattr(element, "is_enabled", True):
        return False
    if isinstance(element, UITextBox) and not isinstance(element, ENTRIES):
        return element.scroll_bar is not None
    return isinstance(element, (UIButton, UIDropDownMenu, UIHorizontalSlider, UISelectionList)
                      + ENTRIES)


def same(a: Item, b: Item) -> bool:
    """The same stop (a drawn target is made anew each time it is asked for: its key)."""
    if isinstance(a, FocusTarget) and isinstance(b, FocusTarget):
        return a.key == b.key
    return a is b


def anchor_of(item: Item) -> tuple[str, tuple[int, int, int, int]]:
    """What a stop is known by once its widget is made anew (a page laid out again)."""
    if isinstance(item, FocusTarget):
        return ("target:" + item.key, (0, 0, 0, 0))
    return (type(item).__name__, tuple(item.rect))


class Focus:
    """The ring of one scene: where it is, whether it shows (after Tab, until the mouse)."""

    def __init__(self) -> None:
        self.current: Optional[Item] = None
        self.shown = False
        self.anchor: Optional[tuple[str, tuple[int, int, int, int]]] = None
        self.index = -1

    # -- where ------------------------------------------------------------------------------
    def order(self, scene: "Scene") -> list[Item]:
        """The stops in Tab order: the scene's widgets as made, then its drawn targets."""
        items: list[Item] = [e for e in scene.focus_elements() if focusable(e)]
        return items + list(scene.focus_targets())

    def now(self, scene: "Scene", items: Optional[Sequence[Item]] = None) -> Optional[Item]:
        """The stop the ring is on: a text field the pointer focused, the one Tab reached (or,
        after the page was laid out again, the widget in its place), else none."""
        items = self.order(scene) if items is None else items
        focused = scene.ctx.ui.get_focus_set() or set()  # type: ignore[no-untyped-call]
        for item in items:
            if isinstance(item, ENTRIES) and item in focused:
                return self.take(item, items)
        if self.current is not None:
            for item in items:
                if same(item, self.current):
                    return self.take(item, items)
        if self.anchor is not None and items:
            for item in items:
                if anchor_of(item) == self.anchor:
                    return self.take(item, items)
            if self.shown and self.index >= 0:
                return self.take(items[min(self.index, len(items) - 1)], items)
        return None

    def take(self, item: Item, items: Sequence[Item]) -> Item:
        """Remember ``item`` as the stop (and where it stands)."""
        self.current = item
        self.anchor = anchor_of(item)
        self.index = next(i for i, it in enumerate(items) if same(it, item))
        return item

    def move(self, scene: "Scene", delta: int) -> Optional[Item]:
        """Tab (+1) or Shift+Tab (-1): the next stop, round the end; the ring shows."""
        items = self.order(scene)
        if not items:
            self.shown = False
            return None
        now = self.now(scene, items)  # (after the mouse: only a text field it clicked)
        if now is None:
            item = items[0] if delta > 0 else items[-1]
        else:
            item = items[(self.index + delta) % len(items)]
        self.take(item, items)
        self.shown = True
        ui = scene.ctx.ui
        if isinstance(item, ENTRIES):
            ui.set_focus_set(item)
        elif ui.get_focus_set():  # type: ignore[no-untyped-call]
            ui.set_focus_set(None)  # a text field left by Tab stops taking the keys
        return item

    def arrive(self, scene: "Scene") -> None:
        """Show the ring on the first stop if it has not been anywhere on this scene yet."""
        if self.current is not None or self.anchor is not None:
            return
        items = self.order(scene)
        if items:
            self.take(items[0], items)
            self.shown = True
            if isinstance(items[0], ENTRIES):
                scene.ctx.ui.set_focus_set(items[0])

    def hide(self) -> None:
        """The pointer was used: the ring goes (Tab brings it back, from the start)."""
        self.shown = False
        self.current = None
        self.anchor = None
        self.index = -1

    # -- keys -------------------------------------------------------------------------------
    def key(self, scene: "Scene", event: pygame.event.Event) -> bool:
        """Tab, and the keys that work the stop under the ring; True if the key was used."""
        if event.key == pygame.K_TAB:
            self.move(scene, -1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if scene.arrow_focus and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.move(scene, -1 if event.key == pygame.K_UP else 1)  # a column of buttons
            return True
        if not self.shown:
            return False
        item = self.now(scene)
        if item is None or isinstance(item, ENTRIES):
            return False  # a text field takes its own keys (Enter finishes it)
        if isinstance(item, FocusTarget):
            if event.key in PRESS:
                item.press()
                return True
            return False
        if isinstance(item, UIButton):
            if event.key in PRESS:
                press(scene, item)
                return True
            return False
        if isinstance(item, UIDropDownMenu):
            return self.key_drop_down(scene, item, event.key)
        if isinstance(item, UIHorizontalSlider):
            return key_slider(scene, item, event.key)
        if isinstance(item, UISelectionList):
            return key_list(scene, item, event.key)
        if isinstance(item, UITextBox):
            return key_text_box(item, event.key)
        return False

    def key_drop_down(self, scene: "Scene", menu: UIDropDownMenu, key: int) -> bool:
        """The arrows choose the option before or after; Enter and Space the next one."""
        step = STEPS.get(key, 1 if key in PRESS else 0)
        if not step:
            return False
        options = [o if isinstance(o, tuple) else (o, o) for o in menu.options_list]
        now = next((i for i, o in enumerate(options) if o == menu.selected_option), 0)
        chosen = options[(now + step) % len(options)]
        menu.selected_option = chosen
        state = menu.current_state
        if state is not None:  # the closed menu shows the new option
            state.selected_option = chosen
            state.finish()
            state.start()
        dispatch(scene, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
            "text": chosen[0], "selected_option_id": chosen[1], "ui_element": menu,
            "ui_object_id": menu.most_specific_combined_id}))
        return True

    # -- the ring ----------------------------------------------------------------------------
    def draw(self, scene: "Scene", surface: pygame.Surface) -> None:
        """The ring round the stop (over everything pygame-gui drew)."""
        if not self.shown:
            return
        item = self.now(scene)
        if item is None:
            return
        rect = item.rect if isinstance(item, FocusTarget) else pygame.Rect(item.rect)
        draw_ring(surface, rect, scene.ctx.scale(5))


def draw_ring(surface: pygame.Surface, rect: pygame.Rect, gap: int,
              colour: tuple[int, int, int] = palette.FOCUS) -> pygame.Rect:
    """The focus look: a paper halo, a thick ring in the focus colour and dark corner brackets
    (a shape to see, not a colour alone); returns the ring's rectangle."""
    ring = rect.inflate(2 * gap, 2 * gap)
    width = max(3, gap // 2 + 1)
    radius = max(6, gap * 2)
    pygame.draw.rect(surface, palette.PAPER, ring.inflate(4, 4), width=width + 4,
                     border_radius=radius + 2)
    pygame.draw.rect(surface, colour, ring, width=width, border_radius=radius)
    arm = max(8, min(ring.w, ring.h) // 4)
    outer = ring.inflate(2 * width + 4, 2 * width + 4)
    thick = max(2, width - 1)
    for corner, (sx, sy) in ((outer.topleft, (1, 1)), (outer.topright, (-1, 1)),
                             (outer.bottomleft, (1, -1)), (outer.bottomright, (-1, -1))):
        x, y = corner
        x -= 1 if sx < 0 else 0
        y -= 1 if sy < 0 else 0
        pygame.draw.line(surface, palette.INK, (x, y), (x + sx * arm, y), thick)
        pygame.draw.line(surface, palette.INK, (x, y), (x, y + sy * arm), thick)
    return ring


def dispatch(scene: "Scene", event: pygame.event.Event) -> None:
    """Hand an event made by a key to pygame-gui and the scene, as the frame does a real one."""
    if not scene.ctx.ui.process_events(event):
        scene.handle_event(event)


def press(scene: "Scene", button: UIButton) -> None:
    """Press ``button`` as a click does (the same event reaches the scene)."""
    dispatch(scene, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {
        "mouse_button": 1, "ui_element": button,
        "ui_object_id": button.most_specific_combined_id}))


def key_slider(scene: "Scene", slider: UIHorizontalSlider, key: int) -> bool:
    """Left and Right move the slider a twentieth of its range (at least one step)."""
    step = {pygame.K_LEFT: -1, pygame.K_DOWN: -1, pygame.K_RIGHT: 1, pygame.K_UP: 1}.get(key)
    if step is None:
        return False
    low, high = sorted(slider.value_range)
    amount = (high - low) / 20
    if slider.use_integers_for_value:
        amount = max(1, round(amount))  # a short replay's slider still moves a step
    value = min(high, max(low, slider.get_current_value() + step * amount))
    slider.set_current_value(value, warn=False)
    dispatch(scene, pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {
        "value": slider.get_current_value(), "ui_element": slider,
        "ui_object_id": slider.most_specific_combined_id}))
    return True


def key_list(scene: "Scene", listing: UISelectionList, key: int) -> bool:
    """Up and Down choose the row before or after; Enter opens it (as a double click)."""
    items = listing.item_list
    if not items:
        return False
    if key in ENTER:
        text = listing.get_single_selection()
        if text is None:
            return False
        dispatch(scene, pygame.event.Event(
            pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION,
            {"text": text, "ui_element": listing, "ui_object_id": listing.most_specific_combined_id}))
        return True
    step = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(key)
    if step is None:
        return False
    now = next((i for i, item in enumerate(items) if item["selected"]), -1)
    chosen = max(0, min(len(items) - 1, now + step)) if now >= 0 else 0
    for i, item in enumerate(items):
        item["selected"] = i == chosen
        button = item["button_element"]
        if button is not None:
            button.select() if i == chosen else button.unselect()
    bar = listing.scroll_bar
    box = listing.item_list_container
    if bar is not None and box is not None and listing.total_height_of_list:  # into sight
        height = listing.list_item_height
        top = bar.start_percentage * listing.total_height_of_list
        seen = box.relative_rect.height
        y = chosen * height
        if y < top or y + height > top + seen:
            start = (y if y < top else y + height - seen) / listing.total_height_of_list
            bar.set_scroll_from_start_percentage(start)
            bar.has_moved_recently = True
    dispatch(scene, pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, {
        "text": items[chosen]["text"], "ui_element": listing,
        "ui_object_id": listing.most_specific_combined_id}))
    return True


def key_text_box(box: UITextBox, key: int) -> bool:
    """Up and Down scroll a long text a little, Page Up and Page Down a page."""
    bar = box.scroll_bar
    if bar is None:
        return False
    page = bar.visible_percentage
    step = {pygame.K_UP: -page / 8, pygame.K_DOWN: page / 8, pygame.K_PAGEUP: -page * 0.9,
            pygame.K_PAGEDOWN: page * 0.9, pygame.K_HOME: -1.0, pygame.K_END: 1.0}.get(key)
    if step is None:
        return False
    bar.set_scroll_from_start_percentage(bar.start_percentage + step)
    bar.has_moved_recently = True
    return True

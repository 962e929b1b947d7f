"""Settings: music and effects volumes, animation speed, interface size, colour-blind marks,
high contrast, language, bot pace, and the Done / Undo step before a hotseat hand-off; a line
says when there is no sound device (or all sound is muted with M)."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from cats.session import Session
from saves.settings import (ANIMATION_SPEEDS, LANGUAGES, UI_SCALES, layout_share,
                            save_settings, text_share)
from screens import appearance, palette
from screens.assets import font, use_language
from screens.overlays import blit_lines, draw_page, fit_text
from screens.scene import Scene
from screens.text import LANGUAGE_NAMES, default_seat_names, file_text, set_language, tr

if TYPE_CHECKING:
    from screens.context import AppContext

PACES = (0.0, 0.3, 0.6, 1.0, 1.5)
ROW = 48  # the rows' pitch (at 720 pixels high)
SLIDERS = ("music_volume", "effects_volume")


def _next(values: tuple[Any, ...], current: Any) -> Any:
    return values[(values.index(current) + 1) % len(values)] if current in values else values[0]


class SettingsScene(Scene):
    """Change settings; each change is saved at once."""

    def __init__(self, ctx: "AppContext") -> None:
        super().__init__(ctx)
        self.controls: dict[Any, str] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        # The page keeps the interface size it opened with, so that changing that setting does
        # not move the rows under the mouse; the new size shows once the page is closed.
        self.opened_scale = ctx.settings.ui_scale
        self.heard = 0.0  # when the effects slider last let a cue be heard
        self.pitch = self.label_w = 0

    def scale(self, value: float) -> int:
        """A length at the window's size and the interface size the page opened with."""
        w, h = self.ctx.size
        return max(1, int(value * layout_share(self.opened_scale) * min(h / 720, w / 1100)))

    def build_ui(self) -> None:
        s = self.scale
        w, h = self.ctx.size
        st = self.ctx.settings
        grow = text_share(self.opened_scale)  # large text: a wider page, a wider label column
        pw = min(w - s(40), int(s(620) * grow))
        self.panel = pygame.Rect((w - pw) // 2, s(40), pw, h - s(80))
        self.label_w = int(s(230) * grow)
        x, y = self.panel.x + s(30) + self.label_w, self.panel.y + s(90)
        bw = min(int(s(300) * grow), self.panel.right - s(30) - x)
        self.pitch = min(int(s(ROW) * grow), (self.panel.h - s(240)) // 9)
        self.controls = {}
        for i, name in enumerate(SLIDERS):
            slider = pygame_gui.elements.UIHorizontalSlider(
                pygame.Rect(x, y + i * self.pitch, bw, s(34)), getattr(st, name) * 100,
                (0, 100), self.ctx.ui)
            self.keep(slider)
            self.controls[slider] = name
        y += self.pitch * (len(SLIDERS) - 1)
        rows = [
            ("animation", tr(f"speed.{st.animation_speed:g}")),
            ("scale", f"{int(st.ui_scale * 100)} %"),
            ("marks", tr("on") if st.colour_blind_marks or st.high_contrast else tr("off")),
            ("contrast", tr("on") if st.high_contrast else tr("off")),
            ("language", LANGUAGE_NAMES.get(st.language, st.language)),
            ("pace", tr("settings.pace_value", seconds=st.bot_pace)),
            ("confirm", tr("on") if st.confirm_moves else tr("off")),
        ]
        for i, (key, label) in enumerate(rows, 1):
            btn = self.button(pygame.Rect(x, y + i * self.pitch, bw, self.pitch - s(8)), label,
                              tooltip=tr("settings.next"))
            if key == "language" and len(LANGUAGES) < 2:
                btn.disable()  # nothing else to choose
            if key == "marks" and st.high_contrast:
                btn.disable()  # high contrast always draws them
            self.controls[btn] = key
        done = self.button(pygame.Rect(self.panel.right - s(190), self.panel.bottom - s(70),
                                       s(160), s(44)), tr("settings.done"), "#primary")
        self.controls[done] = "done"

    def handle_event(self, event: pygame.event.Event) -> bool:
        st = self.ctx.settings
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element in self.controls:
            setattr(st, self.controls[event.ui_element], event.value / 100)
            self.ctx.sounds.set_volumes(st.effects_volume, st.music_volume)
            self._save()
            now = time.monotonic()
            if self.controls[event.ui_element] == "effects_volume" and now - self.heard > 0.2:
                self.heard = now
                self.ctx.sounds.play("drop")  # how loud the cues now are (not at every step)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.controls:
            key = self.controls[event.ui_element]
            if key == "done":
                self.ctx.scenes.pop()
                return True
            if key == "animation":
                st.animation_speed = _next(ANIMATION_SPEEDS, st.animation_speed)
            elif key == "scale":
                st.ui_scale = _next(UI_SCALES, st.ui_scale)
            elif key == "marks":
                st.colour_blind_marks = not st.colour_blind_marks
            elif key == "contrast":
                st.high_contrast = not st.high_contrast
            elif key == "language":
                st.language = _next(LANGUAGES, st.language)
                self.switch_language(st.language)
            elif key == "pace":
                st.bot_pace = _next(PACES, st.bot_pace)
            elif key == "confirm":
                st.confirm_moves = not st.confirm_moves
            self._save()
            if key in ("scale", "contrast"):
                appearance.apply(self.ctx)  # the colours and the text's size, at once
            self.resize()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ctx.scenes.pop()
            return True
        return False

    def switch_language(self, lang: str) -> None:
        """Show everything in ``lang`` from the next frame on: the scenes under this one are
        rebuilt when it closes (their pygame-gui elements are made anew), this one at once.
        A seat still called by its default name ("Player 2") is called by the new language's."""
        sessions = [scene.session for scene in self.ctx.scenes.stack
                    if isinstance(getattr(scene, "session", None), Session)]
        before = [[default_seat_names(i) for i in range(len(s.seats))] for s in sessions]
        set_language(lang)
        for session, names in zip(sessions, before):
            for i, seat in enumerate(session.seats):
                if seat.name in names[i]:
                    session.seats[i] = replace(seat, name=default_seat_names(i)[
                        names[i].index(seat.name)])
        use_language(self.ctx.ui, lang)
        self.ctx.ui.rebuild_all_from_changed_theme_data()

    def _save(self) -> None:
        if self.ctx.read_only:  # another copy owns the folders: nothing is written
            self.ctx.settings_problem = tr("settings.not_saved", error=tr("settings.read_only"))
            return
        try:
            save_settings(self.ctx.settings)
            self.ctx.settings_problem = None
        except OSError as exc:  # they still hold for this session; say so, never crash
            self.ctx.settings_problem = tr("settings.not_saved", error=file_text(str(exc)))

    def sound_notice(self) -> str:
        """What the page says about sound: no device (the game plays on silently), or muted."""
        sounds = self.ctx.sounds
        if not sounds.ok:
            return tr("settings.no_sound")
        return tr("settings.muted") if sounds.muted else ""

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        draw_page(surface, s, self.panel, tr("settings.title"))
        if self.ctx.settings_problem:
            blit_lines(surface, [file_text(self.ctx.settings_problem)], self.panel.x + s(30),
                       self.panel.bottom - s(130), s(15), palette.WARN, width=self.panel.w - s(60))
        notice = self.sound_notice()
        if notice:
            blit_lines(surface, [notice], self.panel.x + s(30), self.panel.bottom - s(162), s(15),
                       palette.WARN if not self.ctx.sounds.ok else palette.INK,
                       width=self.panel.w - s(60))
        f = font(s(17))
        labels = ["settings.music", "settings.effects", "settings.animation", "settings.scale",
                  "settings.marks", "settings.contrast", "settings.language", "settings.pace",
                  "settings.confirm"]
        for i, key in enumerate(labels):
            line = fit_text(tr(key), f, self.label_w - s(8))
            img = f.render(line, True, palette.INK)
            surface.blit(img, img.get_rect(midleft=(
                self.panel.x + s(30), self.panel.y + s(90) + i * self.pitch + (self.pitch - s(8)) // 2)))

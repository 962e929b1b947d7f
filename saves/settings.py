"""Player settings: music and effects volumes, animation speed, UI scale, colour-blind marks, high contrast,
language."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any, Optional

from saves import paths
from saves.jsonfile import FileProblem, MissingFile, read_json_object, write_json
from saves.values import finite

ANIMATION_SPEEDS = (0.0, 0.5, 1.0, 2.0)  # 0 = animations off; higher = faster
# Every layout is drawn for the whole window at 100 %; a smaller size leaves a margin. Above
# 100 % the layouts stay the window's and only the text grows (see :func:`text_share`).
UI_SCALES = (0.8, 0.9, 1.0, 1.25, 1.5)
LANGUAGES = ("en", "zh-TW")


@dataclass
class Settings:
    """What a player can change in the Settings screen."""

    music_volume: float = 0.4
    effects_volume: float = 0.7
    animation_speed: float = 1.0
    ui_scale: float = 1.0
    colour_blind_marks: bool = True
    language: str = "en"
    fullscreen: bool = False
    bot_pace: float = 0.6  # seconds a bot's move stays on screen before the next one
    confirm_moves: bool = True  # hotseat: a Done / Undo step before the device passes on
    high_contrast: bool = False  # near-black on white, thick outlines (screens.palette)

    def clamp(self) -> "Settings":
        """Force every value into its allowed range (after loading a hand-edited file)."""
        self.apply(asdict(self))
        return self

    def apply(self, values: dict[str, Any]) -> list[str]:
        """Take each usable value (the default for any other); the names of those refused."""
        refused = []
        defaults = Settings()
        if "volume" in values:  # a file from before the two volumes: its one volume is both
            old = _checked("effects_volume", values["volume"])
            if old is None:
                refused.append("volume")
            else:
                values = {"effects_volume": old, "music_volume": min(old, defaults.music_volume),
                          **values}
        for name in (f.name for f in fields(Settings)):
            if name not in values:
                continue
            value = _checked(name, values[name])
            if value is None:
                value = getattr(defaults, name)
                refused.append(name)
            setattr(self, name, value)
        return refused


def _checked(name: str, value: Any) -> Any:
    """``value`` made usable for the setting ``name``, or None if it cannot be."""
    if name in ("colour_blind_marks", "fullscreen", "confirm_moves", "high_contrast"):
        return value if isinstance(value, bool) else None
    if name == "language":
        return value if isinstance(value, str) and value in LANGUAGES else None
    if name in ("music_volume", "effects_volume", "bot_pace"):
        number = finite(value, -1e9, 1e9)
        high = 3.0 if name == "bot_pace" else 1.0
        return None if number is None else min(max(number, 0.0), high)
    allowed = ANIMATION_SPEEDS if name == "animation_speed" else UI_SCALES
    number = finite(value, 0.0, 100.0)
    if name == "ui_scale" and number is not None and number > max(UI_SCALES):
        return 1.0  # a size larger than any offered reads as 100 %
    return number if number in allowed else None


def layout_share(ui_scale: float) -> float:
    """The part of the interface size that scales the layouts (at most 100 %: they fill the
    window there)."""
    return min(ui_scale, 1.0)


def text_share(ui_scale: float) -> float:
    """The part of the interface size that scales only the text (above 100 %)."""
    return ui_scale / layout_share(ui_scale) if ui_scale > 0 else 1.0


def settings_path() -> Path:
    """The settings file."""
    return paths.config_dir() / "settings.json"


def load_settings(path: Optional[Path] = None) -> tuple[Settings, str]:
    """The saved settings (defaults when absent) and a problem message ("" if none)."""
    path = path or settings_path()
    try:
        data = read_json_object(path)
    except MissingFile:
        return Settings(), ""
    except FileProblem as exc:
        return Settings(), f"{exc} — default settings used; the file was left as it is."
    settings = Settings()
    refused = settings.apply(data)
    if len(refused) == 1:
        return settings, f"{path.name}: unusable {refused[0]} — the default is used for it."
    if refused:
        return settings, (f"{path.name}: unusable {', '.join(refused)} — the default is used "
                          "for them.")
    return settings, ""


def save_settings(settings: Settings, path: Optional[Path] = None) -> None:
    """Write the settings atomically."""
    write_json(path or settings_path(), asdict(settings))

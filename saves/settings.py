"""Player settings: volume, animation speed, UI scale, colour-blind marks, language."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any, Optional

from saves import paths
from saves.jsonfile import FileProblem, read_json_object, write_json

ANIMATION_SPEEDS = (0.0, 0.5, 1.0, 2.0)  # 0 = animations off; higher = faster
# Every layout is drawn for the whole window at 100 %, so larger sizes ran off its edges;
# a smaller one leaves a margin. (An older 125 or 150 % setting reads as 100 %.)
UI_SCALES = (0.8, 0.9, 1.0)
LANGUAGES = ("en",)


@dataclass
class Settings:
    """What a player can change in the Settings screen."""

    volume: float = 0.7
    animation_speed: float = 1.0
    ui_scale: float = 1.0
    colour_blind_marks: bool = True
    language: str = "en"
    fullscreen: bool = False
    bot_pace: float = 0.6  # seconds a bot's move stays on screen before the next one

    def clamp(self) -> "Settings":
        """Force every value into its allowed range (after loading a hand-edited file)."""
        self.volume = min(max(float(self.volume), 0.0), 1.0)
        if self.animation_speed not in ANIMATION_SPEEDS:
            self.animation_speed = 1.0
        if self.ui_scale not in UI_SCALES:
            self.ui_scale = 1.0
        if self.language not in LANGUAGES:
            self.language = "en"
        self.bot_pace = min(max(float(self.bot_pace), 0.0), 3.0)
        self.colour_blind_marks = bool(self.colour_blind_marks)
        self.fullscreen = bool(self.fullscreen)
        return self


def settings_path() -> Path:
    """The settings file."""
    return paths.config_dir() / "settings.json"


def load_settings(path: Optional[Path] = None) -> tuple[Settings, str]:
    """The saved settings (defaults when absent) and a problem message ("" if none)."""
    path = path or settings_path()
    if not path.exists():
        return Settings(), ""
    try:
        data = read_json_object(path)
    except FileProblem as exc:
        return Settings(), f"{exc} — default settings used; the file was left as it is."
    known = {f.name for f in fields(Settings)}
    values: dict[str, Any] = {k: v for k, v in data.items() if k in known}
    try:
        return Settings(**values).clamp(), ""
    except (TypeError, ValueError):
        return Settings(), f"{path.name}: bad values — default settings used."


def save_settings(settings: Settings, path: Optional[Path] = None) -> None:
    """Write the settings atomically."""
    write_json(path or settings_path(), asdict(settings))

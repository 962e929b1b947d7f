"""Every UI string: the English here is the source, other languages are gettext catalogues
(``assets/locale/<lang>/LC_MESSAGES/ui.po``, the key as message context); look up with :func:`tr`.
"""

from __future__ import annotations

from cats import GAMES, words
from cats.core import GameInfo, OptionSpec
from screens.assets import asset_path

LANGUAGE_NAMES = {"en": "English", "zh-TW": "繁體中文"}

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "app.title": "Nine Lives",
        "app.tagline": "Five cat games, one cosy table",
        "menu.continue": "Continue",
        "menu.new": "New game",
        "menu.load": "Load",
        "menu.profiles": "Players",
        "menu.settings": "Settings",
        "menu.rules": "Rules",
        "menu.quit": "Quit",
        "menu.library": "Choose a game",
        "menu.workshop": "In the workshop",
        "menu.resume_problem": "The autosave could not be loaded: {error}",
        "load.autosave": "Autosave",
        "game.menu": "Menu",
        "game.undo": "Undo",
        "game.redo": "Redo",
        "game.hint": "Hint",
        "game.save": "Save",
        "game.load": "Load",
        "game.rules": "Rules",
        "game.settings": "Settings",
        "game.restart": "Replay this deal",
        "game.quit": "Quit to menu",
        "game.resume": "Back to the game",
        "game.log": "Move log",
        "game.thinking": "{name} is thinking…",
        "game.turn": "{name}: {prompt}",
        "game.over": "Game over",
        "game.new_deal": "New deal",
        "game.saved": "Saved as “{slot}”.",
        "game.hint_is": "Hint: {move} (expected score {value:.1f})",
        "game.no_hint": "No hint available here.",
        "game.error": "Something went wrong: {error}.",
        "game.error_saved": "Your game was autosaved.",
        "saving.title": "Games are not being saved",
        "saving.ok": "Keep playing",
        "saving.body": "You can keep playing; Nine Lives tries to save again after every move.",
        "lock.title": "Nine Lives is already open",
        "lock.body": "Two copies on one data folder would overwrite each other's games. You can "
                     "look at your games here without saving anything, or quit and use the other "
                     "window.",
        "lock.read_only": "Open read-only",
        "lock.quit": "Quit",
        "lock.notice": "Read-only: nothing is saved while the other copy of Nine Lives is open.",
        "handoff.title": "Pass the computer to {name}",
        "handoff.body": "Only {name} should look now. Hands stay hidden until you confirm.",
        "handoff.ready": "I am {name} — show my hand",
        "handoff.menu": "Esc: the game's menu (save, quit) — nothing is shown",
        "game.done_undo": "{name}: pass the computer on when you are done (or take the move back)",
        "game.done": "Done",
        "game.take_back": "Undo my move",
        "game.results": "Round over: everybody can look — click the table to go on",
        "settings.confirm": "Done / Undo before passing",
        "new.title": "New game: {title}",
        "new.players": "Players",
        "new.seat": "Seat {n}",
        "new.human": "Human",
        "new.bot": "Bot: {level}",
        "new.level.1": "Kitten (easy)",
        "new.level.2": "Tomcat (medium)",
        "new.level.3": "Lion (hard)",
        "new.option": "{option}: {value}",
        "new.seat_problem": "Seat {n}: {problem}.",
        "new.same_name": "Two seats are both called {name}: give each player their own name.",
        "new.seed": "Seed (empty = random)",
        "new.daily": "Deal of the day",
        "new.start": "Start",
        "new.back": "Back",
        "load.title": "Load a game",
        "load.empty": "No saved games yet.",
        "load.load": "Load",
        "load.delete": "Delete",
        "load.broken": "Cannot be read: {error}",
        "settings.title": "Settings",
        "settings.volume": "Volume",
        "settings.animation": "Animation speed",
        "settings.scale": "Interface size",
        "settings.marks": "Colour-blind marks",
        "settings.language": "Language",
        "settings.pace": "Bot pace (seconds)",
        "settings.done": "Done",
        "settings.next": "Click for the next choice",
        "settings.not_saved": "Settings could not be saved ({error}); they apply until you quit.",
        "profiles.title": "Players and hotseat groups",
        "profiles.not_saved": "Players could not be saved ({error}); changes last until you quit.",
        "profiles.add": "Add player",
        "profiles.name": "Name",
        "rules.title": "Rules",
        "rules.workshop": "# {title}\n\nThis game is still in the workshop; its rules page comes with it.",
        "end.title": "Game over",
        "end.best": "Best for {name}: {best}",
        "end.new_best": "A new best for {name}!",
        "end.again": "Play again",
        "end.menu": "Main menu",
        "replay.title": "Replay: {title}",
        "replay.after": "{title} — {name}: {move}",
        "replay.counter": "move {n} / {total}",
        "replay.as_seat": "As {name} saw it",
        "replay.table": "The table (what everyone sees)",
        "replay.everything": "Everything (whoever acts)",
        "replay.chooser_tip": "Click for the next way of watching",
        "load.watch": "Watch",
        "end.watch": "Watch the replay",
        "menu.stats": "Stats",
        "stats.title": "Stats: {name}",
        "stats.nobody": "No players yet: add one on the Players page.",
        "stats.none": "No finished games recorded for {name} yet.",
        "stats.next": "Next player",
        "stats.played": "Played and won",
        "stats.row": "{game}, {players}: {won} of {played} won",
        "stats.players.1": "solo",
        "stats.players.n": "{n} players",
        "stats.bots": "Against bots",
        "stats.bot_row": "{level}: {won} of {played} won",
        "stats.best": "Best scores",
        "stats.best_row": "{variant}: {score}",
        "stats.recent": "Recent results",
        "stats.without": "without {option}",
        "stats.recent_row": "{date} · {game}: {result}",
        "stats.won": "won ({score})",
        "stats.lost": "lost ({score})",
        "stats.damaged": "{problem} — nothing new is recorded until it is repaired or removed.",
        "stats.not_saved": "Stats could not be saved ({error}).",
        "box.aids.title": "Still open this round",
        "box.aids.open": "open",
        "box.aids.gave_up": "gave up",
        "speed.0": "Off",
        "speed.0.5": "Slow",
        "speed.1": "Normal",
        "speed.2": "Fast",
        "on": "On",
        "off": "Off",
        "tutorial.button": "Tutorial",
        "tutorial.you": "Player",
        "tutorial.rival": "Tutor cat",
        "tutorial.title": "Tutorial: step {step} of {steps}",
        "tutorial.finished": "Tutorial: play on",
        "tutorial.why": "Why: {point}",
        "tutorial.section": "Rules page: {section}",
        "tutorial.not_that": "Not that one: {prompt}",
        "tutorial.watch": "Watch your rival's move…",
        "tutorial.skip": "Skip",
        "tutorial.rules": "Rules",
        "tutorial.exit": "Exit",
        "tutorial.play_on": "Play on",
        "info.solo": "solo",
        "info.players": "{low}–{high} players",
    }
}


def _info_strings() -> dict[str, str]:
    """Each game's title, blurb and option labels (the English is its info card's)."""
    out = {}
    for gid, game in GAMES.items():
        info = game.info
        out[f"info.{gid}.title"] = info.title
        out[f"info.{gid}.name"] = info.name
        out[f"info.{gid}.blurb"] = info.blurb
        for spec in info.options:
            if spec.kind != "script":
                out[f"info.{gid}.option.{spec.name}"] = spec.label
                if spec.help:
                    out[f"info.{gid}.help.{spec.name}"] = spec.help
    return out


STRINGS["en"].update(_info_strings())



def set_language(code: str) -> None:
    """Choose the language of :func:`tr` and of the games' words (unknown codes: English)."""
    words.set_language(code if code in LANGUAGE_NAMES else "en")


def language() -> str:
    """The language the interface is shown in."""
    return words.language()


def tr(key: str, **values: object) -> str:
    """The UI string for ``key`` in the current language, with ``values`` filled in."""
    english = STRINGS["en"].get(key, key)
    text = english
    if words.language() != "en":
        text = words.catalogue("ui", asset_path("locale")).pgettext(key, english)
    return text.format(**values) if values else text


def title(info: GameInfo) -> str:
    """A game's title in the current language."""
    return tr(f"info.{info.id}.title")


def short_title(info: GameInfo) -> str:
    """A game's short title (on its library card) in the current language."""
    return tr(f"info.{info.id}.name")


def blurb(info: GameInfo) -> str:
    """A game's one-paragraph description in the current language."""
    return tr(f"info.{info.id}.blurb")


def players_text(info: GameInfo) -> str:
    """"solo" or "2–6 players" in the current language."""
    if info.max_players == 1:
        return tr("info.solo")
    return tr("info.players", low=info.min_players, high=info.max_players)


def option_label(info: GameInfo, spec: OptionSpec) -> str:
    """The label of one of a game's options in the current language."""
    return tr(f"info.{info.id}.option.{spec.name}")


def option_help(info: GameInfo, spec: OptionSpec) -> str:
    """The help line of one of a game's options in the current language ("" if none)."""
    return tr(f"info.{info.id}.help.{spec.name}") if spec.help else ""

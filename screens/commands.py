"""The command line's own runs: a game from ``--game``, ``--screenshot`` and ``--smoke``."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from cats import GAMES
from cats.rng import Rng
from saves import paths
from saves.values import seed_of
from screens import cli
from screens.cli import WINDOW, Args, UsageError
from screens.loop import frame
from screens.startup import build_context

if TYPE_CHECKING:
    from cats.session import Session


def start_session(args: Args) -> Session:
    """A session from ``--game/--players/--seed/--bots/--option``."""
    from cats.session import Seat, Session  # the engines load when a game starts

    game = GAMES[args.game]
    info = game.info
    players = args.players or (info.min_players if info.max_players == 1
                               else max(2, info.min_players))
    if players not in info.player_counts() and info.max_players == 1:
        raise UsageError(f"{info.title} is for {info.min_players} player, not {players}")
    if players not in info.player_counts():
        raise UsageError(f"{info.title} is for {info.min_players}–{info.max_players} players, "
                         f"not {players}")
    cli.check_game(args)
    from screens.text import tr

    seed = seed_of(args.seed) if args.seed else int(time.time() * 1000) % (2**63)
    seats = [Seat(tr("new.player_name", n=i + 1)) for i in range(players)]
    for i in range(players - min(args.bots, players), players):
        seats[i] = Seat(tr("new.bot_seat", n=i + 1), "bot", 2)
    options = {name: True for name in args.option}
    try:
        return Session.start(args.game, seats, seed, options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def play_random(session: Session, moves: int, seed: int) -> None:
    """Play ``moves`` random legal actions (screenshots and the smoke run)."""
    rng = Rng(seed)
    for _ in range(moves):
        if session.state.to_move is None:
            break
        actions = session.state.legal_actions()
        session.play(actions[rng.below(len(actions))])


def screenshot(args: Args, read_only: bool = False) -> int:
    """Render the menu or a game (after ``--moves``) to a PNG file."""
    import pygame

    from cats.session import Seat
    from screens.menus.main import MainMenu
    from screens.registry import open_game

    if args.scene == "replay" and not args.game:
        args.game = "gambit"  # a replay needs a game to watch
    if args.game:
        start_session(args)  # a wrong set-up is refused before the window opens
    ctx = build_context(args.size, headless=True, read_only=read_only, lang=args.lang)
    ctx.settings.animation_speed = 0
    if args.scale is not None:
        ctx.settings.ui_scale = args.scale / 100
    if getattr(args, "contrast", False):
        ctx.settings.high_contrast = True
    if args.scale is not None or getattr(args, "contrast", False):
        from screens import appearance

        appearance.apply(ctx, rebuild=False)
    ctx.headless_reveal = True
    ctx.scenes.push(MainMenu(ctx))
    if args.scene == "tutorial":
        from screens.tutorial.scene import open_tutorial
        ctx.scenes.push(open_tutorial(ctx, args.game or "gambit", args.moves))
    elif args.game:
        session = start_session(args)
        for i, seat in enumerate(session.seats):
            session.seats[i] = Seat(seat.name)  # everyone human: nothing moves by itself
        play_random(session, args.moves if args.scene != "end" else 10_000, session.seed)
        ctx.scenes.push(open_game(ctx, session))
    frame(ctx, 0.05)
    push_scene(ctx, args.scene, args.game or "gambit")
    for _ in range(4):
        frame(ctx, 0.05)
    try:
        pygame.image.save(ctx.window, args.screenshot)
    except (pygame.error, OSError) as exc:
        raise UsageError(f"{args.screenshot} could not be written ({exc})") from None
    print(f"saved {args.screenshot}")
    return 0


def push_scene(ctx, name: str, game_id: str) -> None:  # type: ignore[no-untyped-def]
    """Open a named screen on top (for screenshots of every screen)."""
    from screens.menus.loadgame import LoadScene
    from screens.menus.main import RulesScene
    from screens.menus.newgame import NewGameScene
    from screens.menus.profiles import ProfilesScene
    from screens.menus.settings import SettingsScene
    from screens.menus.stats import StatsScene
    from screens.replay.scene import ReplayScene

    top = ctx.scenes.top
    scenes = {"new": lambda: NewGameScene(ctx, game_id), "load": lambda: LoadScene(ctx),
              "settings": lambda: SettingsScene(ctx), "rules": lambda: RulesScene(ctx, game_id),
              "profiles": lambda: ProfilesScene(ctx), "stats": lambda: StatsScene(ctx)}
    if name in scenes:
        ctx.scenes.push(scenes[name]())
    elif name == "replay":
        from screens.menus.main import MainMenu

        session = next((sc.session for sc in ctx.scenes.stack if hasattr(sc, "session")), None)
        if session is not None:  # the viewer alone over the menu (no end panel of the table)
            ctx.scenes.apply()
            ctx.scenes.rebuild([MainMenu(ctx), ReplayScene(ctx, session)])
    elif name == "menu" and hasattr(top, "menu"):
        top.menu.open()
    elif name == "locked":
        from screens.overlays import lock_dialog
        ctx.scenes.push(lock_dialog(ctx, f"Another copy of Nine Lives (process 4242) is using "
                                         f"{paths.data_dir()}."))
    elif name == "nosave":
        from screens.overlays import saving_notice
        ctx.scenes.push(saving_notice(
            ctx, f"{paths.saves_dir()} cannot be written (Read-only file system)"))


def smoke(read_only: bool = False) -> int:
    """Open every game's screen from a seeded game, play moves through the scene, render."""
    import pygame

    from cats.session import Seat, Session
    from screens.menus.main import MainMenu
    from screens.registry import SCREENS, open_game

    ctx = build_context(WINDOW, headless=True, read_only=read_only)
    ctx.settings.animation_speed = 0
    ctx.settings.bot_pace = 0
    ctx.scenes.push(MainMenu(ctx))
    frame(ctx, 0.016)
    checked = []
    for game_id in SCREENS:
        info = GAMES[game_id].info
        seats = [Seat("Smoke")] + [Seat(f"Bot {i}", "bot", 1) for i in range(1, max(
            info.min_players, min(2, info.max_players)))]
        session = Session.start(game_id, seats, 20261130, {})
        scene = open_game(ctx, session)
        ctx.scenes.push(scene)
        rng = Rng(7)
        for _ in range(40):
            frame(ctx, 0.05)
            if scene.my_turn():
                actions = session.state.legal_actions()
                scene.play(actions[rng.below(len(actions))])
            if session.state.is_over():
                break
        frame(ctx, 0.05)
        surface = pygame.display.get_surface()
        if surface.get_at((surface.get_width() // 2, surface.get_height() // 2)) is None:
            raise RuntimeError(f"{game_id}: nothing drawn")
        ctx.scenes.pop()
        frame(ctx, 0.016)
        checked.append(f"{game_id}: {len(session.log)} moves")
    print("sound (cues, loops):", *ctx.sounds.check_files())  # all in the package
    print("smoke ok — " + "; ".join(checked))
    ctx.executor.shutdown(wait=False)
    return 0

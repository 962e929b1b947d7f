"""Soak: many bot-against-bot games through the session layer, watching resident memory.

Games cycle through every registered game and player count; every seat is a bot of ``--level``
thinking on a worker thread (as in the app), and each finished game is saved to the resume slot
and loaded back. ``--screens N`` plays N games through the headless screens instead (the real
frame loop, bots on the app's worker thread, bot pace 0, no animations). Files go to a temporary
``NINE_LIVES_HOME``; resident memory is printed before and after, with games per second and every
exception.

    python bench/soak.py                      # 1,000 games, level-1 bots
    python bench/soak.py --games 200 --level 2
    python bench/soak.py --screens 40
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import sys
import tempfile
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cats import GAMES  # noqa: E402
from cats.session import Seat, Session  # noqa: E402

MAX_STEPS = 20_000


def rss_mib() -> float:
    """Resident memory now, MiB (/proc/self/statm; the peak from getrusage elsewhere)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as fh:
            pages = int(fh.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, AttributeError):
        return peak_mib()


def peak_mib() -> float:
    """Peak resident memory so far, MiB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 1024


def measure() -> float:
    gc.collect()
    return rss_mib()


def schedule(count: int, ids: list[str]) -> list[tuple[str, int, int]]:
    """(game, players, seed) for ``count`` games, cycling games, then player counts."""
    out = []
    for i in range(count):
        gid = ids[i % len(ids)]
        counts = list(GAMES[gid].info.player_counts())
        out.append((gid, counts[(i // len(ids)) % len(counts)], 1_000 + i))
    return out


def bot_seats(players: int, level: int) -> list[Seat]:
    return [Seat(f"Bot {i + 1}", "bot", level) for i in range(players)]


def play_session(gid: str, players: int, seed: int, level: int, pool: ThreadPoolExecutor,
                 store) -> int:  # type: ignore[no-untyped-def]
    """One bot game through the session layer, saved and loaded back; returns its moves."""
    session = Session.start(gid, bot_seats(players, level), seed, {})
    while session.state.to_move is not None:
        session.play(session.think(pool).result())
        if len(session.log) > MAX_STEPS:
            raise RuntimeError(f"no end within {MAX_STEPS} moves")
    store.autosave(session)
    if store.load("resume").to_record() != session.to_record():
        raise RuntimeError("the saved game loads into another game")
    return len(session.log)


def soak_sessions(count: int, level: int, ids: list[str]) -> int:
    from saves.store import SaveStore

    store = SaveStore()
    failures = 0
    with ThreadPoolExecutor(1, "bot") as pool:
        for gid in ids:  # warm-up: lazy imports, data files, bot tables
            for n in GAMES[gid].info.player_counts():
                play_session(gid, n, 1, level, pool, store)
        before = measure()
        print(f"sessions: {count} games over {', '.join(ids)}, level-{level} bots")
        print(f"  resident before: {before:.1f} MiB")
        started, moves = time.perf_counter(), 0
        plan = schedule(count, ids)
        for i, (gid, players, seed) in enumerate(plan, 1):
            try:
                moves += play_session(gid, players, seed, level, pool, store)
            except Exception:  # noqa: BLE001 - every exception is reported and counted
                failures += 1
                print(f"  EXCEPTION in {gid} {players}p seed {seed}:")
                print("    " + traceback.format_exc().strip().replace("\n", "\n    "))
            if i % max(1, count // 4) == 0 and i < count:
                print(f"  after {i} games: {measure():.1f} MiB")
        wall = time.perf_counter() - started
    after = measure()
    print(f"  resident after:  {after:.1f} MiB (change {after - before:+.1f} MiB, "
          f"peak {peak_mib():.1f} MiB)")
    print(f"  {count} games, {moves} moves in {wall:.1f} s: {count / wall:.1f} games/s, "
          f"{moves / wall:.0f} moves/s; exceptions: {failures}")
    return failures


def soak_screens(count: int, level: int, wanted: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from screens.app import build_context, frame
    from screens.menus.main import MainMenu
    from screens.registry import SCREENS, open_game

    ids = [g for g in wanted if g in SCREENS]
    ctx = build_context(headless=True)
    ctx.settings.animation_speed = 0
    ctx.settings.bot_pace = 0
    ctx.scenes.push(MainMenu(ctx))
    frame(ctx, 0.016)
    failures, frames, moves = 0, 0, 0

    def one(gid: str, players: int, seed: int) -> None:
        nonlocal frames, moves
        session = Session.start(gid, bot_seats(players, level), seed, {})
        scene = open_game(ctx, session)
        ctx.scenes.push(scene)
        deadline = time.perf_counter() + 300
        while not (session.state.is_over() and scene.end_shown):
            frame(ctx, 0.05)
            frames += 1
            if time.perf_counter() > deadline:
                raise RuntimeError(f"{gid}: not over after 300 s ({len(session.log)} moves)")
        frame(ctx, 0.05)
        moves += len(session.log)
        ctx.scenes.reset(MainMenu(ctx))
        frame(ctx, 0.016)

    for gid in ids:  # warm-up: fonts, art, scenes, at every player count
        for players in GAMES[gid].info.player_counts():
            one(gid, players, 1)
    frames, moves = 0, 0
    before = measure()
    print(f"screens: {count} games over {', '.join(ids)}, level-{level} bots, headless")
    print(f"  resident before: {before:.1f} MiB")
    started = time.perf_counter()
    for i, (gid, players, seed) in enumerate(schedule(count, ids), 1):
        if i > 1 and (i - 1) % max(1, count // 4) == 0:
            print(f"  after {i - 1} games: {measure():.1f} MiB", flush=True)
        try:
            one(gid, players, seed)
        except Exception:  # noqa: BLE001
            failures += 1
            print(f"  EXCEPTION in {gid} {players}p seed {seed}:")
            print("    " + traceback.format_exc().strip().replace("\n", "\n    "))
            ctx.scenes.reset(MainMenu(ctx))
            frame(ctx, 0.016)
    wall = time.perf_counter() - started
    after = measure()
    print(f"  resident after:  {after:.1f} MiB (change {after - before:+.1f} MiB, "
          f"peak {peak_mib():.1f} MiB)")
    print(f"  {count} games, {moves} moves, {frames} frames in {wall:.1f} s: "
          f"{count / wall:.2f} games/s, {frames / wall:.0f} frames/s; exceptions: {failures}")
    ctx.executor.shutdown(wait=False)
    return failures


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", type=int, default=1000, help="bot games through the session layer")
    p.add_argument("--level", type=int, default=1, choices=(1, 2, 3), help="bot level")
    p.add_argument("--screens", type=int, default=0, metavar="N",
                   help="play N games through the headless screens instead")
    p.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game")
    args = p.parse_args(argv)
    ids = [g for g in GAMES if not args.game or g in args.game]
    with tempfile.TemporaryDirectory(prefix="nine-lives-soak-") as home:
        os.environ["NINE_LIVES_HOME"] = home  # never touch the real saves or profiles
        if args.screens:
            failures = soak_screens(args.screens, args.level, ids)
        else:
            failures = soak_sessions(args.games, args.level, ids)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

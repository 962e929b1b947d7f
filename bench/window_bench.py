"""How light and quick the window is, measured in one run against references made in the same run.

* frame time (CPU of the main thread, p95) of each game's busiest table and of the main menu at
  1280x800 with the dummy video driver, against a reference frame: 60 sprites, 20 pygame-gui
  buttons and ten lines of text (target: at most 1.5x);
* idle CPU (process CPU time / wall time) of the real frame loop at rest on the menu and on a
  table waiting for a human (target: at most 5 % of a core);
* start-up: a whole process from start to the first menu frame (the menu drawn: its buttons,
  covers and texts), against a bare pygame-gui window with 20 buttons drawn (CPU time of the
  child, median of several; target: at most 1.3x). The user folders (a temporary folder) are
  filled by a first run that is not counted: as a player's second start, when the art kept in
  the cache folder is read back.

Run: ``PYTHONPATH=. python bench/window_bench.py [--frames 120] [--starts 5] [--idle 3]
[--only frames|idle|startup]``.
User folders are redirected to a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SIZE = (1280, 800)
TABLES = [("catch22", 6, [], 24), ("box", 5, [], 30), ("between", 6, [], 12),
          ("catchess", 3, [], 12), ("gambit", 1, ["umbra"], 8)]
FRAME_TARGET, IDLE_TARGET, START_TARGET = 1.5, 0.05, 1.3


def quiet_env(home: str) -> dict[str, str]:
    """The environment of a run: dummy drivers, user folders in ``home``."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", HOME=home, XDG_DATA_HOME=f"{home}/data",
               XDG_CONFIG_HOME=f"{home}/config", XDG_STATE_HOME=f"{home}/state",
               XDG_CACHE_HOME=f"{home}/cache", PYTHONPATH=str(ROOT),
               PYTHONPYCACHEPREFIX=f"{home}/pycache")  # bytecode as installed, not in the tree
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a player's install has its bytecode compiled
    return env


def p95(samples: list[float]) -> float:
    """The 95th percentile."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def timed_frames(step: Callable[[int], None], frames: int) -> tuple[float, float]:
    """p95 and median CPU milliseconds of ``step(i)`` over ``frames`` frames (after a warm-up)."""
    for i in range(20):
        step(i)
    samples = []
    for i in range(frames):
        t = time.thread_time()
        step(i)
        samples.append((time.thread_time() - t) * 1000)
    return p95(samples), statistics.median(samples)


def wiggle(i: int, rect: Any) -> None:
    """The pointer sweeping across ``rect`` at 6 px a frame (360 px/s) in a gentle wave: every
    measured frame has input to answer."""
    import math

    import pygame

    x = rect.x + (i * 6) % max(1, rect.w)
    y = rect.centery + int(rect.h * 0.3 * math.sin(i / 15))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1),
                                         buttons=(0, 0, 0)))


def reference(frames: int) -> tuple[float, float]:
    """60 sprites, 20 pygame-gui buttons and ten text lines a frame."""
    import pygame
    import pygame_gui

    pygame.init()
    screen = pygame.display.set_mode(SIZE)
    ui = pygame_gui.UIManager(SIZE)
    for i in range(20):
        pygame_gui.elements.UIButton(pygame.Rect(20 + (i % 4) * 150, 20 + (i // 4) * 50, 140, 40),
                                     f"Button {i}", ui)
    sprite = pygame.Surface((64, 64), pygame.SRCALPHA)
    pygame.draw.circle(sprite, (200, 120, 60, 255), (32, 32), 30)
    sprite = sprite.convert_alpha()
    face = pygame.font.Font(None, 24)

    def step(i: int) -> None:
        wiggle(i, screen.get_rect())
        for event in pygame.event.get():
            ui.process_events(event)
        ui.update(1 / 60)
        screen.fill((240, 230, 220))
        for k in range(60):
            screen.blit(sprite, ((k * 83 + i) % 1200, 300 + (k * 47) % 440))
        for k in range(10):
            screen.blit(face.render(f"Line {k}: the cat sat on the mat", True, (20, 20, 20)),
                        (700, 20 + 24 * k))
        ui.draw_ui(screen)
        pygame.display.flip()

    result = timed_frames(step, frames)
    pygame.quit()
    return result


def tables(frames: int) -> dict[str, tuple[tuple[float, float], tuple[float, float]]]:
    """p95 frame time of the main menu and of each game's busiest table: with the pointer
    moving over it every frame, and redrawn with nothing changed."""
    from cats.session import Seat, Session
    from screens.app import build_context, frame, play_random
    from screens.menus.main import MainMenu
    from screens.registry import open_game

    out = {}
    ctx = build_context(SIZE, headless=True)
    ctx.settings.animation_speed = 0
    ctx.headless_reveal = True
    ctx.scenes.push(MainMenu(ctx))
    frame(ctx, 0.016)
    out["menu"] = (timed_frames(lambda i: (wiggle(i, ctx.window.get_rect()),
                                           frame(ctx, 1 / 60)), frames),
                   timed_frames(lambda i: frame(ctx, 1 / 60, []), frames))
    for game_id, players, options, moves in TABLES:
        session = Session.start(game_id, [Seat(f"P{k + 1}") for k in range(players)], 20261202,
                                {name: True for name in options})
        play_random(session, moves, 7)
        scene = open_game(ctx, session)
        ctx.scenes.push(scene)
        frame(ctx, 0.016)
        out[f"{game_id} {players}p"] = (
            timed_frames(lambda i, board=scene.board: (wiggle(i, board), frame(ctx, 1 / 60)),
                         frames),
            timed_frames(lambda i: frame(ctx, 1 / 60, []), frames))
        ctx.scenes.pop()
        frame(ctx, 0.016)
    ctx.executor.shutdown(wait=True)
    return out


def idle(seconds: float, settle: float = 2.5) -> dict[str, float]:
    """Process CPU / wall time of the real loop at rest: on the menu, on a table waiting."""
    import pygame

    from cats.session import Seat, Session
    from screens.app import build_context, frame, run
    from screens.menus.main import MainMenu
    from screens.pace import Pace
    from screens.registry import open_game

    out = {}
    for name in ("menu", "catch22 table"):
        ctx = build_context(SIZE, headless=True)
        ctx.headless_reveal = True
        ctx.scenes.push(MainMenu(ctx))
        if name != "menu":
            session = Session.start("catch22", [Seat("P1"), Seat("P2"), Seat("P3")], 5, {})
            ctx.scenes.push(open_game(ctx, session))
        frame(ctx, 0.016)
        marks: list[tuple[float, float]] = []

        def clock(marks: list[tuple[float, float]] = marks) -> None:
            time.sleep(settle)
            marks.append((time.process_time(), time.monotonic()))
            time.sleep(seconds)
            marks.append((time.process_time(), time.monotonic()))
            pygame.event.post(pygame.event.Event(pygame.QUIT))

        timer = threading.Thread(target=clock, daemon=True)
        timer.start()
        pace = Pace()
        run(ctx, pace)
        timer.join()
        (c0, w0), (c1, w1) = marks
        out[name] = (c1 - c0) / (w1 - w0)
        ctx.executor.shutdown(wait=True)
        pygame.quit()
    return out


BARE = """
import pygame, pygame_gui
pygame.init()
screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
ui = pygame_gui.UIManager((1280, 720))
for i in range(20):
    pygame_gui.elements.UIButton(pygame.Rect(20, 20 + i * 34, 160, 30), f"Button {i}", ui)
ui.update(0.016)
screen.fill((240, 230, 220))
ui.draw_ui(screen)
pygame.display.flip()
"""

APP = """
from screens import app
args = app.parse_args([])
lock, held = app.take_lock()
app.setup_logging(to_file=not held)
ctx = app.build_context(read_only=bool(held))
app.open_menu(ctx, held, None)
app.frame(ctx, 0.016, [])
lock.release()
"""


def child_cpu(code: str, env: dict[str, str]) -> tuple[float, float]:
    """CPU seconds and wall seconds of a whole Python process running ``code``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.monotonic()
    subprocess.run([sys.executable, "-c", code], env=env, check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.monotonic() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def startup(repeats: int, env: dict[str, str]) -> dict[str, tuple[float, float]]:
    """Median CPU and wall seconds of the bare window and of the app to its first menu frame."""
    runs: dict[str, list[tuple[float, float]]] = {"bare": [], "app": []}
    child_cpu(BARE, env)
    child_cpu(APP, env)  # warm the file cache and the bytecode
    for _ in range(repeats):
        runs["bare"].append(child_cpu(BARE, env))
        runs["app"].append(child_cpu(APP, env))
    return {k: (statistics.median(c for c, _ in v), statistics.median(w for _, w in v))
            for k, v in runs.items()}


def verdict(ok: bool) -> str:
    """PASS or MISS."""
    return "PASS" if ok else "MISS"


def main(argv: list[str] | None = None) -> int:
    """Measure and print every figure with its target."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--frames", type=int, default=120)
    p.add_argument("--starts", type=int, default=5)
    p.add_argument("--idle", type=float, default=3.0)
    p.add_argument("--only", choices=("frames", "idle", "startup"),
                   help="measure only this part (the others are skipped)")
    args = p.parse_args(argv)
    home = tempfile.mkdtemp(prefix="window-bench-")
    env = quiet_env(home)
    os.environ.update({k: env[k] for k in env if k not in ("PYTHONPATH", "PYTHONPYCACHEPREFIX")})
    sys.path.insert(0, str(ROOT))

    if args.only in (None, "frames"):
        print_frames(args.frames)
    if args.only in (None, "idle"):
        print(f"idle CPU over {args.idle:.0f} s at rest (target <= {IDLE_TARGET:.0%} of a core)")
        for name, share in idle(args.idle).items():
            print(f"  {name:14s} {share:6.1%}        {verdict(share <= IDLE_TARGET)}")
    if args.only in (None, "startup"):
        print_startup(args.starts, env)
    return 0


def print_frames(count: int) -> None:
    """Measure and print the frame times against the reference measured before and after."""
    ref = reference(count)
    frames = tables(count)
    ref_again = reference(count)  # before and after: the load may change meanwhile
    both = (ref[0], ref_again[0])
    mean = statistics.mean(both)
    print(f"frame time p95 (CPU ms, {SIZE[0]}x{SIZE[1]}, {count} frames), reference "
          f"{mean:.2f} ms (before {both[0]:.2f}, after {both[1]:.2f}; target <= {FRAME_TARGET}x)")
    print("                 pointer moving over it  (its median)     redrawn, nothing changed")
    for name, ((moving, typical), (still, _)) in frames.items():
        print(f"  {name:14s} {moving:6.2f} ms {moving / mean:4.2f}x "
              f"{verdict(moving / mean <= FRAME_TARGET)} ({typical:5.2f} ms "
              f"{typical / mean:4.2f}x)   {still:6.2f} ms {still / mean:4.2f}x "
              f"{verdict(still / mean <= FRAME_TARGET)}")


def print_startup(repeats: int, env: dict[str, str]) -> None:
    """Measure and print the start-up of the app against the bare window."""
    starts = startup(repeats, env)
    (bare_cpu, bare_wall), (app_cpu, app_wall) = starts["bare"], starts["app"]
    ratio = app_cpu / bare_cpu
    print(f"start to first menu frame (whole process, median of {repeats}; "
          f"target <= {START_TARGET}x)")
    print(f"  bare window    {bare_cpu * 1000:6.0f} ms CPU ({bare_wall * 1000:.0f} ms wall)")
    print(f"  nine lives     {app_cpu * 1000:6.0f} ms CPU ({app_wall * 1000:.0f} ms wall)  "
          f"{ratio:4.2f}x  {verdict(ratio <= START_TARGET)}  (wall {app_wall / bare_wall:.2f}x)")


if __name__ == "__main__":
    sys.exit(main())

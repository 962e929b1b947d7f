"""Host a table with no window: ``nine-lives --host-table GAME --seats open,open,bot``.

It prints where guests connect (address, join code, invite), keeps the table until its game is
over (or ``--for`` seconds), then stops. The same host the app's lobby opens; useful on a
computer nobody plays at, and how the package test checks that a bundle can host.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Optional, Sequence, TextIO

from net.host import SeatPlan, TableHost

SEAT_KINDS = ("open", "bot", "local")


def seat_plans(text: str, level: int) -> list[SeatPlan]:
    """``open,open,bot`` as seat plans; ``ValueError`` naming a wrong word."""
    plans = []
    for word in (w.strip().lower() for w in text.split(",") if w.strip()):
        if word not in SEAT_KINDS:
            raise ValueError(f"a seat is one of {', '.join(SEAT_KINDS)}, not {word[:20]!r}")
        plans.append(SeatPlan(word, "", level))
    if not plans:
        raise ValueError("name at least one seat, e.g. --seats open,bot")
    return plans


def serve(game: str, seats: Sequence[SeatPlan], seed: int, *, bind: str = "127.0.0.1",
          port: int = 0, seconds: float = 0.0, cert_folder: Optional[Path] = None,
          autosave: Optional[Path] = None, bot_pace: float = 0.6,
          out: TextIO = sys.stdout) -> int:
    """Open the table, print how to join it, wait for the end; the exit status."""
    host = TableHost(game, seats, seed, bind=bind, port=port, cert_folder=cert_folder,
                     bot_pace=bot_pace, autosave=autosave, name="Nine Lives")
    address, bound = host.start()
    try:
        print(f"table {host.title} open at {address}:{bound}", file=out)
        print(f"code {host.code}", file=out)
        print(f"invite {host.invite(address)}", file=out, flush=True)
        deadline = time.monotonic() + seconds if seconds > 0 else float("inf")
        while time.monotonic() < deadline:
            if host.call(lambda: host.session.state.is_over()):
                print(f"game over after {host.call(lambda: len(host.session.log))} moves",
                      file=out, flush=True)
                return 0
            time.sleep(0.2)
        print("time is up: the table closes", file=out, flush=True)
        return 0
    except KeyboardInterrupt:
        return 130
    finally:
        host.stop()

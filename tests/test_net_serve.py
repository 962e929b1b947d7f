"""A table hosted with no window (``--host-table``): it says how to join, a guest joins from
the invite it printed and plays the game out against its bot, and the host ends with the game."""

from __future__ import annotations

import io
import random
import threading
import time
from pathlib import Path

import pytest

from net.guest import GuestClient
from net.serve import seat_plans, serve


class Lines(io.StringIO):
    """What the host prints, with a signal when the invite line is there."""

    def __init__(self) -> None:
        super().__init__()
        self.invited = threading.Event()

    def write(self, text: str) -> int:
        n = super().write(text)
        if "invite " in self.getvalue():
            self.invited.set()
        return n


def test_a_windowless_host_prints_the_invite_and_ends_with_the_game(tmp_path: Path) -> None:
    out = Lines()
    result: list[int] = []
    runner = threading.Thread(target=lambda: result.append(serve(
        "between", seat_plans("open,bot", 1), 5, cert_folder=tmp_path, bot_pace=0,
        seconds=120, out=out)), daemon=True)
    runner.start()
    assert out.invited.wait(20)
    lines = dict(line.split(" ", 1) for line in out.getvalue().splitlines())
    assert lines["table"].startswith("Cat Between Us open at 127.0.0.1:")
    code = lines["code"].strip()
    guest = GuestClient.from_invite(lines["invite"].strip(), name="Tester").start()
    assert guest.code == code  # the invite carries the code and the certificate's pin
    pick, answered = random.Random(4), -1
    deadline = time.monotonic() + 120  # a hang guard
    while runner.is_alive() and time.monotonic() < deadline:
        frames = [e for e in guest.poll() if e.get("t") == "frame"]
        if frames and frames[-1]["legal"] and frames[-1]["version"] != answered:
            answered = frames[-1]["version"]
            guest.send_action(frames[-1]["to_move"], pick.choice(frames[-1]["legal"])["action"])
        time.sleep(0.005)
    runner.join(10)
    guest.close()
    assert result == [0]
    assert "game over after" in out.getvalue()


def test_a_wrong_seat_word_is_named() -> None:
    with pytest.raises(ValueError, match="'chair'"):
        seat_plans("open,chair", 1)
    with pytest.raises(ValueError, match="at least one seat"):
        seat_plans(" , ", 1)


def test_the_command_line_hosts_a_table(tmp_path: Path) -> None:
    """``main.py --host-table`` prints how to join and closes the table when --for runs out;
    a wrong seat word is one line on stderr and exit 2."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, str(root / "main.py"), "--host-table", "box",
                           "--seats", "open,bot,bot", "--bind", "127.0.0.1", "--for", "1"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "invite nine-lives://127.0.0.1:" in done.stdout
    assert "time is up" in done.stdout
    wrong = subprocess.run([sys.executable, str(root / "main.py"), "--host-table", "box",
                            "--seats", "open,sofa"], capture_output=True, text=True, timeout=60)
    assert wrong.returncode == 2 and "'sofa'" in wrong.stderr

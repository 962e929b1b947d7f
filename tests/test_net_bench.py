"""The loopback network bench runs: ``bench/net_bench.py --quick`` prints its header, the latency
table's header, one row per game measured, the goal line and the flood's RSS lines (the figures'
values are the bench's business, not checked here)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cats import GAMES

ROOT = Path(__file__).resolve().parent.parent


def test_the_quick_net_bench_prints_a_row_per_game(tmp_path: Path) -> None:
    env = dict(os.environ, NINE_LIVES_NET_BIND="127.0.0.1", HOME=str(tmp_path),
               NINE_LIVES_HOME=str(tmp_path / "nine-lives"), PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "bench/net_bench.py", "--quick"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=180)  # a hang guard
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("# python bench/net_bench.py --quick  (")
    assert any("ONE Python process" in line for line in lines)
    heads = [i for i, line in enumerate(lines) if line.split()[:3] == ["game", "guests", "moves"]]
    assert len(heads) == 1
    assert lines[heads[0]].split()[3:9] == ["p50", "ms", "p95", "ms", "max", "ms"]
    rows = [line.split() for line in lines[heads[0] + 1:] if line.split()[:1] in
            [[g] for g in GAMES]]
    assert [r[0] for r in rows] == list(GAMES)  # one row per game, in registry order
    for r in rows:
        assert int(r[1]) == min(5, GAMES[r[0]].info.max_players)  # the quick run's guest count
        assert int(r[2]) > 0, r  # moves were measured
        float(r[3]), float(r[4]), float(r[5])
    assert sum(line.startswith("goal: p95 <= 20 ms on loopback with 5 guests") for line in lines) == 1
    assert any("RSS (" in line and "before" in line for line in lines)
    assert any(line.strip().startswith("after round 1:") for line in lines)
    assert any("after/before" in line for line in lines)

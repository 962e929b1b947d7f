"""The fuzz runner's ledger: finished chunks are recorded with a code fingerprint, a later run
skips them and reports totals over all, a damaged line or other code's records are not counted."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import fuzz  # noqa: E402


def _run(ledger: Path, *extra: str) -> tuple[int, list[str]]:
    lines: list[str] = []
    ns = argparse.Namespace(games=3, game=["gambit"], workers=1, seed=0, ledger=str(ledger),
                            no_ledger="--no-ledger" in extra, report="--report" in extra)
    code = fuzz.run(ns, lines.append)
    return code, lines


def test_a_run_is_recorded_and_the_next_one_resumes_from_it(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.jsonl"
    code, lines = _run(ledger)
    assert code == 0 and any("1 to run" in line for line in lines)
    records = [json.loads(line) for line in ledger.read_text().splitlines()]
    assert len(records) == 1 and records[0]["games"] == 3 and records[0]["failures"] == []
    assert records[0]["fingerprint"] == fuzz.fingerprint("gambit")
    code, lines = _run(ledger)
    assert code == 0 and any("1 of 1 chunks" in line and "0 to run" in line for line in lines)
    row = next(line for line in lines if line.startswith("gambit "))
    assert row.split()[2] == "3" and row.split()[5] == "3"   # 3 games, all from the ledger
    assert len(ledger.read_text().splitlines()) == 1


def test_report_only_counts_this_codes_records_and_skips_damaged_lines(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.jsonl"
    other = {"fingerprint": "0" * 16, "game": "gambit", "players": 1, "first": 0, "last": 3,
             "games": 3, "steps": 50, "failures": []}
    ledger.write_text(json.dumps(other) + "\n" + '{"fingerprint": "cut sho' + "\n")
    code, lines = _run(ledger, "--report")
    assert code == 3, "nothing for this code yet: planned games are missing"
    assert any("line 2 is damaged" in line for line in lines)
    assert any("3 planned games not yet run" in line for line in lines)


def test_a_failure_in_the_ledger_fails_the_report(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.jsonl"
    bad = {"fingerprint": fuzz.fingerprint("gambit"), "game": "gambit", "players": 1, "first": 0,
           "last": 3, "games": 3, "steps": 50, "failures": ["gambit 1p seed=1: boom"]}
    ledger.write_text(json.dumps(bad) + "\n")
    code, lines = _run(ledger, "--report")
    assert code == 1 and any("FAIL gambit 1p seed=1: boom" in line for line in lines)


@pytest.mark.parametrize("name,changes", [
    ("cats/core.py", {"gambit", "box"}), ("cats/conformance.py", {"gambit", "box"}),
    ("cats/jsondata.py", {"gambit", "box"}), ("cats/gambit/state.py", {"gambit"}),
    ("cats/box/state.py", {"box"}), ("cats/box/setup.json", {"box"}),
    ("cats/box/invariants.py", {"box"}), ("cats/box/bots.py", set()),
    ("cats/gambit/solver.py", set()), ("cats/gambit/words.py", set()),
    ("cats/ai/search.py", set()), ("cats/session.py", set()), ("cats/catchess/solo.py", set())])
def test_each_games_fingerprint_follows_the_code_it_checks(tmp_path: Path, name: str,
                                                          changes: set) -> None:
    files = ["cats/core.py", "cats/conformance.py", "cats/jsondata.py", "cats/gambit/state.py",
             "cats/gambit/solver.py", "cats/gambit/words.py", "cats/box/state.py",
             "cats/box/setup.json", "cats/box/invariants.py", "cats/box/bots.py",
             "cats/ai/search.py", "cats/session.py", "cats/catchess/solo.py"]
    for rel in files:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x = 1\n")
    before = {g: fuzz.fingerprint(g, tmp_path) for g in ("gambit", "box")}
    (tmp_path / name).write_text("x = 2\n")
    after = {g: fuzz.fingerprint(g, tmp_path) for g in ("gambit", "box")}
    assert {g for g in before if before[g] != after[g]} == changes


def test_a_torn_last_line_does_not_swallow_the_next_record(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.jsonl"
    ledger.write_text('{"fingerprint": "torn')
    fuzz.append_record(ledger, {"fingerprint": "x", "game": "gambit", "players": 1, "first": 0,
                                "last": 1, "games": 1, "steps": 9, "failures": []})
    seen: list[str] = []
    records = fuzz.read_ledger(ledger, seen.append)
    assert [r["steps"] for r in records] == [9] and seen == ["ledger.jsonl: line 1 is damaged "
                                                             "and is ignored"]


@pytest.mark.parametrize("change", [{"games": "3"}, {"failures": "boom"}, {"games": 2},
                                    {"players": None}, {"first": 1.5}])
def test_records_of_the_wrong_shape_are_not_counted(tmp_path: Path, change: dict) -> None:
    good = {"fingerprint": "x", "game": "gambit", "players": 1, "first": 0, "last": 3,
            "games": 3, "steps": 50, "failures": []}
    ledger = tmp_path / "ledger.jsonl"
    ledger.write_text(json.dumps(good) + "\n" + json.dumps(dict(good, **change)) + "\n")
    seen: list[str] = []
    assert len(fuzz.read_ledger(ledger, seen.append)) == 1 and "line 2" in seen[0]

"""The suite itself: its folders point into a temporary place for the whole run, the guard on
the user's real folders works, and no test asserts anything about time (timing is in bench/)."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import platformdirs
import pytest

import conftest
from saves import paths

TESTS = Path(__file__).resolve().parent
TIMERS = {"perf_counter", "perf_counter_ns", "monotonic", "monotonic_ns", "process_time",
          "thread_time", "time", "time_ns"}


def _timer_call(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
               and n.func.attr in TIMERS and isinstance(n.func.value, ast.Name)
               and n.func.value.id == "time" for n in ast.walk(node))


def timed_assertions(source: str) -> list[int]:
    """Lines of ``assert`` statements that test a clock reading (directly or through a name
    that holds one)."""
    tree = ast.parse(source)
    clocked: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.value is not None \
                and _timer_call(node.value):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            clocked |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert):
            names = {n.id for n in ast.walk(node.test) if isinstance(n, ast.Name)}
            if _timer_call(node.test) or names & clocked:
                lines.append(node.lineno)
    return lines


def test_the_timing_check_finds_a_timed_assertion() -> None:
    # The sample is built from parts, so that no line of this file reads as a timed check.
    check, clock = "as" + "sert", "time." + "perf_counter()"
    sample = "\n".join([
        "import time", "def test():", "    t0 = time.perf_counter()", "    work()",
        " ".join(["   ", check, clock, "- t0", "<", "1.0"]),
        "    slow = time.monotonic() - t0",
        " ".join(["   ", check, "slow", "<", "2"]),
        "    assert work() == 3", ""])
    assert timed_assertions(sample) == [5, 7]


@pytest.mark.parametrize("path", sorted(TESTS.glob("*.py")), ids=lambda p: p.name)
def test_no_test_asserts_how_long_something_took(path: Path) -> None:
    assert timed_assertions(path.read_text(encoding="utf-8")) == [], (
        f"{path.name}: a timed assertion (measure it in bench/ instead)")


def test_home_and_the_platform_folders_point_into_the_session_folder(
        monkeypatch: pytest.MonkeyPatch) -> None:
    root = conftest.SESSION_ROOT
    assert Path.home().resolve().is_relative_to(root)
    monkeypatch.delenv("NINE_LIVES_HOME")  # as the app runs for a player
    for folder in (paths.data_dir(), paths.config_dir(), paths.log_dir(),
                   platformdirs.user_cache_path("nine-lives")):
        assert folder.resolve().is_relative_to(root), folder


def test_undoing_every_patch_still_leaves_the_app_in_temporary_folders(
        monkeypatch: pytest.MonkeyPatch, nine_lives_home: Path) -> None:
    assert paths.config_dir() == nine_lives_home / "config"
    monkeypatch.undo()  # also undoes this test's own NINE_LIVES_HOME
    assert paths.config_dir().resolve().is_relative_to(conftest.SESSION_ROOT)
    assert os.environ["HOME"] == str(conftest.SESSION_HOME)


def test_the_guard_notes_a_write_to_the_real_folders_and_nothing_else() -> None:
    real = Path(conftest.PROTECTED[0]) / ".config" / "nine-lives" / "settings.json"
    before = list(conftest.OUTSIDE_WRITES)
    try:
        conftest.guard("open", (str(real), "w", os.O_WRONLY | os.O_CREAT))
        conftest.guard("os.rename", (str(conftest.SESSION_ROOT / "a"), str(real), -1, -1))
        assert len(conftest.OUTSIDE_WRITES) == len(before) + 2
        conftest.guard("open", (str(real), "r", os.O_RDONLY))  # reading is fine
        conftest.guard("open", (str(conftest.SESSION_ROOT / "x"), "w", os.O_WRONLY))
        conftest.guard("os.mkdir", (str(Path(conftest.ROOT) / "build"), 0o777, -1))
        assert len(conftest.OUTSIDE_WRITES) == len(before) + 2
    finally:
        conftest.OUTSIDE_WRITES[:] = before

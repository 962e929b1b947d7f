"""Shared test set-up: headless SDL, and every folder the app could write redirected.

For the whole session (set here, at import, so no ``monkeypatch.undo()`` can take it back) HOME,
the XDG and Windows profile folders and ``NINE_LIVES_HOME`` point into one temporary folder, and
each test gets its own ``NINE_LIVES_HOME`` on top. A guard (an audit hook) records any write under
the user's real home or real Nine Lives folders, and fails the run if there was one.
"""

from __future__ import annotations

import getpass
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _real_folders() -> list[str]:
    """The user's real home and the real platform folders of the app (before the redirect)."""
    import platformdirs

    folders = [os.path.expanduser("~")]
    for where in (platformdirs.user_data_path, platformdirs.user_config_path,
                  platformdirs.user_log_path, platformdirs.user_state_path,
                  platformdirs.user_cache_path):
        folders.append(str(where("nine-lives", appauthor=False)))
    return [os.path.realpath(f) for f in folders
            if f and f != "~" and os.path.realpath(f) != os.path.realpath(os.sep)]


PROTECTED = _real_folders()
SESSION_ROOT = Path(tempfile.mkdtemp(prefix="nine-lives-tests-")).resolve()
SESSION_HOME = SESSION_ROOT / "home"
_REDIRECT = {
    "HOME": SESSION_HOME, "USERPROFILE": SESSION_HOME,
    "XDG_DATA_HOME": SESSION_HOME / ".local" / "share",
    "XDG_CONFIG_HOME": SESSION_HOME / ".config",
    "XDG_STATE_HOME": SESSION_HOME / ".local" / "state",
    "XDG_CACHE_HOME": SESSION_HOME / ".cache",
    "APPDATA": SESSION_HOME / "AppData" / "Roaming",
    "LOCALAPPDATA": SESSION_HOME / "AppData" / "Local",
    "NINE_LIVES_HOME": SESSION_ROOT / "nine-lives-home",
}
for _name, _folder in _REDIRECT.items():
    _folder.mkdir(parents=True, exist_ok=True)
    os.environ[_name] = str(_folder)
# Tables are announced as files in this session's folder, never by multicast on a real network;
# hosted tables listen on loopback only.
os.environ["NINE_LIVES_DISCOVERY"] = f"folder:{SESSION_ROOT / 'adverts'}"
os.environ["NINE_LIVES_NET_BIND"] = "127.0.0.1"
# Writes the run may make even under a protected folder: the checkout itself (caches), this
# session's folder, the Python installation, and pytest's own temporary folders.
ALLOWED = [os.path.realpath(p) for p in (
    ROOT, SESSION_ROOT, sys.prefix, Path(tempfile.gettempdir()) / f"pytest-of-{getpass.getuser()}")]
OUTSIDE_WRITES: list[str] = []
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def outside(path: Any) -> bool:
    """Whether writing ``path`` would touch the user's real folders."""
    if isinstance(path, int):
        return False
    try:
        real = os.path.realpath(os.fsdecode(path))
    except (TypeError, ValueError):
        return False
    if any(_inside(real, folder) for folder in ALLOWED):
        return False
    return any(_inside(real, folder) for folder in PROTECTED)


def guard(event: str, args: tuple[Any, ...]) -> None:
    """The audit hook: note every write (open for writing, mkdir, rename, remove, link) that
    would land in the user's real folders."""
    if event == "open":
        path, flags = args[0], args[2]
        if isinstance(flags, int) and flags & _WRITE_FLAGS and outside(path):
            OUTSIDE_WRITES.append(f"open {path!r}")
    elif event in ("os.mkdir", "os.remove", "os.rmdir", "os.symlink", "os.link", "os.truncate"):
        if outside(args[0]) or (event in ("os.symlink", "os.link") and outside(args[1])):
            OUTSIDE_WRITES.append(f"{event} {args[0]!r}")
    elif event in ("os.rename", "shutil.copyfile", "shutil.move"):
        if outside(args[0]) or outside(args[1]):
            OUTSIDE_WRITES.append(f"{event} {args[0]!r} -> {args[1]!r}")


sys.addaudithook(guard)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run if anything wrote outside the test folders; remove the session folder."""
    if OUTSIDE_WRITES:
        sys.stderr.write("\nWrites outside the test folders (the user's real folders):\n  "
                         + "\n  ".join(OUTSIDE_WRITES[:20]) + "\n")
        session.exitstatus = 1
    shutil.rmtree(SESSION_ROOT, ignore_errors=True)


@pytest.fixture(autouse=True)
def nine_lives_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test writes saves, settings and logs under its own temporary folder."""
    home = tmp_path / "nine-lives-home"
    monkeypatch.setenv("NINE_LIVES_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def cosy_look() -> Any:
    """Every test starts (and leaves) the cosy look at 100 % text: the palette and the text's
    size are module state that a test switching them must not pass on."""
    yield
    if "screens.palette" in sys.modules:
        sys.modules["screens.palette"].use(False)
    if "screens.assets" in sys.modules:
        sys.modules["screens.assets"]._FOLLOWED.clear()


def ci_run() -> bool:
    """Whether the suite runs in CI (the ``CI`` variable set, as CI services do)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--package", action="store_true",
                     help="also build the PyInstaller package and smoke-test it (on in CI)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``package`` run only with ``--package`` or in CI (they build the bundle)."""
    if config.getoption("--package") or ci_run():
        return
    skip = pytest.mark.skip(reason="builds the desktop package (~30 s): run with --package; "
                                   "always runs in CI")
    for item in items:
        if "package" in item.keywords:
            item.add_marker(skip)

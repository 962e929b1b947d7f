"""Build the Nine Lives desktop package: ``python packaging/build.py`` -> ``dist/nine-lives/``.

Runs PyInstaller on ``packaging/nine-lives.spec`` with the Python that runs this script (so use
the environment that has the game's dependencies and PyInstaller: ``pip install -e ".[package]"``),
then prints where the program is, the build time and the bundle's size.

Options: ``--dist DIR`` / ``--work DIR`` put the output / PyInstaller's scratch files elsewhere
(default ``dist/`` and ``build/`` in the checkout); ``--quiet`` shows only PyInstaller's warnings.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "nine-lives.spec"
NAME = "nine-lives"


def folder_size(folder: Path) -> int:
    """Bytes in the files under ``folder`` (symlinks not followed, each file counted once)."""
    seen: set[tuple[int, int]] = set()
    total = 0
    for dirpath, _dirs, files in os.walk(folder):
        for name in files:
            st = os.lstat(os.path.join(dirpath, name))
            if (st.st_dev, st.st_ino) not in seen:
                seen.add((st.st_dev, st.st_ino))
                total += st.st_size
    return total


def build(dist: Path, work: Path, quiet: bool = False) -> Path:
    """Run PyInstaller; return the bundle folder (``<dist>/nine-lives``)."""
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
           "--distpath", str(dist), "--workpath", str(work),
           "--log-level", "WARN" if quiet else "INFO", str(SPEC)]
    subprocess.run(cmd, cwd=ROOT, check=True)
    return dist / NAME


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (dist/)")
    p.add_argument("--work", type=Path, default=ROOT / "build", help="scratch folder (build/)")
    p.add_argument("--quiet", action="store_true", help="only PyInstaller's warnings")
    args = p.parse_args(argv)
    started = time.monotonic()
    try:
        bundle = build(args.dist.resolve(), args.work.resolve(), args.quiet)
    except subprocess.CalledProcessError as exc:
        print(f"build failed (PyInstaller exit {exc.returncode})", file=sys.stderr)
        return 1
    exe = bundle / (NAME + (".exe" if sys.platform == "win32" else ""))
    size = folder_size(bundle)
    print(f"built {exe}")
    print(f"build time {time.monotonic() - started:.0f} s; bundle size {size / 1e6:.1f} MB "
          f"({size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""README.md and docs/*.md name only repo paths (in backticks or links) and scripts that exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
MAY_BE_MISSING: set[str] = set()  # a file a change names before it lands (none now)
# Top-level folders a run or a build makes (not part of the repo), so a path under them is not
# checked: the package's output, PyInstaller's scratch files, screenshots.
MADE = {"build", "dist", "shots", "__pycache__"}
TOP = {p.name for p in ROOT.iterdir()
       if (not p.name.startswith(".") or p.name == ".ci") and p.name not in MADE
       and not p.name.endswith(".egg-info")}
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
SPAN = re.compile(r"`([^`]+)`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
COMMAND = re.compile(r"\bpython[0-9.]*\s+([\w./-]+\.py)\b")


def _exists(rel: str) -> bool:
    """``rel`` (repo-relative) exists; ``<id>`` or ``*`` in it must match at least one path."""
    pattern = re.sub(r"<[^>]*>", "*", rel.rstrip("/"))
    if "*" in pattern:
        return any(ROOT.glob(pattern))
    return (ROOT / pattern).exists()


def wrong_names(text: str, folder: Path = ROOT) -> list[str]:
    """The repo paths and scripts ``text`` names that are not there (links from ``folder``)."""
    wrong = []
    for span in SPAN.findall(FENCE.sub("", text)):
        for token in span.split():
            token = token.strip(":,;.)(\"'")
            if "/" in token and token.split("/")[0] in TOP and not _exists(token):
                wrong.append(token)
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue  # a web address, an anchor on the same page
        path = (folder / target.split("#")[0]).resolve()
        rel = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
        if not path.exists() and rel not in MAY_BE_MISSING:
            wrong.append(rel)
    wrong += [script for script in COMMAND.findall(text)  # ../: beside the repo, not in it
              if not script.startswith("../") and not (ROOT / script).is_file()]
    return wrong


def test_every_path_and_script_the_docs_name_exists() -> None:
    assert len(DOCS) > 3
    for doc in DOCS:
        assert wrong_names(doc.read_text("utf-8"), doc.parent) == [], doc.name


def test_a_wrong_name_is_found() -> None:
    text = ("Run `python bench/ohhell.py` or `bench/ohell.py`, see `docs/ENGINE.md`,"
            " [x](docs/NOPE.md) and `cats/<id>/words.py`, `cats/<id>/nowords.py`:\n"
            "```sh\npython bench/nope.py\n```\n"
            "`~/.local/share/nine-lives/` and `shared/design/ARCHITECTURE.md` are not the repo's.")
    assert wrong_names(text) == ["bench/ohell.py", "cats/<id>/nowords.py", "docs/NOPE.md",
                                 "bench/nope.py"]


def test_the_allow_list_holds_only_missing_files() -> None:
    """An allowed-missing file that now exists: take it off ``MAY_BE_MISSING``."""
    assert [name for name in MAY_BE_MISSING if (ROOT / name).exists()] == []

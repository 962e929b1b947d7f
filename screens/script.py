"""The scripts the app's text is written in: where Chinese is in a text (its lines break between
any two characters, and the Latin font has none of its letters), and text made safe for
pygame-gui's HTML boxes."""

from __future__ import annotations

import re


class Script:
    """Finds the characters of a script (its pattern: a character class); the pattern is compiled
    when a text that is not plain ASCII first asks (compiling wide ranges takes milliseconds:
    not at start, and never for English)."""

    def __init__(self, ranges: str) -> None:
        self.ranges = ranges
        self.compiled: re.Pattern[str] | None = None
        self.runs: re.Pattern[str] | None = None  # runs of the script's characters

    def pattern(self) -> re.Pattern[str]:
        """The compiled pattern."""
        if self.compiled is None:
            self.compiled = re.compile(self.ranges)
        return self.compiled

    def search(self, text: str) -> re.Match[str] | None:
        """The first of the script's characters in ``text``."""
        return None if text.isascii() else self.pattern().search(text)

    def match(self, text: str) -> re.Match[str] | None:
        """The script's character that ``text`` starts with."""
        return None if text.isascii() else self.pattern().match(text)

    def runs_in_face(self, html: str, face: str) -> str:
        """``html`` with each run of the script's characters set in the font ``face`` (a
        font registered with pygame-gui; the size and colour around it are kept)."""
        if self.search(html) is None:
            return html
        if self.runs is None:
            self.runs = re.compile(f"(?:{self.ranges})+")
        return self.runs.sub(lambda run: f"<font face={face}>{run.group(0)}</font>", html)


# Chinese, with its punctuation and full-width forms (and Japanese kana).
CJK = Script(r"[\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]")


def escape(text: str) -> str:
    """``text`` made safe for a pygame-gui HTML box (its own ``<``, ``>`` and ``&`` shown)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

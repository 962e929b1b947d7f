"""Make ``assets/fonts/NotoSansTC-*.otf``: Noto Sans CJK TC (SIL OFL 1.1) cut down to the
characters Nine Lives can show in Traditional Chinese.

Kept: Latin and punctuation, the 5,401 common characters of Big5 (level 1, so players' names
in Chinese draw too) and every character in the zh-TW catalogues and rules pages. Needs
fontTools (``pip install fonttools``) and the Debian package fonts-noto-cjk (or any copy of
NotoSansCJK-{Regular,Bold}.ttc): ``python packaging/cjk_font.py [folder of the .ttc files]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path("/usr/share/fonts/opentype/noto")
TC = 3  # the face number of Noto Sans CJK TC in NotoSansCJK-*.ttc


def big5_common() -> set[str]:
    """The level-1 (frequently used) hanzi of Big5, 0xA440..0xC67E."""
    out = set()
    for lead in range(0xA4, 0xC7):
        for trail in list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)):
            code = bytes([lead, trail])
            if code > b"\xc6\x7e":
                break
            try:
                out.add(code.decode("big5"))
            except UnicodeDecodeError:
                pass
    return out


def used_text() -> str:
    """Every character of the zh-TW catalogues and rules pages."""
    files = [*ROOT.glob("**/locale/zh_TW/LC_MESSAGES/*.po"), *ROOT.glob("assets/rules/zh-TW/*.md")]
    return "".join(p.read_text(encoding="utf-8") for p in files)


def main(folder: Path) -> None:
    """Write the Regular and Bold subsets and print their sizes."""
    chars = big5_common() | set(used_text())
    ranges = [range(0x20, 0x7F), range(0xA0, 0x180), range(0x2000, 0x206F),
              range(0x2190, 0x21FF), range(0x2460, 0x24FF), range(0x25A0, 0x2700),
              range(0x3000, 0x303F), range(0xFF00, 0xFFEF)]
    codes = sorted({ord(c) for c in chars} | {c for r in ranges for c in r})
    for style in ("Regular", "Bold"):
        out = ROOT / "assets" / "fonts" / f"NotoSansTC-{style}.otf"
        options = subset.Options()
        options.font_number = TC
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.notdef_outline = True
        font = subset.load_font(str(folder / f"NotoSansCJK-{style}.ttc"), options)
        sub = subset.Subsetter(options)
        sub.populate(unicodes=codes)
        sub.subset(font)
        subset.save_font(font, str(out), options)
        print(f"{out.relative_to(ROOT)}: {out.stat().st_size / 1e6:.2f} MB, {len(codes)} characters")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else SOURCE)

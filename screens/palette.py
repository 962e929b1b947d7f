"""The one palette every screen draws with (the pygame-gui theme uses the same values)."""

from __future__ import annotations

CREAM = (246, 235, 221)
PAPER = (255, 248, 238)
INK = (59, 42, 32)
WOOD = (139, 94, 60)
TERRACOTTA = (217, 112, 74)
TEAL = (62, 124, 135)
MUSTARD = (224, 176, 75)
PLUM = (122, 78, 126)
SAGE = (143, 175, 138)
ROSE = (229, 142, 155)
SHADOW = (0, 0, 0, 40)
FELT = (222, 205, 184)
LEGAL = (120, 190, 120)
WARN = (200, 80, 60)
FOCUS = (28, 92, 206)  # the keyboard's ring and the table's cursor (with a shape, never alone)

PLAYER_COLOURS = {"terracotta": TERRACOTTA, "teal": TEAL, "mustard": MUSTARD, "plum": PLUM,
                  "sage": SAGE, "rose": ROSE}
SEAT_ORDER = ("terracotta", "teal", "mustard", "plum", "sage", "rose")
SYMBOL_ART = {"paw": "sym_0", "ear": "sym_1", "box": "sym_2", "fish": "sym_3", "star": "sym_4",
              "cross": "sym_5"}

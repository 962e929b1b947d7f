"""The table every game shares, in parts: the frame, pointer gestures, choices strip, move log,
bot driver, hotseat flow and curtain, round-results and end panels. Nothing here imports a
game's screen or the menus: what they need is passed in (``ctx.nav`` for the menus)."""

"""Cat Chess: what the rules conserve, checked by the fuzzer
at every step from the positions' JSON."""

from __future__ import annotations

from cats.catchess.garden import LETTERS
from cats.jsondata import JsonDict


def conservation(start: JsonDict, now: JsonDict) -> list[str]:
    """Nine cats, each waiting or on one region; one turn per placement or activation; the
    goal cards dealt once per round; tokens are the sum of the rounds scored."""
    problems: list[str] = []
    n = now["players"]
    garden = [c for c in now["garden"] if c is not None]
    if len(set(garden)) != len(garden) or any(c not in LETTERS for c in garden):
        problems.append(f"a cat is on two regions or unknown: {now['garden']}")
    if not set(now["asleep"]) <= set(garden):
        problems.append("a cat sleeps off the board")
    if now["turn"] != len(garden) + len(now["asleep"]):
        problems.append(f"turn {now['turn']} != {len(garden)} placed + {len(now['asleep'])} asleep")
    cards = [c for hand in now["hands"] for c in hand]
    if len(set(cards)) != len(cards) or len(cards) != (3 if n == 1 else n):
        problems.append(f"goal cards dealt wrongly: {now['hands']}")
    for seat in range(n):
        scored = sum(entry["tokens"][seat] for entry in now["history"])
        if now["tokens"][seat] != scored:
            problems.append(f"player {seat + 1} holds {now['tokens'][seat]} tokens, won {scored}")
    if len(now["history"]) != now["round"] + (1 if now["over"] else 0):
        problems.append(f"{len(now['history'])} rounds scored in round {now['round']}")
    if start["first_start"] != now["first_start"]:
        problems.append("the first start player changed")
    return problems

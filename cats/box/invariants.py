"""Cat in the Box: what the rules conserve, checked by the fuzzer
at every step from the positions' JSON."""

from __future__ import annotations

from collections import Counter

from cats.box.table import table_for
from cats.jsondata import JsonDict


def conservation(start: JsonDict, now: JsonDict) -> list[str]:
    """Every card of the deck is in a hand, set aside, a leftover, or a token on the board; each
    seat's hand + set-aside + tokens is the dealt hand; one trick won per finished trick."""
    problems: list[str] = []
    n = now["players"]
    table = table_for(n)
    numbers = table.numbers
    owners = now["board"]
    played = Counter(i % numbers + 1 for i, owner in enumerate(owners) if owner >= 0)
    cards: Counter[int] = Counter(c for hand in now["hands"] for c in hand)
    cards.update(a for a in now["aside"] if a >= 0)
    cards.update(now["revealed"])
    cards.update(now["leftovers"])
    cards.update(played)
    if cards != Counter(table.deck()):
        problems.append(f"cards not conserved: {sorted(cards.elements())}")
    for seat in range(n):
        held = len(now["hands"][seat]) + (now["aside"][seat] >= 0) + owners.count(seat)
        if held != table.hand:
            problems.append(f"seat {seat}: hand + set-aside + tokens = {held}, dealt {table.hand}")
    for seat, number, colour in now["trick"]:
        if owners[colour * numbers + number - 1] != seat:
            problems.append(f"trick card {number} of seat {seat} has no token on the board")
    finished = max(now["trick_no"] - 1, 0) if now["phase"] == "play" else None
    if finished is not None and sum(now["tricks"]) != finished:
        problems.append(f"{sum(now['tricks'])} tricks won after {finished} finished tricks")
    if now["phase"] in ("aside", "predict") and sum(now["tricks"]):
        problems.append("tricks won before the tricks began")
    if len(now["results"]) != now["round"] + (1 if now["phase"] == "over" else 0):
        problems.append(f"{len(now['results'])} rounds scored in round {now['round']}")
    if start["first_player"] != now["first_player"]:
        problems.append("the first Round Start Player changed")
    return problems

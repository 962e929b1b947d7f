"""Cat Between Us: what the rules conserve, checked by the fuzzer
at every step from the positions' JSON."""

from __future__ import annotations

from cats.between.cards import CARDS_PER_TOY, DEALT, DECK_SIZE
from cats.jsondata import JsonDict


def conservation(start: JsonDict, now: JsonDict) -> list[str]:
    """Each dealt card in one place; hands + toys keep the dealt count; rounds won add up."""
    problems: list[str] = []
    n = now["players"]
    placed = [c for toy in now["toys"] for c in toy]
    held = [c for hand in now["hands"] for c in hand]
    every = placed + held
    if len(set(every)) != len(every):
        problems.append("a lure card is in two places")
    if any(not 0 <= c < DECK_SIZE for c in every):
        problems.append("a card id out of range")
    if any(len(t) > CARDS_PER_TOY for t in now["toys"]):
        problems.append("a toy holds more than two cards")
    if len(placed) != now["played"]:
        problems.append(f"{len(placed)} cards under toys but played = {now['played']}")
    if now["final"] is None:
        dealt = sum(DEALT[n][(s - now["first"]) % n][now["wins"][s]] for s in range(n))
        if len(every) != dealt:
            problems.append(f"{len(every)} cards in hands and toys, {dealt} dealt this round")
    opts = now["options"]
    won_before = sum(opts.get("wins") or [0] * n)
    if sum(now["wins"]) != won_before + sum(len(w) for w in now["round_winners"]):
        problems.append(f"rounds won {now['wins']} != round winners {now['round_winners']}")
    rounds_done = len(now["round_winners"])
    first_round = int(opts.get("round") or 1)
    expected_round = first_round + rounds_done - (0 if now["final"] is None else 1)
    if now["round"] != expected_round:
        problems.append(f"round {now['round']} after {rounds_done} scored rounds")
    if start["players"] != n:
        problems.append("player count changed")
    return problems

"""Catch 22: what the rules conserve, checked by the fuzzer
at every step from the positions' JSON."""

from __future__ import annotations

from cats.jsondata import JsonDict


def conservation(start: JsonDict, now: JsonDict) -> list[str]:
    """Gold is only moved (players + Jackpots); every cube is in a supply, on the board or kept."""
    problems: list[str] = []
    n = now["players"]

    def gold_total(data: JsonDict) -> int:
        return int(sum(data["gold"]) + sum(p[2] for p in data["pots"]))

    if gold_total(now) != gold_total(start):
        problems.append(f"gold not conserved: {gold_total(now)} != {gold_total(start)}")
    if any(g < 0 for g in now["gold"]) or any(p[2] < 0 for p in now["pots"]):
        problems.append("negative gold")
    squares = [(c[0], c[1]) for c in now["cubes"]]
    if len(set(squares)) != len(squares):
        problems.append("two cubes on one square")
    for owner in range(n):
        on_board = sum(1 for c in now["cubes"] if c[2] == owner)
        kept = sum(now["kept"][holder][owner] for holder in range(n))
        total = now["supply"][owner] + on_board + kept
        if total != start["supply"][owner]:
            problems.append(f"player {owner + 1}'s cubes: {total} != {start['supply'][owner]}")
        if now["kept"][owner][owner]:
            problems.append(f"player {owner + 1} keeps their own cube")
    if any(s < 0 for s in now["supply"]):
        problems.append("negative supply")
    return problems

"""Conservation checks for the random-play fuzzer, one per game id, each reading ``to_json()``.

``INVARIANTS[game_id](start, now)`` gets the JSON of the position a game started from and of the
current position, and returns a list of problems (empty when all is well). Only what the rules
conserve is checked: cards, cubes, gold, pieces. A game without an entry here is fuzzed without
conservation checks (``bench/fuzz.py`` says so). Component constants may come from the game
module; the positions themselves are read only through their JSON.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable

Json = dict[str, Any]
Check = Callable[[Json, Json], list[str]]


# -- Cat's Gambit --------------------------------------------------------------------------------
def gambit(start: Json, now: Json) -> list[str]:
    """Ten deck cards and the Queens on the table; five Pawns, each in hand or played once."""
    from cats.gambit import DECK, DECK_CARDS, PAWNS

    problems: list[str] = []
    on_grid: Counter[str] = Counter()
    cells: dict[tuple[int, int], list[str]] = {}
    for x, y, stack in now["grid"]:
        if (x, y) in cells:
            problems.append(f"cell {x},{y} listed twice")
        if not stack:
            problems.append(f"empty stack on {x},{y}")
        cells[(x, y)] = stack
        on_grid.update(stack)
    # Deck cards: on the grid, in the deck, or revealed (in hand).
    cards = Counter(c for c in on_grid.elements() if c in "BNRC")
    cards.update(now["deck"])
    if now["revealed"] is not None:
        cards[now["revealed"]] += 1
    if cards != Counter(DECK_CARDS):
        problems.append(f"deck cards not conserved: {dict(cards)} != {dict(Counter(DECK_CARDS))}")
    if len(now["known"]) != len(now["deck"]):
        problems.append("known flags and deck differ in length")
    # Queen Aurelia: exactly one, where the state says.
    queens = [c for c, s in cells.items() if "Q" in s]
    if on_grid["Q"] != 1 or queens != [tuple(now["queen"])]:
        problems.append(f"Queen Aurelia not once on {now['queen']}: {queens}")
    # Queen Umbra: on the table only while the expansion has her, on her cell.
    umbras = [c for c, s in cells.items() if "U" in s]
    expected = [tuple(now["umbra"])] if now["umbra"] else []
    if umbras != expected or on_grid["U"] != len(expected):
        problems.append(f"Queen Umbra on {umbras}, state says {now['umbra']}")
    if now["umbra"] and not now["umbra_option"]:
        problems.append("Queen Umbra without the expansion")
    # Pawns: the five dealt, each in hand, pending (peek/push) or played, and played ones placed.
    pending = [now["pending"]] if now["phase"] == "pawn" and now["pending"] else []
    pawns = list(now["pawns"]) + list(now["played"]) + pending
    if sorted(pawns) != sorted(start["pawns"]) or len(set(pawns)) != 5 or \
            any(p not in PAWNS for p in pawns):
        problems.append(f"Pawns not conserved: {pawns} vs {start['pawns']}")
    placed = sorted(c[2:] for c in on_grid.elements() if c.startswith("P:"))
    if placed != sorted(now["played"]):
        problems.append(f"Pawns on the grid {placed} != played {now['played']}")
    # The table stays inside a 4×4 window, the deck cell included; the Paw is on a card.
    xs = [DECK[0]] + [c[0] for c in cells]
    ys = [DECK[1]] + [c[1] for c in cells]
    if max(xs) - min(xs) > 3 or max(ys) - min(ys) > 3:
        problems.append("cards outside a 4×4 window")
    if tuple(now["paw"]) != DECK and tuple(now["paw"]) not in cells:
        problems.append(f"the Paw is on an empty cell {now['paw']}")
    if not 0 <= now["checks"] <= 2:
        problems.append(f"checks out of range: {now['checks']}")
    return problems


# -- Cat Between Us ------------------------------------------------------------------------------
def between(start: Json, now: Json) -> list[str]:
    """Each dealt card in one place; hands + toys keep the dealt count; rounds won add up."""
    from cats.between import CARDS_PER_TOY, DEALT, DECK_SIZE

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


# -- Catch 22 --------------------------------------------------------------------------------------
def catch22(start: Json, now: Json) -> list[str]:
    """Gold is only moved (players + Jackpots); every cube is in a supply, on the board or kept."""
    problems: list[str] = []
    n = now["players"]

    def gold_total(data: Json) -> int:
        return sum(data["gold"]) + sum(p[2] for p in data["pots"])

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


# -- Cat Chess -------------------------------------------------------------------------------------
def catchess(start: Json, now: Json) -> list[str]:
    """Nine cats, each waiting or on one region; one turn per placement or activation; the
    goal cards dealt once per round; tokens are the sum of the rounds scored."""
    from cats.catchess.garden import LETTERS

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


# -- Cat in the Box ------------------------------------------------------------------------------
def box(start: Json, now: Json) -> list[str]:
    """Every card of the deck is in a hand, set aside, a leftover, or a token on the board; each
    seat's hand + set-aside + tokens is the dealt hand; one trick won per finished trick."""
    from cats.box.table import table_for

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


INVARIANTS: dict[str, Check] = {
    "box": box,
    "gambit": gambit,
    "catchess": catchess,
    "between": between,
    "catch22": catch22,
}

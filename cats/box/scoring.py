"""Round scoring (tricks, largest-group bonus, paradox) and the end of the game."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from cats.box.actions import COLOURS
from cats.box.table import EMPTY, NEUTRAL, Table, largest_group
from cats.box.words import W
from cats.core import Outcome
from cats.words import Player, said

JsonDict = dict[str, Any]


def board_owners(board: Sequence[int], table: Table) -> dict[str, list[Any]]:
    """The research board as {colour: [owner of number 1, 2, ...]}: a seat, "neutral" or None."""
    out: dict[str, list[Any]] = {}
    n = table.numbers
    for c, colour in enumerate(COLOURS):
        row = board[c * n:(c + 1) * n]
        out[colour] = [None if x == EMPTY else "neutral" if x == NEUTRAL else x for x in row]
    return out


def play_json(play: Sequence[int]) -> JsonDict:
    """One played card (seat, number, colour index) as JSON."""
    return {"seat": play[0], "number": play[1], "colour": COLOURS[play[2]]}


def bonus_earned(tricks: int, prediction: int, table: Table) -> bool:
    """Whether a player who caused no paradox earns the group bonus."""
    if table.bonus_max_tricks is not None:  # two players: no prediction
        return tricks <= table.bonus_max_tricks
    return tricks == prediction


def score_round(board: Sequence[int], tricks: Sequence[int], predictions: Sequence[int],
                paradox: Optional[int], table: Table) -> tuple[list[int], list[bool], list[list[int]]]:
    """Round scores, bonus flags and each seat's largest group (board indices)."""
    scores: list[int] = []
    earned: list[bool] = []
    groups: list[list[int]] = []
    for seat in range(table.players):
        group = largest_group(board, seat, table)
        won = tricks[seat]
        made = seat != paradox and bonus_earned(won, predictions[seat], table)
        scores.append(-won if seat == paradox else won + (len(group) if made else 0))
        earned.append(made)
        groups.append(group)
    return scores, earned, groups


def round_result(round_no: int, start: int, board: Sequence[int], tricks: Sequence[int],
                 predictions: Sequence[int], paradox: Optional[int],
                 paradox_hand: Optional[Sequence[int]], discarded: Sequence[Sequence[int]],
                 table: Table) -> JsonDict:
    """The public breakdown of a finished round (plain JSON; never changed afterwards)."""
    scores, earned, groups = score_round(board, tricks, predictions, paradox, table)
    return {
        "round": round_no + 1,
        "start_player": start,
        "tricks": list(tricks),
        "predictions": [None if p < 0 else p for p in predictions],
        "bonus_earned": earned,
        "group": [len(g) for g in groups],
        "cells": [[list(table.space(i)) for i in g] for g in groups],
        "scores": scores,
        "paradox": paradox,
        "paradox_hand": None if paradox_hand is None else sorted(paradox_hand),
        "discarded": [play_json(p) for p in discarded],
        "board": board_owners(board, table),
    }


def totals(results: Sequence[JsonDict], players: int) -> list[int]:
    """Each seat's total over the finished rounds."""
    return [sum(r["scores"][s] for r in results) for s in range(players)]


def winners(results: Sequence[JsonDict], players: int) -> tuple[list[int], bool]:
    """Winning seats (highest total, then final round's score) and whether the tie-break decided."""
    total = totals(results, players)
    best = max(total)
    tied = [s for s in range(players) if total[s] == best]
    if len(tied) == 1:
        return tied, False
    final = results[-1]["scores"]
    top = max(final[s] for s in tied)
    return [s for s in tied if final[s] == top], True


def round_line(result: JsonDict, seat: int) -> str:
    """One seat's breakdown of one round."""
    won = result["tricks"][seat]
    score = result["scores"][seat]
    head = f"Round {result['round']}: {won} trick{'s' if won != 1 else ''}"
    if result["paradox"] == seat:
        return f"{head}, caused the paradox: -{won}, no bonus = {score}"
    prediction = result["predictions"][seat]
    aim = "" if prediction is None else f", predicted {prediction}"
    if result["bonus_earned"][seat]:
        return f"{head}{aim} + group of {result['group'][seat]} = {score}"
    return f"{head}{aim}, no bonus = {score}"


def game_outcome(results: Sequence[JsonDict], players: int) -> Outcome:
    """Scores, winners, summary and per-seat lines of a finished game."""
    total = totals(results, players)
    won, by_tiebreak = winners(results, players)
    points = total[won[0]]
    key = "share_win" if len(won) > 1 else "wins_on_tiebreak" if by_tiebreak else "wins"
    summary = said(W(key, winners=tuple(Player(s) for s in won), points=points))
    lines = tuple(tuple([round_line(r, s) for r in results] + [f"Total: {total[s]}"])
                  for s in range(players))
    return Outcome(scores=tuple(total), winners=tuple(won),
                   summary=summary, lines=lines)

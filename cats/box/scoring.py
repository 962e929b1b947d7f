"""Round scoring (tricks, largest-group bonus, paradox) and the end of the game."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from cats.box.actions import COLOURS
from cats.box.table import EMPTY, NEUTRAL, Table, largest_group_mask, token_masks
from cats.box.words import W
from cats.core import Outcome
from cats.jsondata import JsonDict
from cats.words import Player, said


# A board entry's owner as JSON, indexed by the entry: a seat stands for itself, NEUTRAL (-2) and
# EMPTY (-1) index from the end.
_OWNERS: tuple[Any, ...] = (*range(8), "neutral", None)
assert _OWNERS[NEUTRAL] == "neutral" and _OWNERS[EMPTY] is None


def board_owners(board: Sequence[int], table: Table) -> dict[str, list[Any]]:
    """The research board as {colour: [owner of number 1, 2, ...]}: a seat, "neutral" or None."""
    n, owner = table.numbers, _OWNERS.__getitem__
    return {colour: list(map(owner, board[c * n:(c + 1) * n])) for c, colour in enumerate(COLOURS)}


_SPACES: dict[int, tuple[tuple[str, int], ...]] = {}   # per player count (hashing a Table is slow)


def _spaces(table: Table) -> tuple[tuple[str, int], ...]:
    """Per display position, the (colour name, number) of its research space."""
    spaces = _SPACES.get(table.players)
    if spaces is None:
        spaces = _SPACES[table.players] = tuple(table.space(index) for index in table.scan)
    return spaces


def play_json(play: Sequence[int]) -> JsonDict:
    """One played card (seat, number, colour index) as JSON."""
    return {"seat": play[0], "number": play[1], "colour": COLOURS[play[2]]}


def bonus_earned(tricks: int, prediction: int, table: Table) -> bool:
    """Whether a player who caused no paradox earns the group bonus."""
    if table.bonus_max_tricks is not None:  # two players: no prediction
        return tricks <= table.bonus_max_tricks
    return tricks == prediction


def seat_score(won: int, made: bool, group: int, caused_paradox: bool) -> int:
    """One seat's round score: tricks won plus the group when the bonus is earned; the player who
    caused a paradox scores minus the tricks won instead."""
    return -won if caused_paradox else won + (group if made else 0)


def earned_bonuses(tricks: Sequence[int], predictions: Sequence[int], paradox: Optional[int],
                   table: Table) -> list[bool]:
    """Per seat, whether the group bonus is earned (never by the player who caused a paradox)."""
    return [seat != paradox and bonus_earned(won, predictions[seat], table)
            for seat, won in enumerate(tricks)]


def round_scores(tokens: Sequence[int], tricks: Sequence[int], predictions: Sequence[int],
                 paradox: Optional[int], table: Table) -> list[int]:
    """The round scores alone from each seat's tokens (display-position bits, see
    :func:`token_masks`): groups are measured only for the seats that earned the bonus."""
    earned = earned_bonuses(tricks, predictions, paradox, table)
    return [seat_score(won, made,
                       largest_group_mask(tokens[seat], table).bit_count() if made else 0,
                       seat == paradox)
            for seat, (won, made) in enumerate(zip(tricks, earned))]


def round_result(round_no: int, start: int, board: Sequence[int], tricks: Sequence[int],
                 predictions: Sequence[int], paradox: Optional[int],
                 paradox_hand: Optional[Sequence[int]], discarded: Sequence[Sequence[int]],
                 table: Table, tokens: Optional[Sequence[int]] = None) -> JsonDict:
    """The public breakdown of a finished round (plain JSON; never changed afterwards).
    ``tokens``: each seat's tokens as display-position bits, if known (else read off the board)."""
    earned = earned_bonuses(tricks, predictions, paradox, table)
    masks = [largest_group_mask(mine, table)
             for mine in (token_masks(board, table) if tokens is None else tokens)]
    sizes = [mask.bit_count() for mask in masks]
    spaces, cells = _spaces(table), []
    for mask in masks:
        group = []
        while mask:
            low = mask & -mask
            group.append(list(spaces[low.bit_length() - 1]))
            mask ^= low
        cells.append(group)
    return {
        "round": round_no + 1,
        "start_player": start,
        "tricks": list(tricks),
        "predictions": [None if p < 0 else p for p in predictions],
        "bonus_earned": earned,
        "group": sizes,
        "cells": cells,
        "scores": [-won if seat == paradox else won + size if made else won
                   for seat, (won, made, size) in enumerate(zip(tricks, earned, sizes))],
        "paradox": paradox,
        "paradox_hand": None if paradox_hand is None else sorted(paradox_hand),
        "discarded": [play_json(p) for p in discarded],
        "board": board_owners(board, table),
    }


class RoundRecord:
    """A finished round: its scores and its public breakdown (:func:`round_result`), each built
    the first time it is asked for (a search or a random game that never asks skips the group
    measuring). Never changed once made, so copies of a state share it."""

    __slots__ = ("_scores", "paradox", "_tokens", "_facts", "_json")

    def __init__(self, round_no: int, start: int, board: Sequence[int], tokens: Sequence[int],
                 tricks: Sequence[int], predictions: Sequence[int], paradox: Optional[int],
                 paradox_hand: Optional[Sequence[int]], discarded: Sequence[Sequence[int]],
                 table: Table) -> None:
        self._scores: Optional[list[int]] = None
        self._tokens = tokens
        self.paradox = paradox
        self._facts: Optional[tuple[Any, ...]] = (
            round_no, start, board, tricks, predictions, paradox, paradox_hand, discarded, table)
        self._json: Optional[JsonDict] = None

    @classmethod
    def from_json(cls, data: JsonDict) -> "RoundRecord":
        """A record of a breakdown read from a save (kept as it is)."""
        record = cls.__new__(cls)
        record._scores, record._facts, record._json = list(data["scores"]), None, data
        record.paradox, record._tokens = data["paradox"], ()
        return record

    @property
    def scores(self) -> list[int]:
        """Per seat, the round's score (the same list every time: do not change it)."""
        if self._scores is None:
            if self._json is not None:
                self._scores = self._json["scores"]
            else:
                assert self._facts is not None
                _, _, _, tricks, predictions, paradox, _, _, table = self._facts
                self._scores = round_scores(self._tokens, tricks, predictions, paradox, table)
        return self._scores

    def brief(self) -> JsonDict:
        """What the game's outcome reads of the round (its number, tricks, predictions, bonuses,
        scores, paradox, and the group size of each seat that earned the bonus: 0 for the
        others): the breakdown itself once made, else only that, without the board's cells."""
        if self._json is not None:
            return self._json
        assert self._facts is not None
        number, _, _, tricks, predictions, paradox, _, _, table = self._facts
        earned = earned_bonuses(tricks, predictions, paradox, table)
        sizes = [largest_group_mask(mine, table).bit_count() if made else 0
                 for mine, made in zip(self._tokens, earned)]
        if self._scores is None:
            self._scores = [seat_score(won, made, size, seat == paradox)
                            for seat, (won, made, size) in enumerate(zip(tricks, earned, sizes))]
        return {"round": number + 1, "tricks": tricks, "bonus_earned": earned, "group": sizes,
                "scores": self._scores, "paradox": paradox,
                "predictions": [None if p < 0 else p for p in predictions]}

    def json(self) -> JsonDict:
        """The public breakdown as plain JSON (the same object every time: do not change it)."""
        if self._json is None:
            assert self._facts is not None
            number, start, board, tricks, predictions, paradox, hand, discarded, table = self._facts
            self._json = round_result(number, start, board, tricks, predictions, paradox, hand,
                                      discarded, table, self._tokens)
            self._facts = None
        return self._json


def totals(results: Sequence[JsonDict], players: int) -> list[int]:
    """Each seat's total over the finished rounds."""
    return [sum(r["scores"][s] for r in results) for s in range(players)]


def winners(scores: Sequence[Sequence[int]], players: int) -> tuple[list[int], bool]:
    """Winning seats from the rounds' scores (highest total, then final round's score), and
    whether the tie-break decided."""
    total = [sum(row[s] for row in scores) for s in range(players)]
    best = max(total)
    tied = [s for s in range(players) if total[s] == best]
    if len(tied) == 1:
        return tied, False
    final = scores[-1]
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
    won, by_tiebreak = winners([r["scores"] for r in results], players)
    points = total[won[0]]
    key = "share_win" if len(won) > 1 else "wins_on_tiebreak" if by_tiebreak else "wins"
    summary = said(W(key, winners=tuple(Player(s) for s in won), points=points))
    lines = tuple(tuple([round_line(r, s) for r in results] + [f"Total: {total[s]}"])
                  for s in range(players))
    return Outcome(scores=tuple(total), winners=tuple(won),
                   summary=summary, lines=lines)

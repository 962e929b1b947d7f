"""Catch 22's after-action animation planned from the views before and after an action: the
stages (a cat walking its route, coins flying, the die tumbling, cubes placed or taken) on one
timeline, and the colours of the news of what happened."""

from __future__ import annotations

from typing import Any

from cats.core import Action
from screens import palette
from screens.catch22.layout import JsonDict, Stage

NEWS_COLOURS = palette.Named(
    steal=lambda: palette.TERRACOTTA, jackpot=lambda: palette.GOLD, win=lambda: palette.TEAL,
    stuck=lambda: palette.WOOD, ransom=lambda: palette.PLUM, refuse=lambda: palette.PLUM,
    remove=lambda: palette.PLUM, switch=lambda: palette.TEAL, roll_again=lambda: palette.WOOD)
STEP_TIME = 0.13
DIE_TIME = 0.55
COIN_TIME = 0.85


def new_items(before: list[Any], after: list[Any]) -> list[Any]:
    """The entries of ``after`` not already at the end of ``before`` (lists kept short from the
    front, so the overlap is before's tail = after's head)."""
    for k in range(min(len(before), len(after)), 0, -1):
        if before[len(before) - k:] == after[:k]:
            return after[k:]
    return list(after)


def plan(before: JsonDict, after: JsonDict, action: Action, dice: list[int]) -> list[Stage]:
    """The stages shown after ``action`` (from the views before and after it): walking, coins,
    dice, cubes."""
    stages: list[Stage] = []
    t = 0.0
    kind = action.kind
    mover = before.get("current", 0)
    if kind == "move":
        route: list[list[int]] = next((m["route"] for m in before.get("moves", [])
                      if m["action"] == str(action)), [])
        end = after["pawns"][mover]
        if end in route[1:]:
            route = route[:route.index(end, 1) + 1]
        if len(route) > 1:
            stages.append(Stage("walk", t, STEP_TIME * (len(route) - 1),
                                {"seat": mover, "route": route}))
            t += STEP_TIME * (len(route) - 1)
        gained = after["gold"][mover] - before["gold"][mover]
        if gained > 0 and route:
            stages.append(Stage("coins", t, COIN_TIME,
                                {"from_cell": route[-1], "to": mover, "count": gained}))
            t += COIN_TIME * 0.6
        for value in dice:
            stages.append(Stage("die", t, DIE_TIME, {"value": value, "seat": mover}))
            t += DIE_TIME
    elif kind == "roll" and dice:
        stages.append(Stage("die", t, DIE_TIME, {"value": dice[0], "seat": mover}))
    elif kind == "pay":
        offer = before.get("offer") or {}
        price = offer.get("price", 0)
        if price:
            stages.append(Stage("coins", t, COIN_TIME,
                                {"from_seat": offer["owner"], "to": offer["from"],
                                 "count": price}))
    elif kind == "switch":
        stages.append(Stage("swap", t, 0.5, {"a": mover, "b": action.seat}))  # type: ignore[attr-defined]
    elif kind == "remove":
        stages.append(Stage("cube", t, 0.45, {"cell": [action.row, action.col],  # type: ignore[attr-defined]
                                              "seat": cube_owner(before, action),
                                              "out": True}))
    elif kind == "cube":
        stages.append(Stage("cube", t, 0.35, {"cell": [action.row, action.col],  # type: ignore[attr-defined]
                                              "seat": mover, "out": False}))
    elif kind == "start":
        stages.append(Stage("start", t, 0.45, {"seat": mover}))
    return stages

def cube_owner(view: JsonDict, action: Action) -> int:
    """Whose cube stands on the square an action names."""
    for r, c, owner in view.get("cubes", []):
        if (r, c) == (action.row, action.col):  # type: ignore[attr-defined]
            return int(owner)
    return 0

def what_followed(before: JsonDict, after: JsonDict) -> tuple[list[JsonDict], list[int]]:
    """The events and dice that came between two views."""
    events = new_items(before.get("events", []), after["events"])
    fresh = after["rolls"] - before.get("rolls", after["rolls"])
    dice = [d[2] for d in after["dice"][-min(fresh, len(after["dice"])):]] if fresh > 0 else []
    return events, dice

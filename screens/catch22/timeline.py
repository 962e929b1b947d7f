"""Catch 22's after-action animation: the stages (a cat walking its route, coins flying, the die
tumbling, cubes placed or taken) on one timeline, and the news of what happened."""

from __future__ import annotations

from typing import Any, Optional

import pytweening

from cats.catch22.words import news
from cats.core import Action
from screens import palette
from screens.anim import Tween
from screens.catch22.layout import JsonDict, Stage
from screens.table.frame import SceneMixin

NEWS_COLOURS = {"steal": palette.TERRACOTTA, "jackpot": (176, 128, 30), "win": palette.TEAL,
                "stuck": palette.WOOD, "ransom": palette.PLUM, "refuse": palette.PLUM,
                "remove": palette.PLUM, "switch": palette.TEAL, "roll_again": palette.WOOD}
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


class Timeline(SceneMixin):
    """Mixed into :class:`~screens.catch22.screen.Catch22Scene`: the stages shown after an action (walking, coins, dice, cubes) on one timeline, and the amounts shown while they run."""

    def time_now(self) -> Optional[float]:
        """Seconds into the running after-action animation, or ``None``."""
        if self.timeline is not None and self.animator.find("c22") is self.timeline:
            return self.timeline.value()[0]
        return None

    def animate(self, before: JsonDict, action: Action) -> None:
        self.route_pick = None
        after = self.view
        events, dice = self.what_followed(before, after)
        if self.session.log:
            was, now = self.session.around(len(self.session.log) - 1)
            for kind, phrase in news(was, now, action):  # type: ignore[arg-type]
                self.news.append([self.session.say(phrase), NEWS_COLOURS[kind], 7.0])
                self.news = self.news[-3:]
        if any(e["kind"] in ("steal", "jackpot", "win") for e in events):
            self.ctx.sounds.play("check")
        self.before = before
        self.stages = self.plan(before, action, dice)
        total = max((st.start + st.duration for st in self.stages), default=0.0)
        self.timeline = None
        if total > 0:
            self.timeline = self.animator.add(
                Tween((0.0, 0.0), (total, 0.0), total, ease=pytweening.linear, tag="c22"))

    def plan(self, before: JsonDict, action: Action, dice: list[int]) -> list[Stage]:
        """The stages shown after ``action``: walking, coins, dice, cubes."""
        after = self.view
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
                                                  "seat": self.cube_owner(before, action),
                                                  "out": True}))
        elif kind == "cube":
            stages.append(Stage("cube", t, 0.35, {"cell": [action.row, action.col],  # type: ignore[attr-defined]
                                                  "seat": mover, "out": False}))
        elif kind == "start":
            stages.append(Stage("start", t, 0.45, {"seat": mover}))
        return stages

    @staticmethod
    def cube_owner(view: JsonDict, action: Action) -> int:
        for r, c, owner in view.get("cubes", []):
            if (r, c) == (action.row, action.col):  # type: ignore[attr-defined]
                return int(owner)
        return 0

    @staticmethod
    def what_followed(before: JsonDict, after: JsonDict) -> tuple[list[JsonDict], list[int]]:
        """The events and dice that came between two views."""
        events = new_items(before.get("events", []), after["events"])
        fresh = after["rolls"] - before.get("rolls", after["rolls"])
        dice = [d[2] for d in after["dice"][-min(fresh, len(after["dice"])):]] if fresh > 0 else []
        return events, dice

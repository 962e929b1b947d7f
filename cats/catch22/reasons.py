"""Why a Catch 22 action is refused, in words a player can read."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from cats.catch22.actions import (
    AVOIDING_STARS,
    VIA_STAR,
    LeaveCubes,
    Move,
    OfferRansom,
    PayRansom,
    PlaceCube,
    RefuseRansom,
    RemoveCube,
    Roll,
    StartAt,
    SwitchPlaces,
    cell_name,
)
from cats.catch22.board import BOARD, KIND_NAMES, NEIGHBOURS, PATH, free_pieces
from cats.catch22.info import MOVE, OVER, PREPARE, RANSOM, REMOVE, START, SWITCH
from cats.catch22.words import W
from cats.core import Action
from cats.words import Player, said

if TYPE_CHECKING:
    from cats.catch22.state import Catch22State

def explain(state: Catch22State, action: Action) -> str:
    """The reason ``action`` is not legal in ``state``."""
    if state.phase == OVER:
        return "The game is over."
    handler = _HANDLERS.get(type(action))
    if handler is None:
        return f"'{action}' is not a Catch 22 move."
    return handler(state, action) or f"'{action}' is not allowed now."


def _waiting(state: Catch22State) -> str:
    key = "waiting_" + state.phase
    return said(W(key if key in W.templates else "waiting", who=Player(state.to_move or 0)))


def _start(state: Catch22State, action: StartAt) -> str:
    if state.phase != START:
        return "Pawns are put on a Star only when the game begins."
    names = ", ".join(name for name, _ in BOARD.stars)
    if isinstance(action.star, str) and any(
            action.star == BOARD.name(sq) for sq in range(len(BOARD.cells))):
        return f"Your pawn starts on a Star, not on {action.star}: choose one of {names}."
    return f"There is no {action.star!r} Star: choose one of {names}."


def _cube(state: Catch22State, action: PlaceCube) -> str:
    if state.phase != PREPARE:
        if state.phase in (MOVE, SWITCH, REMOVE):
            return "Cubes may only be placed before the turn's first roll."
        return _waiting(state)
    me = state.current
    if not state.supply[me]:
        return "You have no cubes left in your supply."
    square = BOARD.at(action.row, action.col)
    if square is None:
        return "Cubes go on the yellow path only, not out of bounds."
    kind = BOARD.kinds[square]
    if kind != PATH:
        return f"A cube may not go on a {KIND_NAMES[kind]}."
    if square in state.pawns:
        return "A cube may not go on a square with a pawn."
    if square in state.cubes:
        return "That square already holds a cube."
    cubed = state.cube_mask()
    for seat, sq in enumerate(state.pawns):
        if sq >= 0 and state.cubes.get(sq) == seat:
            free = [n for n in NEIGHBOURS[sq] if not cubed >> n & 1]
            if free == [square]:
                return said(W("shut_in", seat=Player(seat)))
    if free_pieces(cubed | 1 << square) > free_pieces(cubed):
        return "That would cut the path in two: every player must keep a path to move along."
    return ""


def _offer(state: Catch22State, action: OfferRansom) -> str:
    if state.phase != PREPARE:
        return ("Ransom offers are made before your first roll."
                if state.phase in (MOVE, SWITCH, REMOVE) else _waiting(state))
    me, owner, n = state.current, action.owner, state.num_players
    if type(owner) is not int or not 0 <= owner < n or owner == me:
        return "A cube can only be offered back to another player."
    name = Player(owner)
    if not state.kept[me][owner]:
        return said(W("none_held", owner=name))
    if state.kept[me][owner] <= state.refused[owner]:
        return said(W("all_offered", owner=name))
    if not state.gold[owner]:
        return said(W("no_gold", owner=name))
    return said(W("price_range", gold=state.gold[owner], owner=name))


def _answer(state: Catch22State, action: Action) -> str:
    return "There is no ransom offer to answer." if state.phase != RANSOM else ""


def _roll(state: Catch22State, action: Roll) -> str:
    if state.phase == MOVE:
        return f"You have already rolled a {state.die}: move your pawn."
    return _waiting(state)


def _move(state: Catch22State, action: Move) -> str:
    if state.phase != MOVE:
        return "Roll the die first." if state.phase == PREPARE else _waiting(state)
    square = BOARD.at(action.row, action.col)
    target = cell_name(action.row, action.col)
    if square is None:
        return "Pawns move only along the yellow path, never out of bounds."
    owner = state.cubes.get(square)
    if owner is not None and owner != state.current:
        return said(W("blocked", owner=Player(owner), square=target))
    found = state.current_routes()
    crossing, direct = (square, True) in found, (square, False) in found
    die = state.die
    if not (crossing or direct):
        return (f"You rolled {die}: no route of exactly {die} steps ends on {target} without "
                "entering a square twice or going through another player's cube.")
    matters = state.gold[state.current] >= state.threshold
    if action.route not in ("", VIA_STAR, AVOIDING_STARS):
        return f"Unknown route {action.route!r}."
    if not matters and action.route:
        return (f"Crossing a Star matters only once you hold {state.threshold} gold: "
                f"play 'move {target}'.")
    if action.route == VIA_STAR and not crossing:
        return f"No route of exactly {die} steps to {target} crosses a Star."
    if action.route == AVOIDING_STARS and not direct:
        return f"Every route of exactly {die} steps to {target} crosses a Star."
    if not action.route and crossing and direct:
        return (f"Pick the route: 'move {target} via star' (and win) or "
                f"'move {target} avoiding stars'.")
    return ""


def _switch(state: Catch22State, action: SwitchPlaces) -> str:
    if state.phase != SWITCH:
        return "You switch places only after landing on a Switch Places square."
    seat = action.seat
    if type(seat) is not int or not 0 <= seat < state.num_players or seat == state.current:
        return "Choose another player to switch places with."
    return said(W("on_own_cube", seat=Player(seat)))


def _remove(state: Catch22State, action: RemoveCube) -> str:
    if state.phase != REMOVE:
        return "Cubes come off the board only when you land on a Remove Cube square."
    return f"There is no cube on {cell_name(action.row, action.col)}."


def _leave(state: Catch22State, action: LeaveCubes) -> str:
    return "Cubes come off the board only when you land on a Remove Cube square."


# Each handler takes the state and an action of its key's class.
_HANDLERS: dict[type[Action], Callable[[Catch22State, Any], str]] = {
    StartAt: _start, PlaceCube: _cube, OfferRansom: _offer, PayRansom: _answer,
    RefuseRansom: _answer, Roll: _roll, Move: _move, SwitchPlaces: _switch,
    RemoveCube: _remove, LeaveCubes: _leave}

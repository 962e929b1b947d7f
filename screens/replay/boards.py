"""Each game's board and UI facts, made for watching (no session behind them): the same
boards the tables draw with, so a replay looks exactly like the game did."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from screens.between.layout import BetweenUi
from screens.between.panels import BetweenBoard
from screens.box.layout import BoxUi
from screens.box.panels import BoxBoard
from screens.catch22.layout import Catch22Ui
from screens.catch22.panels import Catch22Board
from screens.catchess.layout import CatChessUi
from screens.catchess.reveal import CatChessBoard
from screens.gambit.board import GambitBoard
from screens.gambit.layout import GambitUi
from screens.table.board import Board, BoardContext, Ui

if TYPE_CHECKING:
    from cats.session import Seat

BoardMaker = Callable[[BoardContext, Sequence["Seat"]], Board]

BOARDS: dict[str, tuple[BoardMaker, type[Ui]]] = {
    "gambit": (GambitBoard, GambitUi),
    "between": (BetweenBoard, BetweenUi),
    "box": (BoxBoard, BoxUi),
    "catch22": (Catch22Board, Catch22Ui),
    "catchess": (CatChessBoard, CatChessUi),
}


def board_for(game_id: str, ctx: BoardContext, seats: Sequence["Seat"]) -> tuple[Board, type[Ui]]:
    """The board of ``game_id`` and the class of the UI facts it draws."""
    make, ui = BOARDS[game_id]
    return make(ctx, seats), ui

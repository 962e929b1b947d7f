"""The Blocker Cubes on the board: square -> owner, with the squares' bit masks kept up to date
as cubes are placed and taken off, so that routes and cut squares never rescan the board."""

from __future__ import annotations

from typing import Any, Iterable, NoReturn

from cats.catch22.info import INFO


class CubeMap(dict[int, int]):
    """A ``dict`` of square -> owner; ``mask`` has bit ``sq`` set for every cube, ``owned[seat]``
    for that seat's cubes, ``blocks[seat]`` for the cubes that block that seat's pawn (everyone
    else's). Only item assignment and :meth:`pop` change it."""

    __slots__ = ("mask", "owned", "blocks")

    mask: int
    owned: tuple[int, ...]    # these two are replaced, never changed in place,
    blocks: tuple[int, ...]   # so copies may share them

    def __init__(self, cubes: Iterable[tuple[int, int]] = ()) -> None:
        super().__init__()
        self.mask = 0
        self.owned = self.blocks = (0,) * INFO.max_players
        for square, owner in cubes:
            self[square] = owner

    def __setitem__(self, square: int, owner: int) -> None:
        if square in self:
            self.pop(square)
        dict.__setitem__(self, square, owner)
        bit = 1 << square
        owned = list(self.owned)
        owned[owner] |= bit
        self._masks(self.mask | bit, owned)

    def pop(self, square: int, *default: Any) -> Any:
        """Take the cube off ``square``; its owner."""
        if square not in self and default:
            return default[0]
        owner = dict.pop(self, square)
        bit = 1 << square
        owned = list(self.owned)
        owned[owner] &= ~bit
        self._masks(self.mask & ~bit, owned)
        return owner

    def _masks(self, mask: int, owned: list[int]) -> None:
        self.mask = mask
        self.owned = tuple(owned)
        self.blocks = tuple(mask & ~mine for mine in owned)

    def __delitem__(self, square: int) -> None:
        self.pop(square)

    def blocking(self, seat: int) -> int:
        """Mask of the cubes that block ``seat``'s pawn: everyone else's."""
        return self.blocks[seat]

    def copy(self) -> CubeMap:
        """An independent copy (masks included)."""
        twin = _new(CubeMap)
        _update(twin, self)
        twin.mask = self.mask
        twin.owned = self.owned
        twin.blocks = self.blocks
        return twin

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("cubes change only by assignment or pop, which keep the masks")

    update = setdefault = popitem = clear = __ior__ = _refuse


_new = CubeMap.__new__
_update = dict.update

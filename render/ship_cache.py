"""Pictures drawn once per ship and kept: a ship does not change once read.

Keyed by ``id(ship)`` and a key of the caller's (a deck, say): a Ship is mutable, so
unhashable; an entry keeps its ship alive, so the id cannot be reused while cached.
Built under render.fonts.FONT_LOCK (FreeType is not thread-safe), so two threads that
miss at once build once.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from engine.board.ship import Ship
from render.fonts import FONT_LOCK

T = TypeVar("T")


class ShipCache(Generic[T]):
    def __init__(self, build: Callable[[Ship, Hashable], T], most: int) -> None:
        self._build = build
        self._most = most
        self._entries: dict[tuple[int, Hashable], tuple[Ship, T]] = {}

    def get(self, ship: Ship, key: Hashable = None) -> T:
        entry = self._entries.get((id(ship), key))
        if entry is not None and entry[0] is ship:
            return entry[1]
        with FONT_LOCK:
            entry = self._entries.get((id(ship), key))
            if entry is None or entry[0] is not ship:
                entry = (ship, self._build(ship, key))
                if len(self._entries) >= self._most:
                    del self._entries[next(iter(self._entries))]
                self._entries[(id(ship), key)] = entry
        return entry[1]

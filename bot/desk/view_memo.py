"""Each viewer's view of a game state, built once (:func:`engine.views.view`).

A command reads the same views several times: its phase stamp (the spectator's turn and
phase), whose units are still to act and who is waited on (the crew's), the maps and
texts it posts. A game's state is never changed in place once it is the game's (each
command makes a new one: :mod:`engine.game`), so a view built from it stays true for as
long as that state lives; it is kept for the newest states only, each entry holding
its state, so an entry can never answer for another state that reused its address.
"""

from __future__ import annotations

from collections import OrderedDict

from engine.board.ship import Ship
from engine.content import Content
from engine.state import GameState
from engine.views import View, Viewer, view

KEPT = 256  # views; a few per game state of the games in play just now

_kept: OrderedDict[tuple[int, Viewer], tuple[GameState, Ship, Content, View]] = OrderedDict()


def view_of(state: GameState, viewer: Viewer | str, ship: Ship, content: Content) -> View:
    """:func:`engine.views.view` of ``state`` for ``viewer``, built at most once while
    that state is among the newest viewed."""
    viewer = Viewer(viewer)
    key = (id(state), viewer)
    found = _kept.get(key)
    if found is not None and found[0] is state and found[1] is ship and found[2] is content:
        _kept.move_to_end(key)
        return found[3]
    built = view(state, viewer, ship, content)
    _kept[key] = (state, ship, content, built)
    if len(_kept) > KEPT:
        _kept.popitem(last=False)
    return built

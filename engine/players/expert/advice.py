"""The advisor: the expert's choice for one side, from that side's seat only.

A person who asks for a hint gets what the `expert` player of their side would play, and
the record of how it decided (:class:`~engine.players.expert.players.Decision`) for the
one sentence of why the bot and the terminal table write from it. The advisor searches a
fixed number of iterations with no time limit: the same position and seed always give the
same advice, so a hint is a function of what the asking side may know.
"""

from __future__ import annotations

import hashlib

from engine import commands as c
from engine.board.ship import Ship
from engine.content import Content
from engine.dice import Rng
from engine.game import Game
from engine.players.base import Player, legal_for
from engine.players.expert.params import Budget, SearchParams
from engine.players.expert.players import Decision, ExpertAlien, ExpertCrew
from engine.players.levels import caught_up
from engine.state import GameState, Side
from engine.views import view

ADVICE = SearchParams(budget=Budget(iterations=24))  # about a second on one core


def advice_rng(number: int, state: GameState, side: Side) -> Rng:
    """The advisor's generator, from public facts only: the game's number, the turn, the
    phase and the asking side. Never the game's secret seed, nor the log's length (it
    counts the other side's commands, which a pipe-runner keeps to itself, C.7.3): twins
    the asker cannot tell apart get the same generator, hence the same advice."""
    text = f"{number}:{state.turn}:{state.phase.value}:{side.value}"
    digest = hashlib.blake2b(text.encode(), digest_size=8, person=b"qs-advice")
    return Rng(int.from_bytes(digest.digest(), "big"))


def advise(
    player: Player,
    side: Side,
    game: Game,
    legal: list[c.Command],
    rng: Rng,
) -> Decision | None:
    """The expert ``player``'s choice among ``legal`` (the asker's own commands) now;
    None when there is nothing to choose or ``player`` is not an expert."""
    if not legal or not isinstance(player, ExpertCrew | ExpertAlien):
        return None
    ship: Ship = game.ship
    content: Content = game.content
    seen = view(game.state, side.value, ship, content)
    player(seen, legal, ship, content, rng)
    return player.last


def advise_at_table(game: Game, side: Side, number: int = 0) -> Decision | None:
    """The terminal table's ``hint``: an expert that reads the game's log from
    ``side``'s seat (:func:`~engine.players.levels.caught_up`), then advises; in set-up
    among the step's choices one by one, as the expert plans its own. ``number``: the
    saved game's, for the advisor's generator (:func:`advice_rng`)."""
    legal = legal_for(game.state, side, game.ship, game.content, plans_setup=True)
    rng = advice_rng(number, game.state, side)
    return advise(caught_up(game, side, "expert", ADVICE), side, game, legal, rng)

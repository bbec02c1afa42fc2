"""Levels of the game-controlled players: `easy` is the original player, `normal` and
`hard` the ones that keep the crew's belief, `expert` the `hard` ones with a search over
sampled worlds where it pays (:mod:`engine.players.expert`); docs/rules-decisions.md,
"Game-controlled players", says how each plays. Each
call gives a fresh player, as the belief-keeping ones remember the game they play."""

from __future__ import annotations

from engine import commands as c
from engine.dice import Rng
from engine.game import Game
from engine.players.alien_ai import alien_ai
from engine.players.base import Player, decide
from engine.players.crew_ai import crew_ai
from engine.players.expert import ExpertAlien, ExpertCrew, SearchParams
from engine.players.hard_alien import HardAlien
from engine.players.hard_crew import HardCrew
from engine.rules import apply
from engine.state import Side
from engine.views import events_for, view

LEVELS = ("easy", "normal", "hard", "expert")


def player_for(
    side: Side, level: str, params: SearchParams | None = None, taught: bool = True
) -> Player:
    """A fresh player for ``side`` at ``level`` (easy, normal, hard or expert);
    ``params`` shape the expert's search (its budget: :data:`~engine.players.expert.PLAY`
    unless given). ``taught=False`` gives a `normal` or `hard` player that ignores the
    game's variants (the balance benchmark's null arm; the `easy` players never learned
    them, the `expert` always has)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    if level == "expert" and not taught:
        raise ValueError("the expert players always know the variants")
    if level == "expert":
        return ExpertCrew(params) if side is Side.CREW else ExpertAlien(params)
    if level == "easy":
        return crew_ai if side is Side.CREW else alien_ai
    hard = level == "hard"
    if side is Side.CREW:
        return HardCrew(hunt=hard, taught=taught)
    return HardAlien(careful=hard, taught=taught)


def decide_at_level(
    game: Game, side: Side, level: str, rng: Rng, params: SearchParams | None = None
) -> c.Command:
    """The next command of ``side`` played at ``level`` for a caller that keeps no player
    between commands (the bot, the terminal table): a remembering player first reads the
    game's public record again, from its side only, by replaying the log.

    The log reaches back to ``game.start_state()``: the set-up for a game played in one
    go (the terminal table), only the current phase for a game resumed from a snapshot.
    Then the belief starts wide (every grid, for an alien hidden at the log's start): a
    superset of the truth, so the choice is legal and merely less informed. The bot gives
    its players the whole stored list instead (:mod:`engine.players.memory`)."""
    return decide(
        game.state, side, caught_up(game, side, level, params), game.ship, game.content, rng
    )


def caught_up(game: Game, side: Side, level: str, params: SearchParams | None = None) -> Player:
    """A fresh player at ``level`` that has read the public record of ``game`` (its log)
    from ``side``'s seat, as :func:`decide_at_level` describes."""
    player = player_for(side, level, params)
    observe = getattr(player, "observe", None)
    if observe is not None:
        readers = "crew" if side is Side.CREW else "spectator"
        state = game.start_state()
        for entry in game.log:
            state, events = apply(state, entry.side, entry.command, game.ship, game.content)
            observe(
                events_for(events, readers),
                view(state, side.value, game.ship, game.content),
                game.ship,
            )
    return player

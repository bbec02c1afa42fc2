"""The expert's and the advisor's twins: what they decide must not depend on a secret.

A twin of a position is the same game whose other side's secrets are dealt otherwise,
so that the deciding side cannot tell them apart (C.3): the hidden alien moved to
another grid of the crew's belief (where the public record says it may be), or the
crew's face-down markers dealt anew. The advisor (Suggest, ``hint``) and the `expert`
players must decide the same, searched record and all, in every twin. A narrow belief
is where a leak would show: few grids, so a peek at the true one changes the search.

The searches here run at the budgets people meet: the advisor's
(:data:`~engine.players.expert.advice.ADVICE`) and the play budget's iterations
(:data:`~engine.players.expert.PLAY`, with no time limit, so that a busy machine decides
the same). ``benchmarks/secrecy_audit.py`` prints the pairs compared; the tests run a few.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from engine import commands as c
from engine.dice import Rng
from engine.game import Game
from engine.players.base import Player, acting_side, decide, legal_for, show
from engine.players.expert import advice
from engine.players.expert.params import PLAY, Budget, SearchParams
from engine.players.expert.players import Decision
from engine.players.hard_alien import HardAlien
from engine.players.hard_crew import HardCrew
from engine.players.levels import caught_up
from engine.secrecy import redeals, same_view
from engine.state import Phase, Side

AT_PLAY = SearchParams(budget=Budget(iterations=PLAY.iterations))  # no time limit
NARROW = 40  # the crew searches its searches while its belief holds at most this many


@dataclass(frozen=True)
class Pair:
    """Two twins' decisions, as the decider's record shows them (equal: no leak)."""

    who: str  # "advisor", "expert crew", "expert alien"
    seed: int
    here: str
    there: str

    @property
    def differs(self) -> bool:
        return self.here != self.there


def narrow_positions(seed: int, count: int, last_turn: int = 20) -> Iterator[Game]:
    """Up to ``count`` positions, one a crew phase, of a game the `hard` players play from
    ``seed``: the crew to act, an alien hidden, the crew's belief holding 2 to
    :data:`NARROW` grids, and the advisor searching there (not the `hard` choice alone)."""
    game = Game.new(seed)
    players: dict[Side, Player] = {
        Side.CREW: HardCrew(hunt=True),
        Side.ALIEN: HardAlien(careful=True),
    }
    rngs = {Side.CREW: Rng(seed * 31 + 1), Side.ALIEN: Rng(seed * 37 + 2)}
    found, taken = 0, (-1, Phase.SETUP)
    while found < count and game.state.phase is not Phase.OVER and game.state.turn <= last_turn:
        side = acting_side(game.state)
        mark = (game.state.turn, game.state.phase)
        if (
            side is Side.CREW
            and mark != taken
            and _narrow(game, players[Side.CREW])
            and advised(game, Side.CREW).searched is not None
        ):
            found, taken = found + 1, mark
            yield _copy(game)
        command = decide(game.state, side, players[side], game.ship, game.content, rngs[side])
        show(game, players.values(), game.play(side, command))


def _narrow(game: Game, crew: Player) -> bool:
    belief = getattr(crew, "belief", None)
    hidden = [a for a in game.state.pipe_runners() if a.grid is not None]
    if belief is None or len(hidden) != 1:
        return False
    grids = belief.grids(hidden[0].id)
    legal = legal_for(game.state, Side.CREW, game.ship, game.content)
    return 2 <= len(grids) <= NARROW and any(isinstance(x, c.Search) for x in legal)


def _copy(game: Game) -> Game:
    return Game(game.seed, game.ship, game.content, game.state.clone(), list(game.log), game.start)


def relocated(game: Game, count: int) -> list[Game]:
    """Up to ``count`` twins of ``game`` with the hidden alien on other grids of the
    crew's belief (read from the public record as the crew's seat reads it)."""
    crew = caught_up(game, Side.CREW, "hard")
    belief = getattr(crew, "belief", None)
    (alien,) = [a for a in game.state.pipe_runners() if a.grid is not None]
    assert belief is not None and alien.grid in belief.grids(alien.id)
    others = sorted(g for g in belief.grids(alien.id) if g != alien.grid)
    twins = []
    for grid in others[:: max(1, len(others) // count)][:count]:
        twin = _copy(game)
        moved = twin.state.alien(alien.id)
        moved.grid, moved.path = grid, [*moved.path[:-1], grid]
        if same_view(game.state, twin.state, Side.CREW, game.ship, game.content):
            twins.append(twin)
    return twins


def redealt(game: Game, count: int, rng: Rng) -> list[Game]:
    """Twins of ``game`` with the crew's face-down secrets dealt anew (the alien's)."""
    twins = []
    for state in redeals(game.state, rng, count):
        if same_view(game.state, state, Side.ALIEN, game.ship, game.content):
            twins.append(
                Game(game.seed, game.ship, game.content, state, list(game.log), game.start)
            )
    return twins


def advised(game: Game, side: Side, params: SearchParams = advice.ADVICE) -> Decision:
    """What the advisor tells ``side`` here (its choice and its whole searched record),
    from ``side``'s seat and public facts only, as the bot and the table ask it."""
    player = caught_up(game, side, "expert", params)
    legal = legal_for(game.state, side, game.ship, game.content, plans_setup=True)
    rng = advice.advice_rng(0, game.state, side)
    decision = advice.advise(player, side, game, legal, rng)
    assert decision is not None
    return decision


def record(decision: Decision) -> str:
    """A decision as its side may learn it: the choice, the belief's size, what a
    search covers and the search's every arm (not the time it took, the machine's)."""
    searched = decision.searched
    if searched is not None:
        searched = replace(searched, seconds=0.0)
    return repr(replace(decision, searched=searched))


def pairs(seed: int, positions: int = 2, twins: int = 2) -> list[Pair]:
    """The advisor and the expert crew over the crew's narrow positions of a seeded
    game, the hidden alien relocated; then the expert alien in the alien phase that
    follows, the crew's secrets dealt anew. Every pair's two decisions."""
    found: list[Pair] = []
    for game in narrow_positions(seed, positions):
        for who, params in (("advisor", advice.ADVICE), ("expert crew", AT_PLAY)):
            here = record(advised(game, Side.CREW, params))
            for twin in relocated(game, twins):
                found.append(Pair(who, seed, here, record(advised(twin, Side.CREW, params))))
        alien = _alien_turn(game)
        if alien is None:
            continue
        here = record(advised(alien, Side.ALIEN, AT_PLAY))
        for twin in redealt(alien, twins, Rng(seed)):
            there = record(advised(twin, Side.ALIEN, AT_PLAY))
            found.append(Pair("expert alien", seed, here, there))
    return found


def _alien_turn(game: Game) -> Game | None:
    """The game played on by the `hard` players to the alien's next decision."""
    game = _copy(game)
    players: dict[Side, Player] = {
        Side.CREW: HardCrew(hunt=True),
        Side.ALIEN: HardAlien(careful=True),
    }
    rng = Rng(game.seed)
    for _ in range(200):
        if game.state.phase is Phase.OVER:
            return None
        side = acting_side(game.state)
        if side is Side.ALIEN:
            return game
        game.play(side, decide(game.state, side, players[side], game.ship, game.content, rng))
    return None

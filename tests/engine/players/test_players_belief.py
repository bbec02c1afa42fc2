"""The crew's belief: the possible grids of a pipe-running alien (C.7, C.7.1,
C.7.3, C.8), kept from public information only."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.board.geometry import grid_range
from engine.board.grid import Grid
from engine.dice import Rng
from engine.game import Game
from engine.players import alien_ai, crew_ai, decide
from engine.players.base import acting_side
from engine.players.belief import Belief
from engine.random_player import choose
from engine.records.scenario import scenario_game
from engine.state import Phase, Side
from engine.views import events_for, view
from tests.games import staged


def _check_game(
    seed: int, random_alien: bool, turns: int = 12, variants: frozenset[str] = frozenset()
) -> int:
    """Play a seeded game, keeping the crew's belief; return how many checks held.
    The alien's secrets (its grid, its path) never reach the belief: it is fed the
    crew's events and view, and a belief fed only public events is the same."""
    game = Game.new(seed, variants=variants)
    belief, public = Belief(game.ship), Belief(game.ship)
    rng = Rng(seed)
    checks = 0
    while game.state.phase is not Phase.OVER and game.state.turn <= turns:
        side = acting_side(game.state)
        if side is Side.ALIEN and random_alien:
            command = choose(game.state, side, game.ship, game.content, rng)
            assert command is not None
        else:
            player = crew_ai if side is Side.CREW else alien_ai
            command = decide(game.state, side, player, game.ship, game.content, rng)
        events = game.play(side, command)
        crew_view = view(game.state, "crew", game.ship, game.content)
        belief.observe(events_for(events, "crew"), crew_view)
        public.observe(events_for(events, "spectator"), crew_view)
        assert public.where == belief.where  # nothing but public events went into it
        for alien in game.state.aliens.values():
            if alien.grid is not None and alien.pipe_running:
                assert alien.grid in belief.grids(alien.id), (seed, game.state.turn, alien.id)
                checks += 1
    return checks


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(1, 10_000), random_alien=st.booleans())
def test_c7_belief_always_holds_the_true_grid(seed: int, random_alien: bool) -> None:
    _check_game(seed, random_alien)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(1, 10_000), random_alien=st.booleans())
def test_n6_belief_with_the_doors_heard_still_holds_the_true_grid(
    seed: int, random_alien: bool
) -> None:
    """N.6: narrowing to the doors heard never drops the hidden alien's true grid."""
    _check_game(seed, random_alien, variants=frozenset({"noise"}))


def test_n6_a_door_heard_keeps_only_the_grids_near_it() -> None:
    """The Hunter walked two steps, the second through the Lab door, noisily: once the
    phase ends the crew's belief keeps only grids within two steps of that door."""
    game = scenario_game(
        f"scenario\nseed 1\nvariants noise\nrng {_noisy_die()}\nturn 3 alien\n"
        "crew hyun 0-E3 role=Captain skill=Tactical\nalien alien1 Hunter 1-G6 piperun\nend\n"
    )
    belief = Belief(game.ship)
    belief.observe([], view(game.state, "crew", game.ship, game.content))
    wide = belief.grids("alien1")
    for command in ("move alien1 1-H6 1-H7", "pass"):
        events = game.play("alien", command)
        seen = view(game.state, "crew", game.ship, game.content)
        belief.observe(events_for(events, "crew"), seen)
    kept = belief.grids("alien1")
    assert Grid.parse("1-H7") in kept and len(kept) < len(wide) // 10
    near = {Grid.parse(g) for g in ("1-H6", "1-H7")}
    assert all(min(grid_range(g, n) or 99 for n in near) <= 2 for g in kept)


def test_n6_an_untaught_belief_ignores_the_doors_heard() -> None:
    """The balance benchmark's null arm keeps the belief as if the variant were unknown:
    the same walk heard at the Lab door leaves it as wide as the steps allow."""
    kept = {}
    for taught in (True, False):
        game = scenario_game(
            f"scenario\nseed 1\nvariants noise\nrng {_noisy_die()}\nturn 3 alien\n"
            "crew hyun 0-E3 role=Captain skill=Tactical\nalien alien1 Hunter 1-G6 piperun\nend\n"
        )
        belief = Belief(game.ship, taught)
        belief.observe([], view(game.state, "crew", game.ship, game.content))
        for command in ("move alien1 1-H6 1-H7", "pass"):
            events = game.play("alien", command)
            belief.observe(
                events_for(events, "crew"), view(game.state, "crew", game.ship, game.content)
            )
        kept[taught] = belief.grids("alien1")
    assert kept[True] < kept[False] and len(kept[False]) > 10 * len(kept[True])


def _noisy_die() -> int:
    """A generator state whose first d6 shows 2 (noisy, N.5)."""
    return next(s for s in range(1, 10_000) if Rng(s).below(6) == 1)


def test_c8_a_search_that_finds_nothing_clears_the_searchers_own_grid() -> None:
    """C.8: range 0 is the searcher's own grid, always searched (the engine finds a
    pipe-runner there), so a search that finds nothing rules that grid out as well."""
    found = staged(crew={"hyun": "1-B5"}, alien="1-B5", phase=Phase.CREW, pipe_running=True)
    found.play("crew", "search hyun 1")
    assert not found.state.alien("alien1").pipe_running
    game = staged(crew={"hyun": "1-B5"}, alien="1-W5", phase=Phase.CREW, pipe_running=True)
    belief = Belief(game.ship)
    belief.observe([], view(game.state, "crew", game.ship, game.content))
    searched = {Grid.parse(g) for g in ("1-B5", "1-C5", "1-B6")}
    assert searched <= belief.grids("alien1")
    events = game.play("crew", "search hyun 1")
    belief.observe(events_for(events, "crew"), view(game.state, "crew", game.ship, game.content))
    assert not searched & belief.grids("alien1")
    assert game.state.alien("alien1").grid in belief.grids("alien1")

"""The `expert` level: a search over worlds built from its side's view only."""

from __future__ import annotations

import pytest

from engine import commands as c
from engine.board.grid import Grid
from engine.dice import Rng
from engine.game import Game
from engine.invariants import check_invariants
from engine.players.base import acting_side, decide, legal_for, play_game, show
from engine.players.expert import Budget, ExpertAlien, ExpertCrew, SearchParams, Weighting
from engine.players.expert.rollout import Refusals, rollout_players, step
from engine.players.expert.sampling import Hidden
from engine.players.expert.worlds import Secrets, build_world
from engine.players.levels import player_for
from engine.state import Phase, Side
from engine.views import View, view

SMALL = SearchParams(budget=Budget(iterations=6), narrow=200)


def _searched_crew_decision(seed: int) -> tuple[Game, ExpertCrew]:
    """Expert crew against the hard alien up to a crew decision the expert searches
    while the alien hides among several grids of the crew's belief."""
    game = Game.new(seed)
    crew = ExpertCrew(SMALL)
    alien = player_for(Side.ALIEN, "hard")
    rngs = {Side.CREW: Rng(seed), Side.ALIEN: Rng(seed + 1)}
    while game.state.phase is not Phase.OVER and game.state.turn <= 20:
        side = acting_side(game.state)
        player = crew if side is Side.CREW else alien
        hidden = all(a.pipe_running for a in game.state.aliens.values())
        cmd = decide(game.state, side, player, game.ship, game.content, rngs[side])
        wide = crew.belief is not None and len(crew.belief.all_grids()) > 1
        if side is Side.CREW and crew.last and crew.last.searched and hidden and wide:
            return game, crew
        show(game, [crew, alien], game.play(side, cmd))
    raise AssertionError("no searched crew decision with the alien hidden")


@pytest.mark.parametrize("seed", [2, 3])
def test_c7_the_expert_crew_decides_the_same_wherever_its_belief_says_the_alien_may_hide(
    seed: int,
) -> None:
    """C.3, C.7: the hidden alien moved among the grids of the crew's belief (positions
    the crew cannot tell apart) leaves a searched decision, and its record, unchanged."""
    game, crew = _searched_crew_decision(seed)
    assert crew.belief is not None
    alien = next(a for a in game.state.aliens.values() if a.pipe_running)
    places = sorted(crew.belief.grids(alien.id))
    assert alien.grid in places and len(places) > 1
    choices = set()
    for place in places[:: max(1, len(places) // 4)]:
        alien.grid = place
        alien.path[-1] = place
        command = decide(game.state, Side.CREW, crew, game.ship, game.content, Rng(7))
        assert crew.last is not None and crew.last.searched is not None
        visits = tuple((a.command, a.visits, round(a.total, 9)) for a in crew.last.searched.arms)
        choices.add((command, visits))
    assert len(choices) == 1


def test_c3_the_expert_alien_decides_the_same_whatever_the_crew_hides() -> None:
    """C.3: the crew's face-down gear and blueprints dealt otherwise leave a searched
    alien decision unchanged."""
    game = Game.new(4)
    alien = ExpertAlien(SMALL)
    crew = player_for(Side.CREW, "hard")
    rngs = {Side.CREW: Rng(4), Side.ALIEN: Rng(5)}
    while game.state.turn <= 20:
        side = acting_side(game.state)
        player = alien if side is Side.ALIEN else crew
        cmd = decide(game.state, side, player, game.ship, game.content, rngs[side])
        if side is Side.ALIEN and alien.last and alien.last.searched:
            break
        show(game, [crew, alien], game.play(side, cmd))
    assert alien.last is not None and alien.last.searched is not None
    before = decide(game.state, Side.ALIEN, alien, game.ship, game.content, Rng(9))
    game.state.crew_secrets.blueprints = ["Flame Caster", "Scanners"]
    for item in game.state.items.values():
        if item.in_locker or "alien" not in item.examined_by:
            item.kind = "Dunsel" if item.kind != "Supplies" else item.kind
    assert decide(game.state, Side.ALIEN, alien, game.ship, game.content, Rng(9)) == before


def test_the_same_seed_and_iteration_budget_decide_the_same() -> None:
    game, crew = _searched_crew_decision(2)
    twin = ExpertCrew(SMALL)
    twin.hard = crew.hard  # the same memory of the public record
    first = decide(game.state, Side.CREW, crew, game.ship, game.content, Rng(21))
    second = decide(game.state, Side.CREW, twin, game.ship, game.content, Rng(21))
    assert first == second
    assert crew.last is not None and twin.last is not None
    assert crew.last.searched is not None and twin.last.searched is not None
    assert crew.last.searched.arms == twin.last.searched.arms
    assert crew.last.searched.iterations == SMALL.budget.iterations


def _same_view(world_view: View, true_view: View) -> None:
    def plain(v: View) -> str:
        board = v.board
        markers = tuple(sorted(board.markers, key=repr))
        units = tuple(sorted(board.units, key=repr))
        return repr((v.crew, v.aliens, v.abilities, v.blueprints, markers, units, board.doors))

    assert plain(world_view) == plain(true_view)


@pytest.mark.parametrize("seed", [2, 6])
def test_a_world_is_a_position_its_side_cannot_tell_from_the_truth(seed: int) -> None:
    """A determinisation holds every rule's invariants and shows its side the very view
    it was built from (C.3: only the other side's secrets are dealt anew)."""
    game = play_game(seed, player_for(Side.CREW, "hard"), player_for(Side.ALIEN, "hard"), 6)
    for side in (Side.CREW, Side.ALIEN):
        seen = view(game.state, side.value, game.ship, game.content)
        hidden = {a.id: a.grid for a in game.state.aliens.values() if a.pipe_running and a.grid}
        world = build_world(seen, Secrets(hidden), game.ship, game.content, Rng(seed))
        assert check_invariants(world, game.ship, game.content) == []
        _same_view(view(world, side.value, game.ship, game.content), seen)


def test_the_far_weighting_favours_grids_away_from_the_humans() -> None:
    """C.7.2, C.8: a hiding alien keeps away from the humans; FAR weighs such grids more,
    UNIFORM alike, and neither draws a grid the belief does not hold."""
    game = play_game(2, player_for(Side.CREW, "hard"), player_for(Side.ALIEN, "hard"), 3)
    seen = view(game.state, "crew", game.ship, game.content)
    humans = {Grid.parse(h.grid) for h in seen.crew if h.grid}
    near = next(iter(sorted(humans)))
    far = max(game.ship.cells, key=lambda g: (g.deck != near.deck, g))
    possible = {"alien1": frozenset({near, far})}
    weighted = Hidden(seen, possible, game.ship, SearchParams(weighting=Weighting.FAR))
    uniform = Hidden(seen, possible, game.ship, SearchParams(weighting=Weighting.UNIFORM))
    assert weighted.share("alien1", {far}) > 0.5 == uniform.share("alien1", {far})
    rng = Rng(3)
    assert {weighted.draw(rng)["alien1"] for _ in range(30)} <= {near, far}


def test_the_expert_plays_only_legal_commands() -> None:
    game = play_game(3, ExpertCrew(SMALL), ExpertAlien(SMALL), turn_cap=4)
    assert game.state.turn > 1 or game.state.phase is Phase.OVER


def test_a_crew_search_candidate_names_no_item() -> None:
    """Worlds number their own markers, so the expert never searches a command naming
    one: its candidates are about units and grids only."""
    _, crew = _searched_crew_decision(3)
    assert crew.last is not None and crew.last.searched is not None
    for arm in crew.last.searched.arms:
        assert not isinstance(arm.command, c.PickUp | c.Drop | c.Give | c.OpenLocker)


@pytest.mark.parametrize("seed", [2, 5])
def test_a_rollout_plays_the_best_scored_legal_command_of_its_player(seed: int) -> None:
    """A rollout tries its player's best-scored commands unchecked until the rules accept
    one: it plays a legal command scored as high as any legal one, the very choice the
    player makes when shown the legal list (ties aside), for both sides."""
    game = Game.new(seed)
    players = rollout_players(game.ship, None, {})
    refused: Refusals = {}
    rng, checked = Rng(seed), 0
    state = game.state
    while state.phase is not Phase.OVER and state.turn <= 6:
        side = acting_side(state)
        seen = view(state, side.value, game.ship, game.content)
        legal = legal_for(state, side, game.ship, game.content)
        score = players[side].scorer(seen, game.ship, game.content)
        command, state, _ = step(
            state, side, players[side], seen, game.ship, game.content, rng, refused
        )
        if state.turn > 1 and len(legal) > 1:
            assert command in legal
            assert score(command) == max(score(cmd) for cmd in legal)
            checked += 1
    assert checked > 20

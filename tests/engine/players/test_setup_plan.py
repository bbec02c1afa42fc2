"""The `expert` players' set-up (B.1.2, B.1.3): chosen, not left to ``quick``."""

from __future__ import annotations

import pytest

from engine import commands as c
from engine.board.geometry import Mover
from engine.board.grid import Grid
from engine.board.ship import TAG_LOADING_BAY, TAG_WORKSHOP, Feature
from engine.dice import Rng
from engine.game import Game
from engine.players.base import acting_side, decide, legal_for
from engine.players.expert.advice import advise_at_table
from engine.players.levels import player_for
from engine.players.setup_plan import FIRST_ABILITY, SKILL_RANK, SetupReason
from engine.players.tactics import FAR, distances
from engine.state import Condition, Human, Phase, SetupStep, Side
from engine.views import view

SEEDS = range(1, 13)


def _set_up(seed: int, crew: str, alien: str) -> Game:
    """A game whose set-up both sides made at their levels, each command from the legal
    list its player is offered."""
    game = Game.new(seed)
    players = {Side.CREW: player_for(Side.CREW, crew), Side.ALIEN: player_for(Side.ALIEN, alien)}
    while game.state.phase is Phase.SETUP:
        side = acting_side(game.state)
        game.play(side, decide(game.state, side, players[side], game.ship, game.content, Rng(seed)))
    return game


def _skills(game: Game, human: Human) -> list[str]:
    role = game.content.role(human.role or "")
    return [role.skill.value, human.skill_marker or ""]


@pytest.mark.parametrize("seed", SEEDS)
def test_b12_the_expert_crew_gives_the_beds_its_least_useful_roles(seed: int) -> None:
    """B.1.2: roles are given "as desired" after the injured are chosen; the expert keeps
    every role it values more out of the beds (an injured human carries nothing, D.5)."""
    game = _set_up(seed, "expert", "hard")
    humans = game.state.humans.values()

    def rank(h: Human) -> int:
        return SKILL_RANK.index(game.content.role(h.role or "").skill.value)

    injured = [rank(h) for h in humans if h.condition is Condition.INJURED]
    well = [rank(h) for h in humans if h.condition is Condition.WELL]
    assert len(injured) == 2 and max(well) <= min(injured)


@pytest.mark.parametrize("seed", SEEDS)
def test_b12_the_expert_crew_starts_an_engineer_on_the_toolkits_locker(seed: int) -> None:
    """B.1.1 puts the ToolKit alone in the Workshop's locker; B.1.2 lets the crew start
    anywhere within its limits: the expert starts its best Engineer on that locker (C.9:
    only an Engineer with the ToolKit repairs)."""
    game = _set_up(seed, "expert", "hard")
    workshop = game.ship.region_tagged(TAG_WORKSHOP).grids
    locker = next(g for g in game.ship.grids_with(Feature.LOCKER) if g in workshop)
    well = [h for h in game.state.humans.values() if h.condition is Condition.WELL]
    engineers = [h for h in well if "Engineer" in _skills(game, h)]
    assert engineers, "the roles keep an Engineer out of the beds"
    most = max(_skills(game, h).count("Engineer") for h in engineers)
    at_locker = [h for h in well if h.grid == locker]
    assert len(at_locker) == 1 and _skills(game, at_locker[0]).count("Engineer") == most


@pytest.mark.parametrize("seed", SEEDS)
def test_b13_the_expert_alien_takes_venom_and_starts_on_the_cadaver_farthest_from_the_crew(
    seed: int,
) -> None:
    """B.1.3: the alien chooses its first ability and starts on a cadaver or in the
    Loading Bay; the expert chooses Venom and, once the crew has placed its humans, the
    cadaver with the longest walk to the nearest of them."""
    game = _set_up(seed, "hard", "expert")
    alien = next(iter(game.state.aliens.values()))
    assert alien.abilities == [FIRST_ABILITY] == ["Venom"]
    cadavers = [h.grid for h in game.state.humans.values() if h.condition is Condition.DECEASED]
    assert alien.grid in cadavers
    well = [h.grid for h in game.state.humans.values() if h.condition is Condition.WELL]

    def walk(start: Grid | None) -> int:
        assert start is not None
        found = distances(game.ship, start, Mover.ALIEN, {})
        return min(found.get(g, FAR) for g in well if g is not None)

    assert walk(alien.grid) == max(walk(g) for g in cadavers)
    assert alien.grid not in game.ship.region_tagged(TAG_LOADING_BAY).grids


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_b1_the_lower_levels_leave_their_set_up_to_quick(level: str) -> None:
    """Only the expert plans its set-up; the other levels are offered ``quick`` alone and
    play it, as before."""
    game = Game.new(5)
    for side in (Side.CREW, Side.ALIEN):
        player = player_for(side, level)
        legal = legal_for(game.state, side, game.ship, game.content)
        assert legal == [c.QuickSetup()]
        seen = view(game.state, side.value, game.ship, game.content)
        assert player(seen, legal, game.ship, game.content, Rng(1)) == c.QuickSetup()


def test_b1_an_expert_shown_only_quick_plays_quick() -> None:
    """The advisor shows the expert only the asker's own legal list, which in set-up is
    ``quick``: the expert then plays ``quick`` rather than a choice it was not offered."""
    game = Game.new(5)
    for side in (Side.CREW, Side.ALIEN):
        player = player_for(side, "expert")
        seen = view(game.state, side.value, game.ship, game.content)
        choice = player(seen, [c.QuickSetup()], game.ship, game.content, Rng(1))
        assert choice == c.QuickSetup()


def test_b12_the_hint_at_the_table_in_set_up_is_the_experts_own_set_up_choice() -> None:
    """The terminal's ``hint`` in set-up advises among the step's choices one by one:
    at the placements, the best Engineer on the ToolKit's locker, with that reason."""
    game = Game.new(2)
    crew = player_for(Side.CREW, "expert")
    while game.state.setup is not SetupStep.PLACE:
        game.play(Side.CREW, decide(game.state, Side.CREW, crew, game.ship, game.content, Rng(1)))
    decision = advise_at_table(game, Side.CREW, Rng(1))
    assert decision is not None and decision.setup is SetupReason.TOOLKIT
    placed = decision.command
    assert isinstance(placed, c.PlaceHuman)
    workshop = game.ship.region_tagged(TAG_WORKSHOP).grids
    assert placed.grid in workshop and placed.grid in game.ship.grids_with(Feature.LOCKER)
    assert "Engineer" in _skills(game, game.state.humans[placed.human])

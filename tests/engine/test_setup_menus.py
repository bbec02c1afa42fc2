"""The crew's set-up menus as the engine offers them (B.1.2): whatever a player picks
from them, within what each step asks, is a legal command, and the crew's set-up can be
made from them alone, one step after another (README, "Set-up by taps")."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import commands as c
from engine.game import Game
from engine.legal import is_legal, legal_commands, role_choices, setup_pick
from engine.state import Phase, SetupStep, Side


def _picked(draw: st.DrawFn, among: tuple[str, ...], count: int) -> list[str]:
    return draw(st.lists(st.sampled_from(among), min_size=count, max_size=count, unique=True))


@st.composite
def crew_set_up_by_menus(draw: st.DrawFn) -> tuple[Game, list[str]]:
    """A new game, and the crew's set-up picked from the menus (any choice of each)."""
    game = Game.new(draw(st.integers(1, 10_000)))
    played: list[str] = []
    for _ in range(40):
        state = game.state
        if state.setup is SetupStep.DONE:
            break
        pick = setup_pick(state, Side.CREW, game.ship, game.content)
        if pick is not None and pick.areas:
            names = [g for _, share, grids in pick.areas for g in _picked(draw, grids, share)]
            command = f"{pick.verb} {' '.join(names)}"
        elif pick is not None:
            command = f"{pick.verb} {' '.join(_picked(draw, pick.among, pick.count))}"
        elif state.setup is SetupStep.ROLES:
            roles = role_choices(state, Side.CREW, game.ship, game.content)
            command = draw(st.sampled_from(roles)).notation()
        else:
            places = [x for x in game_legal(game) if isinstance(x, c.PlaceHuman)]
            command = draw(st.sampled_from(places)).notation()
        assert is_legal(state, Side.CREW, c.parse(command), game.ship, game.content), command
        game.play(Side.CREW, command)
        played.append(command)
    return game, played


def game_legal(game: Game) -> list[c.Command]:
    return legal_commands(game.state, Side.CREW, game.ship, game.content)


@settings(max_examples=15)
@given(crew_set_up_by_menus())
def test_b12_every_pick_from_the_crews_set_up_menus_is_legal_and_they_finish_set_up(found):
    game, played = found
    assert game.state.setup is SetupStep.DONE
    verbs = [command.split()[0] for command in played]
    assert verbs.count("role") == 8  # one survivor at a time, every free role (B.1.2)
    assert verbs.count("place") == 6  # the six well survivors
    game.play(Side.ALIEN, "quick")
    assert game.state.phase is not Phase.SETUP

"""The alien hears in its DMs what happened to it (README, "Secrets"): a crew command
that spots it, tallies it, attacks or hurts it reaches the alien player at once, in the
words the channel's digest uses at the phase's end; the crew's secret notes never do.

Through the bot on the in-memory Discord: the crew's commands are chosen on the test's
own referee copy of the game (``mirror``), so that a search surely finds the hidden
alien, and the greedy crew of :mod:`tests.bot.helpers` attacks it.
"""

from __future__ import annotations

from bot.present import locale
from bot.present.catalogue import sentence
from engine import commands as c
from engine.events import Audience, Event
from engine.game import Game
from engine.hiding.events import Searched
from engine.legal import legal_commands
from engine.state import Phase, Side
from tests.bot.helpers import (
    World,
    fix_seed,
    greedy_crew,
    make_world,
    mirror,
    phase_of,
    seat_and_start,
)
from tests.bot.present.test_french_outputs import in_french


def finding_search(game: Game) -> list[c.Command] | None:
    """A crew unit's move (or none) then search that spots the hidden alien, tried on
    copies of ``game``."""
    lines = [(e.side, e.command) for e in game.log]
    units = [h.id for h in game.state.humans.values() if h.grid is not None]
    for unit in units:
        for first in [None, *legal_commands(game.state, Side.CREW, game.ship, game.content, unit)]:
            if first is not None and not isinstance(first, c.Move):
                continue
            trial = Game.replay(game.seed, lines)
            if first is not None:
                trial.play(Side.CREW, first)
            for search in legal_commands(trial.state, Side.CREW, trial.ship, trial.content, unit):
                if not isinstance(search, c.Search):
                    continue
                again = Game.replay(game.seed, [*lines, *([(Side.CREW, first)] if first else [])])
                found = again.play(Side.CREW, search)
                if any(isinstance(e, Searched) and e.found for e in found):
                    return [*([first] if first else []), search]
    return None


async def crew_plays(world: World, command: c.Command) -> list[Event]:
    """``command`` played through the bot by the unit's owner; its events, as the
    referee copy plays them."""
    before = mirror(world)
    unit = getattr(command, "unit", None)
    actor = world.owner_of(unit) if unit else world.crew[0]
    result = await actor.slash(world.channel, "game do", command=command.notation())
    assert "⚠️" not in (result.response.content if result.response else "")
    return before.play(Side.CREW, command)


async def hidden_world(simcord_env, seed: int) -> World:
    world = make_world(simcord_env, crew=1)
    fix_seed(world, seed)
    await seat_and_start(world, seed)
    await world.alien.user.slash("alien piperun")
    await world.alien.user.slash("alien pass")
    assert phase_of(world) is Phase.CREW
    return world


async def spotting_world(simcord_env) -> tuple[World, list[c.Command]]:
    """A game whose alien hides within a crew search's reach, and that search."""
    for seed in range(40, 80):
        world = await hidden_world(simcord_env, seed)
        plan = finding_search(mirror(world))
        if plan is not None:
            return world, plan
        await world.mod.slash(world.channel, "mod abort")
    raise AssertionError("no seed puts the alien within a search's reach")


async def test_c8_a_search_that_spots_the_alien_is_told_to_the_alien_at_once(simcord_env):
    world, plan = await spotting_world(simcord_env)
    told = len(world.dm_texts(world.alien))
    events = [e for command in plan for e in await crew_plays(world, command)]
    news = "\n".join(world.dm_texts(world.alien)[told:])
    spotted = next(e for e in events if isinstance(e, Searched) and e.found)
    assert sentence(spotted) in news and "spots the alien!" in news
    for event in events:
        if event.audience is Audience.CREW:
            assert sentence(event) not in news  # the crew's own notes stay the crew's


async def test_d2_an_attack_on_the_alien_and_its_wounds_reach_the_alien_player(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)  # SEED: the greedy crew attacks the Larva on turn 2
    heard: list[Event] = []
    for _ in range(200):
        if phase_of(world) is Phase.OVER:
            break
        if phase_of(world) is Phase.ALIEN:
            await world.alien.user.slash("alien pass")
            continue
        heard += await crew_plays(world, greedy_crew(mirror(world)))
    news = "\n".join(world.dm_texts(world.alien))
    about = [e for e in heard if e.audience is Audience.PUBLIC and "Larva" in sentence(e)]
    assert any("attacks the Larva" in sentence(e) for e in about)
    assert all(sentence(e) in news for e in about)
    assert not any(sentence(e) in news for e in heard if e.audience is Audience.CREW)


async def test_c8_the_news_of_the_crews_search_is_worded_in_the_aliens_language(
    simcord_env, french
):
    """The crew's press causes the alien's DM: it is worded in the alien's language (the
    alien's last interaction was French: README, "Languages"), all of it."""
    world, plan = await spotting_world(simcord_env)
    french.add(world.alien.id)
    await world.alien.user.slash("me settings")  # the alien's last interaction: French
    told = len(world.dm_texts(world.alien))
    events = [e for command in plan for e in await crew_plays(world, command)]
    news = world.dm_texts(world.alien)[told:]
    spotted = next(e for e in events if isinstance(e, Searched) and e.found)
    with locale.speaking("fr"):
        french_line = sentence(spotted)
    assert any(french_line in text for text in news), news
    assert not any(sentence(spotted) in text for text in news)  # not the English one
    assert in_french(line for text in news for line in text.splitlines()) == []

"""Either seat can be given to the game, whose moves are posted as they happen."""

from __future__ import annotations

import pytest

from bot.desk.computer_seat import computer_seed, seat_level, seat_side, seat_text
from bot.present.events import terminal_line
from engine import commands as c
from engine.board.ship import TAG_WORKSHOP, Feature
from engine.dice import Rng
from engine.events import Audience
from engine.game import Game
from engine.players.levels import decide_at_level
from engine.setup import quarantine_grids, waiting_on
from engine.state import Condition, Phase, Side
from engine.units import held_abilities
from engine.views import view
from tests.bot import helpers
from tests.bot.helpers import SEED, World, create, make_world, phase_of, public_log, stored_commands

REFUSED = "⚠️"


@pytest.fixture(autouse=True)
def no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUICKSILVER_AI_PACE", "0")


def lines_by_audience(world: World) -> dict[tuple[str, Audience], list[str]]:
    """Every event line of the game so far, by the side that caused it and its audience."""
    table = world.table()
    fresh = Game.new(table.row.seed)
    found: dict[tuple[str, Audience], list[str]] = {}
    for side, command, _ in stored_commands(world):
        for event in fresh.play(Side(side), c.parse(command)):
            found.setdefault((side, event.audience), []).append(terminal_line(event))
    return found


async def crew_against_the_game(world: World) -> None:
    human = world.crew[0]
    await create(world, human, SEED)
    given = await human.slash(world.channel, "game computer", seat="alien")
    assert "plays the **alien**" in given.response.content
    await human.slash(world.channel, "game join", seat="crew")
    started = await human.slash(world.channel, "game start")
    assert REFUSED not in started.response.content, started.response.content
    # The game made the alien's set-up choices at once; only the crew's remain.
    game = world.table().game
    assert game is not None and waiting_on(game.state) == [Side.CREW]
    await human.slash(world.channel, "game setup")


async def test_a_person_plays_the_crew_against_the_game_alien(simcord_env):
    world = make_world(simcord_env, crew=1)
    await crew_against_the_game(world)
    # The game played the whole alien phase of turn 1 and waits on the person again.
    assert phase_of(world) is Phase.CREW
    alien_rows = [r for r in stored_commands(world) if r[0] == "alien"]
    assert len(alien_rows) >= 2 and all(user is None for _, _, user in alien_rows)
    await world.crew[0].slash(world.channel, "game pass")
    assert phase_of(world) in (Phase.CREW, Phase.OVER)
    game = world.table().game
    assert game is not None and (game.state.turn == 2 or game.state.phase is Phase.OVER)
    # The alien's public events (its declarations, its rolls) are in the game's log, and
    # its phase's digest in the channel keeps its attack.
    channel = "\n".join(world.texts())
    by_audience = lines_by_audience(world)
    public = by_audience.get(("alien", Audience.PUBLIC), [])
    log = await public_log(world)
    assert public and all(line in log for line in public)
    assert "The Larva attacks" in channel
    # Nothing secret: no private line of the alien, no ability, in the channel or the DMs.
    seen = channel + "\n".join(world.dm_texts(world.crew[0]))
    everyone = {line for lines in by_audience.values() for line in lines if line in public}
    for audience in (Audience.ALIEN, Audience.REFEREE):
        for line in by_audience.get(("alien", audience), []):
            assert line in everyone or line not in seen, line
    assert game is not None
    for ability in view(game.state, "alien", game.ship, game.content).abilities:
        assert ability not in seen
    assert "🤖" in "\n".join(world.texts())


async def test_a_person_plays_the_alien_against_the_game_crew(simcord_env):
    world = make_world(simcord_env, crew=1)
    await create(world, world.alien, SEED)
    given = await world.alien.slash(world.channel, "game computer", seat="crew")
    assert "plays the **crew**" in given.response.content
    refused = await world.crew[0].slash(world.channel, "game join", seat="crew")
    assert "game itself plays the crew" in refused.response.content
    await world.alien.slash(world.channel, "game join", seat="alien")
    await world.alien.slash(world.channel, "game start")
    await world.alien.user.slash("game setup")
    assert phase_of(world) is Phase.ALIEN
    await world.alien.user.slash("alien pass")
    # The game played the crew phase; the alien's turn 2 has come.
    game = world.table().game
    assert game is not None
    assert game.state.phase is Phase.OVER or (
        game.state.phase is Phase.ALIEN and game.state.turn == 2
    )
    crew_rows = [r for r in stored_commands(world) if r[0] == "crew"]
    assert len(crew_rows) >= 2 and all(user is None for _, _, user in crew_rows)
    public = lines_by_audience(world).get(("crew", Audience.PUBLIC), [])
    log = await public_log(world)
    assert public and all(line in log for line in public)
    # The alien heard of its turn in its DMs; nobody was pinged for the game's side.
    assert any("your move" in t for t in world.dm_texts(world.alien))


async def test_a_restart_keeps_the_game_seat_and_resumes_its_moves(simcord_env, db_path):
    world = make_world(simcord_env, crew=1)
    await crew_against_the_game(world)
    assert phase_of(world) is Phase.CREW
    # The crew's pass is stored, but the bot stops before the game plays the alien.
    table = world.table()
    await world.bot.desk.play(table, world.crew[0].id, "pass")
    assert phase_of(world) is Phase.ALIEN
    length = table.length
    await helpers.restart(simcord_env, db_path)
    table = world.table()
    assert not table.loaded  # nothing replayed at start: the game loads on first use
    assert table.computer is Side.ALIEN
    status = await world.crew[0].slash(world.channel, "game status")
    assert "the game" in status.response.content
    assert table.loaded and phase_of(world) is Phase.ALIEN
    await world.bot.tick()  # the clock's first tick after the restart
    stored = stored_commands(world)
    assert len(stored) > length
    assert all(user is None for _, _, user in stored[length:])
    assert phase_of(world) in (Phase.CREW, Phase.OVER)
    # The same moves as a bot that never stopped (the game's dice are seeded per move).
    again = make_world(simcord_env, name="again", crew=1)
    await crew_against_the_game(again)
    await again.crew[0].slash(again.channel, "game pass")
    assert [r[1] for r in stored_commands(again)] == [r[1] for r in stored_commands(world)]


async def test_only_the_creator_or_a_moderator_gives_a_seat_to_the_game(simcord_env):
    world = make_world(simcord_env, crew=1)
    created = await create(world, world.crew[0], SEED)
    stranger = await world.stranger.slash(world.channel, "game computer", seat="alien")
    assert REFUSED in stranger.response.content and "creator or a moderator" in (
        stranger.response.content
    )
    button = await world.stranger.click(created.response, label="Game plays alien")
    assert REFUSED in button.response.content
    assert world.table().computer is None
    await world.crew[0].slash(world.channel, "game join", seat="crew")
    taken = await world.mod.slash(world.channel, "game computer", seat="crew")
    assert "already sit as crew" in taken.response.content
    given = await world.mod.click(created.response, label="Game plays alien")
    assert REFUSED not in given.response.content
    assert world.table().computer is Side.ALIEN
    back = await world.crew[0].slash(world.channel, "game computer", seat="none")
    assert "open again" in back.response.content and world.table().computer is None
    await world.mod.slash(world.channel, "game computer", seat="alien")
    await world.crew[0].slash(world.channel, "game start")
    late = await world.mod.slash(world.channel, "game computer", seat="none")
    assert "only in the lobby" in late.response.content
    assert world.table().computer is Side.ALIEN


async def test_a_game_waiting_on_its_person_stays_out_of_memory_at_a_tick(simcord_env, db_path):
    """The clock picks games from a query; a game whose computer side is not to move
    is not loaded just because the game plays a side in it."""
    world = make_world(simcord_env, crew=1)
    await crew_against_the_game(world)
    assert phase_of(world) is Phase.CREW
    await helpers.restart(simcord_env, db_path)
    await world.bot.tick()
    assert not world.table().loaded
    await world.crew[0].slash(world.channel, "game pass")
    assert world.table().loaded and phase_of(world) in (Phase.CREW, Phase.OVER)


async def test_a_hard_game_alien_decides_from_the_whole_stored_public_record(simcord_env):
    """`/game computer seat level`: the level is kept with the seat ('alien:hard'), and each
    of the game's moves is the hard alien's choice over the whole game so far, though the
    bot keeps only the current phase in memory."""
    world = make_world(simcord_env, crew=1)
    human = world.crew[0]
    await create(world, human, SEED)
    given = await human.slash(world.channel, "game computer", seat="alien", level="hard")
    assert "plays the **alien** (hard)" in given.response.content
    assert world.table().row.computer == "alien:hard" and world.table().computer is Side.ALIEN
    await human.slash(world.channel, "game join", seat="crew")
    await human.slash(world.channel, "game start")
    await human.slash(world.channel, "game setup")
    for _ in range(3):
        if phase_of(world) is not Phase.CREW:
            break
        await human.slash(world.channel, "game pass")
    table = world.table()
    assert table.game is not None and table.game.base > 0  # only this phase is in memory
    rows = stored_commands(world)
    stored = [(Side(side), c.parse(command), user) for side, command, user in rows]
    moves = [i for i, (side, _, user) in enumerate(stored) if side is Side.ALIEN and user is None]
    played = [i for i in moves if stored[i][1] != c.QuickSetup()]
    assert len(played) >= 6
    for i in played:
        replay = Game.replay(SEED, [(side, command) for side, command, _ in stored[:i]])
        rng = Rng(computer_seed(SEED, replay.moment(Side.ALIEN)))
        assert decide_at_level(replay, Side.ALIEN, "hard", rng) == stored[i][1]


async def test_an_expert_game_crew_plans_its_set_up_and_keeps_its_roles_secret(simcord_env):
    """B.1.2: the game's `expert` crew gives its roles and places its humans itself
    , through the desk like anyone's commands; the alien's channel and DMs
     never name a survivor's unrevealed role."""
    world = make_world(simcord_env, crew=1)
    await create(world, world.alien, SEED)
    await world.alien.slash(world.channel, "game computer", seat="crew", level="expert")
    await world.alien.slash(world.channel, "game join", seat="alien")
    await world.alien.slash(world.channel, "game start")
    await world.alien.user.slash("game setup")
    game = world.table().game
    assert game is not None and game.state.phase is not Phase.SETUP
    crew_rows = [c.parse(cmd) for side, cmd, user in stored_commands(world) if side == "crew"]
    assert c.QuickSetup() in crew_rows  # the crates only (B.1.2): nothing to plan there
    assert sum(isinstance(cmd, c.AssignRole) for cmd in crew_rows) == 8
    assert sum(isinstance(cmd, c.PlaceHuman) for cmd in crew_rows) == 6
    workshop = game.ship.region_tagged(TAG_WORKSHOP).grids
    locker = next(g for g in game.ship.grids_with(Feature.LOCKER) if g in workshop)
    keeper = next(h for h in game.state.humans.values() if h.grid == locker)
    assert "Engineer" in (game.content.role(keeper.role or "").skill.value, keeper.skill_marker)
    seen = "\n".join(world.texts() + world.dm_texts(world.alien))
    for human in game.state.humans.values():
        if (
            human.role
            and "role" not in human.revealed
            and human.condition is not Condition.DECEASED
        ):
            assert human.role not in seen, human.role


async def test_an_expert_game_alien_waits_for_the_crew_to_place_its_larva(simcord_env):
    """B.1.3: the game's `expert` alien chooses its ability at once and starts its Larva
    only once the crew has placed its humans, on the cadaver farthest from them."""
    world = make_world(simcord_env, crew=1)
    human = world.crew[0]
    await create(world, human, SEED)
    await human.slash(world.channel, "game computer", seat="alien", level="expert")
    await human.slash(world.channel, "game join", seat="crew")
    await human.slash(world.channel, "game start")
    game = world.table().game
    assert game is not None and waiting_on(game.state) == [Side.CREW, Side.ALIEN]
    assert held_abilities(game.state) == ["Venom"] and not game.state.aliens
    await human.slash(world.channel, "game setup")
    game = world.table().game
    assert game is not None and game.state.phase is not Phase.SETUP
    larva = c.parse(next(cmd for side, cmd, _ in stored_commands(world) if cmd.startswith("larva")))
    assert isinstance(larva, c.PlaceLarva)
    assert larva.grid in quarantine_grids(game.ship)  # where B.1.2 lays the four cadavers
    assert "Venom" not in "\n".join(world.texts() + world.dm_texts(human))


def test_a_seat_stored_before_levels_reads_as_the_easy_player_it_was() -> None:
    assert seat_side("alien") is Side.ALIEN and seat_level("alien") == "easy"
    assert seat_side("crew:hard") is Side.CREW and seat_level("crew:hard") == "hard"
    assert seat_side("") is None
    assert seat_text(Side.ALIEN, "normal") == "alien:normal"
    with pytest.raises(ValueError, match="easy, normal, hard"):
        seat_text(Side.CREW, "nightmare")

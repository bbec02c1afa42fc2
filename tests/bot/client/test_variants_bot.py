"""Variants at the bot's seams: chosen at ``/game create`` (only playable ones), kept in
the game's stored opening so a restart replays them, public in the lobby, ``/game status``,
the export and the reveal (README, "Variants")."""

from __future__ import annotations

from bot.client.complete import variant_choices
from bot.desk.replay_log import GameReplay
from bot.present import texts
from bot.present.export import game_script
from bot.store.rows import GameRow
from engine.records.scenario import opening_game
from engine.records.script import read_script
from engine.variants import Catalogue, load_variants
from tests.bot import helpers
from tests.bot.helpers import make_world

NOISE_LINE = "🧪 Variants: Noise in the Pipes (`noise`)"


async def test_a_variant_not_built_yet_is_refused_at_create_and_no_lobby_opens(simcord_env):
    world = make_world(simcord_env, crew=1)
    world.bot.desk.seeds = lambda: 3
    answer = await world.crew[0].slash(world.channel, "game create", variants="noise")
    text = answer.response.content
    assert "the variant 'noise' cannot be played yet" in text, text
    assert world.bot.desk.table_in(world.channel.id) is None


async def test_an_unknown_variant_is_refused_naming_the_playable_ones(simcord_env):
    world = make_world(simcord_env, crew=1)
    answer = await world.crew[0].slash(world.channel, "game create", variants="lasers")
    assert "no variant 'lasers'. Variants you can choose:" in answer.response.content
    assert world.bot.desk.table_in(world.channel.id) is None


async def test_a_game_with_no_variant_says_nothing_of_variants(simcord_env):
    world = make_world(simcord_env, crew=1)
    await helpers.seat_and_start(world)
    status = await world.crew[0].slash(world.channel, "game status")
    assert "Variants" not in status.response.content
    assert world.table().row.opening == ""


async def test_a_game_created_with_a_variant_shows_it_to_everyone_and_replays_with_it(
    simcord_env, db_path
):
    """The desk is handed the variants the client checked (a variant built later takes
    this road from ``/game create``); the choice lives in the stored opening."""
    world = make_world(simcord_env, crew=1)
    table = await world.bot.desk.create(
        world.channel.id, world.guild.id, "qs", world.crew[0].id, seed=9,
        variants=frozenset({"noise"}),
    )  # fmt: skip
    assert table.row.opening == "variants noise"
    assert NOISE_LINE in texts.lobby_text(table)
    await world.alien.slash(world.channel, "game join", seat="alien")
    await world.crew[0].slash(world.channel, "game join", seat="crew")
    await world.crew[0].slash(world.channel, "game start")
    await world.crew[0].slash(world.channel, "game setup")
    assert world.table().game is not None
    assert world.table().game.state.variants == {"noise"}
    for person in (world.crew[0], world.alien, world.spectator):
        status = await person.slash(world.channel, "game status")
        assert NOISE_LINE in status.response.content
    await helpers.restart(simcord_env, db_path)
    status = await world.crew[0].slash(world.channel, "game status")
    assert NOISE_LINE in status.response.content
    reloaded = world.table().game
    assert reloaded is not None and reloaded.state.variants == {"noise"}
    row = world.table().row
    assert opening_game(row.seed, row.opening).state.variants == {"noise"}


def test_an_exported_script_of_a_variant_game_reads_back_with_its_variants() -> None:
    game = opening_game(4, "variants halon noise")
    game.play("crew", "quick")
    row = GameRow(1, 1, 1, "qs", 4, "playing", 1, 0.0, opening="variants halon noise")
    script = game_script(GameReplay(row, game, ()))
    assert "\nseed 4\nvariants halon noise\ncrew: quick\n" in script
    assert read_script(script).game.state == game.state


def test_autocomplete_offers_only_playable_variants_completing_the_last_word() -> None:
    tables = {k: v.model_dump() for k, v in load_variants().variants.items()}
    for name, table in tables.items():
        table["built"] = name in ("noise", "halon")
    catalogue = Catalogue.of(tables)
    offered = [c.value for c in variant_choices("", catalogue)]
    assert offered == ["halon", "noise"]
    assert [c.value for c in variant_choices("noise, h", catalogue)] == ["noise halon"]
    assert [c.value for c in variant_choices("noise ", catalogue)] == ["noise halon"]
    assert variant_choices("ra", catalogue) == []  # raids is not built
    built = list(load_variants().ids(built_only=True))  # the project's data
    assert [c.value for c in variant_choices("", load_variants())] == built


async def test_rules_answers_each_variant_and_says_whether_it_can_be_played(simcord_env):
    world = make_world(simcord_env, crew=1)
    for key, info in load_variants().variants.items():
        answer = await world.stranger.slash(world.channel, "rules", topic=key)
        text = answer.response.content
        assert f"**{info.title}** — optional variant ({info.rule})" in text, text
        assert info.text[0] in text
        assert ("Not playable yet" in text) is not info.built


async def test_a_game_of_emergencies_created_by_slash_shows_its_panel_to_everyone(simcord_env):
    """``emergencies`` is built: ``/game create variants:emergencies`` opens its lobby, and
    every seat and the spectators read the panel in ``/game status``."""
    world = make_world(simcord_env, crew=1)
    world.bot.desk.seeds = lambda: 3
    await world.crew[0].slash(world.channel, "game create", variants="emergencies")
    assert world.table().row.opening == "variants emergencies"
    await world.alien.slash(world.channel, "game join", seat="alien")
    await world.crew[0].slash(world.channel, "game join", seat="crew")
    await world.crew[0].slash(world.channel, "game start")
    await world.crew[0].slash(world.channel, "game setup")
    game = world.table().game
    assert game is not None and game.state.emergencies is not None
    for person in (world.crew[0], world.alien, world.spectator):
        status = await person.slash(world.channel, "game status")
        text = status.response.content
        assert "🧪 Variants: Ship Emergencies (`emergencies`)" in text, text
        assert "🚨 Emergencies: 16 cards in the deck" in text, text

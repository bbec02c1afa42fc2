"""Variants at the bot's seams: chosen at ``/game create`` (only playable ones), kept in
the game's stored opening so a restart replays them, public in the lobby, ``/game status``,
the export and the reveal (README, "Variants")."""

from __future__ import annotations

from typing import Any

import pytest

from bot.client.complete import variant_choices
from bot.desk.replay_log import GameReplay
from bot.present import rules, texts
from bot.present.export import game_script
from bot.present.locale import speaking
from bot.store.rows import GameRow
from engine import variants as variants_module
from engine.help import answers
from engine.records.scenario import opening_game
from engine.records.script import read_script
from engine.variants import Catalogue, load_variants
from tests.bot import helpers
from tests.bot.helpers import make_world

NOISE_LINE = "🧪 Variants: Noise in the Pipes (`noise`"  # then ")" or ", unbalanced)"


async def test_a_variant_not_built_yet_is_refused_at_create_and_no_lobby_opens(
    simcord_env, monkeypatch
):
    """A catalogue whose ``halon`` is not built yet (every variant of the project's data
    is built now): ``/game create`` refuses it, naming it, and no lobby opens."""
    tables = {k: v.model_dump() for k, v in load_variants().variants.items()}
    tables["halon"] |= {"built": False, "balanced": False}
    monkeypatch.setattr(variants_module, "_default", lambda: Catalogue.of(tables))
    world = make_world(simcord_env, crew=1)
    world.bot.desk.seeds = lambda: 3
    answer = await world.crew[0].slash(world.channel, "game create", variants="halon")
    text = answer.response.content
    assert "the variant 'halon' cannot be played yet" in text, text
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
        table["balanced"] = table["balanced"] and table["built"]  # only a built one is
    catalogue = Catalogue.of(tables)
    offered = [c.value for c in variant_choices("", catalogue)]
    assert offered == ["halon", "noise"]
    assert [c.value for c in variant_choices("noise, h", catalogue)] == ["noise halon"]
    assert [c.value for c in variant_choices("noise ", catalogue)] == ["noise halon"]
    assert variant_choices("ra", catalogue) == []  # raids is not built in this catalogue
    built = list(load_variants().ids(built_only=True))  # the project's data
    assert [c.value for c in variant_choices("", load_variants())] == built


async def test_game_create_with_the_noise_variant_opens_a_lobby_that_names_it(simcord_env):
    world = make_world(simcord_env, crew=1)
    world.bot.desk.seeds = lambda: 3
    answer = await world.crew[0].slash(world.channel, "game create", variants="Noise")
    assert NOISE_LINE in answer.response.content, answer.response.content
    table = world.bot.desk.table_in(world.channel.id)
    assert table is not None and table.row.opening == "variants noise"


def _catalogue(balanced: bool) -> Catalogue:
    tables = {k: v.model_dump() for k, v in load_variants().variants.items()}
    tables["noise"] |= {"built": True, "balanced": balanced}
    return Catalogue.of(tables)


@pytest.mark.parametrize("balanced", [False, True])
async def test_a_built_variant_that_failed_its_gate_is_named_unbalanced_wherever_shown(
    simcord_env, monkeypatch: pytest.MonkeyPatch, balanced: bool
):
    """The balance gate (README, "Variants"): a built variant without it stays playable
    and the lobby, ``/game status``, the autocomplete and the rules help say
    "unbalanced", in the reader's language where it is theirs; one that passed, nothing."""
    catalogue = _catalogue(balanced)
    monkeypatch.setattr(texts, "load_variants", lambda: catalogue)
    monkeypatch.setattr(answers, "load_variants", lambda: catalogue)
    world = make_world(simcord_env, crew=1)
    world.bot.desk.seeds = lambda: 3
    created = await world.crew[0].slash(world.channel, "game create", variants="noise")
    lobby = created.response.content
    assert ("Noise in the Pipes (`noise`, unbalanced)" in lobby) is not balanced, lobby
    assert ("Noise in the Pipes (`noise`)" in lobby) is balanced
    await world.alien.slash(world.channel, "game join", seat="alien")
    await world.crew[0].slash(world.channel, "game join", seat="crew")
    await world.crew[0].slash(world.channel, "game start")
    await world.crew[0].slash(world.channel, "game setup")
    status = await world.spectator.slash(world.channel, "game status")
    assert ("(`noise`, unbalanced)" in status.response.content) is not balanced
    offered = [c.name for c in variant_choices("no", catalogue)]
    assert offered == ["noise — Noise in the Pipes" + ("" if balanced else " (unbalanced)")]
    with speaking("fr"):
        french = [c.name for c in variant_choices("no", catalogue)]
    assert french == ["noise — Bruit dans les tuyaux" + ("" if balanced else " (déséquilibrée)")]
    rules = _all(await world.stranger.slash(world.channel, "rules", topic="noise"))
    assert ("Unbalanced: it failed its balance test" in rules) is not balanced


async def test_rules_answers_each_variant_and_says_whether_it_can_be_played(simcord_env):
    world = make_world(simcord_env, crew=1)
    for key, info in load_variants().variants.items():
        text = _all(await world.stranger.slash(world.channel, "rules", topic=key))
        assert f"**{info.title}** — optional variant ({info.rule})" in text, text
        assert info.text[0] in text
        assert ("Not playable yet" in text) is not info.built
        assert ("`/game create variants:" in text) is info.built
        assert all(step in text for step in info.lesson)


async def test_rules_noise_gives_its_short_lesson_in_the_readers_language(simcord_env):
    """The variant is taught in a short lesson of ``/rules``: what to tap and type."""
    world = make_world(simcord_env, crew=1)
    lesson = load_variants().variants["noise"].lesson
    assert len(lesson) >= 3
    english = _all(await world.stranger.slash(world.channel, "rules", topic="noise"))
    assert "**A short lesson**" in english
    assert all(step in english for step in lesson)
    assert "**Ambush: stay hidden**" in lesson[2]  # the panel's button, as labelled
    topic = rules.find("noise", "fr")
    assert topic is not None
    french = "\n".join(rules.answer(topic, "fr"))
    assert "**Une courte leçon**" in french and "**Embuscade : rester caché**" in french


def _all(result: Any) -> str:
    """An answer in as many messages as it took (2,000 characters each)."""
    return "\n".join(m.content for m in [result.response, *result.followups])


async def test_a_game_of_emergencies_created_by_slash_shows_its_panel_to_everyone(simcord_env):
    """``emergencies`` is built and balanced: ``/game create variants:emergencies`` opens
    its lobby, and every seat and the spectators read the panel in ``/game status``."""
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


async def test_a_game_of_reactions_shows_its_table_to_everyone_in_status(simcord_env):
    """``reactions``: ``/game create variants:reactions`` opens its lobby, and every seat
    and the spectators read the reaction table in ``/game status`` (W.2: every card is
    public)."""
    world = make_world(simcord_env, crew=1)
    world.bot.desk.seeds = lambda: 3
    await world.crew[0].slash(world.channel, "game create", variants="reactions")
    assert world.table().row.opening == "variants reactions"
    await world.alien.slash(world.channel, "game join", seat="alien")
    await world.crew[0].slash(world.channel, "game join", seat="crew")
    await world.crew[0].slash(world.channel, "game start")
    await world.crew[0].slash(world.channel, "game setup")
    game = world.table().game
    assert game is not None and game.state.reactions is not None
    for person in (world.crew[0], world.alien, world.spectator):
        status = await person.slash(world.channel, "game status")
        text = status.response.content
        assert "Wound Reactions (`reactions`" in text, text
        assert "🩸 Reaction: none yet · Regeneration tokens: 0 · " in text, text


async def test_a_game_of_halon_created_by_slash_shows_its_panel_to_everyone(simcord_env):
    """``halon`` is built: ``/game create variants:halon`` opens its lobby; once set up,
    every seat and the spectators read the fire suppression panel in ``/game status``,
    and ``/rules halon`` fits one message in English and in French."""
    world = make_world(simcord_env, crew=1)
    world.bot.desk.seeds = lambda: 3
    await world.crew[0].slash(world.channel, "game create", variants="halon")
    assert world.table().row.opening == "variants halon"
    await world.alien.slash(world.channel, "game join", seat="alien")
    await world.crew[0].slash(world.channel, "game join", seat="crew")
    await world.crew[0].slash(world.channel, "game start")
    await world.crew[0].slash(world.channel, "game setup")
    await world.alien.slash(world.channel, "game setup")
    game = world.table().game
    assert game is not None and game.state.halon is not None
    for person in (world.crew[0], world.alien, world.spectator):
        status = await person.slash(world.channel, "game status")
        text = status.response.content
        assert "Halon Purge (`halon`" in text, text
        assert "🧯 Fire suppression: charged · 3 purges left · 2 Halon Tanks in play" in text, text
    topic = rules.find("halon", "en")
    assert topic is not None
    for lang in ("en", "fr"):
        assert len("\n".join(rules.answer(topic, lang))) <= 2000


async def test_a_game_of_physiology_created_by_slash_shows_its_cards_face_down_to_all(
    simcord_env,
):
    """``physiology`` is built: ``/game create variants:physiology`` opens its lobby; once
    set-up ends the four cards are dealt, and every seat and the spectators read them face
    down in ``/game status`` (P.1), before the deal as after; the crew's hand too."""
    world = make_world(simcord_env, crew=1)
    world.bot.desk.seeds = lambda: 3
    await world.crew[0].slash(world.channel, "game create", variants="physiology")
    assert world.table().row.opening == "variants physiology"
    await world.alien.slash(world.channel, "game join", seat="alien")
    await world.crew[0].slash(world.channel, "game join", seat="crew")
    await world.crew[0].slash(world.channel, "game start")
    await world.crew[0].slash(world.channel, "game setup")
    game = world.table().game
    assert game is not None and game.state.physiology is not None
    down = "🧬 Damage cards: Melee: face down · Ballistic: face down · "
    for person in (world.crew[0], world.alien, world.spectator):
        status = await person.slash(world.channel, "game status")
        text = status.response.content
        assert "🧪 Variants: Unknown Physiology (`physiology`" in text, text
        assert down in text, text
    hand = await world.crew[0].slash(world.channel, "game hand")
    assert down in _all(hand)

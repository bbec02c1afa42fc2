"""A second language as a catalogue: slash command descriptions through
discord.py's translator, and the turn panel's words in each player's own Discord language;
everything a catalogue does not translate stays English."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path
from typing import Any

import discord
import pytest
from babel.messages import pofile
from discord import app_commands

from bot.client.app import QuicksilverBot
from bot.client.translator import CatalogueTranslator
from bot.present import lessons, rules
from bot.present import locale as words
from bot.present.events import reply_lines
from engine.board.grid import Grid
from engine.events import Who
from engine.help.lessons import load_lesson
from engine.moving.events import Moved
from engine.state import Phase
from tests.bot.helpers import (
    any_move,
    create,
    make_world,
    mirror,
    phase_of,
    public_log,
    seat_and_start,
)
from tests.bot.panel_driver import Tapper, button_labelled, buttons, open_panel, selects

BOT = Path(__file__).resolve().parents[3] / "bot"
DISCORD_DEFAULT = "…"  # discord.py's description for an option without one


def command_words() -> set[str]:
    """Every description, option description and choice name of the slash commands."""
    tree = QuicksilverBot(":memory:", background=False).tree
    found: set[str] = set()
    for command in tree.walk_commands():
        found.add(command.description)
        if isinstance(command, app_commands.Command):
            for param in command.parameters:
                found.add(param.description)
                found.update(choice.name for choice in param.choices)
    return found - {DISCORD_DEFAULT}


def marked_words() -> set[str | tuple[str, str]]:
    """Every literal the code marks with ``_`` or ``N_``, and every ``ngettext`` pair
    (bot.present.locale)."""
    found: set[str | tuple[str, str]] = set()
    for path in BOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            literals = [a.value for a in node.args if isinstance(a, ast.Constant)]
            if node.func.id == "N_" or (node.func.id == "_" and literals):
                assert literals, f"{path.name}:{node.lineno}: mark a literal"
                found.add(literals[0])  # _(name) translates what N_ marked
            elif node.func.id == "ngettext":
                assert len(literals) == 2, f"{path.name}:{node.lineno}: mark literals"
                found.add((literals[0], literals[1]))
    return found


def entries(lang: str) -> dict[str, Any]:
    with words.po_path(lang).open("rb") as po:
        return {m.id: m for m in pofile.read_po(po) if m.id}


def strings(message: Any) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def ids(message: Any) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_there_is_a_second_language():
    assert "fr" in words.languages()


@pytest.mark.parametrize("lang", words.languages())
def test_every_word_in_the_code_is_in_the_catalogue_and_translated(lang):
    """The code's marked words, the slash commands' descriptions, every word of the
    tutorials' lessons (data/tutorial_*.toml, bot.present.lessons) and every sentence of
    the rules help (bot.present.rules)."""
    code = command_words() | marked_words() | lessons.lesson_words() | rules.rules_words()
    assert {"Undo", "Close-up", "End {unit}", "Recent public events", "success"} <= code
    assert load_lesson("crew").steps[0].text in code
    catalogue = entries(lang)
    assert sorted(code - set(catalogue)) == [], "missing from the catalogue"
    assert sorted(set(catalogue) - code) == [], "no longer used by the code"
    untranslated = [m.id for m in catalogue.values() if not all(strings(m)) or m.fuzzy]
    assert untranslated == []
    for message in catalogue.values():  # placeholders survive the translation
        for said in strings(message):
            assert fields(said) == fields(ids(message)[-1]), message.id


@pytest.mark.parametrize("lang", words.languages())
def test_translated_descriptions_fit_discord(lang):
    """Discord refuses a sync whose localised description or choice passes 100 characters."""
    catalogue = entries(lang)
    for description in command_words():
        assert 1 <= len(catalogue[description].string) <= 100, description


def test_the_loaded_catalogue_matches_the_po_file():
    """The compiled catalogue (babel, at load) says what the .po says, word for word."""
    for lang in words.languages():
        compiled = words.catalogue(lang)
        for message in entries(lang).values():
            if isinstance(message.id, tuple):
                assert compiled.ngettext(*message.id, 1) == message.string[0]
                assert compiled.ngettext(*message.id, 2) == message.string[1]
            else:
                assert compiled.gettext(message.id) == message.string


def context(location: app_commands.TranslationContextLocation) -> Any:
    return app_commands.TranslationContext(location=location, data=None)


async def test_the_translator_gives_french_descriptions_and_english_for_the_rest():
    translator = CatalogueTranslator()
    where = app_commands.TranslationContextLocation
    text = app_commands.locale_str("Recent public events")
    said = await translator.translate(
        text, discord.Locale.french, context(where.command_description)
    )
    assert said == "Événements publics récents"
    for locale in (discord.Locale.american_english, discord.Locale.japanese):
        assert await translator.translate(text, locale, context(where.command_description)) is None
    # names stay English: they are what people type
    name = app_commands.locale_str("log")
    assert (
        await translator.translate(name, discord.Locale.french, context(where.command_name)) is None
    )
    unknown = app_commands.locale_str("a description no catalogue knows")
    where_d = context(where.parameter_description)
    assert await translator.translate(unknown, discord.Locale.french, where_d) is None


def test_a_discord_locale_picks_its_language_or_english():
    assert words.language_of("fr") == "fr"
    assert words.language_of("en-US") == words.language_of("en-GB") == "en"
    assert words.language_of("pt-BR") == words.language_of("zh-TW") == "en"


async def test_the_synced_commands_carry_the_french_descriptions(simcord_env):
    bot = simcord_env.bot
    translator = bot.tree.translator
    assert isinstance(translator, CatalogueTranslator)
    game = bot.tree.get_command("game")
    payload = await game.get_translated_payload(bot.tree, translator)
    assert payload["description_localizations"] == {
        "fr": "Invasive Species à bord du CFS Quicksilver"
    }
    log = next(o for o in payload["options"] if o["name"] == "log")
    assert log["description_localizations"] == {"fr": "Événements publics récents"}
    assert "name_localizations" not in log or not log["name_localizations"]


def labels(message: Any) -> set[str]:
    return {b.get("label", "") for b in buttons(message)} | {
        s.get("placeholder", "") for s in selects(message)
    }


async def test_a_french_player_reads_the_panel_in_french_and_the_others_in_english(
    simcord_env, french
):
    world = make_world(simcord_env, crew=2)
    await seat_and_start(world)
    await world.alien.user.slash("alien piperun")
    await world.alien.user.slash("alien pass")
    assert phase_of(world) is Phase.CREW
    first, second = world.crew
    french.add(first.id)
    panel = await open_panel(Tapper(first), world.messages())
    assert {"Finir la phase", "Actualiser", "Gros plan", "Aller à… (destination, coût)"} <= labels(
        panel
    )
    assert not {"End phase", "Refresh", "Close-up"} & labels(panel)
    assert "votre panneau d'équipage" in panel.content and "your crew panel" not in panel.content
    assert "En action : **" in panel.content and "Acting:" not in panel.content
    theirs = await open_panel(Tapper(second), world.messages())
    assert "your crew panel" in theirs.content and "Acting: **" in theirs.content
    assert {"End phase", "Refresh", "Close-up"} <= labels(theirs)
    assert not {"Finir la phase", "Actualiser"} & labels(theirs)
    # A move played from the French panel is told to its player in French; the game's
    # log, which everyone reads (the channel hears the phase at its end), in English.
    goto = next(s for s in selects(panel) if s["placeholder"].startswith("Aller à"))
    before = len(world.texts())
    moved = await Tapper(first).select(panel, goto["options"][0]["value"], goto["custom_id"])
    assert moved.response is not None and " se déplace " in moved.response.content
    assert world.texts()[before:] == []  # nothing per command in the channel
    log = await public_log(world)
    assert " moves " in log and "déplace" not in log
    panel = moved.response
    # Ending the unit redraws the panel, still in French; the channel stays English.
    end = next(b for b in buttons(panel) if re.fullmatch(r"Finir (?!la phase).+", b["label"]))
    before = len(world.texts())
    result = await Tapper(first).click(panel, custom_id=end["custom_id"])
    assert result.response is not None and result.response.id == panel.id
    assert "Actualiser" in labels(result.response)
    assert not any("Finir" in text for text in world.texts()[before:])


async def test_a_french_players_slash_command_reply_is_in_french_and_the_channel_english(
    simcord_env, french
):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien piperun")
    await world.alien.user.slash("alien pass")
    player = world.crew[0]
    french.add(player.id)
    unit = world.table().units_of(player.id)[0]
    before = len(world.texts())
    result = await player.slash(world.channel, "crew search", unit=unit, actions=1)
    reply = (result.response.content if result.response else "") + "".join(
        f.content for f in result.followups
    )
    assert " fouille " in reply and ("rien trouvé (C.8)" in reply or "repère l'alien" in reply)
    log = await public_log(world)
    assert " searches " in log and "fouille" not in log
    assert not any("fouille" in text for text in world.texts()[before:])


def test_the_reply_words_its_events_in_the_language_spoken_around():
    who = Who("hyun", "Hyun", alien=False)
    moved = Moved(who=who, start=Grid.parse("1-F6"), grid=Grid.parse("1-F7"), cost=2)
    assert reply_lines([moved]) == ["Hyun moves 1-F6 → 1-F7 (2 actions)"]  # English outside
    with words.speaking("fr"):
        assert reply_lines([moved]) == ["Hyun se déplace 1-F6 → 1-F7 (2 actions)"]
    assert reply_lines([]) == []


async def test_a_marked_refusal_is_answered_in_the_persons_language(simcord_env, french):
    world = make_world(simcord_env, crew=2)
    await create(world, world.crew[0], 7)
    for actor in world.crew:
        await actor.slash(world.channel, "game join", seat="crew")
    first, second = world.crew
    french.add(first.id)
    theirs = await first.slash(world.channel, "game do", command="pass")
    assert theirs.response.content == (
        "⚠️ La partie n'a pas encore commencé : `/game start` quand les places sont prises."
    )
    mine = await second.slash(world.channel, "game do", command="pass")
    assert mine.response.content.startswith("⚠️ The game has not started yet")


async def test_a_refusal_with_fields_is_translated_then_filled(simcord_env, french):
    """The desk's refusal names a seat: the message is translated in the person's
    language, then the seat is put in its place; the English stays whole for others."""
    world = make_world(simcord_env, crew=2)
    await create(world, world.crew[0], 7)
    first, second = world.crew
    for actor in world.crew:
        await actor.slash(world.channel, "game join", seat="crew")
    french.add(first.id)
    theirs = await first.slash(world.channel, "game join", seat="crew")
    assert theirs.response.content == "⚠️ Vous êtes déjà installé côté crew."
    mine = await second.slash(world.channel, "game join", seat="crew")
    assert mine.response.content == "⚠️ You already sit as crew."


async def test_a_take_back_is_told_in_the_takers_language(simcord_env, french):
    """The desk's note of an undo is data (which command); the reply words it, and the
    buttons under a reply only its author reads speak their language too."""
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    assert world.table().phase() is Phase.CREW
    player = world.crew[0]
    french.add(player.id)
    move = any_move(mirror(world))
    played = await player.slash(world.channel, "game do", command=move.notation())
    undo = button_labelled(played.response, "Annuler")
    assert undo is not None
    undone = await player.click(played.response, custom_id=undo["custom_id"])
    assert undone.response.content == f"Annulé : `{move.notation()}`."


async def test_a_confirmation_only_its_author_reads_is_in_their_language(simcord_env, french):
    """The client's own replies to one person (here, leaving a seat) are catalogue
    messages too, in that person's language; the lobby in the channel stays English."""
    world = make_world(simcord_env, crew=2)
    await create(world, world.crew[0], 7)
    first, second = world.crew
    for actor in world.crew:
        await actor.slash(world.channel, "game join", seat="crew")
    french.add(first.id)
    left = await first.slash(world.channel, "game leave")
    assert left.response.content == "Vous avez quitté votre place côté crew."
    stayed = await second.slash(world.channel, "game leave")
    assert stayed.response.content == "You left your crew seat."


async def test_a_refused_take_back_gives_its_reason_in_the_persons_language(simcord_env, french):
    """The engine's reason (data) is worded by the bot in the reader's language: the
    whole refusal is French, reason included."""
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    player = world.crew[0]
    french.add(player.id)
    refused = await player.slash(world.channel, "game undo")
    assert refused.response.content == (
        "⚠️ Annulation impossible : votre camp n'a rien joué pendant cette phase."
    )

"""A second language as a catalogue (issue 25): slash command descriptions through
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
import simcord.interactions
from babel.messages import pofile
from discord import app_commands

from bot.client.app import QuicksilverBot
from bot.client.translator import CatalogueTranslator
from bot.present import locale as words
from engine.state import Phase
from tests.bot.helpers import make_world, phase_of, seat_and_start
from tests.bot.panel_driver import Tapper, buttons, open_panel, selects

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


def marked_words() -> set[str]:
    """Every literal the code marks with ``_`` or ``N_`` (bot.present.locale)."""
    found: set[str] = set()
    for path in BOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("_", "N_")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return found


def entries(lang: str) -> dict[str, Any]:
    with words.po_path(lang).open("rb") as po:
        return {m.id: m for m in pofile.read_po(po) if m.id}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_there_is_a_second_language():
    assert "fr" in words.languages()


@pytest.mark.parametrize("lang", words.languages())
def test_every_word_in_the_code_is_in_the_catalogue_and_translated(lang):
    code = command_words() | marked_words()
    assert {"Undo", "Close-up", "End {unit}", "Recent public events"} <= code
    catalogue = entries(lang)
    assert sorted(code - set(catalogue)) == [], "missing from the catalogue"
    assert sorted(set(catalogue) - code) == [], "no longer used by the code"
    untranslated = [m.id for m in catalogue.values() if not m.string or m.fuzzy]
    assert untranslated == []
    for message in catalogue.values():  # placeholders survive the translation
        assert fields(message.string) == fields(message.id), message.id


@pytest.mark.parametrize("lang", words.languages())
def test_translated_descriptions_fit_discord(lang):
    """Discord refuses a sync whose localised description or choice passes 100 characters."""
    for message in entries(lang).values():
        assert 1 <= len(message.string) <= 100, message.id


def test_the_loaded_catalogue_matches_the_po_file():
    """The compiled catalogue (babel, at load) says what the .po says, word for word."""
    for lang in words.languages():
        for message in entries(lang).values():
            assert words.catalogue(lang).gettext(message.id) == message.string


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


@pytest.fixture
def french(monkeypatch):
    """Users whose Discord is in French: their interactions carry ``locale: fr``, as
    Discord's do (simcord otherwise says en-US for everyone)."""
    speakers: set[int] = set()
    built = simcord.interactions.base_payload

    def base_payload(*args: Any, **kwargs: Any) -> Any:
        record, payload = built(*args, **kwargs)
        if kwargs.get("user_id") in speakers:
            payload["locale"] = "fr"
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", base_payload)
    return speakers


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
    assert "your crew panel" in panel.content  # not yet translated: English
    theirs = await open_panel(Tapper(second), world.messages())
    assert {"End phase", "Refresh", "Close-up"} <= labels(theirs)
    assert not {"Finir la phase", "Actualiser"} & labels(theirs)
    # A command played from the French panel redraws it in French; the channel, which
    # everyone reads, stays English.
    end = next(b for b in buttons(panel) if re.fullmatch(r"Finir (?!la phase).+", b["label"]))
    before = len(world.texts())
    result = await Tapper(first).click(panel, custom_id=end["custom_id"])
    assert result.response is not None and result.response.id == panel.id
    assert "Actualiser" in labels(result.response)
    assert len(world.texts()) > before
    assert not any("Finir" in text for text in world.texts()[before:])

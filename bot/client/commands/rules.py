"""/rules topic: rules help in our own words, anywhere (channels and DMs), only to you,
in your own language.

The topic autocompletes over every rulebook section (id and title), command, alien
ability, skill, piece of gear, improvised device, life stage, crew role and kind of place
(engine.help.rules_help; bot.present.rules words it in the asker's language).
"""

from __future__ import annotations

from discord import app_commands

from bot.client import answers
from bot.client.answers import guard
from bot.client.host import Inter
from bot.desk.service import Refusal
from bot.present import rules as words


@app_commands.command(name="rules", description="Rules help: a section (C.7.2) or a name (Venom)")
@app_commands.describe(topic="a rulebook section, an ability, a skill, gear or a life stage")
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
@app_commands.allowed_installs(guilds=True, users=False)
async def rules(interaction: Inter, topic: app_commands.Range[str, 1, 100]) -> None:
    async with guard(interaction):
        with answers.privately(interaction):  # only the asker sees it
            lines = rules_lines(topic, answers.language(interaction))
        await answers.reply(interaction, lines)


def rules_lines(query: str, lang: str) -> list[str]:
    """The answer to ``/rules query`` in ``lang``; a refusal with suggestions when
    nothing matches."""
    found = words.find(query, lang)
    if found is None:
        raise Refusal(words.unknown(query, words.suggestions(query, lang)))
    return words.answer(found, lang)


@rules.autocomplete("topic")
async def _topics(interaction: Inter, current: str) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=label[:100], value=key[:100])
        for key, label in words.choices(current, answers.language(interaction))
    ]

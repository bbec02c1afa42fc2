"""/rules topic: rules help in our own words, anywhere (channels and DMs), only to you.

The topic autocompletes over every rulebook section (id and title) and every alien
ability, skill, piece of gear, improvised device and life stage (engine.help.rules_help).
"""

from __future__ import annotations

from discord import app_commands

from bot.client.actions import Inter, guard, privately, reply
from bot.desk.service import Refusal
from bot.present import rules as words
from engine.help import rules_help


@app_commands.command(name="rules", description="Rules help: a section (C.7.2) or a name (Venom)")
@app_commands.describe(topic="a rulebook section, an ability, a skill, gear or a life stage")
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
@app_commands.allowed_installs(guilds=True, users=False)
async def rules(interaction: Inter, topic: app_commands.Range[str, 1, 100]) -> None:
    async with guard(interaction):
        with privately(interaction):  # only the asker sees it
            lines = rules_lines(topic)
        await reply(interaction, lines)


def rules_lines(query: str) -> list[str]:
    """The answer to ``/rules query``, its framing in the language being spoken; a
    refusal with suggestions when nothing matches."""
    found = rules_help.find(query)
    if found is None:
        raise Refusal(words.unknown(query, rules_help.suggestions(query)))
    return words.framed(rules_help.answer(found))


@rules.autocomplete("topic")
async def _topics(interaction: Inter, current: str) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=t.label[:100], value=t.key[:100])
        for t in rules_help.complete(current)
    ]

"""/me: a person's own settings, absences, games across servers and record.

Every answer is private (ephemeral); every command works in any server and in DMs.
"""

from __future__ import annotations

from collections.abc import Callable

import discord
from discord import app_commands

from bot.client import answers, browser, courier, flow, forgetting, seat_calls
from bot.client.answers import guard
from bot.client.host import Bot, Inter, bot_of
from bot.desk import when
from bot.desk.people import AUTO, Absence
from bot.present import people as words
from bot.present.locale import _

me = app_commands.Group(
    name="me",
    description="Your own settings, absences, games and record (only you see the answers)",
    allowed_contexts=app_commands.AppCommandContext(
        guild=True, dm_channel=True, private_channel=False
    ),
    allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
)

Choice = app_commands.Choice


@me.command(name="settings", description="How and when games reach you; no options: show them")
@app_commands.describe(
    notify="how you are told: a ping in the game's channel, a DM, or nothing",
    when="only when a game waits on you, or also when your side's phase starts",
    reminders="your own reminder cadence: 6h, 1d…, 'off', or 'game' (the game's)",
    timezone="your time zone, e.g. Europe/Berlin (for quiet hours and dates)",
    quiet="quiet hours in your time zone, e.g. 23:00-07:00, or 'off'",
    language="the language of what others' moves send you alone (DMs, reminders)",
    seats="hear by DM when a lobby in your servers has a seat for this side",
    stats="shown on the leaderboards, or hidden from them",
)
@app_commands.choices(
    notify=[
        Choice(name=n, value=v)
        for n, v in (("channel ping", "channel"), ("DM", "dm"), ("nothing", "none"))
    ],
    when=[
        Choice(name="only when a game waits on me", value="waiting"),
        Choice(name="also when my side's phase starts", value="phase"),
    ],
    language=[
        Choice(name="that of my last interaction", value=AUTO),
        *(Choice(name=name, value=code) for code, name in words.LANGUAGE_NAMES.items()),
    ],
    seats=[Choice(name=n, value=n) for n in ("off", "alien", "crew", "any")],
    stats=[Choice(name=n, value=n) for n in ("shown", "hidden")],
)
async def settings(
    interaction: Inter,
    notify: Choice[str] | None = None,
    when: Choice[str] | None = None,
    reminders: app_commands.Range[str, 1, 20] | None = None,
    timezone: app_commands.Range[str, 1, 64] | None = None,
    quiet: app_commands.Range[str, 1, 20] | None = None,
    language: Choice[str] | None = None,
    seats: Choice[str] | None = None,
    stats: Choice[str] | None = None,
) -> None:
    async with guard(interaction):
        await answers.defer(interaction)  # before the store: a slow one is fine
        desk = bot_of(interaction).desk
        user = interaction.user.id
        if all(
            v is None for v in (notify, when, reminders, timezone, quiet, language, seats, stats)
        ):
            mine = await desk.my_settings(user)
        else:
            mine = await desk.change_settings(
                user,
                notify=notify.value if notify else None,
                notify_when=when.value if when else None,
                reminders=reminders,
                time_zone=timezone,
                quiet=quiet,
                language=language.value if language else None,
                seat_alert=seats.value if seats else None,
                stats=stats.value if stats else None,
            )
        with answers.privately(interaction):
            lines = words.settings_text(mine, desk.clock())
        await answers.reply(interaction, lines)


@settings.autocomplete("timezone")
async def _zones(interaction: Inter, current: str) -> list[Choice[str]]:
    return [Choice(name=z, value=z) for z in when.zone_names(current)]


@me.command(
    name="games", description="Every game you sit at, in every server: waiting on you first"
)
async def games(interaction: Inter) -> None:
    async with guard(interaction):
        await answers.defer(interaction)  # before the store: a slow one is fine
        bot = bot_of(interaction)
        user = interaction.user.id
        mine = await bot.desk.my_games(user)
        view = None
        first = words.first_waiting(mine)
        with answers.privately(interaction):
            if first is not None:
                view = discord.ui.View(timeout=None)
                view.add_item(
                    discord.ui.Button(
                        label=_("Next game: #{channel}").format(channel=first.channel_name),
                        emoji="▶️",
                        style=discord.ButtonStyle.link,
                        url=words.jump(first.guild_id, first.channel_id),
                    )
                )
            lines = words.games_text(mine, user, _guilds(bot))
            page = browser.person_button(bot, user)
            if page is not None:
                view = view or discord.ui.View(timeout=None)
                view.add_item(page)
        await answers.reply(interaction, lines, view=view)


@me.command(name="away", description="Declare an absence: your deadlines, your seat meanwhile")
@app_commands.describe(
    until="when you are back: 2026-03-14, 2026-03-14 18:00 (your time zone), 3d, 12h…",
    meanwhile="wait for me (default), the computer plays my units, or a substitute takes my seat",
    note="a note (the channels see it only if public is on)",
    public="show the note in your games' channels",
)
@app_commands.choices(
    meanwhile=[
        Choice(name="wait for me", value="wait"),
        Choice(name="the computer plays my units (normal level)", value="computer"),
        Choice(name="the computer plays my units (expert level)", value="expert"),
        Choice(name="a substitute may take my seat", value="sub"),
    ]
)
async def away(
    interaction: Inter,
    until: app_commands.Range[str, 1, 40],
    meanwhile: Choice[str] | None = None,
    note: app_commands.Range[str, 0, 200] = "",
    public: bool = False,
) -> None:
    async with guard(interaction):
        await answers.defer(interaction)
        bot = bot_of(interaction)
        user = interaction.user.id
        mode = meanwhile.value if meanwhile else "wait"
        absence = await bot.desk.go_away(user, until, mode, note, public)
        with answers.privately(interaction):
            lines = words.away_reply(absence.settings, len(absence.games), len(absence.calls))
        await answers.reply(interaction, lines)
        await _announce(bot, absence, words.away_announcement(user, absence.settings))
        for call in absence.calls:
            if _serves(bot, call.game_id):
                await seat_calls.post_call(bot, call)
        if mode in ("computer", "expert"):
            await _stand_in_now(bot, absence)


@me.command(name="back", description="End your absence now (mid-phase too: what is left is yours)")
async def back(interaction: Inter) -> None:
    async with guard(interaction):
        await answers.defer(interaction)
        bot = bot_of(interaction)
        user = interaction.user.id
        absence = await bot.desk.come_back(user)
        await _announce(bot, absence, words.back_announcement(user))
        for call in absence.calls:
            if call.message_id:
                await seat_calls.announce_withdrawn(bot, call)
        with answers.privately(interaction):
            lines = [_("👋 Welcome back."), *words.games_text(absence.games, user, _guilds(bot))]
        await answers.reply(interaction, lines)


@me.command(
    name="forget", description="Delete your settings and anonymise your records (asks first)"
)
async def forget(interaction: Inter) -> None:
    async with guard(interaction):
        await forgetting.ask(interaction)


@me.command(name="record", description="Your record across games (or another member's)")
async def record(interaction: Inter, member: discord.User | None = None) -> None:
    async with guard(interaction):
        await answers.defer(interaction)  # before the store: a slow one is fine
        who = member or interaction.user
        found = await bot_of(interaction).desk.record(who.id)
        with answers.privately(interaction):
            lines = words.record_text(found, who.mention)
        await answers.reply(interaction, lines)


def _guilds(bot: Bot) -> Callable[[int | None], str]:
    """A server's name by id (one this bot no longer sees: "another server")."""

    def name(guild_id: int | None) -> str:
        guild = bot.get_guild(guild_id) if guild_id else None
        return guild.name if guild is not None else _("another server")

    return name


async def _announce(bot: Bot, absence: Absence, text: str) -> None:
    """Tell the channels of the person's running games and lobbies."""
    for game in absence.games:
        if game.status in ("playing", "lobby"):
            await courier.post(bot, game.channel_id, [text])


def _serves(bot: Bot, game_id: int) -> bool:
    table = bot.desk.tables.get(game_id)
    return table is not None and bot.desk.serves(table)


async def _stand_in_now(bot: Bot, absence: Absence) -> None:
    """The computer starts at once in the games this process serves that wait on the
    person (the others' processes start it at their next tick)."""
    for game in absence.games:
        table = bot.desk.tables.get(game.game_id)
        if game.since is None or table is None or not bot.desk.serves(table):
            continue
        await bot.desk.loaded(table)
        async with table.channel_lock:
            await flow.play_turns(bot, table)

"""/game: the lobby, reading the game, and the typed-command fallback; its replay, export
and tutorial subcommands live in their own modules and join the group here."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.client import (
    access,
    answers,
    complete,
    courier,
    endings,
    finding,
    lobby,
    playing,
    reading,
    seat_calls,
)
from bot.client.answers import guard
from bot.client.commands.export import export_command
from bot.client.commands.replay import replay_command
from bot.client.commands.tutorial import tutorial_command
from bot.client.host import Inter, bot_of
from bot.desk.computer_seat import DEFAULT_LEVEL
from bot.desk.service import Refusal, Seat
from bot.language import N_
from bot.present import people as words
from bot.present.locale import _
from engine.commands import whole
from engine.players.levels import LEVELS
from engine.state import Side

SEATS = [app_commands.Choice(name=s.value, value=s.value) for s in Seat]

game = app_commands.Group(
    name="game",
    description="Invasive Species aboard the CFS Quicksilver",
    allowed_contexts=app_commands.AppCommandContext(
        guild=True, dm_channel=True, private_channel=False
    ),
    allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
)


def game_id(value: str | None) -> int | None:
    """A ``game`` option: a game number of ASCII digits (0-9), or a refusal."""
    if not value:
        return None
    number = whole(value.strip(), digits=18)
    if number is None:
        raise Refusal(N_("'{value}' is not a game number; pick one from the list."), value=value)
    return number


@game.command(name="create", description="Open a lobby for a new game in this channel")
@app_commands.describe(
    seed="moderators only: a chosen seed makes a practice game whose secrets are predictable",
    hints="on (default): players may ask the expert for a suggestion; off: no Suggest button",
    variants="optional variants, fixed for the whole game: their ids, by spaces or commas",
    min_reliability="seat only players on time in at least this % of their phases (newcomers too)",
)
@app_commands.choices(hints=[app_commands.Choice(name=v, value=v) for v in ("on", "off")])
@app_commands.autocomplete(variants=complete.variants)
async def create(
    interaction: Inter,
    seed: app_commands.Range[int, 1, 2**31 - 1] | None = None,
    hints: app_commands.Choice[str] | None = None,
    variants: app_commands.Range[str, 0, 200] = "",
    min_reliability: app_commands.Range[int, 0, 100] | None = None,
) -> None:
    async with guard(interaction):
        await lobby.create(
            interaction,
            seed,
            hints is None or hints.value == "on",
            variants,
            min_reliability or 0,
        )


@game.command(name="open", description="This server's lobbies with a free seat, to join")
async def open_(interaction: Inter) -> None:
    async with guard(interaction):
        await finding.show_open(interaction)


@game.command(name="join", description="Take a seat: alien, crew, or spectator")
@app_commands.choices(seat=SEATS)
async def join(interaction: Inter, seat: app_commands.Choice[str]) -> None:
    async with guard(interaction):
        await lobby.join(interaction, Seat(seat.value))


@game.command(name="computer", description="Lobby: the game itself plays a side (creator or mod)")
@app_commands.describe(
    seat="the side the game plays; none takes it back",
    level="how well it plays: easy, normal (default), hard or expert",
)
@app_commands.choices(
    seat=[app_commands.Choice(name=v, value=v) for v in ("alien", "crew", "none")],
    level=[app_commands.Choice(name=v, value=v) for v in LEVELS],
)
async def computer(
    interaction: Inter,
    seat: app_commands.Choice[str],
    level: app_commands.Choice[str] | None = None,
) -> None:
    async with guard(interaction):
        side = None if seat.value == "none" else Side(seat.value)
        await lobby.computer(interaction, side, level=level.value if level else DEFAULT_LEVEL)


@game.command(name="leave", description="Give up your seat in this channel's game")
async def leave(interaction: Inter) -> None:
    async with guard(interaction):
        await lobby.leave(interaction)


@game.command(name="start", description="Start the game once the alien and crew are seated")
async def start(interaction: Inter) -> None:
    async with guard(interaction):
        await lobby.start(interaction)


@game.command(
    name="setup", description="Quick setup: make your side's remaining set-up choices at random"
)
@app_commands.autocomplete(game=complete.games)
async def setup(interaction: Inter, game: str | None = None) -> None:
    async with guard(interaction):
        await playing.quick_setup(interaction, game_id(game))


@game.command(name="do", description="Type any game command, e.g. move hyun 1-F6")
@app_commands.describe(command="a command of the game; the list shows what is legal now")
@app_commands.autocomplete(command=complete.commands, game=complete.games)
async def do(
    interaction: Inter, command: app_commands.Range[str, 1, 200], game: str | None = None
) -> None:
    async with guard(interaction):
        await playing.play(interaction, command, game_id(game))


@game.command(name="pass", description="End your phase (with several crew players: end your units)")
@app_commands.autocomplete(game=complete.games)
async def pass_(interaction: Inter, game: str | None = None) -> None:
    async with guard(interaction):
        await playing.end_phase(interaction, game_id(game))


@game.command(name="undo", description="Take back your last command (if no die was rolled since)")
@app_commands.autocomplete(game=complete.games)
async def undo(interaction: Inter, game: str | None = None) -> None:
    async with guard(interaction):
        await playing.undo(interaction, game_id(game))


@game.command(name="status", description="Whose move it is, and since when")
@app_commands.autocomplete(game=complete.games)
async def status(interaction: Inter, game: str | None = None) -> None:
    async with guard(interaction):
        await reading.show_status(interaction, game_id(game))


@game.command(name="log", description="Recent public events")
@app_commands.autocomplete(game=complete.games)
async def log(
    interaction: Inter, count: app_commands.Range[int, 1, 100] = 15, game: str | None = None
) -> None:
    async with guard(interaction):
        await reading.show_log(interaction, count, game_id(game))


@game.command(name="map", description="The map as you may see it (only you see the answer)")
@app_commands.autocomplete(game=complete.games)
async def map_(interaction: Inter, game: str | None = None) -> None:
    async with guard(interaction):
        await reading.show_map(interaction, game_id(game))


@game.command(name="hand", description="Your secret hand; resend:True sends it to your DMs again")
@app_commands.autocomplete(game=complete.games)
async def hand(interaction: Inter, resend: bool = False, game: str | None = None) -> None:
    async with guard(interaction):
        await reading.show_hand(interaction, game_id(game), resend=resend)


@game.command(name="assign", description="Hand a crew member to a crew player")
@app_commands.describe(
    unit="a crew member you command (moderators: any)", member="the crew player to take it"
)
@app_commands.autocomplete(unit=complete.humans)
async def assign(interaction: Inter, unit: str, member: discord.User) -> None:
    """Who may: the crew member's holder hands it on; a moderator hands any; a crew
    member nobody holds (its player left) is any crew player's to hand out."""
    async with guard(interaction):
        access.require_guild(interaction)
        await answers.defer(interaction)
        table = await access.table_for(interaction)
        mod = await access.is_mod(interaction)
        bot = bot_of(interaction)
        async with table.channel_lock:
            before = await bot.desk.assign(table, unit, member.id, interaction.user.id, mod)
            await answers.reply(
                interaction,
                [
                    answers.said(
                        interaction,
                        N_("{unit} now answers to {member}."),
                        unit=unit,
                        member=member.mention,
                    )
                ],
            )
            who = interaction.user.mention
            if mod and before != interaction.user.id:
                who = f"🛠️ Moderator {who}"
            held = f" (from <@{before}>)" if before not in (None, interaction.user.id) else ""
            await courier.post(
                bot, table.channel_id, [f"{who} hands {unit} to {member.mention}{held}."]
            )


@game.command(
    name="deadline", description="Moderators: a phase's hours, grace, the away cap, open seats"
)
@app_commands.describe(
    hours="hours each phase may take (0: none)",
    grace="hours a grace extension adds when a deadline passes and a player is late (0: none)",
    graces="grace extensions each player may use in this game",
    away_cap="the most a deadline moves for one away player, in hours",
    sub_after="missed phases in a row that open the seat to a substitute (0: never)",
)
async def deadline(
    interaction: Inter,
    hours: app_commands.Range[float, 0, 24 * 14] | None = None,
    grace: app_commands.Range[float, 0, 24 * 7] | None = None,
    graces: app_commands.Range[int, 0, 20] | None = None,
    away_cap: app_commands.Range[float, 0, 24 * 14] | None = None,
    sub_after: app_commands.Range[int, 0, 20] | None = None,
) -> None:
    async with guard(interaction):
        access.require_guild(interaction)
        await answers.defer(interaction)
        await access.require_mod(interaction)
        table = await access.table_for(interaction)
        bot = bot_of(interaction)
        given = {
            "deadline_hours": hours,
            "grace_hours": grace,
            "graces": graces,
            "away_cap_hours": away_cap,
            "sub_after": sub_after,
        }
        changes = {k: v for k, v in given.items() if v is not None}
        async with table.channel_lock:
            row = await bot.desk.configure(table, **changes) if changes else table.row
            terms = words.terms_text(row)
            if not changes:
                await answers.reply(
                    interaction,
                    [answers.said(interaction, N_("This game's terms: {terms}."), terms=terms)],
                )
                return
            await answers.reply(
                interaction, [answers.said(interaction, N_("Set: {terms}."), terms=terms)]
            )
            await courier.post(
                bot,
                table.channel_id,
                [f"🛠️ Moderator {interaction.user.mention} set the game's terms: {terms}."],
            )


@game.command(name="sub", description="Offer your seat to a substitute (moderators: anyone's)")
@app_commands.describe(player="moderators: the player whose seat is offered")
async def sub(interaction: Inter, player: discord.User | None = None) -> None:
    async with guard(interaction):
        await seat_calls.ask(interaction, player)


@game.command(name="resign", description="Concede the game for your side (asks first)")
@app_commands.autocomplete(game=complete.games)
async def resign(interaction: Inter, game: str | None = None) -> None:
    async with guard(interaction):
        await endings.ask_resign(interaction, game_id(game))


@game.command(
    name="claim", description="Claim the win when your opponent has fallen silent (pings first)"
)
@app_commands.autocomplete(game=complete.games)
async def claim(interaction: Inter, game: str | None = None) -> None:
    async with guard(interaction):
        await endings.claim(interaction, game_id(game))


@game.command(name="players", description="Who sits where, with each player's record")
async def players(interaction: Inter) -> None:
    async with guard(interaction):
        access.require_guild(interaction)
        await answers.defer(interaction)
        table = await access.table_for(interaction)
        desk = bot_of(interaction).desk
        seated = sorted(table.players.values(), key=lambda p: (p.seat, p.joined_at))
        found = {
            p.user_id: await desk.record(p.user_id)
            for p in seated
            if p.seat != Seat.SPECTATOR.value
        }
        with answers.privately(interaction):  # only the asker reads it
            lines = [_("👥 **Players of game {game}**").format(game=table.id)]
            for player in seated:
                if player.user_id not in found:
                    continue
                seat = _(words.SIDE[player.seat]) if player.seat in words.SIDE else player.seat
                record = words.record_line(found[player.user_id])
                lines.append(f"• {seat}: <@{player.user_id}> — {record}")
            if table.computer is not None:
                lines.append(f"• {_(words.SIDE[table.computer.value])}: {_('🤖 the game')}")
        await answers.reply(interaction, lines)


@game.command(
    name="reminders",
    description="The game's reminder cadence, for players without their own (/me settings)",
)
async def reminders(
    interaction: Inter,
    hours: app_commands.Range[float, 0, 24 * 7],
    count: app_commands.Range[int, 1, 10] = 3,
) -> None:
    async with guard(interaction):
        access.require_guild(interaction)
        await answers.defer(interaction)
        table = await access.table_for(interaction)
        if table.side_of(interaction.user.id) is None and not await access.is_mod(interaction):
            raise Refusal(
                N_(
                    "Only this game's players (not its spectators) and moderators can set "
                    "its reminders."
                )
            )
        bot = bot_of(interaction)
        async with table.channel_lock:
            await bot.desk.configure(table, remind_hours=hours, remind_max=count)
            text = f"every {hours:g} h, at most {count} times a phase" if hours else "off"
            text += " (for players without their own cadence in `/me settings`)"
            await answers.reply(
                interaction, [answers.said(interaction, N_("Reminders: {what}."), what=text)]
            )
            await courier.post(
                bot, table.channel_id, [f"{interaction.user.mention} set reminders: {text}."]
            )


game.add_command(replay_command)
game.add_command(export_command)
game.add_command(tutorial_command)

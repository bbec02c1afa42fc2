"""The replay of a finished game in Discord: one public message, everyone's own stepping.

When a game ends (and on ``/game replay``) the channel gets one replay message with
⏮ ◀ ▶ ⏭ buttons. A press there answers with the presser's own ephemeral copy, and the
buttons on that copy edit it in place, phase by phase: the referee's map at the end of
the phase (route so far, every marker face up) and the phase's digest. So nobody fights
over one message. The buttons carry the game and the phase in their custom id
(``qsr:<game>:<phase>:<slot>[:p]``) and every press rebuilds the replay from the store,
so they keep working after a restart; a game that is not over has no replay at all.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import Any

import discord

from bot.client import access, answers, courier, failures
from bot.client.host import Bot, Inter, bot_of
from bot.client.mentions import NO_PINGS
from bot.desk.replay_log import GameReplay, ReplayRefused, load_replay
from bot.desk.service import Refusal
from bot.present.locale import ngettext
from bot.present.replay import digest
from render.animation import UPLOAD_LIMIT

log = logging.getLogger("quicksilver.bot")

TEMPLATE = r"qsr:(?P<game>[0-9]+):(?P<phase>[0-9]+):(?P<slot>[a-z]+)(?P<public>:p)?"
SLOTS = (("first", "⏮"), ("prev", "◀"), ("next", "▶"), ("last", "⏭"))


class ReplayButton(
    failures.Answered, discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE
):
    """One step button; ``public`` ones sit on the channel's message and open a copy."""

    def __init__(
        self, game_id: int, phase: int, slot: str, public: bool, disabled: bool = False
    ) -> None:
        emoji = dict(SLOTS).get(slot, "▶")
        custom_id = f"qsr:{game_id}:{phase}:{slot}" + (":p" if public else "")
        super().__init__(
            discord.ui.Button(
                emoji=emoji,
                style=discord.ButtonStyle.secondary,
                custom_id=custom_id,
                disabled=disabled,
            )
        )
        self.game_id, self.phase, self.public = game_id, phase, public

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ReplayButton:
        return cls(int(match["game"]), int(match["phase"]), match["slot"], bool(match["public"]))

    async def reached(self, interaction: Inter) -> None:
        await reach(interaction, self.game_id, opens_copy=self.public)

    async def act(self, interaction: Inter) -> None:
        await show_step(interaction, self.game_id, self.phase, opens_copy=self.public)


def step_view(game_id: int, phase: int, total: int, *, public: bool = False) -> discord.ui.View:
    """⏮ ◀ ▶ ⏭ for phase ``phase`` of ``total``; the channel's message starts before
    phase 1, so its ▶ opens phase 1."""
    targets = {"first": 1, "prev": phase - 1, "next": phase + 1, "last": total}
    view = discord.ui.View(timeout=None)
    for slot, _glyph in SLOTS:
        target = targets[slot]
        stuck = not 1 <= target <= total or target == phase
        view.add_item(ReplayButton(game_id, max(target, 1), slot, public, disabled=stuck))
    return view


async def _load(interaction: Inter, game_id: int) -> GameReplay:
    try:
        return await load_replay(bot_of(interaction).desk.store, game_id)
    except ReplayRefused as refusal:
        raise Refusal(str(refusal)) from None


async def reach(interaction: Inter, game_id: int, *, opens_copy: bool) -> None:
    """A press acknowledged (a new copy, or the presser's copy edited), then checked:
    the game's channel, or the DMs of someone who may reach it; one refusal whether the
    game never was or belongs elsewhere."""
    if opens_copy:
        await answers.defer(interaction)
    elif not interaction.response.is_done():
        await interaction.response.defer()
        bot_of(interaction).stopwatch.ack(interaction)
    store = bot_of(interaction).desk.store
    row = await store.game(game_id)  # whose it is, before anything of it is read
    if row is None:
        raise Refusal(access.ELSEWHERE)
    await access.here(interaction, row, [p.user_id for p in await store.players(game_id)])


async def show_step(interaction: Inter, game_id: int, phase: int, *, opens_copy: bool) -> None:
    """Phase ``phase`` for the presser: a new ephemeral copy, or their copy edited."""
    replay = await _load(interaction, game_id)
    step = replay.step(phase)
    png = await asyncio.to_thread(replay.png, step.number)
    content = "\n".join(digest(replay, step.number))
    alt = f"Game {game_id}'s floorplan, all revealed: " + content.replace("*", "")
    file = discord.File(io.BytesIO(png), filename="replay.png", description=alt[:1024])
    view = step_view(game_id, step.number, len(replay.steps))
    if opens_copy:
        await interaction.followup.send(
            content, file=file, view=view, ephemeral=True, allowed_mentions=NO_PINGS
        )
    else:
        await interaction.edit_original_response(content=content, attachments=[file], view=view)


def cover_text(replay: GameReplay) -> str:
    """The channel's replay message."""
    last = replay.steps[-1]
    said = ngettext(
        "🎞️ **Replay of game {game}**: {phases} phase, set-up to turn {turn}. Step through "
        "it with ⏮ ◀ ▶ ⏭: each press opens your own copy, only you see it, and its buttons "
        "step it phase by phase.",
        "🎞️ **Replay of game {game}**: {phases} phases, set-up to turn {turn}. Step through "
        "it with ⏮ ◀ ▶ ⏭: each press opens your own copy, only you see it, and its buttons "
        "step it phase by phase.",
        len(replay.steps),
    )
    return said.format(game=replay.row.id, phases=len(replay.steps), turn=last.turn)


async def animation_file(bot: Bot, game_id: int) -> discord.File | None:
    """The whole game as a GIF (drawn off the event loop), or None if it has no replay."""
    try:
        replay = await load_replay(bot.desk.store, game_id)
    except ReplayRefused:
        return None
    data = await asyncio.to_thread(replay.gif)
    if len(data) >= UPLOAD_LIMIT:  # pragma: no cover - a 40-turn game makes about 1.5 MiB
        log.warning("game %d: the replay animation is too large to upload", game_id)
        return None
    alt = f"Game {game_id} replayed phase by phase, every secret shown, set-up to the end"
    return discord.File(io.BytesIO(data), filename=f"game-{game_id}.gif", description=alt)


async def post_replay(bot: Bot, channel_id: int, game_id: int) -> None:
    """The channel's replay message with its buttons (after the final post)."""
    try:
        replay = await load_replay(bot.desk.store, game_id)
    except ReplayRefused:
        return
    channel = await courier.channel_of(bot, channel_id)
    if channel is not None:
        view = step_view(game_id, 0, len(replay.steps), public=True)
        await courier.send(channel, [cover_text(replay)], view=view)

"""/stats: ratings, a server's leaderboard, the game's balance.

Who sees what: ``/stats me`` answers only you (``public:True`` shares it);
``/stats user`` answers only you too (you looked someone up; they are not told);
``/stats server`` and ``/stats balance`` are public, as leaderboards and the game's
fairness are everyone's business. What only you see is in your Discord language; what
the channel reads, English. The leaderboard's ◀ ▶ and side buttons work like the
replay's: a press on the channel's message opens the presser's own copy at that page,
whose buttons then turn its pages in place, so nobody fights over one message. Their
custom ids (``qst:<guild>:<side>:<min games>:<page>:<slot>[:p]``) carry everything, so
they work after a restart, and only in the server the board belongs to.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

import discord
from discord import app_commands

from bot.client import answers, failures
from bot.client.answers import guard
from bot.client.host import Inter, bot_of
from bot.client.mentions import NO_PINGS
from bot.desk import stats as desk_stats
from bot.desk.service import Refusal
from bot.present import stats as words

Choice = app_commands.Choice

stats = app_commands.Group(
    name="stats",
    description="Ratings per side, this server's leaderboard, and the game's balance",
    allowed_contexts=app_commands.AppCommandContext(
        guild=True, dm_channel=True, private_channel=False
    ),
    allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
)

SIDES = [Choice(name="crew", value="crew"), Choice(name="alien", value="alien")]
TEMPLATE = (
    r"qst:(?P<guild>[0-9]+):(?P<side>crew|alien):(?P<min>[0-9]+):(?P<page>[0-9]+)"
    r":(?P<slot>prev|next|side)(?P<public>:p)?"
)


@stats.command(name="me", description="Your ratings as crew and as alien (only you see it)")
@app_commands.describe(public="show it to the channel instead")
async def me(interaction: Inter, public: bool = False) -> None:
    async with guard(interaction):
        await _profile(interaction, interaction.user, ephemeral=not public)


@stats.command(name="user", description="A member's ratings as crew and as alien (only you see it)")
@app_commands.describe(member="whose ratings")
async def user(interaction: Inter, member: discord.User) -> None:
    async with guard(interaction):
        await _profile(interaction, member, ephemeral=True)


async def _profile(interaction: Inter, who: discord.abc.User, *, ephemeral: bool) -> None:
    await answers.defer(interaction, ephemeral=ephemeral)
    store = bot_of(interaction).desk.store
    found = await desk_stats.profile(store, who.id, interaction.guild_id)
    # Only you see it: your language; shared with the channel: English, as every post.
    with answers.privately(interaction) if ephemeral else contextlib.nullcontext():
        lines = words.profile_text(found, who.mention, interaction.guild_id is not None)
    await answers.reply(interaction, lines, ephemeral=ephemeral)


@stats.command(name="server", description="This server's leaderboard for one side (public)")
@app_commands.describe(
    side="the crew's board or the alien's (default: crew)",
    min_games=f"rated games on that side to be listed (default {desk_stats.MIN_GAMES})",
)
@app_commands.choices(side=SIDES)
async def server(
    interaction: Inter,
    side: Choice[str] | None = None,
    min_games: app_commands.Range[int, 1, 100] = desk_stats.MIN_GAMES,
) -> None:
    async with guard(interaction):
        if interaction.guild_id is None:
            raise Refusal(words.BOARD_IN_DMS)
        await answers.defer(interaction, ephemeral=False)
        board = await desk_stats.board(
            bot_of(interaction).desk.store,
            interaction.guild_id,
            side.value if side else "crew",
            min_games,
            0,
        )
        await answers.reply(
            interaction, words.board_text(board), ephemeral=False, view=board_view(board, True)
        )


@stats.command(name="balance", description="Crew, draw and alien rates: this server and overall")
async def balance(interaction: Inter) -> None:
    async with guard(interaction):
        await answers.defer(interaction, ephemeral=False)
        store = bot_of(interaction).desk.store
        guild = interaction.guild_id
        here = await desk_stats.balance(store, guild) if guild is not None else None
        everywhere = await desk_stats.balance(store, None)
        await answers.reply(interaction, words.balance_text(here, everywhere), ephemeral=False)


@stats.command(
    name="rules", description="How games are rated: who counts for what (only you see it)"
)
async def rules(interaction: Inter) -> None:
    async with guard(interaction):
        with answers.privately(interaction):
            lines = words.policy_text()
        await answers.reply(interaction, lines, ephemeral=True)


# --- the leaderboard's pages -----------------------------------------------------------
class BoardButton(
    failures.Answered, discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE
):
    """◀, ▶ or the other side's board; ``public`` ones open the presser's own copy."""

    def __init__(
        self,
        guild_id: int,
        side: str,
        min_games: int,
        page: int,
        slot: str,
        public: bool,
        disabled: bool = False,
    ) -> None:
        custom_id = f"qst:{guild_id}:{side}:{min_games}:{page}:{slot}" + (":p" if public else "")
        super().__init__(
            discord.ui.Button(
                emoji={"prev": "◀", "next": "▶"}.get(slot),
                label=words.board_label(side) if slot == "side" else None,
                style=discord.ButtonStyle.secondary,
                custom_id=custom_id,
                disabled=disabled,
            )
        )
        self.guild_id, self.side, self.min_games = guild_id, side, min_games
        self.page, self.public = page, public

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> BoardButton:
        return cls(
            int(match["guild"]),
            match["side"],
            int(match["min"]),
            int(match["page"]),
            match["slot"],
            bool(match["public"]),
        )

    async def reached(self, interaction: Inter) -> None:
        """A board is its server's: its buttons work only in that server."""
        if interaction.guild_id != self.guild_id:
            raise Refusal(words.BOARD_ELSEWHERE)

    async def act(self, interaction: Inter) -> None:
        await show_page(interaction, self, opens_copy=self.public)


def board_view(board: desk_stats.Board, public: bool) -> discord.ui.View:
    """◀ ▶ and the other side's board, for ``board``'s page."""
    view = discord.ui.View(timeout=None)
    other = "alien" if board.side == "crew" else "crew"
    at = (board.guild_id, board.side, board.min_games)
    view.add_item(BoardButton(*at, max(board.page - 1, 0), "prev", public, board.page == 0))
    last = board.page + 1 >= board.pages
    view.add_item(BoardButton(*at, board.page + (not last), "next", public, last))
    view.add_item(BoardButton(board.guild_id, other, board.min_games, 0, "side", public))
    return view


async def show_page(interaction: Inter, button: BoardButton, *, opens_copy: bool) -> None:
    """The page a button names: in a new copy only the presser sees, or their copy
    turned in place."""
    if opens_copy:
        await answers.defer(interaction)
    elif not interaction.response.is_done():
        await interaction.response.defer()
        bot_of(interaction).stopwatch.ack(interaction)
    board = await desk_stats.board(
        bot_of(interaction).desk.store, button.guild_id, button.side, button.min_games, button.page
    )
    with answers.privately(interaction):  # the presser's own copy
        content = "\n".join(words.board_text(board))
        view = board_view(board, public=False)
    if opens_copy:
        await interaction.followup.send(
            content, view=view, ephemeral=True, allowed_mentions=NO_PINGS
        )
    else:
        await interaction.edit_original_response(content=content, view=view)

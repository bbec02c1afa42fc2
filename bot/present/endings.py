"""Words for a game's honest end (README, "Ratings and deadlines"): a side's
resignation, and a claim of a stale game. What the channel reads is English, as every
post; the asker's own answers are in their language."""

from __future__ import annotations

from bot.desk.endings import CLAIMED, ClaimAnswer, Ending
from bot.present.locale import _

SIDE_NAMES = {"crew": "the crew", "alien": "the alien"}


def resign_ask(side: str) -> str:
    """The question before ``/game resign`` (only the asker sees it)."""
    if side == "crew":
        return _(
            "Resign this game for the crew? It ends now as a loss for the crew (rated as "
            "one), and everything hidden is revealed. This cannot be undone."
        )
    return _(
        "Resign this game for the alien? It ends now as a loss for the alien (rated as "
        "one), and everything hidden is revealed. This cannot be undone."
    )


def resign_label() -> str:
    return _("Yes, resign")


def headline(ending: Ending, who: str) -> str:
    """The channel's line above the reveal: who conceded, how, who won."""
    loser, winner = SIDE_NAMES[ending.conceded], SIDE_NAMES[ending.winner]
    if ending.how == CLAIMED:
        return (
            f"⚖️ **Claim granted** to {who}: {loser} fell silent past the claim's window, "
            f"so {winner} wins (recorded as a loss for {loser})."
        )
    return f"🏳️ {who} resigned for {loser}: {winner} wins."


def claim_opened(answer: ClaimAnswer, who: str, game_id: int) -> str:
    """The channel's ping to the silent side when a claim is made."""
    silent = " ".join(f"<@{u}>" for u in answer.silent)
    at = int(answer.window_ends)
    return (
        f"⚖️ {who} claims game {game_id}: {silent}, the game has been waiting on you. "
        f"Play before <t:{at}:f> (<t:{at}:R>), or the claim can be granted: the game "
        "would end as a loss for your side."
    )


def claim_waits(answer: ClaimAnswer) -> str:
    """The claimant's answer while the window is open."""
    return _("Your claim stands: your opponent has until {at} to play.").format(
        at=f"<t:{int(answer.window_ends)}:f>"
    )

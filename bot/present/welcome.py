"""The welcome a new lobby opens with: what the game is, how to join, where the rules
help is, and how long a phase usually takes here (the README's "The lobby's welcome").

The pace is measured, not promised: the middle (median) of how long this server's
recent phases took, from the phase starts the store keeps of its ordinary games (a
tutorial's or an imported game's phase times say nothing about people's pace).
"""

from __future__ import annotations

from itertools import pairwise
from statistics import median

from bot.store import Store
from bot.store.rows import REMIND_HOURS, REMIND_MAX

RECENT_PHASES = 400  # phase starts read: a server's recent pace, not its whole history
FEWEST = 3  # phases needed before a figure means anything


def welcome_lines(pace: str) -> list[str]:
    """The welcome, above the lobby's seats and buttons (about 1,000 characters)."""
    return [
        "👋 **Welcome aboard the CFS Quicksilver.** *Invasive Species* is a game for two "
        "sides: a crew of humans hunts a shape-shifting alien loose aboard their scout ship, "
        "and the alien moves unseen behind the pipes, feeds and grows. I am the referee: "
        "only I know where the alien is.",
        "• **Join**: the buttons below, 👾 *Join alien* (one player, who plots with me in "
        "DMs), 🧑‍🚀 *Join crew* (one or more) or 👀 *Watch*, or `/game join`. 🤖 gives a "
        "side to the game; *Start* once both sides are held.",
        "• **Rules**: `/rules` answers any question, only to you (`/rules how do I win`). "
        "New? `/game tutorial` is a short guided game against the computer.",
        f"• **Pace**: play by post, whenever you have time. {pace}",
        f"• **Deadlines**: none unless a moderator sets one (`/game deadline hours:24`: the "
        f"phase then ends when it passes). Whoever I wait for is reminded every "
        f"{REMIND_HOURS:g} h, {REMIND_MAX} times a phase (`/game reminders`; each person "
        "`/me settings`).",
    ]


async def pace_line(store: Store, guild_id: int | None) -> str:
    """How long a phase usually takes on this server, in a sentence."""
    spans = _spans(await store.phase_times(guild_id, RECENT_PHASES)) if guild_id else []
    if len(spans) < FEWEST:
        return (
            "No games have been played here yet: a phase takes minutes at one sitting, or "
            "a day or so by post."
        )
    return (
        f"Here a phase usually takes {duration(median(spans))} (the middle of the last "
        f"{len(spans)} phases)."
    )


def _spans(times: list[tuple[int, float]]) -> list[float]:
    """Seconds between consecutive phase starts of the same game."""
    by_game: dict[int, list[float]] = {}
    for game_id, at in times:
        by_game.setdefault(game_id, []).append(at)
    spans: list[float] = []
    for starts in by_game.values():
        starts.sort()
        spans += [later - earlier for earlier, later in pairwise(starts)]
    return spans


def duration(seconds: float) -> str:
    """ "about 5 minutes", "about 3 hours", "about 2 days"."""
    minutes = seconds / 60
    if minutes < 1.5:
        return "about a minute"
    if minutes < 90:
        return f"about {round(minutes)} minutes"
    hours = minutes / 60
    if hours < 36:
        return f"about {round(hours)} hours"
    return f"about {round(hours / 24)} days"

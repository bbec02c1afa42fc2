"""Words for ``/stats`` (issue 25): a person's ratings, a server's leaderboard, the
game's balance. Every line is short enough for a phone; a leaderboard page stays far
inside Discord's 2,000 characters."""

from __future__ import annotations

from bot.desk import ratings
from bot.desk.stats import PEOPLE, Balance, Board, Profile, Standing, Tally
from engine.players.levels import LEVELS

HOW = "rating = skill − 3 × uncertainty (openskill), 0 to start; crew and alien apart"
REASONS = {
    ratings.SEEDED: "seeded",
    ratings.ROLLED_BACK: "rolled back",
    ratings.NOT_A_CHANNEL_GAME: "not a channel's game",
    ratings.NO_CREW: "no crew player at the end",
    ratings.NO_ALIEN: "no alien player at the end",
    ratings.BOTH_SIDES: "you sat at both sides",
    ratings.TUTORIAL: "tutorial",
    ratings.IMPORTED: "imported",
    ratings.HINTED: "hints used",
}
BOARD_IN_DMS = "A leaderboard belongs to a server: ask for it in one of its channels."
BOARD_ELSEWHERE = "That leaderboard belongs to another server: ask for this one's here."


def count(n: int, thing: str) -> str:
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def rating(value: float) -> str:
    return f"{value:.1f}"


def step(value: float) -> str:
    return f"{value:+.1f}"


def profile_text(found: Profile, who: str, in_server: bool) -> list[str]:
    lines = [f"📊 **Ratings of {who}** ({HOW})"]
    lines += [_standing(s, in_server) for s in found.sides]
    if found.vs_computer:
        parts = [
            f"{side} v {level} {against}: {_record(tally, side)}"
            for (side, against, level), tally in sorted(found.vs_computer.items())
        ]
        lines.append("• Against the computer (not rated): " + "; ".join(parts))
    if found.kept_out:
        parts = [f"{n} {REASONS.get(r, r)}" for r, n in sorted(found.kept_out.items())]
        lines.append("• Other games not rated: " + ", ".join(parts))
    return lines


def _standing(standing: Standing, in_server: bool) -> str:
    side = standing.side.capitalize()
    row = standing.rating
    if row is None:
        return f"• {side}: no rated game yet"
    text = (
        f"• {side}: **{rating(ratings.ordinal(row))}** — {count(row.games, 'rated game')}: won "
        f"{row.won}, drawn {row.drawn}, lost {row.lost} · skill {row.mu:.1f} ± {row.sigma:.1f}"
    )
    if standing.last_step is not None:
        text += f" · last game {step(standing.last_step)}"
    if in_server:
        text += (
            f" · #{standing.place} of {standing.listed} on this server's board"
            if standing.place is not None
            else " · not on this server's board yet"
        )
    return text


def _record(tally: Tally, side: str) -> str:
    won = tally.crew if side == "crew" else tally.alien
    lost = tally.alien if side == "crew" else tally.crew
    return f"won {won}, drawn {tally.draw}, lost {lost}"


def board_label(side: str) -> str:
    """The button that shows ``side``'s leaderboard."""
    return f"{side.capitalize()} board"


def board_text(board: Board) -> list[str]:
    head = (
        f"🏆 **{board.side.capitalize()} leaderboard** — this server, at least "
        f"{board.min_games} rated {board.side} games"
    )
    if not board.rows:
        return [
            head,
            f"Nobody yet: a person is listed after {board.min_games} rated games as "
            f"{board.side}, one of them here. `/stats me` shows yours.",
        ]
    lines = [f"{head} (page {board.page + 1} of {board.pages}, {board.total} listed)"]
    for place, row in enumerate(board.rows, start=board.first_place):
        lines.append(
            f"{place}. <@{row.user_id}> **{rating(ratings.ordinal(row))}** · "
            f"{count(row.games, 'game')} ({row.won}–{row.drawn}–{row.lost})"
        )
    lines.append(f"-# {HOW}")
    return lines


def balance_text(here: Balance | None, everywhere: Balance) -> list[str]:
    """The balance in this server (None: asked in DMs) and everywhere."""
    lines = ["⚖️ **Balance of the game**: crew wins · draws · alien wins, by the F.1 band"]
    scopes = [("This server", here)] if here is not None else []
    for name, found in [*scopes, ("Everywhere", everywhere)]:
        lines.append(f"**{name}** ({count(found.games, 'finished game')})")
        if not found.games:
            lines.append("• No finished game yet.")
            continue
        for key in sorted(found.by_opponent, key=_opponent_order):
            lines.append(f"• {_opponent(key)}: {_rates(found.by_opponent[key])}")
        for crew in sorted(found.by_crew):
            who = count(crew, "crew player")
            lines.append(f"• {who} (people v people): {_rates(found.by_crew[crew])}")
    return lines


def _opponent_order(key: str) -> tuple[int, str, int]:
    if key == PEOPLE:
        return (0, "", 0)
    side, _, level = key.partition(":")
    return (1, side, LEVELS.index(level) if level in LEVELS else len(LEVELS))


def _opponent(key: str) -> str:
    if key == PEOPLE:
        return "People v people"
    side, _, level = key.partition(":")
    return f"Computer {side} ({level})"


def _rates(tally: Tally) -> str:
    def share(n: int) -> str:
        return f"{round(100 * n / tally.games)}%"

    return (
        f"{count(tally.games, 'game')} — crew {share(tally.crew)} · draw {share(tally.draw)} · "
        f"alien {share(tally.alien)} (decisive: crew {tally.decisive_crew}, "
        f"alien {tally.decisive_alien})"
    )

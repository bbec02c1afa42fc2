"""Words for ``/stats`` (the README's "Ratings, leaderboards and the game's balance"): a
person's ratings, a server's leaderboard, the
game's balance. Every line is short enough for a phone; a leaderboard page stays far
inside Discord's 2,000 characters."""

from __future__ import annotations

from bot.desk import ratings
from bot.desk.stats import MIN_GAMES, PEOPLE, Balance, Board, Profile, Standing, Tally
from bot.present.locale import N_, _, ngettext
from bot.store.ratings import RatingRow
from engine.players.levels import LEVELS

HOW = N_(
    "rating = skill estimate (openskill), 25 to start, ranked by it alone; "
    "? = provisional until settled; crew and alien apart; `/stats rules` for how games count"
)
REASONS = {
    ratings.SEEDED: N_("seeded"),
    ratings.VARIANTS: N_("played with variants"),
    ratings.ROLLED_BACK: N_("rolled back"),
    ratings.NOT_A_CHANNEL_GAME: N_("not a channel's game"),
    ratings.NO_CREW: N_("no crew player at the end"),
    ratings.NO_ALIEN: N_("no alien player at the end"),
    ratings.BOTH_SIDES: N_("you sat at both sides"),
    ratings.TUTORIAL: N_("tutorial"),
    ratings.IMPORTED: N_("imported"),
    ratings.HINTED: N_("your side asked for a Suggest"),
    ratings.STOOD_IN: N_("the computer played all your phases"),
}
SIDES = {"crew": N_("Crew"), "alien": N_("Alien")}
BOARD_IN_DMS = N_("A leaderboard belongs to a server: ask for it in one of its channels.")
BOARD_ELSEWHERE = N_("That leaderboard belongs to another server: ask for this one's here.")


def games(n: int) -> str:
    return ngettext("{n} game", "{n} games", n).format(n=n)


def side_name(side: str) -> str:
    """``Crew`` or ``Alien``, as the side's leaderboard and profile line name it."""
    return _(SIDES[side]) if side in SIDES else side.capitalize()


def rating(value: float) -> str:
    return f"{value:.1f}"


def shown_rating(row: RatingRow) -> str:
    """A rating as shown: its value, and ``?`` while it is provisional."""
    return rating(ratings.shown(row)) + ("" if ratings.settled(row) else "?")


def step(value: float) -> str:
    return f"{value:+.1f}"


def profile_text(found: Profile, who: str, in_server: bool) -> list[str]:
    lines = [_("📊 **Ratings of {who}** ({how})").format(who=who, how=_(HOW))]
    lines += [_standing(s, in_server) for s in found.sides]
    if found.vs_computer:
        parts = [
            f"{side} v {level} {against}: {_record(tally, side)}"
            for (side, against, level), tally in sorted(found.vs_computer.items())
        ]
        lines.append(_("• Against the computer (not rated): ") + "; ".join(parts))
    if found.kept_out:
        parts = [
            f"{n} {_(REASONS[r]) if r in REASONS else r}" for r, n in sorted(found.kept_out.items())
        ]
        lines.append(_("• Other games not rated: ") + ", ".join(parts))
    return lines


def _standing(standing: Standing, in_server: bool) -> str:
    side = side_name(standing.side)
    row = standing.rating
    if row is None:
        return _("• {side}: no rated game yet").format(side=side)
    rated = ngettext("{n} rated game", "{n} rated games", row.games).format(n=row.games)
    text = _(
        "• {side}: **{rating}** — {rated}: won {won}, drawn {drawn}, lost {lost} · "
        "skill {mu} ± {sigma}"
    ).format(
        side=side,
        rating=shown_rating(row),
        rated=rated,
        won=row.won,
        drawn=row.drawn,
        lost=row.lost,
        mu=f"{row.mu:.1f}",
        sigma=f"{row.sigma:.1f}",
    )
    if standing.last_step is not None:
        text += _(" · last game {step}").format(step=step(standing.last_step))
    if in_server:
        text += (
            _(" · #{place} of {listed} on this server's board").format(
                place=standing.place, listed=standing.listed
            )
            if standing.place is not None
            else _(" · not on this server's board yet")
        )
    return text


def _record(tally: Tally, side: str) -> str:
    won = tally.crew if side == "crew" else tally.alien
    lost = tally.alien if side == "crew" else tally.crew
    return _("won {won}, drawn {drawn}, lost {lost}").format(won=won, drawn=tally.draw, lost=lost)


def board_label(side: str) -> str:
    """The button that shows ``side``'s leaderboard."""
    return _("{side} board").format(side=side_name(side))


def board_text(board: Board) -> list[str]:
    words = {"side": side_name(board.side), "min": board.min_games}
    if board.side == "crew":
        head = _("🏆 **{side} leaderboard** — this server, at least {min} rated crew games")
    else:
        head = _("🏆 **{side} leaderboard** — this server, at least {min} rated alien games")
    head = head.format(**words)
    if not board.rows:
        if board.side == "crew":
            nobody = _(
                "Nobody yet: a person is listed after {min} rated games as crew, one of "
                "them here. `/stats me` shows yours."
            )
        else:
            nobody = _(
                "Nobody yet: a person is listed after {min} rated games as alien, one of "
                "them here. `/stats me` shows yours."
            )
        return [head, nobody.format(**words)]
    page = _("(page {page} of {pages}, {total} listed)").format(
        page=board.page + 1, pages=board.pages, total=board.total
    )
    lines = [f"{head} {page}"]
    for place, row in enumerate(board.rows, start=board.first_place):
        lines.append(
            f"{place}. <@{row.user_id}> **{shown_rating(row)}** · "
            f"{games(row.games)} ({row.won}–{row.drawn}–{row.lost})"
        )
    lines.append(f"-# {_(HOW)}")
    return lines


def policy_text() -> list[str]:
    """The rating policy, as ``/stats rules`` tells it (bot.desk.ratings holds it)."""
    return [
        _("📏 **How games are rated**"),
        _(
            "• A finished game between people in a channel is rated, crew and alien apart. "
            "Not rated: tutorials, imports, seeded games, games a moderator rolled back, "
            "games against the computer's own seat."
        ),
        _(
            "• Leaving a game while it runs (or handing your seat to a substitute) counts "
            "for you as resigning: a loss, whatever the game's end."
        ),
        _(
            "• You are rated for the share of your side's phases you played yourself: "
            "phases the computer played while you were away, or played before you took a "
            "seat as a substitute, are not yours. None of your own: not rated."
        ),
        _(
            "• A Suggest leaves your side unrated for that game (you are warned first); "
            "your opponent is still rated."
        ),
        _(
            "• `/game resign` and a claim of a stale game end it as a loss for the side "
            "that resigned or fell silent."
        ),
        _(
            "• Rating = the skill estimate, 25 to start; boards rank by it alone and list "
            "people from {min} rated games on that side; ? marks a provisional rating "
            "(uncertainty above {sigma})."
        ).format(min=MIN_GAMES, sigma=ratings.SETTLED_SIGMA),
    ]


def balance_text(here: Balance | None, everywhere: Balance) -> list[str]:
    """The balance in this server (None: asked in DMs) and everywhere."""
    lines = [_("⚖️ **Balance of the game**: crew wins · draws · alien wins, by the F.1 band")]
    scopes = [(_("This server"), here)] if here is not None else []
    for name, found in [*scopes, (_("Everywhere"), everywhere)]:
        finished = ngettext("{n} finished game", "{n} finished games", found.games)
        lines.append(f"**{name}** ({finished.format(n=found.games)})")
        if not found.games:
            lines.append(_("• No finished game yet."))
            continue
        for key in sorted(found.by_opponent, key=_opponent_order):
            lines.append(f"• {_opponent(key)}: {_rates(found.by_opponent[key])}")
        for crew in sorted(found.by_crew):
            who = ngettext("{n} crew player", "{n} crew players", crew).format(n=crew)
            line = _("• {who} (people v people): {rates}")
            lines.append(line.format(who=who, rates=_rates(found.by_crew[crew])))
    return lines


def _opponent_order(key: str) -> tuple[int, str, int]:
    if key == PEOPLE:
        return (0, "", 0)
    side, _sep, level = key.partition(":")
    return (1, side, LEVELS.index(level) if level in LEVELS else len(LEVELS))


def _opponent(key: str) -> str:
    if key == PEOPLE:
        return _("People v people")
    side, _sep, level = key.partition(":")
    if side == "crew":
        return _("Computer crew ({level})").format(level=level)
    return _("Computer alien ({level})").format(level=level)


def _rates(tally: Tally) -> str:
    def share(n: int) -> str:
        return f"{round(100 * n / tally.games)}%"

    return _(
        "{games} — crew {crew} · draw {draw} · alien {alien} "
        "(decisive: crew {decisive_crew}, alien {decisive_alien})"
    ).format(
        games=games(tally.games),
        crew=share(tally.crew),
        draw=share(tally.draw),
        alien=share(tally.alien),
        decisive_crew=tally.decisive_crew,
        decisive_alien=tally.decisive_alien,
    )

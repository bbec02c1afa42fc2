"""What ``/stats`` answers (the README's "Ratings, leaderboards and the game's
balance"), gathered from the ratings' tables: a person's ratings and the games kept out
of them, a server's leaderboard a page at a time, and the game's balance. No discord
here; the words are :mod:`bot.present.stats`'s.

The leaderboard of a server lists the people with a rated game on that side in that
server and at least ``min_games`` rated games on that side anywhere (a rating is the
person's, not the server's), best skill estimate first (game count plays no part in
the order; :func:`bot.desk.ratings.shown`). The balance counts every
game the ratings took that tells of the game itself: the rated ones and those kept out
only for their computer seat, labelled by the computer's side and level.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from bot.desk.computer_seat import seat_level, seat_side
from bot.desk.ratings import COMPUTER, shown
from bot.desk.records import WINNERS
from bot.store import Store, ratings
from bot.store.ratings import RatingRow
from engine.content_models import Outcome

PAGE = 10  # leaderboard lines a page (about 60 characters each)
MIN_GAMES = 3  # rated games on a side before the leaderboard lists someone
PEOPLE = ""  # the balance's key for games between people


@dataclass(frozen=True)
class Standing:
    """One person's standing on one side."""

    side: str
    rating: RatingRow | None  # None: no rated game on this side yet
    place: int | None = None  # on this server's board (None: not listed, or no server)
    listed: int = 0  # how many that board lists
    last_step: float | None = None  # the last rated game's change of the shown rating


@dataclass(frozen=True)
class Tally:
    """Results of some games, as the winner of each F.1 band."""

    crew: int = 0
    draw: int = 0
    alien: int = 0
    decisive_crew: int = 0
    decisive_alien: int = 0

    @property
    def games(self) -> int:
        return self.crew + self.draw + self.alien

    def add(self, band: str) -> Tally:
        winner = WINNERS[Outcome(band)]
        decisive = band.startswith("decisive")
        return Tally(
            self.crew + (winner == "crew"),
            self.draw + (winner == "draw"),
            self.alien + (winner == "alien"),
            self.decisive_crew + (decisive and winner == "crew"),
            self.decisive_alien + (decisive and winner == "alien"),
        )


@dataclass
class Profile:
    """``/stats me`` and ``/stats user``."""

    user_id: int
    sides: list[Standing]
    vs_computer: dict[tuple[str, str, str], Tally] = field(default_factory=dict)
    # (the person's side, the computer's side, its level) -> results
    kept_out: Counter[str] = field(default_factory=Counter)  # other reasons, counted


@dataclass(frozen=True)
class Board:
    """One page of a server's leaderboard for one side."""

    guild_id: int
    side: str
    min_games: int
    page: int  # 0-based, within the pages there are
    pages: int
    total: int  # people listed
    rows: list[RatingRow]

    @property
    def first_place(self) -> int:
        return self.page * PAGE + 1


@dataclass
class Balance:
    """Results by who played (people, or the computer's side and level) and, between
    people, by the number of crew players."""

    games: int = 0
    by_opponent: dict[str, Tally] = field(default_factory=dict)  # '' or 'alien:hard'
    by_crew: dict[int, Tally] = field(default_factory=dict)  # people v people


async def profile(store: Store, user_id: int, guild_id: int | None) -> Profile:
    mine = await ratings.ratings_of(store, [user_id])
    changes = await ratings.changes_of(store, user_id)
    sides = []
    for side in ratings.SIDES:
        row = mine.get((user_id, side))
        if row is None:
            sides.append(Standing(side, None))
            continue
        place, listed = None, 0
        if guild_id is not None:
            place = await ratings.place_on_board(store, guild_id, row, MIN_GAMES)
            _, listed = await ratings.board(store, guild_id, side, MIN_GAMES, 0, 0)
        last = next((c for c in reversed(changes) if c.side == side), None)
        step = None
        if last is not None:
            after = RatingRow(user_id, side, last.mu_after, last.sigma_after)
            before = RatingRow(user_id, side, last.mu_before, last.sigma_before)
            step = shown(after) - shown(before)
        sides.append(Standing(side, row, place, listed, step))
    found = Profile(user_id, sides)
    for side, reason, computer, band in await ratings.kept_out_of(store, user_id):
        if reason == COMPUTER:
            against = seat_side(computer)
            key = (side, against.value if against else "", seat_level(computer))
            found.vs_computer[key] = found.vs_computer.get(key, Tally()).add(band)
        else:
            found.kept_out[reason] += 1
    return found


async def board(store: Store, guild_id: int, side: str, min_games: int, page: int) -> Board:
    """Page ``page`` of the board (clamped to the pages there are)."""
    _, total = await ratings.board(store, guild_id, side, min_games, 0, 0)
    pages = max(1, -(-total // PAGE))
    page = min(max(page, 0), pages - 1)
    rows, total = await ratings.board(store, guild_id, side, min_games, page * PAGE, PAGE)
    return Board(guild_id, side, min_games, page, pages, total, rows)


async def balance(store: Store, guild_id: int | None) -> Balance:
    """One server's balance, or everyone's (None)."""
    found = Balance()
    for computer, crew, band in await ratings.balance_games(store, guild_id, COMPUTER):
        found.games += 1
        key = PEOPLE
        if computer:
            against = seat_side(computer)
            key = f"{against.value if against else ''}:{seat_level(computer)}"
        found.by_opponent[key] = found.by_opponent.get(key, Tally()).add(band)
        if key == PEOPLE:
            found.by_crew[crew] = found.by_crew.get(crew, Tally()).add(band)
    return found

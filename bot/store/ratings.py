"""Ratings in the store (the README's "Ratings, leaderboards and the game's balance"):
what a finished game's rating depends on, read from the records of people across games
(``game_results``, ``seatings``) and the games' own rows, and the derived tables the
ratings live in (schema 8): ``rating_games`` (every finished game the ratings took, in
order, rated or kept out and why), ``ratings`` (each person's mu and sigma per side) and
``rating_changes`` (what each rated game did to each player).

The rules are in :mod:`bot.desk.ratings`; here are the rows, the reads and the writes,
in the SQL both backends share. Several processes may finish games on one store at
once, so the writes that extend the ratings are conditional: the batch's first game is
taken only if the last one taken is still the one its writer read, and every other
write of the batch only if that first one is there (:func:`take_first`). A batch whose
writer was overtaken writes nothing, and its writer reads again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from bot.store.base import Store
from bot.store.rows import Row
from bot.store.statements import Statement

SIDES = ("crew", "alien")


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What decides whether a finished game counts for the ratings, and how."""

    game_id: int
    guild_id: int | None
    channel_id: int
    channel_name: str
    status: str
    seeded: bool
    computer: str  # '' or the side the game played and its level ('alien:hard')
    kind: str  # games.kind: '' an ordinary game, 'imported', 'tutorial:crew'…
    ended_at: float
    band: str  # the F.1 band (engine.content_models.Outcome's value)
    rolled_back: bool  # a moderator rolled it back (mod_actions)
    seatings: tuple[tuple[int, str, str | None], ...]  # (user, side, went) in order
    hints_used: bool = False  # someone pressed Suggest (or typed hint)
    hints_sides: tuple[str, ...] = ()  # the sides that asked the advisor
    marks: tuple[tuple[int, str, int, str], ...] = ()  # (user, side, phase_seq, mark)
    opening: str = ""  # games.opening: where its log begins, its variants named there

    @property
    def order(self) -> tuple[float, int]:
        """Games are rated in the order they ended (ties: the older game first)."""
        return (self.ended_at, self.game_id)


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One person's rating on one side."""

    user_id: int
    side: str
    mu: float
    sigma: float
    games: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0

    @property
    def key(self) -> tuple[int, str]:
        return (self.user_id, self.side)


@dataclass(frozen=True, slots=True)
class TakenGame:
    """A finished game as the ratings took it (a ``rating_games`` row)."""

    seq: int
    game_id: int
    ended_at: float
    counted: bool
    reason: str  # why it was kept out ('' when rated)
    crew: int  # people on the crew's team
    rules: str
    unrated: str = ""  # sides of a rated game left unrated: 'crew:hints,alien:stand-in'
    hints: str = ""  # the sides that had asked the advisor when it was taken


@dataclass(frozen=True, slots=True)
class Change:
    """What one rated game did to one player's rating."""

    seq: int
    game_id: int
    user_id: int
    side: str
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float


@dataclass(frozen=True, slots=True)
class Taken:
    """Where the ratings stand: the newest seq handed out, the order of the last game
    taken, and why they no longer follow from the games (None: they do)."""

    max_seq: int
    last: tuple[float, int] | None
    stale: str | None


RATING_COLUMNS = tuple(f.name for f in fields(RatingRow))
TAKEN_COLUMNS = tuple(f.name for f in fields(TakenGame))
CHANGE_COLUMNS = tuple(f.name for f in fields(Change))
TABLES = ("rating_games", "ratings", "rating_changes")


# --- writes ------------------------------------------------------------------------------
Anchor = tuple[int, int]  # (seq, game id) of a batch's first game
_ANCHORED = " WHERE EXISTS (SELECT 1 FROM rating_games WHERE seq = ? AND game_id = ?)"


def _values(row: Any, columns: Sequence[str]) -> tuple[Any, ...]:
    return tuple(int(v) if isinstance(v, bool) else v for v in (getattr(row, c) for c in columns))


def _select(columns: Sequence[str]) -> str:
    return f"SELECT {', '.join('?' for _ in columns)}"


def take_first(game: TakenGame, after: int | None) -> Statement:
    """The batch's first game, taken only while the newest seq is still ``after`` (None:
    unconditionally, after :func:`clear`)."""
    names = ", ".join(TAKEN_COLUMNS)
    if after is None:
        marks = ", ".join("?" for _ in TAKEN_COLUMNS)
        return (
            f"INSERT INTO rating_games ({names}) VALUES ({marks})",
            _values(game, TAKEN_COLUMNS),
        )
    return (
        f"INSERT INTO rating_games ({names}) {_select(TAKEN_COLUMNS)} "
        "WHERE (SELECT COALESCE(MAX(seq), 0) FROM rating_games) = ?",
        (*_values(game, TAKEN_COLUMNS), after),
    )


def take_next(game: TakenGame, anchor: Anchor) -> Statement:
    names = ", ".join(TAKEN_COLUMNS)
    return (
        f"INSERT INTO rating_games ({names}) {_select(TAKEN_COLUMNS)}{_ANCHORED}",
        (*_values(game, TAKEN_COLUMNS), *anchor),
    )


def put_rating(row: RatingRow, anchor: Anchor) -> Statement:
    names = ", ".join(RATING_COLUMNS)
    sets = ", ".join(f"{c} = excluded.{c}" for c in RATING_COLUMNS if c not in ("user_id", "side"))
    return (
        f"INSERT INTO ratings ({names}) {_select(RATING_COLUMNS)}{_ANCHORED} "
        f"ON CONFLICT (user_id, side) DO UPDATE SET {sets}",
        (*_values(row, RATING_COLUMNS), *anchor),
    )


def put_change(change: Change, anchor: Anchor) -> Statement:
    names = ", ".join(CHANGE_COLUMNS)
    return (
        f"INSERT INTO rating_changes ({names}) {_select(CHANGE_COLUMNS)}{_ANCHORED}",
        (*_values(change, CHANGE_COLUMNS), *anchor),
    )


def clear() -> list[Statement]:
    """Every derived row goes (a rebuild writes them again in the same transaction)."""
    return [(f"DELETE FROM {table}", ()) for table in TABLES]


# --- reads: what the ratings are built from ---------------------------------------------
_FACTS = (
    "SELECT g.id, g.guild_id, g.channel_id, g.channel_name, g.status, g.seeded, g.computer, "
    "g.kind, g.hints_used, g.hints_sides, g.opening, r.ended_at, r.band "
    "FROM game_results r JOIN games g ON g.id = r.game_id"
)
_PENDING = " WHERE NOT EXISTS (SELECT 1 FROM rating_games t WHERE t.game_id = r.game_id)"


async def finished_games(store: Store, *, pending: bool) -> list[GameFacts]:
    """Every finished game (or those not taken yet), in the order they ended."""
    where = _PENDING if pending else ""
    rows = await store._fetch(f"{_FACTS}{where} ORDER BY r.ended_at, r.game_id")
    if not rows:
        return []
    seats: dict[int, list[tuple[int, str, str | None]]] = {}
    for s in await store._fetch(
        "SELECT s.game_id, s.user_id, s.side, s.went FROM seatings s "
        f"JOIN game_results r ON r.game_id = s.game_id{where} ORDER BY s.id"
    ):
        seats.setdefault(int(s["game_id"]), []).append(
            (int(s["user_id"]), str(s["side"]), s["went"])
        )
    marks: dict[int, list[tuple[int, str, int, str]]] = {}
    for m in await store._fetch(
        "SELECT m.game_id, m.user_id, m.side, m.phase_seq, m.mark FROM phase_marks m "
        f"JOIN game_results r ON r.game_id = m.game_id{where} "
        "ORDER BY m.game_id, m.phase_seq, m.user_id"
    ):
        marks.setdefault(int(m["game_id"]), []).append(
            (int(m["user_id"]), str(m["side"]), int(m["phase_seq"]), str(m["mark"]))
        )
    rolled = {
        int(m["game_id"])
        for m in await store._fetch(
            "SELECT DISTINCT game_id FROM mod_actions WHERE game_id IS NOT NULL "
            "AND action LIKE 'rollback%'"
        )
    }
    return [
        replace(
            _facts(r, tuple(seats.get(int(r["id"]), ())), int(r["id"]) in rolled),
            marks=tuple(marks.get(int(r["id"]), ())),
        )
        for r in rows
    ]


def _facts(row: Row, seatings: tuple[tuple[int, str, str | None], ...], rolled: bool) -> GameFacts:
    return GameFacts(
        game_id=int(row["id"]),
        guild_id=row["guild_id"],
        channel_id=int(row["channel_id"]),
        channel_name=str(row["channel_name"]),
        status=str(row["status"]),
        seeded=bool(row["seeded"]),
        computer=str(row["computer"]),
        kind=str(row["kind"]),
        hints_used=bool(row["hints_used"]),
        hints_sides=tuple(filter(None, str(row["hints_sides"]).split(","))),
        opening=str(row["opening"]),
        ended_at=float(row["ended_at"]),
        band=str(row["band"]),
        rolled_back=rolled,
        seatings=seatings,
    )


async def game_facts(store: Store, game_id: int) -> GameFacts | None:
    """One finished game's facts (None: it has no result yet)."""
    for facts in await finished_games(store, pending=False):
        if facts.game_id == game_id:
            return facts
    return None


async def taken(store: Store, rules: str) -> Taken:
    """Where the ratings stand, and whether they still follow from the games: not when a
    game taken was deleted or its result undone since, ended again, would no longer
    count (seeded, not an ordinary game, hints used, rolled back), or was taken under
    other rules."""
    top = await store._fetch("SELECT COALESCE(MAX(seq), 0) AS n FROM rating_games")
    last = await store._fetch(
        "SELECT ended_at, game_id FROM rating_games ORDER BY seq DESC LIMIT 1"
    )
    checks = (
        (
            "the rating rules changed",
            "SELECT 1 FROM rating_games WHERE rules <> ? LIMIT 1",
            (rules,),
        ),
        (
            "a game taken before is gone, or its result",
            "SELECT 1 FROM rating_games t LEFT JOIN game_results r ON r.game_id = t.game_id "
            "WHERE r.game_id IS NULL LIMIT 1",
            (),
        ),
        (
            "a game's result changed since it was taken",
            "SELECT 1 FROM rating_games t JOIN game_results r ON r.game_id = t.game_id "
            "WHERE r.ended_at <> t.ended_at LIMIT 1",
            (),
        ),
        (
            "a game rated before would no longer count",
            "SELECT 1 FROM rating_games t JOIN games g ON g.id = t.game_id "
            "WHERE t.counted = 1 AND (g.seeded <> 0 OR g.kind <> '' OR g.hints_sides <> t.hints "
            "OR EXISTS ("
            "SELECT 1 FROM mod_actions m WHERE m.game_id = t.game_id "
            "AND m.action LIKE 'rollback%')) LIMIT 1",
            (),
        ),
    )
    stale = None
    for why, sql, params in checks:
        if await store._fetch(sql, params):
            stale = why
            break
    return Taken(
        int(top[0]["n"]),
        (float(last[0]["ended_at"]), int(last[0]["game_id"])) if last else None,
        stale,
    )


async def taken_at(store: Store, seq: int) -> int | None:
    """The game taken at ``seq`` (None: none)."""
    rows = await store._fetch("SELECT game_id FROM rating_games WHERE seq = ?", (seq,))
    return int(rows[0]["game_id"]) if rows else None


# --- reads: the ratings -----------------------------------------------------------------
def _rating(row: Row) -> RatingRow:
    return RatingRow(**{c: row[c] for c in RATING_COLUMNS})


async def ratings_of(store: Store, user_ids: Iterable[int]) -> dict[tuple[int, str], RatingRow]:
    """The stored ratings of ``user_ids`` (both sides), by (user, side)."""
    wanted = sorted(set(user_ids))
    if not wanted:
        return {}
    rows = await store._fetch(
        f"SELECT * FROM ratings WHERE user_id IN ({', '.join('?' for _ in wanted)})", wanted
    )
    return {(int(r["user_id"]), str(r["side"])): _rating(r) for r in rows}


async def all_ratings(store: Store) -> list[RatingRow]:
    rows = await store._fetch("SELECT * FROM ratings ORDER BY user_id, side")
    return [_rating(r) for r in rows]


async def taken_games(store: Store) -> list[TakenGame]:
    rows = await store._fetch("SELECT * FROM rating_games ORDER BY seq")
    found = []
    for r in rows:
        values: dict[str, Any] = {c: r[c] for c in TAKEN_COLUMNS}
        values["counted"] = bool(values["counted"])
        found.append(TakenGame(**values))
    return found


async def changes_of(store: Store, user_id: int | None = None) -> list[Change]:
    """Rating changes in the order the games were rated (one user's, or everyone's)."""
    where, params = ("WHERE user_id = ? ", (user_id,)) if user_id is not None else ("", ())
    rows = await store._fetch(f"SELECT * FROM rating_changes {where}ORDER BY seq, user_id", params)
    return [Change(**{c: r[c] for c in CHANGE_COLUMNS}) for r in rows]


_SHOWN = "r.mu"  # the rating shown and ranked (bot.desk.ratings.shown)
# A board lists people with a rated game in the server who did not opt out of the
# leaderboards (`/me settings stats:hidden`: README, "Ratings and deadlines").
_IN_GUILD = (
    "EXISTS (SELECT 1 FROM rating_changes c JOIN games g ON g.id = c.game_id "
    "WHERE c.user_id = r.user_id AND c.side = r.side AND g.guild_id = ?) AND NOT EXISTS "
    "(SELECT 1 FROM user_settings u WHERE u.user_id = r.user_id AND u.stats_hidden = 1)"
)


async def board(
    store: Store, guild_id: int, side: str, min_games: int, offset: int, limit: int
) -> tuple[list[RatingRow], int]:
    """A page of the server's leaderboard for ``side`` (people with a rated game in the
    server and at least ``min_games`` rated games on that side), best first, and how
    many it lists in all."""
    where = f"WHERE r.side = ? AND r.games >= ? AND {_IN_GUILD}"
    params = (side, min_games, guild_id)
    rows = await store._fetch(
        f"SELECT r.* FROM ratings r {where} ORDER BY {_SHOWN} DESC, r.user_id "
        f"LIMIT {int(limit)} OFFSET {int(offset)}",
        params,
    )
    total = await store._fetch(f"SELECT COUNT(*) AS n FROM ratings r {where}", params)
    return [_rating(r) for r in rows], int(total[0]["n"])


async def place_on_board(
    store: Store, guild_id: int, rating: RatingRow, min_games: int
) -> int | None:
    """``rating``'s place on its side's leaderboard of the server (None: not listed)."""
    mine = await store._fetch(
        f"SELECT 1 FROM ratings r WHERE r.user_id = ? AND r.side = ? AND r.games >= ? "
        f"AND {_IN_GUILD}",
        (rating.user_id, rating.side, min_games, guild_id),
    )
    if not mine:
        return None
    ahead = await store._fetch(
        f"SELECT COUNT(*) AS n FROM ratings r WHERE r.side = ? AND r.games >= ? AND {_IN_GUILD} "
        f"AND ({_SHOWN} > ? OR ({_SHOWN} = ? AND r.user_id < ?))",
        (
            rating.side,
            min_games,
            guild_id,
            rating.mu,
            rating.mu,
            rating.user_id,
        ),
    )
    return int(ahead[0]["n"]) + 1


async def kept_out_of(store: Store, user_id: int) -> list[tuple[str, str, str, str]]:
    """(side, reason, computer, band) of each finished game ``user_id`` sat at that the
    ratings kept out, or that left ``user_id``'s side unrated, oldest first."""
    rows = await store._fetch(
        "SELECT DISTINCT t.seq, s.side, t.counted, t.reason, t.unrated, g.computer, r.band "
        "FROM rating_games t "
        "JOIN seatings s ON s.game_id = t.game_id JOIN games g ON g.id = t.game_id "
        "JOIN game_results r ON r.game_id = t.game_id "
        "WHERE s.user_id = ? AND (t.counted = 0 OR t.unrated <> '') ORDER BY t.seq",
        (user_id,),
    )
    found = []
    for r in rows:
        side = str(r["side"])
        reason = str(r["reason"]) if not r["counted"] else side_unrated(str(r["unrated"]), side)
        if reason:
            found.append((side, reason, str(r["computer"]), str(r["band"])))
    return found


def side_unrated(unrated: str, side: str) -> str:
    """Why ``side`` was left unrated in a rated game ('' it was rated), from the
    ``rating_games.unrated`` list ('crew:hints,alien:stand-in')."""
    for part in filter(None, unrated.split(",")):
        which, _, why = part.partition(":")
        if which == side:
            return why
    return ""


async def balance_games(
    store: Store, guild_id: int | None, also: str
) -> list[tuple[str, int, str]]:
    """(computer, crew people, band) of each finished game that tells of the game's
    balance: the rated ones and those kept out for the reason ``also`` only (a computer
    seat); one server's, or everyone's (None)."""
    where, params = ("AND g.guild_id = ? ", (guild_id,)) if guild_id is not None else ("", ())
    rows = await store._fetch(
        "SELECT g.computer, t.crew, r.band FROM rating_games t JOIN games g ON g.id = t.game_id "
        "JOIN game_results r ON r.game_id = t.game_id "
        f"WHERE (t.counted = 1 OR t.reason = ?) {where}ORDER BY t.seq",
        (also, *params),
    )
    return [(str(r["computer"]), int(r["crew"]), str(r["band"])) for r in rows]

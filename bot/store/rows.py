"""What the store holds, one dataclass per table row, and how a fetched row reads as one."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, fields, replace
from typing import Any, Protocol

ACTIVE = ("lobby", "playing", "over")
# A new game's reminders (README, "Reminders and deadlines"): whoever it waits on is
# reminded a day after the phase began, and each day after, three times a phase at most;
# `/game reminders` changes them for the game, `/me settings` for a person.
REMIND_HOURS = 24.0
REMIND_MAX = 3
TUTORIAL = "tutorial:"  # the kind of a tutorial game starts so: "tutorial:crew"
IMPORTED = "imported"


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    channel_id: int
    guild_id: int | None
    channel_name: str
    seed: int
    status: str
    created_by: int
    created_at: float
    phase_key: str = ""
    phase_since: float = 0.0
    deadline_hours: float = 0.0
    deadline_at: float | None = None
    remind_hours: float = REMIND_HOURS  # the game's cadence, for players without their own
    remind_max: int = REMIND_MAX  # reminders a phase, at most, for each player waited on
    computer: str = ""  # the side the game plays ('' none, 'alien' or 'crew')
    version: int = 0  # bumped by every guarded commit (bot.store.guards.Guard)
    # A moderator chose the seed: announced as predictable, kept out of any records
    # (schema 5). Every other Discord game's seed is secret until the game is over.
    seeded: bool = False
    # The game's terms (bot.desk.attendance, bot.desk.deadlines): grace, the away cap, open
    # seats.
    grace_hours: float = 0.0  # a grace extension's length; 0: no grace
    graces: int = 0  # grace extensions each player may use in the game
    away_cap_hours: float = 72.0  # the most a deadline moves for one away player
    sub_after: int = 0  # missed phases in a row that open the seat; 0: never
    paused_at: float | None = None  # a moderator's pause: every clock stands still
    paused_left: float | None = None  # seconds the deadline had left when paused
    opening: str = ""  # where the log begins: '' set-up from the seed, or a scenario block
    kind: str = ""  # '' an ordinary game, 'imported', 'tutorial:crew' or 'tutorial:alien'
    # The advisor (schema 9): its creator switched the Suggest button off; and
    # whether anyone asked it (the game's record says so).
    hints_off: bool = False
    hints_used: bool = False
    # The sides that asked it (schema 13): 'alien', 'crew', 'alien,crew' or ''. Only a side
    # that asked is kept out of the ratings (README, "Ratings and deadlines").
    hints_sides: str = ""
    # Finding a game (schema 15): the least reliability (percent) a lobby seats; 0: anyone.
    min_reliability: int = 0

    def with_hint_from(self, side: str) -> GameRow:
        """This row once ``side`` has asked the advisor."""
        sides = sorted({*filter(None, self.hints_sides.split(",")), side})
        return replace(self, hints_used=True, hints_sides=",".join(sides))

    def with_(self, **changes: Any) -> GameRow:
        return replace(self, **changes)

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    @property
    def tutorial(self) -> bool:
        """A guided first game (``/game tutorial``): never in a record or a rating."""
        return self.kind.startswith(TUTORIAL)

    def computer_may_move(self) -> bool:
        """Whether the side the game plays may be the one the game waits on (from the
        phase stamp: ``setup``, ``3a`` or ``3c``), without loading the game."""
        if not self.computer or self.status != "playing" or self.paused:
            return False
        return self.phase_key in ("", "setup") or self.phase_key.endswith(self.computer[0])


GAME_COLUMNS = tuple(f.name for f in fields(GameRow))


@dataclass(frozen=True, slots=True)
class PlayerRow:
    user_id: int
    seat: str
    units: tuple[str, ...] = ()
    dm_ok: bool = True
    joined_at: float = 0.0


@dataclass(frozen=True, slots=True)
class CommandRow:
    seq: int
    side: str
    command: str
    user_id: int | None
    at: float


@dataclass(frozen=True, slots=True)
class Takeback:
    """A crew player took back their command at ``seq`` (its verb): said in the
    public log, where the command itself no longer is."""

    seq: int
    user_id: int | None
    verb: str


@dataclass(frozen=True, slots=True)
class SnapshotRow:
    """Where a phase began; the newest phase start of a game holds the state there."""

    seq: int
    turn: int
    phase: str
    at: float
    state: str | None = None  # engine.records.snapshot text of the state at ``seq``


class Row(Protocol):
    """A fetched row: sqlite3.Row or asyncpg.Record, read by column name or position,
    or as its values in the query's order."""

    def __getitem__(self, key: str | int, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...


# The columns a game row or a seat is read with, in their dataclass's order: rows are
# read by position (by name, each of a game's 28 columns costs a search: starting with
# 10,000 games took twice as long).
GAMES = ", ".join(GAME_COLUMNS)
GAMES_JOINED = ", ".join(f"games.{c}" for c in GAME_COLUMNS)
_FLAGS = tuple(GAME_COLUMNS.index(f) for f in ("seeded", "hints_off", "hints_used"))
PLAYERS = "game_id, user_id, seat, units, dm_ok, joined_at"


def game_row(row: Row) -> GameRow:
    """A game read with :data:`GAMES` (or :data:`GAMES_JOINED`)."""
    values = list(row)
    for at in _FLAGS:
        values[at] = bool(values[at])
    return GameRow(*values)


def player_row(row: Row) -> PlayerRow:
    """A seat read with :data:`PLAYERS`."""
    _, user_id, seat, units, dm_ok, joined_at = row
    return PlayerRow(user_id, seat, tuple(u for u in units.split(",") if u), bool(dm_ok), joined_at)

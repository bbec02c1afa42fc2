"""Finished games written straight into a store, as the desk writes them (for the
ratings' tests): a games row, its seatings, its F.1 result and any moderator's rollback."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot import store as st
from bot.desk.records import WINNERS
from bot.store import Store
from bot.store import people as pp
from bot.store.ratings import GameFacts
from engine.content_models import Outcome

BANDS = tuple(o.value for o in Outcome)


@dataclass
class Played:
    """One finished game to write."""

    crew: Sequence[int]
    alien: Sequence[int]
    band: str
    guild: int = 1
    ended_at: float | None = None  # None: one second after the previous game
    seeded: bool = False
    computer: str = ""  # 'alien:hard'…
    rolled_back: bool = False
    kind: str = ""  # games.kind: 'imported', 'tutorial:crew'…
    left: Sequence[tuple[int, str, str]] = field(default_factory=tuple)  # (user, side, went)
    hints_sides: str = ""  # the sides that asked the advisor: 'crew', 'alien,crew'…
    opening: str = ""  # games.opening: 'variants noise' for a game with a variant
    marks: Sequence[tuple[int, str, int, str]] = field(default_factory=tuple)
    # (user, side, phase_seq, mark) of the phases the game waited on


class Games:
    """Writes :class:`Played` games into ``store`` one after another."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.clock = 1000.0
        self.channel = 0

    async def finish(self, played: Played) -> int:
        self.channel += 1
        self.clock = played.ended_at if played.ended_at is not None else self.clock + 1.0
        row = await self.store.create_game(
            *(self.channel, played.guild, f"c{self.channel}", 7, 1, self.clock - 0.5),
            kind=played.kind,
            opening=played.opening,
        )
        row = row.with_(status="over", computer=played.computer, seeded=played.seeded)
        if played.hints_sides:
            row = row.with_(hints_used=True, hints_sides=played.hints_sides)
        statements: list[st.Statement] = [st.update_game(row)]
        for side, people in (("crew", played.crew), ("alien", played.alien)):
            statements += [
                pp.open_seating(row.id, u, side, self.clock - 0.5, "joined") for u in people
            ]
        for user, side, went in played.left:
            statements += [
                pp.open_seating(row.id, user, side, self.clock - 0.5, "joined"),
                pp.close_seating(row.id, user, self.clock - 0.2, went),
            ]
        statements += [
            pp.put_mark(row.id, seq, user, side, mark, 0, self.clock - 0.3)
            for user, side, seq, mark in played.marks
        ]
        if played.rolled_back:
            statements.append(
                st.mod_action(row.id, self.channel, 5, "rollback 2 alien", self.clock)
            )
        winner = WINNERS[Outcome(played.band)]
        statements.append(pp.put_result(row.id, self.clock, 5, 10, played.band, winner))
        await self.store.commit(statements)
        return row.id


def finished(**changes: object) -> GameFacts:
    """A finished game's facts as the ratings read them: one person a side, a marginal
    human win, in a server's channel; ``changes`` override any field."""
    values: dict[str, object] = {
        "game_id": 1,
        "guild_id": 5,
        "channel_id": 77,
        "channel_name": "quicksilver",
        "status": "over",
        "seeded": False,
        "computer": "",
        "kind": "",
        "ended_at": 10.0,
        "band": "marginal-human",
        "rolled_back": False,
        "seatings": ((1, "crew", None), (2, "alien", None)),
    }
    values |= changes
    return GameFacts(**values)  # type: ignore[arg-type]

"""A player's record across games, counted from the store's rows (the README's "People
across games").

Games by side, games finished at the seat, won / drawn / lost by the F.1 band, phases
acted on time, within a grace, missed and excused (away), graces used, substitutions
in and out. Seeded games are left out by the query (:func:`bot.store.people.record_rows`).

Decisions (docs/rules-decisions.md, "Players across games"): a game counts as finished
for the player seated when it ended; the F.1 band decides the result (a human band is a
crew win, the Draw band a draw, an alien band an alien win); reliability is the share of
the phases the game waited on the player that they finished before the deadline, phases
excused by a declared absence left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.store.people import STOOD_IN, RecordRows
from engine.content_models import Outcome

WINNERS = {
    Outcome.DECISIVE_HUMAN: "crew",
    Outcome.MARGINAL_HUMAN: "crew",
    Outcome.DRAW: "draw",
    Outcome.MARGINAL_ALIEN: "alien",
    Outcome.DECISIVE_ALIEN: "alien",
}


def winner_of(band: Outcome) -> str:
    """F.1: the side the band favours, or ``draw``."""
    return WINNERS[band]


@dataclass
class Record:
    games: dict[str, int] = field(default_factory=lambda: {"alien": 0, "crew": 0})
    finished: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    decisive_wins: int = 0
    on_time: int = 0
    grace: int = 0
    missed: int = 0
    away: int = 0
    graces_used: int = 0
    subs_in: int = 0  # seats taken as a substitute
    subs_out: int = 0  # seats handed to a substitute

    @property
    def played(self) -> int:
        return sum(self.games.values())

    @property
    def judged(self) -> int:
        """Phases that count for reliability (excused ones left out)."""
        return self.on_time + self.grace + self.missed

    def reliability(self) -> int | None:
        """Percent of the judged phases acted on time (None: none yet)."""
        return round(100 * self.on_time / self.judged) if self.judged else None


def build(rows: RecordRows) -> Record:
    record = Record()
    seen: set[tuple[int, str]] = set()
    for game_id, side, came, went, winner, band in rows.seatings:
        if (game_id, side) not in seen:
            seen.add((game_id, side))
            record.games[side] = record.games.get(side, 0) + 1
        record.subs_in += came == "sub"
        record.subs_out += went == "sub"
        if winner is None or went is not None:
            continue
        record.finished += 1
        if winner == "draw":
            record.drawn += 1
        elif winner == side:
            record.won += 1
            record.decisive_wins += band is not None and band.startswith("decisive")
        else:
            record.lost += 1
    for mark, (phases, graces) in rows.marks.items():
        field_of = "away" if mark == STOOD_IN else mark  # the computer played: excused
        setattr(record, field_of, getattr(record, field_of) + phases)
        record.graces_used += graces
    return record

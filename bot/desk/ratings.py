"""Skill ratings per person per side (the README's "Ratings, leaderboards and the game's
balance"), from the stored games in order.

Crew and alien are different skills in an asymmetric game, so everyone has two ratings,
each openskill's Plackett-Luce (mu, sigma), shown as its conservative ordinal, mu - 3
sigma (0 to start). The rating maths is openskill's; here are the rules of what counts
and how a game is put to it (docs/rules-decisions.md, "Ratings"):

* **What counts** (:func:`counts_for_ratings`): a finished Discord game between people.
  Kept out: a tutorial or an imported game (``games.kind``), a seeded game (a
  moderator's choice of dice; tutorials and imports are seeded too), a game a moderator
  rolled back at any point (any ``rollback`` in its moderation log), a game with a
  computer seat (kept apart: the balance counts it, labelled by level), a game that is
  not a channel's game (the terminal table's ``local:`` games, any status but
  ``over``), and a game without a person on each side or with one person on both.
* **The teams**: a side's people are those seated at it when the game ended and those
  who left it of their own accord (so leaving a lost game does not escape the loss);
  whoever handed the seat to a substitute or was replaced or removed by a moderator is
  not rated for that game.
* **The result is the F.1 band**: a human band is the crew's win, the Draw band a tie
  (equal ranks), an alien band the alien's win. Decisive and marginal weigh the same.
* **A crew of several plays as one**: openskill adds team members' skills, as if three
  crew players were three times as strong as one; but they share the same crew, so
  the crew is rated as one player with its members' mean mu and mean variance, and
  each member's rating moves as that player's did (mu by the same step, sigma by the
  same factor). A crew of one is openskill's own one-to-one game.

Ratings are derived data: :func:`rebuild` computes them from every finished game in the
order they ended; :func:`catch_up` (as each game ends, and when the bot starts) adds the
games not yet taken, or rebuilds when the stored ratings no longer follow from the
games (a game or its result deleted since, a game that ended before the last one
taken, a change of :data:`RULES`). Both fold the same function over the same games, so they agree.
"""

from __future__ import annotations

import asyncio
import logging
import math
import statistics
import weakref
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from openskill.models import PlackettLuce, PlackettLuceRating

import bot.store
from bot.desk.records import WINNERS
from bot.store import Statement, Store, ratings
from bot.store.ratings import Change, GameFacts, RatingRow, TakenGame
from engine.content_models import Outcome

log = logging.getLogger("quicksilver.bot")

RULES = "2"  # bump when a rule here changes: the stored ratings are then rebuilt
MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
SIDES = ratings.SIDES

# Why a finished game is kept out of the ratings.
TUTORIAL = "tutorial"
IMPORTED = bot.store.IMPORTED
SEEDED = "seeded"
COMPUTER = "computer"
HINTED = "hints"
ROLLED_BACK = "rolled-back"
NOT_A_CHANNEL_GAME = "not-a-channel-game"
NO_CREW = "no-crew"
NO_ALIEN = "no-alien"
BOTH_SIDES = "both-sides"
NOT_CHANNELS = ("local:",)  # channel names no Discord channel has (the terminal table)
FINISHED = "over"  # a channel game's status when it ended
STAYS = (None, "left")  # ``seatings.went`` of a side's team: still seated, or left
ATTEMPTS = 5  # tries to extend the ratings while other processes extend them too


# --- what counts ------------------------------------------------------------------------
def teams(game: GameFacts) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The people rated for each side: (crew, alien), each sorted."""
    crew = sorted({u for u, side, went in game.seatings if side == "crew" and went in STAYS})
    alien = sorted({u for u, side, went in game.seatings if side == "alien" and went in STAYS})
    return tuple(crew), tuple(alien)


def unrated_because(game: GameFacts) -> str | None:
    """Why ``game`` is kept out of the ratings (None: it counts)."""
    if (
        game.status != FINISHED
        or game.channel_id == 0
        or game.channel_name.startswith(NOT_CHANNELS)
    ):
        return NOT_A_CHANNEL_GAME
    if game.kind:  # only an ordinary game counts: a tutorial, an import (or a kind to come)
        return TUTORIAL if game.kind.startswith(bot.store.TUTORIAL) else game.kind
    if game.seeded:
        return SEEDED
    if game.rolled_back:
        return ROLLED_BACK
    if game.computer:
        return COMPUTER
    if game.hints_used:  # the advisor played a part: not the players' own game
        return HINTED
    crew, alien = teams(game)
    if not crew:
        return NO_CREW
    if not alien:
        return NO_ALIEN
    if set(crew) & set(alien):
        return BOTH_SIDES
    return None


def counts_for_ratings(game: GameFacts) -> bool:
    """Whether a finished game counts for the ratings: the one predicate the ratings,
    the rebuild and ``/stats`` rely on."""
    return unrated_because(game) is None


# --- one game --------------------------------------------------------------------------
def ranks_of(band: str) -> tuple[int, int]:
    """openskill ranks (lower is better) of (crew, alien) for an F.1 band: the winner
    ranks first, a draw is a tie; decisive and marginal alike."""
    winner = WINNERS[Outcome(band)]
    return {"crew": (1, 2), "draw": (1, 1), "alien": (2, 1)}[winner]


def fresh(user_id: int, side: str) -> RatingRow:
    return RatingRow(user_id, side, MODEL.mu, MODEL.sigma)


def ordinal(row: RatingRow) -> float:
    """The rating shown and ranked: openskill's conservative ordinal (mu - 3 sigma)."""
    return MODEL.rating(mu=row.mu, sigma=row.sigma).ordinal()


def rate(
    crew: Sequence[RatingRow], alien: Sequence[RatingRow], band: str
) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """The new (mu, sigma) of each crew and alien player after a game of ``band``."""
    composites = [_as_one(crew), _as_one(alien)]
    after = MODEL.rate([[c] for c in composites], ranks=[float(r) for r in ranks_of(band)])
    moved = []
    for members, before, (now,) in zip((crew, alien), composites, after, strict=True):
        step, factor = now.mu - before.mu, now.sigma / before.sigma
        moved.append([(m.mu + step, m.sigma * factor) for m in members])
    return moved[0], moved[1]


def _as_one(team: Sequence[RatingRow]) -> PlackettLuceRating:
    """A team as one openskill player: its members' mean mu and mean variance."""
    mu = statistics.fmean(m.mu for m in team)
    sigma = math.sqrt(statistics.fmean(m.sigma**2 for m in team))
    return MODEL.rating(mu=mu, sigma=sigma)


def _scored(row: RatingRow, mu: float, sigma: float, band: str) -> RatingRow:
    winner = WINNERS[Outcome(band)]
    return replace(
        row,
        mu=mu,
        sigma=sigma,
        games=row.games + 1,
        won=row.won + (winner == row.side),
        drawn=row.drawn + (winner == "draw"),
        lost=row.lost + (winner not in (row.side, "draw")),
    )


# --- games in order ---------------------------------------------------------------------
@dataclass
class Taking:
    """Games taken in order, the ratings they leave, and what they did."""

    games: list[TakenGame] = field(default_factory=list)
    ratings: dict[tuple[int, str], RatingRow] = field(default_factory=dict)  # those moved
    changes: list[Change] = field(default_factory=list)

    def statements(self, after: int | None) -> list[Statement]:
        """The writes, conditional on the newest seq still being ``after`` (None: a
        rebuild's, after :func:`bot.store.ratings.clear`)."""
        if not self.games:
            return []
        first = self.games[0]
        anchor = (first.seq, first.game_id)
        return [
            ratings.take_first(first, after),
            *(ratings.take_next(g, anchor) for g in self.games[1:]),
            *(ratings.put_rating(r, anchor) for r in self.ratings.values()),
            *(ratings.put_change(c, anchor) for c in self.changes),
        ]

    def kept_out(self) -> Counter[str]:
        return Counter(g.reason for g in self.games if not g.counted)


def take(
    known: dict[tuple[int, str], RatingRow], games: Iterable[GameFacts], first_seq: int
) -> Taking:
    """Fold ``games`` (in order) onto the ratings ``known``: the one road from games to
    ratings, for a rebuild and for each game as it ends alike."""
    taking = Taking()
    for seq, game in enumerate(games, start=first_seq):
        reason = unrated_because(game)
        crew, alien = teams(game)
        taking.games.append(
            TakenGame(
                seq, game.game_id, game.ended_at, reason is None, reason or "", len(crew), RULES
            )
        )
        if reason is not None:
            continue
        rows = [
            [taking.ratings.get((u, side)) or known.get((u, side)) or fresh(u, side) for u in team]
            for team, side in ((crew, "crew"), (alien, "alien"))
        ]
        moved = rate(rows[0], rows[1], game.band)
        for team_rows, team_moved in zip(rows, moved, strict=True):
            for row, (mu, sigma) in zip(team_rows, team_moved, strict=True):
                taking.ratings[row.key] = _scored(row, mu, sigma, game.band)
                taking.changes.append(
                    Change(seq, game.game_id, row.user_id, row.side, row.mu, row.sigma, mu, sigma)
                )
    return taking


# --- the store --------------------------------------------------------------------------
@dataclass(frozen=True)
class Report:
    """What a catch-up or a rebuild did."""

    taken: int  # finished games taken
    rated: int
    kept_out: dict[str, int]
    rebuilt: str | None = None  # why the ratings were rebuilt (None: they were extended)

    def summary(self) -> str:
        out = ", ".join(f"{reason} {n}" for reason, n in sorted(self.kept_out.items()))
        games = f"{self.taken} finished game{'' if self.taken == 1 else 's'}"
        head = f"rebuilt the ratings from {games}" if self.rebuilt is not None else f"took {games}"
        return f"{head}: {self.rated} rated, {self.taken - self.rated} kept out" + (
            f" ({out})" if out else ""
        )


_LOCKS: weakref.WeakKeyDictionary[Store, asyncio.Lock] = weakref.WeakKeyDictionary()


def _lock(store: Store) -> asyncio.Lock:
    """One writer of the ratings at a time in this process (other processes are kept
    in order by the conditional writes)."""
    return _LOCKS.setdefault(store, asyncio.Lock())


def _report(taking: Taking, rebuilt: str | None = None) -> Report:
    rated = sum(g.counted for g in taking.games)
    return Report(len(taking.games), rated, dict(taking.kept_out()), rebuilt)


async def rebuild(store: Store, why: str = "asked for") -> Report:
    """Recompute every rating from the stored games, in the order they ended."""
    async with _lock(store):
        return await _rebuild(store, why)


async def _rebuild(store: Store, why: str) -> Report:
    games = await ratings.finished_games(store, pending=False)
    state = await ratings.taken(store, RULES)
    taking = take({}, games, state.max_seq + 1)  # seqs are never reused
    await store.commit([*ratings.clear(), *taking.statements(after=None)])
    log.info("ratings rebuilt (%s): %d games", why, len(taking.games))
    return _report(taking, why)


async def catch_up(store: Store) -> Report:
    """Take every finished game not taken yet, in order; rebuild instead when the stored
    ratings no longer follow from the games."""
    async with _lock(store):
        for _ in range(ATTEMPTS):
            state = await ratings.taken(store, RULES)
            if state.stale is not None:
                return await _rebuild(store, state.stale)
            pending = await ratings.finished_games(store, pending=True)
            if not pending:
                return Report(0, 0, {})
            if state.last is not None and pending[0].order < state.last:
                return await _rebuild(store, "a game ended before the last one rated")
            people = {u for game in pending for u, _, _ in game.seatings}
            known = await ratings.ratings_of(store, people)
            taking = take(known, pending, state.max_seq + 1)
            first = taking.games[0]
            try:
                await store.commit(taking.statements(after=state.max_seq))
            except Exception as err:
                if (await ratings.taken(store, RULES)).max_seq == state.max_seq:
                    raise  # nobody else wrote: a real failure
                log.info("ratings: another writer went first (%s); again", type(err).__name__)
                continue
            if await ratings.taken_at(store, first.seq) == first.game_id:
                return _report(taking)
        log.warning("ratings: not caught up after %d tries; the next game end retries", ATTEMPTS)
        return Report(0, 0, {})


async def after_game(store: Store) -> None:
    """A game ended (or the bot started): bring the ratings up to date. Never fails the
    caller: a failure is logged, and the next game's end or start catches up."""
    try:
        report = await catch_up(store)
    except Exception:
        log.exception("the ratings could not be brought up to date")
        return
    if report.taken:
        log.info("ratings: %s", report.summary())

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
* **Leaving is resigning**: whoever left a seat while the game ran, of their own accord
  (``left``) or by handing it to a substitute (``sub``), is rated as if their side had
  resigned then: a loss against the other side, whatever the game's end. Whoever a
  moderator replaced or removed is not rated for that game.
* **The teams**: a side's team is the people seated at it when the game ended. Each
  member is rated for the share of the side's phases they played in person
  (:func:`shares`): a phase the computer played for them while they were away (a
  stand-in, ``stand_in`` marks) is not theirs, nor a phase before a substitute took the
  seat; their rating moves by that share of a whole game's step (mu by share x step,
  sigma by factor ** share). A member with no phase of their own is not rated.
* **The advisor**: a side that asked for a Suggest is not rated for that game; the other
  side is, against the hinted side's ratings (:func:`side_unrated`).
* **The result is the F.1 band**: a human band is the crew's win, the Draw band a tie
  (equal ranks), an alien band the alien's win. Decisive and marginal weigh the same;
  a resigned or claimed game is the winner's decisive band.
* **Shown and ranked**: the rating shown is the skill estimate mu (:func:`shown`), and
  a leaderboard ranks by it alone (ties: the older account first), so a newcomer is
  never placed by game count; a rating is marked provisional until it is settled
  (:func:`settled`), and a board lists people from ``MIN_GAMES`` rated games.
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
from bot.store import GameRow, Statement, Store, people, ratings
from bot.store.ratings import Change, GameFacts, RatingRow, TakenGame
from engine.content_models import Outcome
from engine.records.scenario import opening_variants

log = logging.getLogger("quicksilver.bot")

RULES = "3"  # bump when a rule here changes: the stored ratings are then rebuilt
MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
SETTLED_SIGMA = 6.5  # uncertainty of a settled rating: about 8 one-to-one games from 25/3
SIDES = ratings.SIDES

# Why a finished game is kept out of the ratings.
TUTORIAL = "tutorial"
IMPORTED = bot.store.IMPORTED
SEEDED = "seeded"
COMPUTER = "computer"
HINTED = "hints"  # a side that asked the advisor
VARIANTS = "variants"  # played with optional variants (README, "Variants")
STOOD_IN = "stand-in"  # a side none of whose people played a phase in person
ROLLED_BACK = "rolled-back"
NOT_A_CHANNEL_GAME = "not-a-channel-game"
NO_CREW = "no-crew"
NO_ALIEN = "no-alien"
BOTH_SIDES = "both-sides"
NOT_CHANNELS = ("local:",)  # channel names no Discord channel has (the terminal table)
FINISHED = "over"  # a channel game's status when it ended
LEFT = ("left", "sub")  # ``seatings.went`` of a leaver, rated as resigning
# The band a side's resignation (or a claim against it) gives: the winner's decisive band.
RESIGNED = {"crew": Outcome.DECISIVE_ALIEN.value, "alien": Outcome.DECISIVE_HUMAN.value}
ATTEMPTS = 5  # tries to extend the ratings while other processes extend them too


# --- what counts ------------------------------------------------------------------------
def teams(game: GameFacts) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The people seated at each side when the game ended: (crew, alien), each sorted."""
    crew = sorted({u for u, side, went in game.seatings if side == "crew" and went is None})
    alien = sorted({u for u, side, went in game.seatings if side == "alien" and went is None})
    return tuple(crew), tuple(alien)


def leavers(game: GameFacts) -> tuple[tuple[int, str], ...]:
    """(person, side) of whoever left a seat while the game ran (and did not sit at that
    side again): each is rated as resigning."""
    seated = {(u, side) for u, side, went in game.seatings if went is None}
    gone = {(u, side) for u, side, went in game.seatings if went in LEFT}
    return tuple(sorted(gone - seated))


def _people(game: GameFacts, side: str) -> set[int]:
    return {u for u, s, went in game.seatings if s == side and (went is None or went in LEFT)}


def shares(game: GameFacts, side: str) -> dict[int, float]:
    """Each seated member's share of ``side``'s phases played in person: their phases
    not played by a stand-in over the phases the game waited on the side (1 for a game
    with no phase marks)."""
    members = teams(game)[SIDES.index(side)]  # SIDES and teams: crew, then alien
    marks = [(u, seq, mark) for u, s, seq, mark in game.marks if s == side]
    phases = {seq for _, seq, _ in marks}
    if not phases:
        return {u: 1.0 for u in members}
    own = Counter(u for u, _, mark in marks if mark != people.STOOD_IN)
    return {u: min(1.0, own[u] / len(phases)) for u in members}


def side_unrated(game: GameFacts, side: str) -> str | None:
    """Why ``side``'s seated people are not rated for a rated game (None: they are)."""
    if side in game.hints_sides:
        return HINTED
    if not any(shares(game, side).values()):
        return STOOD_IN
    return None


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
    if opening_variants(game.opening):
        return VARIANTS
    if game.rolled_back:
        return ROLLED_BACK
    if game.computer:
        return COMPUTER
    crew, alien = _people(game, "crew"), _people(game, "alien")
    if not crew:
        return NO_CREW
    if not alien:
        return NO_ALIEN
    if crew & alien:
        return BOTH_SIDES
    return None


def may_be_rated(row: GameRow) -> bool:
    """Whether a game, by its own terms, may be rated when it ends: an ordinary channel
    game between people with secret dice (what :func:`unrated_because` asks first)."""
    return not (
        row.kind
        or row.seeded
        or row.computer
        or row.channel_name.startswith(NOT_CHANNELS)
        or opening_variants(row.opening)
    ) and bool(row.channel_id)


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


def shown(row: RatingRow) -> float:
    """The rating shown and ranked: openskill's skill estimate, mu (25 to start). Not
    mu - 3 sigma: that ranks a small server's players by how many games they played
    (sigma shrinks with each game), and shows newcomers below zero."""
    return row.mu


def settled(row: RatingRow) -> bool:
    """Whether a rating is settled (its uncertainty at most :data:`SETTLED_SIGMA`);
    until then it is shown as provisional."""
    return row.sigma <= SETTLED_SIGMA


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

    def sides_unrated(self) -> Counter[str]:
        """Why sides of rated games were left unrated, counted ('hints', 'stand-in')."""
        return Counter(
            part.partition(":")[2]
            for g in self.games
            for part in filter(None, g.unrated.split(","))
        )


def take(
    known: dict[tuple[int, str], RatingRow], games: Iterable[GameFacts], first_seq: int
) -> Taking:
    """Fold ``games`` (in order) onto the ratings ``known``: the one road from games to
    ratings, for a rebuild and for each game as it ends alike."""
    taking = Taking()
    for seq, game in enumerate(games, start=first_seq):
        reason = unrated_because(game)
        off = {} if reason else {s: why for s in SIDES if (why := side_unrated(game, s))}
        taking.games.append(
            TakenGame(
                seq,
                game.game_id,
                game.ended_at,
                reason is None,
                reason or "",
                len(teams(game)[0]),
                RULES,
                ",".join(f"{s}:{why}" for s, why in off.items()),
                ",".join(game.hints_sides),
            )
        )
        if reason is None:
            _take_game(taking, known, game, seq, off)
    return taking


def _take_game(
    taking: Taking,
    known: dict[tuple[int, str], RatingRow],
    game: GameFacts,
    seq: int,
    off: dict[str, str],
) -> None:
    """One rated game: its seated members by their shares (sides in ``off`` left
    unrated), then each leaver as resigning."""

    def row_of(user: int, side: str) -> RatingRow:
        return taking.ratings.get((user, side)) or known.get((user, side)) or fresh(user, side)

    gone = leavers(game)
    rows = {
        side: [row_of(u, side) for u in team or sorted(u for u, s in gone if s == side)]
        for side, team in zip(SIDES, teams(game), strict=True)
    }
    moved = dict(zip(SIDES, rate(rows["crew"], rows["alien"], game.band), strict=True))
    for side in SIDES:
        if side in off or side not in {s for _, s, went in game.seatings if went is None}:
            continue
        share = shares(game, side)
        for row, (mu, sigma) in zip(rows[side], moved[side], strict=True):
            if share[row.user_id] > 0:
                _move(
                    taking,
                    seq,
                    game.game_id,
                    row,
                    game.band,
                    _partial(row, mu, sigma, share[row.user_id]),
                )
    for user, side in gone:
        other = SIDES[1 - SIDES.index(side)]
        band = RESIGNED[side]
        row = row_of(user, side)
        pair = ([row], rows[other]) if side == "crew" else (rows[other], [row])
        after = rate(*pair, band)[SIDES.index(side)][0]
        _move(taking, seq, game.game_id, row, band, after)


def _partial(row: RatingRow, mu: float, sigma: float, share: float) -> tuple[float, float]:
    """A whole game's (mu, sigma) for ``row`` scaled to the ``share`` played."""
    return row.mu + (mu - row.mu) * share, row.sigma * (sigma / row.sigma) ** share


def _move(
    taking: Taking, seq: int, game_id: int, row: RatingRow, band: str, after: tuple[float, float]
) -> None:
    mu, sigma = after
    taking.ratings[row.key] = _scored(row, mu, sigma, band)
    taking.changes.append(Change(seq, game_id, row.user_id, row.side, row.mu, row.sigma, mu, sigma))


# --- the store --------------------------------------------------------------------------
@dataclass(frozen=True)
class Report:
    """What a catch-up or a rebuild did."""

    taken: int  # finished games taken
    rated: int
    kept_out: dict[str, int]
    rebuilt: str | None = None  # why the ratings were rebuilt (None: they were extended)
    sides_unrated: dict[str, int] = field(default_factory=dict)  # in rated games, by why

    def summary(self) -> str:
        out = ", ".join(f"{reason} {n}" for reason, n in sorted(self.kept_out.items()))
        games = f"{self.taken} finished game{'' if self.taken == 1 else 's'}"
        head = f"rebuilt the ratings from {games}" if self.rebuilt is not None else f"took {games}"
        sides = ", ".join(f"{why} {n}" for why, n in sorted(self.sides_unrated.items()))
        return (
            f"{head}: {self.rated} rated, {self.taken - self.rated} kept out"
            + (f" ({out})" if out else "")
            + (f"; sides left unrated: {sides}" if sides else "")
        )


_LOCKS: weakref.WeakKeyDictionary[Store, asyncio.Lock] = weakref.WeakKeyDictionary()


def _lock(store: Store) -> asyncio.Lock:
    """One writer of the ratings at a time in this process (other processes are kept
    in order by the conditional writes)."""
    return _LOCKS.setdefault(store, asyncio.Lock())


def _report(taking: Taking, rebuilt: str | None = None) -> Report:
    rated = sum(g.counted for g in taking.games)
    return Report(
        len(taking.games), rated, dict(taking.kept_out()), rebuilt, dict(taking.sides_unrated())
    )


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

"""The rating policy on a seeded example server (README, "Ratings and deadlines"): the
leaderboards before and after the fair-play policy, and what a rebuild costs.

    .venv/bin/python benchmarks/bench_ratings.py [--games N] [--seed S]

It writes a small server's scripted games into a fresh SQLite store, as the desk
writes them (games, seatings, phase marks, results, the advisor's sides), then:

* **before**: the previous policy, kept here as the reference it is compared with: a
  Suggest anywhere voids the game for both sides; whoever left (or handed their seat to
  a substitute) shares the side's final result, the substitute takes the whole of it;
  phases the computer played for an away player count as theirs; the board ranks by
  mu - 3 sigma;
* **after**: ``quicksilver stats rebuild``'s own road (:func:`bot.desk.ratings.rebuild`)
  under the policy in force, and the board as ``/stats server`` ranks it.

The scripted server: six people with hidden strengths play one-to-one games (one game
in five a crew of two); the stronger side wins more often. Into the script go the
cases the policy is about: a losing side that presses Suggest late (to void the game),
an away player the computer stood in for, a player who hands a losing seat to a
substitute near the end, and a player who walks out. Printed: each board, the number
of such games, and the rebuild's wall and CPU time.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot import store as st
from bot.desk import ratings, stats
from bot.desk.records import WINNERS
from bot.store import open_store
from bot.store import people as pp
from bot.store import ratings as rs
from bot.store.ratings import GameFacts, RatingRow
from engine.content_models import Outcome

GUILD = 39
PEOPLE = {1: "Ada", 2: "Bo", 3: "Cy", 4: "Di", 5: "Ed", 6: "Fay"}
STRENGTH = {1: 1.2, 2: 0.9, 3: 0.6, 4: 0.4, 5: 0.2, 6: 0.0}  # hidden, same on both sides
PHASES = 12  # phases each side is waited on in a scripted game
MIN_GAMES = stats.MIN_GAMES


@dataclass
class Script:
    """One scripted game and the case it plays out."""

    crew: list[int]
    alien: int
    band: str
    case: str = ""  # '', 'suggest', 'stand-in', 'sub', 'left'
    who: int = 0  # the person the case is about
    by: int = 0  # the substitute, for 'sub'


def script(games: int, seed: int) -> list[Script]:
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        players = rng.sample(sorted(PEOPLE), 3)
        crew = players[:2] if rng.random() < 0.2 else players[:1]
        alien = players[2]
        edge = statistics.fmean(STRENGTH[u] for u in crew) - STRENGTH[alien]
        crew_wins = rng.random() < 1 / (1 + math.exp(-2.5 * edge))
        band = rng.choice(
            ("decisive-human", "marginal-human")
            if crew_wins
            else ("decisive-alien", "marginal-alien")
        )
        loser = alien if crew_wins else crew[0]
        roll = rng.random()
        game = Script(crew, alien, band)
        if roll < 0.15:
            game.case, game.who = "suggest", loser  # the loser presses Suggest late
        elif roll < 0.27:
            game.case, game.who = "stand-in", rng.choice([*crew, alien])
        elif roll < 0.35 and loser == crew[0]:
            spare = [u for u in PEOPLE if u not in (*crew, alien)]
            game.case, game.who, game.by = "sub", loser, rng.choice(spare)
        elif roll < 0.40 and len(crew) == 2:
            game.case, game.who = "left", crew[1]
        found.append(game)
    return found


async def write(store: st.Store, games: list[Script]) -> None:
    clock = 1_000_000.0
    for n, game in enumerate(games, start=1):
        clock += 3600
        row = await store.create_game(n, GUILD, f"table-{n}", 7, game.crew[0], clock - 1800)
        row = row.with_(status="over")
        side_of = {u: "crew" for u in game.crew} | {game.alien: "alien"}
        if game.case == "suggest":
            row = row.with_hint_from(side_of[game.who])
        statements: list[st.Statement] = [st.update_game(row)]
        for user, side in side_of.items():
            statements.append(pp.open_seating(row.id, user, side, clock - 1800, "joined"))
        late = clock - 600
        if game.case in ("sub", "left"):
            went = "sub" if game.case == "sub" else "left"
            statements.append(pp.close_seating(row.id, game.who, late, went))
            if game.case == "sub":
                statements.append(pp.open_seating(row.id, game.by, "crew", late, "sub"))
        for phase in range(PHASES):
            for user, side in side_of.items():
                holder = user
                if game.case in ("sub", "left") and user == game.who and phase >= PHASES - 2:
                    if game.case == "left":
                        continue  # the teammates played on
                    holder = game.by
                mark = "on_time"
                if game.case == "stand-in" and user == game.who and phase >= PHASES // 2:
                    mark = pp.STOOD_IN  # away for the second half: the computer played
                seq = 2 * phase + (side == "crew")
                statements.append(pp.put_mark(row.id, seq, holder, side, mark, 0, late))
        winner = WINNERS[Outcome(game.band)]
        statements.append(pp.put_result(row.id, clock, 8, 0, game.band, winner))
        await store.commit(statements)


# --- the previous policy, the reference --------------------------------------------------
def before(games: list[GameFacts]) -> dict[tuple[int, str], RatingRow]:
    """The ratings under the previous policy (see the module's docstring)."""
    known: dict[tuple[int, str], RatingRow] = {}
    for game in games:
        if game.hints_used:
            continue  # one Suggest voided the game for both sides
        stays = (None, "left")
        teams = [
            sorted({u for u, s, went in game.seatings if s == side and went in stays})
            for side in ("crew", "alien")
        ]
        rows = [
            [known.get((u, side)) or ratings.fresh(u, side) for u in team]
            for team, side in zip(teams, ("crew", "alien"), strict=True)
        ]
        moved = ratings.rate(rows[0], rows[1], game.band)
        for team_rows, team_moved in zip(rows, moved, strict=True):
            for row, (mu, sigma) in zip(team_rows, team_moved, strict=True):
                winner = WINNERS[Outcome(game.band)]
                known[row.key] = RatingRow(
                    row.user_id,
                    row.side,
                    mu,
                    sigma,
                    row.games + 1,
                    row.won + (winner == row.side),
                    row.drawn + (winner == "draw"),
                    row.lost + (winner not in (row.side, "draw")),
                )
    return known


def board_lines(
    title: str,
    rows: list[RatingRow],
    value: Callable[[RatingRow], float],
    mark: Callable[[RatingRow], str],
) -> list[str]:
    lines = [title]
    for place, row in enumerate(rows, start=1):
        lines.append(
            f"  {place}. {PEOPLE[row.user_id]:<4} {value(row):6.1f}{mark(row):1} "
            f"{row.games:2d} games ({row.won}-{row.drawn}-{row.lost})"
        )
    return lines or [title, "  (nobody listed)"]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=39)
    args = parser.parse_args()
    games = script(args.games, args.seed)
    cases = {
        case: sum(g.case == case for g in games) for case in ("suggest", "stand-in", "sub", "left")
    }
    print(
        f"example server: {len(PEOPLE)} people, {len(games)} scripted games (seed {args.seed}); "
        + ", ".join(f"{case} {n}" for case, n in cases.items())
    )
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(str(Path(tmp) / "ratings.db"))
        try:
            await write(store, games)
            facts = await rs.finished_games(store, pending=False)
            old = before(facts)
            wall, cpu = time.perf_counter(), time.process_time()
            report = await ratings.rebuild(store)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            print(
                f"stats rebuild: {report.summary()}; "
                f"{wall * 1000:.1f} ms wall, {cpu * 1000:.1f} ms CPU"
            )
            for side in ("crew", "alien"):
                listed = [r for r in old.values() if r.side == side and r.games >= MIN_GAMES]
                listed.sort(key=lambda r: (-(r.mu - 3 * r.sigma), r.user_id))
                print(
                    "\n".join(
                        board_lines(
                            f"{side} board BEFORE (mu - 3 sigma; the previous policy):",
                            listed,
                            lambda r: r.mu - 3 * r.sigma,
                            lambda r: "",
                        )
                    )
                )
                board = await stats.board(store, GUILD, side, MIN_GAMES, 0)
                print(
                    "\n".join(
                        board_lines(
                            f"{side} board AFTER (skill estimate; ? provisional):",
                            board.rows,
                            ratings.shown,
                            lambda r: "" if ratings.settled(r) else "?",
                        )
                    )
                )
            negative = sum(r.mu - 3 * r.sigma < 0 for r in old.values() if r.games >= MIN_GAMES)
            after = await rs.all_ratings(store)
            print(
                f"negative ratings shown: before {negative}, after "
                f"{sum(ratings.shown(r) < 0 for r in after if r.games >= MIN_GAMES)}"
            )
        finally:
            await store.close()


if __name__ == "__main__":
    asyncio.run(main())

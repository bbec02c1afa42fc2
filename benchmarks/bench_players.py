"""Strength of the game-controlled players over many seeded games.

    .venv/bin/python benchmarks/bench_players.py [GAMES] [TURN_CAP] [PAIRING …]

For each pairing (AI alien vs random crew, AI crew vs random alien, AI vs AI at the
levels easy/hard) it prints the F.1 outcome split (human victory bands, draw, alien
victory bands), games ended vs capped, average turns and games per second, then how
the games ended. A capped game is scored as the position stands at the cap (F.1
applied to it) and counted as capped. Last, the 95th percentile of a `hard` decision.
Name pairings (e.g. "hard crew vs easy alien") to run only those.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable

from engine import commands as c
from engine.board.ship import Ship
from engine.content import Content
from engine.content_models import Outcome
from engine.dice import Rng
from engine.events import Event
from engine.players.base import Player, play_game
from engine.players.levels import player_for
from engine.score import score
from engine.state import Side
from engine.views import View

HUMAN = {Outcome.DECISIVE_HUMAN, Outcome.MARGINAL_HUMAN}
ALIEN = {Outcome.DECISIVE_ALIEN, Outcome.MARGINAL_ALIEN}
Factory = Callable[[], Player | None]
DECISION_TIMES: list[float] = []  # seconds per `hard` decision


class Timed:
    """A `hard` player whose decisions are timed (and which still sees every event)."""

    def __init__(self, inner: Player) -> None:
        self.inner, self.side = inner, getattr(inner, "side", None)

    def observe(self, events: list[Event], view: View, ship: Ship) -> None:
        self.inner.observe(events, view, ship)  # type: ignore[attr-defined]

    def __call__(
        self, view: View, legal: list[c.Command], ship: Ship, content: Content, rng: Rng
    ) -> c.Command:
        start = time.perf_counter()
        command = self.inner(view, legal, ship, content, rng)
        DECISION_TIMES.append(time.perf_counter() - start)
        return command


def _level(side: Side, level: str | None) -> Factory:
    if level is None:
        return lambda: None
    if level == "hard":
        return lambda: Timed(player_for(side, level))
    return lambda: player_for(side, level)


PAIRINGS: list[tuple[str, Factory, Factory]] = [
    ("AI alien vs random crew (easy)", _level(Side.CREW, None), _level(Side.ALIEN, "easy")),
    ("AI crew vs random alien (easy)", _level(Side.CREW, "easy"), _level(Side.ALIEN, None)),
    ("AI crew vs AI alien (easy vs easy)", _level(Side.CREW, "easy"), _level(Side.ALIEN, "easy")),
    ("hard crew vs easy alien", _level(Side.CREW, "hard"), _level(Side.ALIEN, "easy")),
    ("easy crew vs hard alien", _level(Side.CREW, "easy"), _level(Side.ALIEN, "hard")),
    ("hard crew vs hard alien", _level(Side.CREW, "hard"), _level(Side.ALIEN, "hard")),
]


def run(games: int, cap: int, only: list[str]) -> None:
    for name, crew, alien in PAIRINGS:
        if only and not any(o in name for o in only):
            continue
        start = time.perf_counter()
        sides: Counter[str] = Counter()
        ended = turns = 0
        endings: Counter[str] = Counter()
        for seed in range(1, games + 1):
            game = play_game(seed, crew(), alien(), turn_cap=cap)
            outcome = score(game.state, game.content).outcome
            sides["human" if outcome in HUMAN else "alien" if outcome in ALIEN else "draw"] += 1
            ended += game.state.result is not None
            turns += game.state.turn
            endings[(game.state.result or "capped").split(" (")[0]] += 1
        took = time.perf_counter() - start
        pct = {k: 100 * sides[k] / games for k in ("human", "draw", "alien")}
        print(
            f"{name}: human {pct['human']:.0f}% · draw {pct['draw']:.0f}% · "
            f"alien {pct['alien']:.0f}% | ended {ended}/{games}, capped {games - ended} | "
            f"avg turns {turns / games:.1f} | {games / took:.2f} games/s",
            flush=True,
        )
        for reason, count in endings.most_common():
            print(f"    {count:4d}  {reason}", flush=True)
    if DECISION_TIMES:
        times = sorted(DECISION_TIMES)
        p95 = times[int(0.95 * (len(times) - 1))]
        print(
            f"hard decision: p95 {1000 * p95:.1f} ms, max {1000 * times[-1]:.1f} ms "
            f"over {len(times)} decisions"
        )


if __name__ == "__main__":
    run(
        int(sys.argv[1]) if len(sys.argv) > 1 else 100,
        int(sys.argv[2]) if len(sys.argv) > 2 else 80,
        sys.argv[3:],
    )

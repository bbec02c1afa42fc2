"""Engine speed: replay of a fixed corpus of games, and random games played.

.venv/bin/python benchmarks/bench_engine.py [GAMES] [--reps N]

The corpus is the 16 level-game scripts (``tests/fixtures/level_games/*.qs``: games the
game-controlled players played at every level, kept as their commands) and GAMES random
games (default 20: both sides at random with fixed seeds 0..GAMES-1, to turn 60). Replay
is ``Game.replay`` of each game from its seed, set-up included: what undo, rollback and
loading a stored game do. It is timed ``--reps`` times (default 5) in process CPU time
(``time.process_time``, what the engine itself costs, less sensitive to a busy machine)
beside wall time; the headline is the best repetition's CPU rate::

    replay: N commands/s (CPU)

followed by the best and median of both clocks, each half of the corpus on its own, the
level games' first replay in the process (which also fills the tables kept per ship:
sight, and the routes from each start grid, built on demand as a running bot builds
them with its first games), and the same lines played one by one with ``Game.play``
(live play: each command on a copy of the state, so a refusal changes nothing; a replay
plays on the state itself).
Then the random games' own figures: games/s and commands/s with the random player's
choosing included, and how much the choosing costs beside the applying (a ratio).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.commands import Command, parse
from engine.dice import Rng
from engine.game import Game
from engine.random_player import choose
from engine.records.script import Source
from engine.state import Phase, Side

TURN_CAP = 60
LEVEL_GAMES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "level_games"

Log = list[tuple[Side, Command]]


@dataclass(frozen=True)
class Corpus:
    """Games to replay: each a seed and its commands."""

    games: list[tuple[int, Log]]

    @property
    def commands(self) -> int:
        return sum(len(log) for _, log in self.games)

    def replay(self) -> None:
        for seed, log in self.games:
            Game.replay(seed, log)

    def play(self) -> None:
        """The same lines played one by one, as live play does (each on a copy)."""
        for seed, log in self.games:
            game = Game.new(seed)
            for side, command in log:
                game.play(side, command)


def level_corpus() -> Corpus:
    """The stored level games' commands, read without playing them: each script is a
    ``seed N`` line and then only ``SIDE: COMMAND`` lines."""
    games = []
    for path in sorted(LEVEL_GAMES.glob("*.qs")):
        header, *rows = (text for _, text in Source.of(path.read_text()).rows())
        seed = int(header.removeprefix("seed"))
        lines = [(Side(side.strip()), parse(command)) for side, _, command in _split(rows)]
        games.append((seed, lines))
    return Corpus(games)


def _split(rows: list[str]) -> list[tuple[str, str, str]]:
    return [row.partition(":") for row in rows]


def random_game(seed: int) -> Game:
    game = Game.new(seed)
    game.play("crew", "quick")
    game.play("alien", "quick")
    player = Rng(seed ^ 0x5EED)
    while game.state.phase is not Phase.OVER and game.state.turn <= TURN_CAP:
        side = Side.ALIEN if game.state.phase is Phase.ALIEN else Side.CREW
        command = choose(game.state, side, game.ship, game.content, player)
        assert command is not None
        game.play(side, command)
    return game


def as_corpus(games: list[Game]) -> Corpus:
    return Corpus([(g.seed, [(e.side, e.command) for e in g.log]) for g in games])


@dataclass(frozen=True)
class Timing:
    """Seconds per repetition, on both clocks."""

    cpu: list[float]
    wall: list[float]


def timed(corpus: Corpus, reps: int, play: bool = False) -> Timing:
    cpu, wall = [], []
    for _ in range(reps):
        began_cpu, began_wall = time.process_time(), time.perf_counter()
        corpus.play() if play else corpus.replay()
        cpu.append(time.process_time() - began_cpu)
        wall.append(time.perf_counter() - began_wall)
    return Timing(cpu, wall)


def rates(commands: int, seconds: list[float]) -> str:
    """Best (the fastest repetition) and median rates."""
    best, median = commands / min(seconds), commands / statistics.median(seconds)
    return f"{best:>8,.0f} best {median:>8,.0f} median"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=20, help="random games")
    parser.add_argument("--reps", type=int, default=5, help="repetitions of the replay")
    args = parser.parse_args()
    Game.new(0)  # load the ship and content once, outside the timings

    levels = level_corpus()
    began = time.process_time()
    levels.replay()  # first in this process: fills the tables kept per ship (sight, routes)
    first = levels.commands / (time.process_time() - began)
    start = time.perf_counter()
    played = [random_game(seed) for seed in range(args.games)]
    choosing = time.perf_counter() - start
    randoms = as_corpus(played)
    whole = Corpus(levels.games + randoms.games)

    timing = timed(whole, args.reps)
    commands = whole.commands
    print(f"replay: {commands / min(timing.cpu):,.0f} commands/s (CPU)")
    print(
        f"  {len(levels.games)} level games ({levels.commands:,} commands) and "
        f"{args.games} random games ({randoms.commands:,}), seeds 0-{args.games - 1}; "
        f"{args.reps} repetitions"
    )
    print(f"  CPU  commands/s {rates(commands, timing.cpu)}")
    print(f"  wall commands/s {rates(commands, timing.wall)}")
    for name, part in (("level games", levels), ("random games", randoms)):
        alone = timed(part, args.reps)
        print(f"  {name + ' alone, CPU':<24} {rates(part.commands, alone.cpu)}")
    print(f"  level games replayed first in this process, CPU {first:>8,.0f}")
    one_by_one = timed(whole, args.reps, play=True)
    print(f"  played one by one (Game.play, a copy each), CPU {rates(commands, one_by_one.cpu)}")
    longest = max(len(log) for _, log in whole.games)
    per_game_ms = min(timing.cpu) / commands * longest * 1e3
    print(f"  longest game: {longest} commands, replayed in {per_game_ms:.0f} ms (CPU)")

    ended = sum(g.state.phase is Phase.OVER for g in played)
    print(
        f"random games: {args.games / choosing:8.2f} games/s wall "
        f"({ended}/{args.games} ended before the cap)"
    )
    print(f"  incl. choosing: {randoms.commands / choosing:8,.0f} commands/s wall")
    applying = min(timed(randoms, 1).wall)
    print(f"  choosing costs: {(choosing - applying) / applying:.1f}x the applying (ratio)")


if __name__ == "__main__":
    main()

"""A corpus of games whose every event is written down as a person reads it.

``tests/fixtures/event_sentences.jsonl.gz`` holds, for each game of the corpus, every
event's kind, audience and sentence as they were before events became typed records;
:mod:`tests.bot.present.test_sentences` plays the same games again and checks
that the presenters still say the same (or the better sentences listed there).

The corpus: random playouts from set-up (the generator of
:mod:`tests.engine.test_playout`), random games from each scenario in ``tests/scenarios``,
the scripts in ``tests/scripts``, and games the game-controlled players played, kept as
scripts of their commands (``tests/fixtures/level_games``) since the players improve.

``python -m tests.event_corpus`` writes the fixture again, after a rules change that
legitimately changes the corpus's games: every game played anew, each event worded by
the terminal's presenter (the sentence the test compares) under the kind its record
class had before events became typed records, as the fixture kept it (what the
irreversibility test reads). ``python -m tests.event_corpus level CREW ALIEN SEED``
prints a level game played again by the game-controlled players, as a script of its
commands, for a stored one that no longer plays out (its header comment is the writer's).
"""

from __future__ import annotations

import gzip
import json
import multiprocessing
import os
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

from bot.present.events import terminal_line
from engine.events import Event
from engine.game import Game
from engine.players.base import play_game
from engine.players.levels import player_for
from engine.records.scenario import scenario_game
from engine.records.script import Player, ScriptError, Source, opening
from engine.state import Side
from tests.engine.test_playout import SCENARIOS, play_on

ROOT = Path(__file__).resolve().parent
FIXTURE = ROOT / "fixtures" / "event_sentences.jsonl.gz"
SCRIPTS = sorted((ROOT / "scripts").glob("*.qs"))
# Positions the games above seldom or never reach: each rare event at least once.
EVENT_SCRIPTS = sorted((ROOT / "fixtures" / "event_scripts").glob("*.qs"))
PLAYOUTS = 24  # random games from set-up, to the end or turn 60
PLAYOUT_TURNS = 60
SCENARIO_RUNS = 6  # random games per scenario, patient players
SCENARIO_TURNS = 8
# Games the game-controlled players played (four seeds of four pairings, to turn 40),
# kept as their commands so that better players do not change the corpus's games.
LEVEL_SCRIPTS = sorted((ROOT / "fixtures" / "level_games").glob("*.qs"))
LEVEL_TURNS = 40  # the level games' turn cap

Row = tuple[str, str, str]  # kind, audience, sentence
Say = Callable[[Event], str]


def events_of(game: Game) -> list[Event]:
    """Every event of ``game``'s log, replayed from the log's start."""
    again = Game(game.seed, game.ship, game.content, game.start_state())
    return [e for entry in game.log for e in again.play(entry.side, entry.command)]


def _playout(seed: int) -> list[Event]:
    return events_of(play_on(Game.new(seed), Counter(), PLAYOUT_TURNS, seed))


def _scenario(path: Path, player_seed: int) -> list[Event]:
    game = scenario_game(path.read_text(encoding="utf-8"))
    last = game.state.turn + SCENARIO_TURNS
    return events_of(play_on(game, Counter(), last, player_seed, patient=True))


def _script(path: Path) -> list[Event]:
    """The script's game: its commands and undos (its expectations are its own test's),
    up to a bad line (bad_line.qs is meant to fail)."""
    source = Source.of(path.read_text(encoding="utf-8"))
    try:
        game = opening(source).game
    except ScriptError:
        return []
    player = Player(game)
    for number, text in source.rows():
        try:
            player.line(number, text)
        except ScriptError:
            break
    return events_of(game)


def games() -> Iterator[tuple[str, Callable[[], list[Event]]]]:
    """Every game of the corpus: its name and how to play it, returning its events."""
    for seed in range(PLAYOUTS):
        yield f"playout {seed}", partial(_playout, seed)
    for path in SCENARIOS:
        for run in range(SCENARIO_RUNS):
            yield f"scenario {path.name} {run}", partial(_scenario, path, run)
    for path in SCRIPTS + EVENT_SCRIPTS:
        yield f"script {path.name}", partial(_script, path)
    for path in LEVEL_SCRIPTS:
        yield f"players {path.stem.replace('_', ' ')}", partial(_script, path)


GAMES = list(games())


def rows(events: list[Event], say: Say, kinds: dict[str, str] | None = None) -> list[Row]:
    """Each event's kind (the one it had before, where ``kinds`` maps its record class
    to it), audience and sentence."""
    kinds = kinds or {}
    return [(kinds.get(type(e).__name__, e.kind), e.audience.value, say(e)) for e in events]


def kinds_before(games: dict[str, list[Event]], fixture: dict[str, list[Row]]) -> dict[str, str]:
    """The kind each event record class had before events became records, read off
    the fixture where its games still say what they said (one kind per class)."""
    found: dict[str, set[str]] = {}
    for name, events in games.items():
        for event, row in zip(events, fixture.get(name, []), strict=False):
            if row[1:] != (event.audience.value, say_now(event)):
                break
            found.setdefault(type(event).__name__, set()).add(row[0])
    assert all(len(k) == 1 for k in found.values()), found
    return {cls: kind for cls, (kind,) in found.items()}


def say_now(event: Event) -> str:
    """The sentence the terminal's presenter gives ``event``: what the test compares."""
    return terminal_line(event)


def _played(index: int) -> list[Event]:
    return GAMES[index][1]()


def played() -> Iterator[tuple[str, list[Event]]]:
    """Every game of the corpus played, on every core: its name and its events."""
    Game.new(0)  # build the ship's sight tables once, before the workers fork
    with multiprocessing.get_context("fork").Pool(os.cpu_count() or 1) as pool:
        found = pool.map(_played, range(len(GAMES)))
    for (name, _), events in zip(GAMES, found, strict=True):
        yield name, events


def read_fixture() -> dict[str, list[Row]]:
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as handle:
        found = [json.loads(line) for line in handle]
    return {g["game"]: [(r[0], r[1], r[2]) for r in g["events"]] for g in found}


def write_fixture(say: Say) -> None:
    games = dict(played())
    kinds = kinds_before(games, read_fixture())
    with gzip.open(FIXTURE, "wt", encoding="utf-8") as handle:
        for name, events in games.items():
            record = {"game": name, "events": rows(events, say, kinds)}
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")


def level_script(crew: str, alien: str, seed: int) -> str:
    """The level game of ``seed`` between the players of those levels, as its commands."""
    players = player_for(Side.CREW, crew), player_for(Side.ALIEN, alien)
    return play_game(seed, *players, LEVEL_TURNS).script()


if __name__ == "__main__":  # pragma: no cover - a maintenance tool
    if sys.argv[1:2] == ["level"]:
        sys.stdout.write(level_script(sys.argv[2], sys.argv[3], int(sys.argv[4])))
    else:
        write_fixture(say_now)
        print(f"wrote {FIXTURE}", file=sys.stderr)

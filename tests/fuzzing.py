"""Random and garbled command strings against random positions of both sides (issue 20).

One property, two drivers: the hypothesis test (``tests/engine/test_fuzz_commands.py``,
bounded so ``make test`` stays fast) and ``benchmarks/bench_reliability.py --fuzz N``
(a long run that counts). An input is either refused with the engine's own
:class:`~engine.errors.GameError`, changing nothing, or played, leaving a position that
keeps every invariant; any other exception is a crash.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from engine.board.floorplan import default_ship
from engine.commands import VERBS
from engine.content import load_content
from engine.dice import Rng
from engine.errors import GameError
from engine.game import Game
from engine.invariants import check_invariants
from engine.legal import legal_commands
from engine.random_player import choose
from engine.records import snapshot
from engine.state import Phase, Side

SHIP = default_ship()
CONTENT = load_content()

# Positions: (seed, random commands played from the start).
POSITIONS = tuple((seed, steps) for seed in (3, 17, 54) for steps in (0, 2, 9, 25, 60, 140))

WORDS = (
    "alien",
    "alien1",
    "alien2",
    "alien9",
    "larva",
    "to",
    "with",
    "for",
    "on",
    "off",
    "up",
    "down",
    "here",
    "self",
    "door",
    "nexus",
    "inner",
    "outer",
    "n",
    "e",
    "s",
    "w",
    "energy",
    "open",
    "closed",
    "food",
    "+0",
    "+1",
    "+3",
    "+9",
    "-1",
    "0",
    "1",
    "2",
    "4",
    "7",
    "99",
    "1-F6",
    "0-J11",
    "2-U7",
    "9-Z99",
    "1-A0",
    "Q-Q",
    "0-",
    "'",
    '"',
    "\\",
    "",
    "carbine1",
    "gear3",
    "supplies3",
    "crate1",
    "Captain",
    "Engineer",
    "Medical",
    "Clever",
    "Agile",
    "Venom",
    "Hunter",
    "Queen",
    "Scanner",
    "Flame Caster",
    "ToolKit",
    "01",
    "pod",
)


@cache
def vocabulary() -> tuple[str, ...]:
    """Every verb, every unit, item and door name, and words that are almost right."""
    game = Game.new(1, SHIP, CONTENT)
    names = [*game.state.humans, *game.state.aliens, *game.state.items]
    doors = sorted(SHIP.doors)[:40]
    return tuple(sorted({*VERBS, *names, *doors, *WORDS}))


@cache
def position(index: int) -> Game:
    """Position ``index`` of :data:`POSITIONS`: a game played that far by random legal
    commands of whichever side is to act (never modified: :func:`check` copies it)."""
    seed, steps = POSITIONS[index]
    game = Game.new(seed, SHIP, CONTENT)
    rng = Rng(seed ^ 0x5EED)
    for _ in range(steps):
        if game.state.phase is Phase.OVER:
            break
        side = _acting(game)
        command = choose(game.state, side, SHIP, CONTENT, rng, patient=True)
        if command is None:
            break
        game.play(side, command)
    return game


def _acting(game: Game) -> Side:
    state = game.state
    if state.phase is Phase.CREW:
        return Side.CREW
    if state.phase is Phase.ALIEN:
        return Side.ALIEN
    from engine.setup import waiting_on

    waiting = list(waiting_on(state))
    return waiting[0] if waiting else Side.CREW


@cache
def legal_texts(index: int, side: Side) -> tuple[str, ...]:
    game = position(index)
    if game.state.phase is Phase.OVER:
        return ("pass",)
    found = legal_commands(game.state, side, SHIP, CONTENT)
    return tuple(sorted({c.notation() for c in found})[:200]) or ("pass",)


@dataclass(frozen=True, slots=True)
class Result:
    played: bool
    reason: str = ""


class Crash(AssertionError):
    """The engine answered an input with something other than a refusal or a legal change."""


def check(index: int, side: Side, text: str) -> Result:
    """Play ``text`` for ``side`` on a copy of position ``index``: a refusal must change
    nothing, a played command must keep every invariant; anything else is a :class:`Crash`."""
    source = position(index)
    game = Game(source.seed, SHIP, CONTENT, source.state.clone())
    before = snapshot.dump(game.state)
    try:
        game.play(side, text)
    except GameError as err:
        if snapshot.dump(game.state) != before or game.log:
            raise Crash(f"refused {text!r} but changed the position") from err
        return Result(False, type(err).__name__)
    except Exception as err:
        raise Crash(f"{side.value}: {text!r} at position {POSITIONS[index]}: {err!r}") from err
    problems = check_invariants(game.state, SHIP, CONTENT)
    if problems:
        raise Crash(f"{side.value}: {text!r} at {POSITIONS[index]} broke {problems}")
    return Result(True)


def garble(text: str, rng: random.Random, words: tuple[str, ...]) -> str:
    """One to three edits of ``text``: drop, repeat, swap or replace a word, or damage a
    character."""
    for _ in range(rng.randint(1, 3)):
        parts = text.split(" ")
        edit = rng.randrange(6)
        at = rng.randrange(len(parts))
        if edit == 0 and len(parts) > 1:
            del parts[at]
        elif edit == 1:
            parts.insert(at, parts[at])
        elif edit == 2:
            other = rng.randrange(len(parts))
            parts[at], parts[other] = parts[other], parts[at]
        elif edit == 3:
            parts[at] = rng.choice(words)
        elif edit == 4:
            parts.insert(at, rng.choice(words))
        else:
            word = parts[at]
            cut = rng.randrange(len(word) + 1)
            parts[at] = word[:cut] + rng.choice("-+'\"x0 9") + word[cut + 1 :]
        text = " ".join(parts)
    return text


def random_input(rng: random.Random) -> tuple[int, Side, str]:
    """A position, a side and an input: a legal command as it is or garbled, or words
    at random."""
    index = rng.randrange(len(POSITIONS))
    side = rng.choice((Side.CREW, Side.ALIEN))
    words = vocabulary()
    mode = rng.random()
    if mode < 0.1:  # as the panels offer it: played
        return index, side, rng.choice(legal_texts(index, side))
    if mode < 0.4:
        return index, side, garble(rng.choice(legal_texts(index, side)), rng, words)
    verb = rng.choice(sorted(VERBS))
    head = [verb]
    if mode < 0.8:  # a verb of either side on a unit of either side
        head.append(rng.choice(units(index)))
    return index, side, " ".join([*head, *(rng.choice(words) for _ in range(rng.randint(0, 4)))])


@cache
def units(index: int) -> tuple[str, ...]:
    state = position(index).state
    return tuple(sorted([*state.humans, *state.aliens]))


def run(count: int, seed: int = 0) -> tuple[int, list[str]]:
    """Fuzz ``count`` inputs; the number played and every crash found."""
    rng = random.Random(seed)
    played, crashes = 0, []
    for _ in range(count):
        index, side, text = random_input(rng)
        try:
            played += check(index, side, text).played
        except Crash as crash:
            crashes.append(str(crash))
    return played, crashes

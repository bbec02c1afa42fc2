"""Random and garbled command strings against positions of both sides.

One property, two drivers: the hypothesis test (``tests/engine/test_fuzz_commands.py``,
bounded so ``make test`` stays fast) and ``benchmarks/bench_reliability.py --fuzz N``
(a long run that counts). An input is either refused with the engine's own
:class:`~engine.errors.GameError`, changing nothing, or played, leaving a position that
keeps every invariant; any other exception is a crash.

The positions are drawn from whole games the game-controlled players play
(:func:`positions`): every phase's start and middle, to the end and the finished game
after it. Inputs are legal commands as the panels offer them, garbled ones, and words at
random; garbling reaches all of Unicode (:data:`ODD`): other scripts' digits and
superscripts, combining marks, zero-width and right-to-left characters, other spaces and
line breaks, lone surrogates, and very long words and numbers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from bot.cli.local_table import acting_side, opponent_move
from bot.desk.imports import prepare
from bot.desk.tables import Refusal
from bot.present.events import script_line
from engine.board.floorplan import default_ship
from engine.commands import VERBS
from engine.content import load_content
from engine.dice import Rng
from engine.errors import GameError
from engine.game import Game
from engine.invariants import check_invariants
from engine.legal import legal_commands
from engine.records import snapshot
from engine.records.scenario_writer import write_scenario
from engine.records.script import ScriptError
from engine.state import Phase, Side

SHIP = default_ship()
CONTENT = load_content()

# The games the positions come from: each played to its end by the game-controlled
# players (easy level); the test suite takes the first, the benchmark more.
GAME_SEEDS = (54, 3, 17, 8, 21, 40, 66, 90)
TURN_CAP = 40

# Characters a person (or a forger) can type that the ASCII the game speaks does not hold.
ODD = (
    *"²³¹⁴₀①٣٤۳३৩௩๓３",  # digits of other scripts, superscripts, circled and fullwidth
    *"\u0301\u0336\u20dd\u0308",  # combining marks
    *"\u200b\u200c\u200d\u2060\ufeff",  # zero-width
    *"\u202e\u202d\u200f\u061c",  # right-to-left and direction marks
    *"אبЖΩß\u0130ﬁＡ",  # other scripts, and letters whose case folds oddly
    *"\u00a0\u2003\u3000\u2028\u0085\t",  # other spaces and line breaks
    *"\ud800\udfff",  # lone surrogates (a JSON string may carry them)
    *"😀🧑\u200d🚀",
)

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


_GAMES = 1  # how many of GAME_SEEDS the positions come from (use_games)


def use_games(count: int) -> None:
    """Draw the positions from the first ``count`` games of :data:`GAME_SEEDS`."""
    global _GAMES
    _GAMES = count
    for cached in (positions, scripts, legal_texts, units):
        cached.cache_clear()


@dataclass(frozen=True)
class Position:
    label: str  # "seed 54, 37 commands (turn 4 crew)"
    game: Game


@cache
def positions() -> tuple[Position, ...]:
    """Positions of whole game-controlled games: every phase's start and middle, and
    the finished game (commands after the end must be refused as cleanly)."""
    found: list[Position] = []
    for seed in GAME_SEEDS[:_GAMES]:
        found += _whole_game(seed)[0]
    return tuple(found)


@cache
def scripts() -> tuple[str, ...]:
    """The same games as scripts (``seed N`` and every command), and a scenario script
    of a position in the middle of each: what an import reads."""
    found: list[str] = []
    for seed in GAME_SEEDS[:_GAMES]:
        taken, script = _whole_game(seed)
        middle = taken[len(taken) // 2].game.state
        found += [script, write_scenario(middle, SHIP, CONTENT)]
    return tuple(found)


@cache
def _whole_game(seed: int) -> tuple[list[Position], str]:
    game = Game.new(seed, SHIP, CONTENT)
    rng = Rng(seed ^ 0x5EED)
    taken: list[Position] = []
    phase_began, last_mark = 0, None
    while game.state.phase is not Phase.OVER and game.state.turn <= TURN_CAP:
        mark = (game.state.turn, game.state.phase)
        if mark != last_mark:
            taken.append(_taken(seed, game))  # a phase's start
            phase_began, last_mark = len(game.log), mark
        elif len(game.log) - phase_began == 3:
            taken.append(_taken(seed, game))  # and its middle
        side = acting_side(game)
        command = opponent_move(game, side, rng)
        if command is None:
            break
        game.play(side, command)
    taken.append(_taken(seed, game))  # the end, and after it
    return taken, game.script()


def _taken(seed: int, game: Game) -> Position:
    state = game.state
    label = f"seed {seed}, {len(game.log)} commands (turn {state.turn} {state.phase.value})"
    return Position(label, Game(game.seed, SHIP, CONTENT, state.clone()))


def position(index: int) -> Game:
    """Position ``index`` of :func:`positions` (never modified: :func:`check` copies it)."""
    return positions()[index].game


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
    where = positions()[index].label
    game = Game(source.seed, SHIP, CONTENT, source.state.clone())
    before = snapshot.dump(game.state)
    try:
        game.play(side, text)
    except GameError as err:
        if snapshot.dump(game.state) != before or game.log:
            raise Crash(f"refused {text!r} but changed the position") from err
        return Result(False, type(err).__name__)
    except Exception as err:
        raise Crash(f"{side.value}: {text!r} at {where}: {err!r}") from err
    problems = check_invariants(game.state, SHIP, CONTENT)
    if problems:
        raise Crash(f"{side.value}: {text!r} at {where} broke {problems}")
    return Result(True)


def garble(text: str, rng: random.Random, words: tuple[str, ...]) -> str:
    """One to three edits of ``text``: drop, repeat, swap or replace a word, damage a
    character (with any of Unicode's odd ones, :data:`ODD`), or make a word very long."""
    for _ in range(rng.randint(1, 3)):
        parts = text.split(" ")
        edit = rng.randrange(9)
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
        elif edit in (5, 6):  # a character damaged or slipped in, from all of Unicode
            word = parts[at]
            cut = rng.randrange(len(word) + 1)
            odd = rng.choice("-+'\"x0 9" if edit == 5 else ODD)
            parts[at] = word[:cut] + odd + word[cut + (edit == 5) :]
        elif edit == 7:  # a number of another script where a number goes
            parts[at] = "".join(rng.choice(ODD[:15]) for _ in range(rng.randint(1, 3)))
        elif len(text) < 3000:  # very long: a word or a number of thousands of characters
            parts[at] = rng.choice(("9", parts[at][:12] or "x", rng.choice(ODD))) * rng.randint(
                300, 3000
            )
        text = " ".join(parts)
    return text


def random_input(rng: random.Random) -> tuple[int, Side, str]:
    """A position, a side and an input: a legal command as it is or garbled, or words
    at random."""
    index = rng.randrange(len(positions()))
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
    typed = " ".join([*head, *(rng.choice(words) for _ in range(rng.randint(0, 4)))])
    return index, side, garble(typed, rng, words) if rng.random() < 0.5 else typed


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


# --- the import path --------------------------------------------------------------------
def garble_script(text: str, rng: random.Random) -> str:
    """One to three lines of a script garbled (:func:`garble`), dropped, repeated, or
    swapped for a line of odd words."""
    lines = text.splitlines() or [""]
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(lines))
        edit = rng.randrange(4)
        if edit == 0:
            lines[at] = garble(lines[at], rng, vocabulary())
        elif edit == 1 and len(lines) > 1:
            del lines[at]
        elif edit == 2:
            lines.insert(at, lines[at])
        else:
            lines.insert(at, garble(rng.choice(("crew: ", "alien: ", "seed ", "turn ")), rng, ODD))
    return "\n".join(lines) + "\n"


def check_import(text: str) -> bool:
    """Read ``text`` as an import does (:func:`bot.desk.imports.prepare`): refused with
    a script error or a refusal, or prepared; anything else is a :class:`Crash`. True
    when it would be imported."""
    try:
        prepare(text, SHIP, CONTENT, script_line)
    except (ScriptError, Refusal, GameError):
        return False
    except Exception as err:
        raise Crash(f"import of a script ({len(text)} characters): {err!r}") from err
    return True


def run_imports(count: int, seed: int = 0) -> tuple[int, list[str]]:
    """Import ``count`` garbled scripts; the number prepared and every crash found."""
    rng = random.Random(seed)
    taken, crashes = 0, []
    for _ in range(count):
        text = garble_script(rng.choice(scripts()), rng)
        try:
            taken += check_import(text)
        except Crash as crash:
            crashes.append(str(crash))
    return taken, crashes


# --- custom ids -------------------------------------------------------------------------
def garble_id(custom_id: str, rng: random.Random) -> str:
    """A button's custom id damaged as a forger or a bug might: a field replaced (by
    another script's digits, a word, a huge number), dropped or repeated, a character
    slipped in; at most Discord's 100 characters, and text Discord can carry."""
    for _ in range(100):
        fields = custom_id.split(":")
        at = rng.randrange(len(fields))
        edit = rng.randrange(5)
        if edit == 0:
            fields[at] = "".join(rng.choice(ODD[:15]) for _ in range(rng.randint(1, 4)))
        elif edit == 1:
            fields[at] = rng.choice(("", "0", "-1", "9" * 30, "alien", "x" * 20, "lobby"))
        elif edit == 2 and len(fields) > 1:
            del fields[at]
        elif edit == 3:
            fields.insert(at, fields[at])
        else:
            word = fields[at]
            cut = rng.randrange(len(word) + 1)
            fields[at] = word[:cut] + rng.choice(ODD) + word[cut:]
        made = ":".join(fields)[:100]
        try:
            made.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: no JSON Discord sends carries it
            continue
        if made:
            return made
    return custom_id

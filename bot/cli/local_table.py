"""``quicksilver play``: the game at a terminal, saved in the bot's SQLite store.

``--side crew`` or ``--side alien`` plays one side against the game; ``--side both``
seats two people at one screen, with a hand-over screen that clears the terminal
whenever the keyboard passes to the other side. Everything shown comes from
``engine.views.view`` for the side at the keyboard, so one side's secrets are never on
screen for the other. ``--demo`` lets the game play both sides for a few turns (what
``make run`` does without a terminal).

A local game is a row of the ``games`` table with ``channel_id`` 0, ``channel_name``
``local:<side>:<level>`` (the side at the keyboard, how well the game plays the other)
and status ``local`` (``local-over`` once finished): the bot's service loads only
lobby/playing/over games, so it never sees these. Each command is a row of
``commands``, written as it is played; ``undo`` deletes the row; ``--resume ID``
replays the rows and plays on at the stored level.

The game-controlled side's randomness is drawn from the game's seed and where that side
stands at each of its commands (the turn, the phase and its own commands in it, never
the log's length), so ``--seed N`` with the same typed commands plays the same game,
resumed or not. (Live Discord games draw it from secure randomness.)
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import random
import shlex
import shutil
import sys
import textwrap
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from bot.cli.local_web import LocalWeb
from bot.cli.script import summary
from bot.cli.text_map import LEGEND, WIDTH, text_map
from bot.present.events import terminal_line
from bot.present.hints import MARKED, hint_lines
from bot.present.texts import score_lines
from bot.store import CommandRow, Store, append_command, open_store, truncate_commands, update_game
from bot.web.settings import WebSettings
from engine.commands import VERBS, Command, Rekey, parse
from engine.dice import Rng
from engine.errors import GameError, RoomNamed
from engine.events import Event
from engine.game import Game
from engine.help import rules_help
from engine.legal import legal_commands, setup_choices, summarize
from engine.moving.places import move_to_room
from engine.players.base import legal_for
from engine.players.expert.advice import advise_at_table
from engine.players.levels import decide_at_level
from engine.records.scenario import opening_game, setup_opening
from engine.setup import waiting_on
from engine.state import Phase, Side
from engine.variants import VariantError, choose, load_variants
from engine.views import View, Viewer, events_for, marker_names, view
from render.board import render_png

LOCAL_CHANNEL = 0
LOCAL_STATUS = "local"
LOCAL_OVER = "local-over"
DEFAULT_PNG = Path("quicksilver-map.png")
# Home, erase the screen, and erase the scrollback (xterm's ESC[3J): a hot-seat player
# must not scroll back into the other side's screen.
CLEAR = "\x1b[H\x1b[2J\x1b[3J"
HANDOVER_BLANK_LINES = 60
LEGAL_SHOWN = 40

TABLE_HELP = [
    ("help", "this list"),
    ("help RULE", "rules help: a section (C.7.2) or a name (Venom, Carbine, Hunter)"),
    ("legal", "the commands your side may play now"),
    ("hint", "what the expert would play for your side now, and why (from your side's view)"),
    ("look", "show the map and the units again"),
    ("map", "write the picture of your side's map to the PNG file"),
    ("undo", "take back your side's last command (not past dice or a reveal)"),
    ("quit", "stop; the game is saved: resume it with --resume ID"),
]


def opponent_move(game: Game, side: Side, rng: Rng, level: str = "easy") -> Command | None:
    """The game-controlled side's next command at ``level`` (easy, normal, hard): the one
    place to swap in another AI (``engine.random_player.choose`` is the random baseline)."""
    if not legal_for(game.state, side, game.ship, game.content):
        return None
    return decide_at_level(game, side, level, rng)


def acting_side(game: Game, prefer: Iterable[Side] = ()) -> Side:
    """Whose command the game waits on; during set-up, a side in ``prefer`` goes first."""
    state = game.state
    if state.phase is Phase.SETUP:
        waiting = waiting_on(state)
        for side in prefer:
            if side in waiting:
                return side
        return waiting[0]
    return Side.ALIEN if state.phase is Phase.ALIEN else Side.CREW


def program() -> str:
    """This program as the person can type it again here: ``quicksilver`` where that is
    on their PATH, else the path they started it by (``.venv/bin/quicksilver`` after
    ``make run``), else the module run by this Python."""
    started = sys.argv[0]
    on_path = shutil.which("quicksilver")
    if Path(started).name != "quicksilver":
        return "quicksilver" if on_path else f"{shlex.quote(sys.executable)} -m bot.cli.main"
    if on_path is not None and Path(on_path).resolve() == Path(started).resolve():
        return "quicksilver"
    return shlex.quote(started)


def default_db() -> Path:
    return Path(os.environ.get("QUICKSILVER_DB", "quicksilver.sqlite3"))


@dataclass(frozen=True, slots=True)
class SavedGame:
    seed: int
    side: str  # "crew", "alien" or "both"
    level: str  # how well the game plays the other side (games saved before: "easy")
    commands: list[tuple[Side, str]]
    opening: str = ""  # the game's stored opening: '' or its variants line


def opponent_seed(seed: int) -> int:
    """The game-controlled side's randomness for a local game of ``seed``."""
    return seed ^ 0x5EED


def _mixed(base: int, moment: str) -> Rng:
    """A generator for one decision: ``base`` stirred with where the deciding side stands
    (:meth:`Game.moment`: the turn, the phase and its own commands in it), never with the
    log's length, which counts the other side's commands (README, "Secrets")."""
    digest = hashlib.blake2b(f"{base}:{moment}".encode(), digest_size=8, person=b"qs-table")
    return Rng(int.from_bytes(digest.digest(), "big"))


class LocalStore:
    """The bot's aiosqlite store, driven from synchronous code on a private loop."""

    def __init__(self, path: Path) -> None:
        self._loop = asyncio.new_event_loop()
        self._store: Store = self._loop.run_until_complete(open_store(path))

    def close(self) -> None:
        self._loop.run_until_complete(self._store.close())
        self._loop.close()

    def create(
        self, seed: int, side: str, level: str, variants: frozenset[str] = frozenset()
    ) -> int:
        name = f"local:{side}:{level}"
        opening = setup_opening(variants)
        row = self._loop.run_until_complete(
            self._store.create_game(
                LOCAL_CHANNEL, None, name, seed, 0, time.time(), opening=opening
            )
        )
        self._loop.run_until_complete(
            self._store.commit([update_game(row.with_(status=LOCAL_STATUS))])
        )
        return row.id

    def load(self, game_id: int) -> SavedGame:
        """A saved local game; ValueError if there is none."""
        row = self._loop.run_until_complete(self._store.game(game_id))
        if row is None or row.channel_id != LOCAL_CHANNEL or not row.status.startswith("local"):
            raise ValueError(f"there is no local game {game_id} in this database")
        rows = self._loop.run_until_complete(self._store.commands(game_id))
        _, side, level = [*row.channel_name.split(":"), "", ""][:3]
        commands = [(Side(r.side), r.command) for r in rows]
        return SavedGame(row.seed, side or "crew", level or "easy", commands, row.opening)

    def append(self, game_id: int, seq: int, side: Side, notation: str, human: bool) -> None:
        command = CommandRow(seq, side.value, notation, 0 if human else None, time.time())
        self._loop.run_until_complete(self._store.commit([append_command(game_id, command)]))

    def truncate(self, game_id: int, length: int) -> None:
        self._loop.run_until_complete(self._store.commit([truncate_commands(game_id, length)]))

    def mark_hints(self, game_id: int) -> None:
        """The advisor was asked in this game: its record says so."""
        row = self._loop.run_until_complete(self._store.game(game_id))
        if row is not None and not row.hints_used:
            update = update_game(row.with_(hints_used=True))
            self._loop.run_until_complete(self._store.commit([update]))

    def finish(self, game_id: int) -> None:
        row = self._loop.run_until_complete(self._store.game(game_id))
        if row is not None:
            update = update_game(row.with_(status=LOCAL_OVER))
            self._loop.run_until_complete(self._store.commit([update]))


@dataclass
class LocalTable:
    """One game at one terminal: a read-eval loop over ``inp`` and ``out``."""

    game: Game
    humans: frozenset[Side]
    inp: TextIO
    out: TextIO
    store: LocalStore | None = None
    game_id: int | None = None
    png: Path = DEFAULT_PNG
    player_seed: int = field(default_factory=lambda: random.randrange(1 << 30))
    at_keyboard: Side | None = None  # both mode: the side whose screen is showing
    shown: tuple[int, str, Side] | None = None  # (turn, phase, side) last drawn in full
    pending: dict[Side, list[tuple[Side, str]]] = field(default_factory=dict)  # news, by seat
    level: str = "easy"  # how well the game-controlled side plays
    db: Path | None = None  # where the game is saved, for the commands printed
    hints_used: bool = False  # the advisor was asked: the end says so

    def say(self, *lines: str) -> None:
        for line in lines:
            self.out.write(line + "\n")
        self.out.flush()

    # --- the loop ----------------------------------------------------------------
    def run(self) -> int:
        if self.game_id is not None:
            self.say(f"Local game {self.game_id}; to resume it: {self.resume_command()}")
        self.say("Type 'help' for the commands.")
        while self.game.state.phase is not Phase.OVER:
            side = acting_side(self.game, prefer=[s for s in Side if s not in self.humans])
            if side not in self.humans:
                if not self.opponent_turn(side):
                    return 1
                continue
            handing_over = len(self.humans) > 1 and side is not self.at_keyboard
            if handing_over and not self.hand_over(side):
                return self.quit()
            self.say(*self.news(side))
            if self.shown != self.position(side):
                self.screen(side)
            self.out.write(f"{side.value}> ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                self.say("")
                return self.quit()
            if self.handle(side, line.strip()) == "quit":
                return self.quit()
        if len(self.humans) == 1:  # how the other side ended it, before the reveal
            self.say(*self.news(next(iter(self.humans))))
        self.game_over()
        return 0

    def position(self, side: Side) -> tuple[int, str, Side]:
        return (self.game.state.turn, self.game.state.phase.value, side)

    def viewer(self, side: Side) -> Viewer:
        return Viewer(side.value)

    def handle(self, side: Side, text: str) -> str:
        word = text.lower()
        if not text or text.startswith("#"):
            return ""
        if word in ("quit", "exit", "q"):
            return "quit"
        if word in ("help", "?", "h"):
            self.help()
        elif word.startswith("help "):
            self.rules(text[5:])
        elif word == "legal":
            self.legal(side)
        elif word in ("hint", "suggest"):
            self.hint(side)
        elif word in ("look", "show"):
            self.screen(side)
        elif word == "map":
            self.write_png(side)
        elif word == "undo":
            self.undo(side)
        else:
            self.play(side, text, human=True)
        return ""

    # --- playing -----------------------------------------------------------------
    def play(self, side: Side, command: Command | str, human: bool) -> bool:
        try:
            if isinstance(command, str):
                command = self.read(side, command)
            if isinstance(command, Rekey):  # the referee's alone (README, "Seeds")
                self.say("  error: only the referee re-keys the dice")
                return False
            events = self.game.play(side, command)
        except GameError as err:
            self.say(f"  error: {err.describe()}")
            return False
        entry = self.game.log[-1]
        if self.store is not None and self.game_id is not None:
            seq = len(self.game.log) - 1
            self.store.append(self.game_id, seq, side, entry.command.notation(), human)
        self.report(side, entry.command.notation(), events, human)
        return True

    def read(self, side: Side, text: str) -> Command:
        """A typed command; a move to a room by its name (``move tanaka workshop``)
        goes to the room's nearest grid in reach, as the panels' places do."""
        try:
            return parse(text)
        except RoomNamed as named:
            game = self.game
            return move_to_room(game.state, side, game.ship, game.content, named)

    def report(self, side: Side, notation: str, events: list[Event], human: bool) -> None:
        """Each seated side hears what it may: its own commands in full, at once; the
        other side's only through their events, one line a public declaration, held
        until this side looks at its screen again and told with no heading per command
        (as the channel tells a phase: how the other side split its moves into commands
        is its own secret, C.7.3)."""
        for seat in self.humans:
            shown = events_for(events, self.viewer(seat))
            if seat is side:
                self.say(f"{side.value}: {notation}", *(f"  {terminal_line(e)}" for e in shown))
            else:
                self.pending.setdefault(seat, []).extend((side, terminal_line(e)) for e in shown)

    def news(self, seat: Side) -> list[str]:
        """What ``seat`` heard of the other side since it last looked, and forgets it:
        each run of one side's lines under that side's name."""
        lines: list[str] = []
        speaker: Side | None = None
        for side, line in self.pending.pop(seat, []):
            if side is not speaker:
                lines.append(f"{side.value}:")
                speaker = side
            lines.append(f"  {line}")
        return lines

    def opponent_turn(self, side: Side) -> bool:
        rng = _mixed(self.player_seed, self.game.moment(side))
        command = opponent_move(self.game, side, rng, self.level)
        if command is None:
            self.say(f"The game-controlled {side.value} has no legal command.")
            return False
        return self.play(side, command, human=False)

    def undo(self, side: Side) -> None:
        reason = self.game.can_undo(side)
        if reason is not None:
            self.say(f"  error: cannot undo: {reason}")
            return
        taken = self.game.undo(side)
        if self.store is not None and self.game_id is not None:
            self.store.truncate(self.game_id, len(self.game.log))
        self.say(f"  took back: {taken.command.notation()}")

    # --- showing -----------------------------------------------------------------
    def screen(self, side: Side) -> None:
        shown = view(self.game.state, self.viewer(side), self.game.ship, self.game.content)
        self.say("", *text_map(shown.board, self.game.ship), *summary(shown))
        if self.game.state.phase is Phase.SETUP:
            self.say("Set-up: 'legal' lists your choices; 'quick' makes them all at random.")
        self.say(f"-- {side.value.upper()} to play ('help', 'legal', 'map', 'quit')")
        self.shown = self.position(side)

    def hand_over(self, side: Side) -> bool:
        """Clear the screen and wait for the other player, then show their news."""
        self.say(CLEAR + "\n" * HANDOVER_BLANK_LINES + CLEAR)
        self.out.write(f"Pass the keyboard to the {side.value.upper()} player and press Enter. ")
        self.out.flush()
        if not self.inp.readline():
            return False
        self.say(CLEAR)
        self.at_keyboard = side
        news = self.news(side)
        if news:
            self.say("While you were away:", *(f"  {line}" for line in news))
        self.shown = None
        return True

    def help(self) -> None:
        self.say("At the table:")
        self.say(*(f"  {name:<10} {text}" for name, text in TABLE_HELP))
        self.say("Game commands (grids read deck-column-row, e.g. 1-F6):")
        self.say(*(f"  {cls.usage:<40} {cls.help}" for cls in VERBS.values()))
        self.say(*textwrap.wrap("Map symbols: " + LEGEND, WIDTH, subsequent_indent="  "))

    def rules(self, query: str) -> None:
        """``help RULE``: the rules help ``/rules`` gives in Discord."""
        found = rules_help.find(query)
        if found is None:
            near = ", ".join(rules_help.suggestions(query))
            self.say(f"  no rules topic '{query}'" + (f"; did you mean: {near}?" if near else ""))
            return
        self.say(*(f"  {line.replace('**', '')}" for line in rules_help.answer(found)))

    def legal(self, side: Side) -> None:
        game = self.game
        found = legal_commands(game.state, side, game.ship, game.content)
        names = marker_names(game.state, self.viewer(side))
        lines = list(dict.fromkeys(named(line, names) for line in summarize(found)))
        lines += setup_choices(game.state, side, game.ship, game.content)
        for line in lines[:LEGAL_SHOWN]:
            self.say(*textwrap.wrap(line, WIDTH, initial_indent="  ", subsequent_indent="    "))
        if len(lines) > LEGAL_SHOWN:
            self.say(f"  … and {len(lines) - LEGAL_SHOWN} more")
        if not lines:
            self.say("  nothing: it is not your side's turn")

    def hint(self, side: Side) -> None:
        """The advisor: the expert reads the log from this side's seat only."""
        found = advise_at_table(self.game, side, self.game_id or 0)
        if self.store is not None and self.game_id is not None and not self.hints_used:
            self.store.mark_hints(self.game_id)
        self.hints_used = True
        self.say(*(f"  {line.replace('`', '')}" for line in hint_lines(found)))

    def write_png(self, side: Side | None) -> None:
        who = self.viewer(side) if side is not None else Viewer.SPECTATOR
        shown = view(self.game.state, who, self.game.ship, self.game.content)
        self.png.write_bytes(render_png(shown.board, self.game.ship))
        self.say(f"  wrote {self.png} ({who.value} view)")

    def resume_command(self) -> str:
        """The whole command that continues this game, as a person can paste it."""
        words = [program(), "play", "--resume", str(self.game_id), "--level", self.level]
        words += ["--db", shlex.quote(str(self.db or default_db()))]
        if self.png != DEFAULT_PNG:
            words += ["--png", shlex.quote(str(self.png))]
        return " ".join(words)

    def replay_command(self) -> str:
        db = shlex.quote(str(self.db or default_db()))
        return f"{program()} replay {self.game_id} --db {db} --out game{self.game_id}.gif"

    def quit(self) -> int:
        if self.game_id is not None:
            self.say(f"Saved. Continue with: {self.resume_command()}")
        return 0

    def game_over(self) -> None:
        shown = view(self.game.state, Viewer.REFEREE, self.game.ship, self.game.content)
        self.say(CLEAR if len(self.humans) > 1 else "", *final_screen(shown, self.game))
        if self.hints_used:
            self.say(MARKED)
        if self.store is not None and self.game_id is not None:
            self.store.finish(self.game_id)
            self.say(f"Game {self.game_id} is over. Watch it again: {self.replay_command()}")
        else:
            self.say("The game is over.")


def final_screen(shown: View, game: Game) -> list[str]:
    """The map, the units and, once the game is over, the score table (F.1)."""
    lines = [*text_map(shown.board, game.ship), *summary(shown)]
    if shown.score is not None:
        lines += [line.replace("**", "") for line in score_lines(shown)]
    return lines


def named(line: str, names: dict[str, str]) -> str:
    """A command with each marker id the viewer can read as gear written as that gear,
    as the unit lines name it (``drop hyun gear7`` -> ``drop hyun Handgun``): still
    a command to type, since gear may be named by kind. Face-down gear and supplies
    crates keep their ids."""
    words = [_readable(word, names) for word in line.split(" ")]
    return " ".join(words)


def _readable(word: str, names: dict[str, str]) -> str:
    label = names.get(word)
    if label is None or label in ("Gear", "Supplies") or label.startswith("Supplies"):
        return word
    return label


def demo(seed: int, turns: int, png: Path, out: TextIO | None = None) -> int:
    """The game plays both sides until ``turns`` have passed, printing what a spectator
    sees, then writes the spectator's map. Nothing is saved."""
    out = out or sys.stdout
    game = Game.new(seed)
    out.write(f"Demo: seed {seed}, both sides game-controlled, {turns} turns.\n")
    while game.state.phase is not Phase.OVER and game.state.turn <= turns:
        side = acting_side(game)
        command = opponent_move(game, side, _mixed(opponent_seed(seed), game.moment(side)))
        if command is None:
            out.write(f"the game-controlled {side.value} has no legal command\n")
            return 1
        turn = game.state.turn  # the command's own turn, even one that ends it
        events = events_for(game.play(side, command), Viewer.SPECTATOR)
        for event in events:
            out.write(f"{turn:>2} {side.value}: {terminal_line(event)}\n")
    shown = view(game.state, Viewer.SPECTATOR, game.ship, game.content)
    out.write("\n".join(["", *final_screen(shown, game)]) + "\n")
    png.write_bytes(render_png(shown.board, game.ship))
    out.write(f"wrote {png} (spectator view). Play yourself: {program()} play --side crew\n")
    return 0


def variants_named(ids: frozenset[str]) -> str:
    """A game's variants for the terminal (``noise``), each that failed its balance gate
    marked ``(unbalanced)``."""
    catalogue = load_variants()
    marks = {True: " (unbalanced)", False: ""}
    return ", ".join(v + marks[catalogue.variants[v].unbalanced] for v in catalogue.ordered(ids))


def play_local(
    side: str = "crew",
    seed: int | None = None,
    resume: int | None = None,
    db: Path | None = None,
    png: Path = DEFAULT_PNG,
    inp: TextIO | None = None,
    out: TextIO | None = None,
    player_seed: int | None = None,
    level: str | None = None,
    variants: Sequence[str] = (),
    web: WebSettings | None = None,
) -> int:
    """Start or resume a local game and run its loop; the exit code. ``level`` defaults
    to the resumed game's own, else easy; ``player_seed`` to one drawn from the seed.
    ``variants``: a new game's optional variants (README, "Variants"); ``web``: serve
    the side at the keyboard's page on those settings meanwhile."""
    inp = inp or sys.stdin
    out = out or sys.stdout
    try:
        chosen = choose(variants)
    except VariantError as err:
        out.write(f"error: {err.describe()}\n")
        return 2
    store = LocalStore(db or default_db())
    page: LocalWeb | None = None
    try:
        if resume is not None:
            try:
                saved = store.load(resume)
            except ValueError as err:
                out.write(f"error: {err}\n")
                return 1
            seed, side, level = saved.seed, saved.side, level or saved.level
            game = opening_game(seed, saved.opening)
            for who, text in saved.commands:
                game.play(who, parse(text))
            game_id = resume
        else:
            seed = random.randrange(1_000_000) if seed is None else seed
            level = level or "easy"
            game = Game.new(seed, variants=chosen)
            game_id = store.create(seed, side, level, chosen)
        humans = frozenset(Side) if side == "both" else frozenset({Side(side)})
        base = opponent_seed(seed) if player_seed is None else player_seed
        playing = "both sides" if side == "both" else f"{side}; the game plays at level {level}"
        named = variants_named(game.state.variants)
        out.write(f"Seed {seed}; you play {playing}.\n")
        if named:
            out.write(f"Variants: {named}.\n")
        if web is not None:
            page = _open_page(db or default_db(), web, game_id, side, out)
        table = LocalTable(game, humans, inp, out, store, game_id, png, base, level=level, db=db)
        return table.run()
    finally:
        if page is not None:
            page.close()
        store.close()


def _open_page(
    path: Path, web: WebSettings, game_id: int, side: str, out: TextIO
) -> LocalWeb | None:
    """The web companion for this game, and its address told; a port already taken is
    told too, and the game goes on without it."""
    try:
        page = LocalWeb(path, web)
    except OSError as err:
        out.write(f"The page in a browser could not start ({err.strerror or err}).\n")
        return None
    out.write(f"Your view in a browser: {page.link(game_id, side)}\n")
    return page

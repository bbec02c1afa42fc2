"""A game is its seed and its ordered commands; the state is rebuilt by replaying them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.board.floorplan import default_ship
from engine.board.ship import Ship
from engine.commands import Command, Rekey, parse
from engine.consult import Secret
from engine.content import Content, load_content
from engine.errors import GameError, RuleError
from engine.events import Event
from engine.legal import refusal
from engine.records import snapshot
from engine.rules import judge
from engine.setup import new_game
from engine.state import GameState, Phase, Side
from engine.take_backs import Bar, NoUndo
from engine.variants import header as variants_line


@dataclass(frozen=True, slots=True)
class Entry:
    side: Side
    command: Command
    irreversible: bool
    turn: int  # turn and phase when the command was played
    phase: Phase
    consulted: Secret | None = None  # the first secret of the other side it looked at

    def line(self) -> str:
        """The script notation: ``crew: move hyun 1-F6``."""
        return f"{self.side.value}: {self.command.notation()}"


@dataclass
class Game:
    seed: int
    ship: Ship
    content: Content
    state: GameState
    log: list[Entry] = field(default_factory=list)
    # Where the log begins (set-up, a scenario, a phase start): a state, or its snapshot
    # text (engine.records.snapshot), which is several times smaller to keep in memory.
    start: GameState | str | None = None
    base: int = 0  # commands played before ``start`` (a game resumed from a snapshot)

    def __post_init__(self) -> None:
        if self.start is None:
            self.start = self.state.clone()

    @classmethod
    def new(
        cls,
        seed: int,
        ship: Ship | None = None,
        content: Content | None = None,
        variants: frozenset[str] = frozenset(),
    ) -> Game:
        """A game at the start of set-up; ``variants`` are fixed for the whole game."""
        ship = ship or default_ship()
        content = content or load_content()
        return cls(seed, ship, content, new_game(seed, ship, content, variants))

    @classmethod
    def replay(
        cls,
        seed: int,
        lines: Iterable[tuple[Side | str, Command | str]],
        ship: Ship | None = None,
        content: Content | None = None,
        variants: frozenset[str] = frozenset(),
    ) -> Game:
        game = cls.new(seed, ship, content, variants)
        game._replay(lines)
        return game

    @classmethod
    def resume(
        cls,
        seed: int,
        state: GameState,
        base: int,
        ship: Ship,
        content: Content,
        packed: str | None = None,
    ) -> Game:
        """A game picked up at a snapshot: ``state`` after its first ``base`` commands
        (``packed``: the same state's snapshot text, kept instead of a copy)."""
        return cls(seed, ship, content, state, start=packed or state.clone(), base=base)

    @property
    def length(self) -> int:
        """Commands played since set-up, including those before a snapshot."""
        return self.base + len(self.log)

    def rebase(self, packed: str | None = None) -> None:
        """Start the log afresh here (a new phase): undo never reaches further back, and
        memory holds only this phase's commands (``packed``: this state's snapshot text)."""
        self.base, self.log = self.length, []
        self.start = packed or self.state.clone()

    def start_state(self) -> GameState:
        """A fresh copy of the state where the log begins."""
        assert self.start is not None
        if isinstance(self.start, str):
            return snapshot.load(self.start)
        return self.start.clone()

    def play(self, side: Side | str, command: Command | str) -> list[Event]:
        """Apply one command for ``side``; raise GameError and change nothing if refused."""
        side, command = Side(side), _command(command)
        try:
            return self._apply(side, command, in_place=False)
        except RuleError:
            error = refusal(self.state, side, command, self.ship, self.content)
            assert error is not None
            raise error from None

    def _apply(self, side: Side, command: Command, *, in_place: bool) -> list[Event]:
        """Judge the command and log it (``in_place``: see :func:`engine.rules.apply`)."""
        before = self.state
        turn, phase, rolled = before.turn, before.phase, before.rng.state
        judged = judge(before, side, command, self.ship, self.content, in_place=in_place)
        after, events = judged.state, judged.events
        # A die rolled, something hidden revealed (Event.irreversible), or a secret of
        # the other side consulted (engine.consult): no undo past this command.
        secret = judged.consulted[0] if judged.consulted else None
        irreversible = (
            secret is not None or after.rng.state != rolled or any(e.irreversible for e in events)
        )
        self.log.append(Entry(side, command, irreversible, turn, phase, secret))
        self.state = after
        return events

    def side_moves(self, side: Side) -> int:
        """How many commands ``side`` has played in the current phase: what that side
        knows of its own phase, whatever the other side did meanwhile (an Undo button's
        stamp and the game-played side's dice use it, never the log's whole length)."""
        return sum(1 for _ in self._own_entries(side))

    def moment(self, side: Side) -> str:
        """Where ``side`` stands in what it knows: the turn, the phase and how many
        commands it has played in it ("3a:alien:2"). The game-played side's dice are
        drawn from it (with the secret seed), never from the log's length."""
        state = self.state
        return f"{state.turn}{state.phase.value[0]}:{side.value}:{self.side_moves(side)}"

    def _own_entries(self, side: Side) -> list[int]:
        """Indexes in the log of ``side``'s commands in the current phase (the referee's
        re-keying of the dice is nobody's)."""
        mark = (self.state.turn, self.state.phase)
        return [
            index
            for index, entry in enumerate(self.log)
            if entry.side is side
            and not isinstance(entry.command, Rekey)
            and (entry.turn, entry.phase) == mark
        ]

    def _replay(self, lines: Iterable[tuple[Side | str, Command | str]]) -> list[list[Event]]:
        """Play ``lines`` from the start of the log, each on the state itself rather than
        a copy, and give each line's events: the lines of a log were accepted once, and a
        replay (loading, undo, rollback) plays hundreds of them. Should one be refused
        now, the half-played state is dropped and the lines are played again the ordinary
        way, so the game and the refusal are exactly what :meth:`play` gives. Events are
        immutable records: a replay without copies gives the events play gave."""
        assert not self.log, "a replay starts where the log starts"
        typed = [(Side(side), _command(command)) for side, command in lines]
        try:
            return [self._apply(side, command, in_place=True) for side, command in typed]
        except GameError:
            self.state, self.log = self.start_state(), []
            return [self.play(side, command) for side, command in typed]

    def can_undo(self, side: Side) -> NoUndo | None:
        """Why ``side`` may not take back its last command now, or None (undo rules).

        The answer is a function of what ``side`` knows: its own commands of this phase,
        never whether or how often the other side played since (README, "Secrets"). So
        a side's last command is taken back over any commands the other side gave after
        it (played again after the take-back, unchanged), and a command given during the
        other side's phase (a standing order, Ultrasonics switched) is final: taking it
        back while the other side plays would let it count the other side's commands."""
        own = self._own_entries(side)
        if not own:
            return NoUndo(Bar.NOTHING)
        last = self.log[own[-1]]
        if last.phase not in (Phase.SETUP, Phase(side.value)):
            return NoUndo(Bar.STANDING, verb=last.command.verb, other=side.other)
        if last.consulted is not None:
            return NoUndo(Bar.CONSULTED, secret=last.consulted)
        if last.irreversible:
            return NoUndo(Bar.IRREVERSIBLE)
        return None

    def undo(self, side: Side | str) -> Entry:
        """Take back ``side``'s last command; the other side's commands given after it
        are played again, and must tell that side exactly what they told it before."""
        side = Side(side)
        reason = self.can_undo(side)
        if reason is not None:
            raise RuleError(f"cannot undo: {reason}")
        index = self._own_entries(side)[-1]
        entry, later = self.log[index], self.log[index + 1 :]
        before = self._replayed(len(self.log))[1][index + 1 :]
        fresh, _ = self._replayed(index)  # worked out aside: a refusal changes nothing
        try:
            after = [fresh.play(e.side, e.command) for e in later]
        except GameError:
            after = None
        if after != before:  # never met: orders of the other side do not hang on this one
            raise RuleError("cannot undo: the other side's commands since depend on it")
        self.state, self.log = fresh.state, fresh.log
        return entry

    def events(self) -> list[list[Event]]:
        """Each logged command's events, replayed from where the log begins."""
        return self._replayed(len(self.log))[1]

    def phase_start(self, turn: int, phase: Phase) -> int:
        """The index in the log where turn ``turn``'s ``phase`` phase began."""
        for start_turn, start_phase, index in self.phase_starts():
            if (start_turn, start_phase) == (turn, phase):
                return index - self.base
        raise RuleError(f"turn {turn} had no {phase.value} phase to roll back to")

    def _replayed(self, count: int) -> tuple[Game, list[list[Event]]]:
        """A fresh game of the log's first ``count`` commands, and each one's events."""
        fresh = Game(self.seed, self.ship, self.content, self.start_state())
        events = fresh._replay((entry.side, entry.command) for entry in self.log[:count])
        return fresh, events

    def phase_starts(self) -> list[tuple[int, Phase, int]]:
        """(turn, phase, game length) at the start of every phase in the log."""
        starts: list[tuple[int, Phase, int]] = []
        for index, entry in enumerate(self.log, start=self.base):
            mark = (entry.turn, entry.phase)
            if not starts or starts[-1][:2] != mark:
                starts.append((entry.turn, entry.phase, index))
        return starts

    def rollback(self, turn: int, phase: Phase) -> None:
        """A moderator's rollback to the start of an earlier phase."""
        self._rebuild(self.base + self.phase_start(turn, phase))

    def _rebuild(self, length: int) -> None:
        """Replay from the start of the log up to game length ``length`` (undo, rollback)."""
        assert length >= self.base
        fresh, _ = self._replayed(length - self.base)
        self.state, self.log = fresh.state, fresh.log

    def truncate(self, length: int) -> None:
        """Take the game back to its first ``length`` commands (a refused batch)."""
        if length < self.length:
            self._rebuild(length)

    def script(self) -> str:
        """The seed, the variants line when there are any, and the log's lines."""
        chosen = variants_line(self.state.variants)
        head = [f"seed {self.seed}", *([chosen] if chosen else [])]
        return "\n".join([*head, *(e.line() for e in self.log)]) + "\n"


def _command(command: Command | str) -> Command:
    """A command as typed (a script's or the store's line) or already parsed."""
    return parse(command) if isinstance(command, str) else command

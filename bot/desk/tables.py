"""A channel's table: its game row, its seats, and its game when loaded.

Everything here answers questions about one game (who sits where, whose turn it is,
what a person may see) from :func:`engine.views.view`; nothing here writes.
"""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import dataclass, field
from enum import StrEnum

from bot.desk.computer_seat import seat_side
from bot.desk.view_memo import view_of
from bot.store import CommandRow, GameRow, PlayerRow
from engine.commands import REFEREE_VERBS, Command
from engine.game import Entry, Game
from engine.legal import legal_commands
from engine.setup import waiting_on
from engine.state import GameState, Phase, Side
from engine.views import View, Viewer


class Seat(StrEnum):
    ALIEN = "alien"
    CREW = "crew"
    SPECTATOR = "spectator"


class Refusal(Exception):
    """A command the desk turns down; nothing changed.

    ``message`` is written in English and marked for the catalogue (``N_``) where it is
    raised, with ``{name}`` places for ``fields`` (a game's number, a seat, a unit): the
    words translate the message in the reader's language, then fill it
    (:func:`bot.present.notes.refusal_text`). ``str()`` is the English, filled: for the
    terminal and the operator's log."""

    def __init__(self, message: str = "", /, **fields: object) -> None:
        super().__init__(message.format(**fields) if fields else message)
        self.message = message
        self.fields = fields


class NotSaved(Refusal):
    """The store did not take the write, or could not be read for it (a full disk, a
    lost database): nothing of the command happened, in the store or in memory."""

    def __init__(self, reference: str) -> None:
        super().__init__(
            "Your command was not taken: the game could not be saved just now, so nothing "
            f"changed. Please try again in a little while. Reference: {reference}"
        )
        self.reference = reference


OPENING = -1  # Table.damaged_at: the record's opening (its scenario) no longer reads


def damaged_text(table_id: int, where: str) -> str:
    """What players and moderators are told about a game whose stored record no longer
    replays from a command of ``where`` (its phase, "turn 3, crew phase") on, or from
    its opening (``where`` empty): named by its phase, never by its number, which counts
    the hidden side's commands too."""
    if not where:
        return (
            f"Game {table_id}'s record is damaged at its opening (the position it began at "
            "no longer reads); nothing more will be written to it. A moderator can rebuild "
            "it with `/mod rollback`."
        )
    return (
        f"Game {table_id}'s record is damaged in {where}; nothing more will be written to "
        "it. A moderator can roll back to before it with `/mod rollback`."
    )


class PartlySaved(RuntimeError):
    """The store failed after it had taken part of the work (a tutorial's step, before
    the moves that follow it): what was taken stands, so nobody may be told that
    nothing changed. The cause is the store's failure."""


class Stale(Refusal):
    """Another process wrote the game meanwhile: nothing was taken, and the table is
    read again from the store."""


class NotLoaded(RuntimeError):
    """A table's game was read before the desk loaded it (a bug: load first)."""


@dataclass(frozen=True, slots=True)
class Memo:
    """What a table holds in memory at one moment, to put back exactly
    (:meth:`Table.recall`). A game's states are never changed in place (each command
    makes a new one), so keeping the objects is enough."""

    row: GameRow
    players: dict[int, PlayerRow]
    game: Game | None
    loaded: bool
    # the game's state, log, log start and base
    game_fields: tuple[GameState, tuple[Entry, ...], GameState | str | None, int] | None
    recent: tuple[CommandRow, ...]
    phase_seq: int
    verified: bool
    damaged_at: int | None


@dataclass(eq=False)
class Table:
    """One channel's current game. Its row and seats are always in memory; its game is
    loaded on demand (:meth:`bot.desk.service.Desk.loaded`) and dropped when idle. Only what
    the next command needs is held: the state, this phase's commands, the phase start."""

    row: GameRow
    players: dict[int, PlayerRow]
    _game: Game | None = None
    loaded: bool = False  # the game is in memory (a lobby has none to load)
    recent: list[CommandRow] = field(default_factory=list)  # this phase's commands
    phase_seq: int = 0  # game length when the current phase began
    used_at: float = 0.0  # last time a command or a read needed the game
    verified: bool = True  # False: loaded from a snapshot not yet checked against replay
    damaged_at: int | None = None  # the first stored command that no longer replays (or OPENING)
    damaged_in: str = ""  # its phase, as people are told it ("turn 3, crew phase"); "" the opening
    damage_told: bool = False  # the channel heard of the damage (once a process)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # the desk's: state and store
    channel_lock: asyncio.Lock = field(
        default_factory=asyncio.Lock
    )  # the bot's: a command and its posts

    @property
    def game(self) -> Game | None:
        """The game, or None before it starts; NotLoaded if it is not in memory."""
        if not self.loaded and self.row.status != "lobby":
            raise NotLoaded(f"game {self.row.id} is not loaded")
        return self._game

    @game.setter
    def game(self, game: Game | None) -> None:
        self._game, self.loaded = game, True

    def unload(self) -> None:
        self._game, self.loaded, self.recent = None, False, []

    def memo(self) -> Memo:
        """Everything memory holds of this table now (see :meth:`recall`)."""
        game = self._game
        fields = (game.state, tuple(game.log), game.start, game.base) if game else None
        return Memo(
            self.row,
            dict(self.players),
            game,
            self.loaded,
            fields,
            tuple(self.recent),
            self.phase_seq,
            self.verified,
            self.damaged_at,
        )

    def recall(self, memo: Memo) -> None:
        """Put memory back as :meth:`memo` found it."""
        self.row, self.players, self._game, self.loaded = (
            memo.row,
            dict(memo.players),
            memo.game,
            memo.loaded,
        )
        if memo.game is not None and memo.game_fields is not None:
            state, log, start, base = memo.game_fields
            game = memo.game
            game.state, game.log, game.start, game.base = state, list(log), start, base
        self.recent, self.phase_seq = list(memo.recent), memo.phase_seq
        self.verified, self.damaged_at = memo.verified, memo.damaged_at

    def draft(self) -> Table:
        """A copy to work a command out on: its own seats and its own game (the states
        shared, as no command changes one in place), so that nothing of this table
        changes until the store has taken the command (:meth:`adopt`)."""
        game = self.game
        fork = dataclasses.replace(game, log=list(game.log)) if game is not None else None
        copy = Table(self.row, dict(self.players), recent=list(self.recent))
        copy._game, copy.loaded = fork, self.loaded
        copy.phase_seq, copy.verified = self.phase_seq, self.verified
        copy.damaged_at, copy.damaged_in = self.damaged_at, self.damaged_in
        return copy

    def adopt(self, draft: Table) -> None:
        """Take ``draft``'s game and seats: call only once the store has taken them."""
        self._game, self.loaded, self.players = draft._game, draft.loaded, draft.players
        self.recent, self.phase_seq = draft.recent, draft.phase_seq

    @property
    def length(self) -> int:
        """Commands played so far."""
        return self.game.length if self.game is not None else 0

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def channel_id(self) -> int:
        return self.row.channel_id

    @property
    def status(self) -> str:
        return self.row.status

    @property
    def computer(self) -> Side | None:
        """The side the game itself plays, if any."""
        return seat_side(self.row.computer)

    def held(self, side: Side) -> bool:
        """Whether someone (or the game) holds ``side``'s seat."""
        return self.computer is side or bool(self.seated(Seat(side.value)))

    def computer_to_move(self) -> bool:
        if self.row.paused:
            return False
        return self.computer is not None and self.computer in self.acting_sides()

    def seat_of(self, user_id: int) -> Seat | None:
        player = self.players.get(user_id)
        return Seat(player.seat) if player else None

    def side_of(self, user_id: int) -> Side | None:
        seat = self.seat_of(user_id)
        return Side(seat.value) if seat in (Seat.ALIEN, Seat.CREW) else None

    def seated(self, seat: Seat) -> list[PlayerRow]:
        return [p for p in self.players.values() if p.seat == seat.value]

    def alien_player(self) -> PlayerRow | None:
        found = self.seated(Seat.ALIEN)
        return found[0] if found else None

    def own_rows(self, side: Side) -> list[CommandRow]:
        """This phase's stored commands of ``side``, oldest first (the referee's
        re-keying of the dice is nobody's)."""
        return [
            r
            for r in self.recent
            if r.side == side.value and r.command.partition(" ")[0] not in REFEREE_VERBS
        ]

    def view_for(self, viewer: Viewer | str) -> View:
        """The game's state as ``viewer`` sees it (built once per state: view_memo)."""
        assert self.game is not None
        return view_of(self.game.state, viewer, self.game.ship, self.game.content)

    def phase(self) -> Phase | None:
        return self.game.state.phase if self.game else None

    def stamp(self) -> str:
        """The phase as a short token ("setup", "3a", "3c", "over") for stale buttons
        (a game resigned or claimed is over whatever its last phase)."""
        if self.game is None:
            return self.row.status
        if self.row.status == "over":
            return "over"
        state_view = self.view_for(Viewer.SPECTATOR)
        if state_view.phase in ("setup", "over"):
            return state_view.phase
        return f"{state_view.turn}{state_view.phase[0]}"

    def acting_sides(self) -> list[Side]:
        if self.game is None or self.row.status != "playing":
            return []
        phase = self.game.state.phase
        if phase is Phase.SETUP:
            return list(waiting_on(self.game.state))
        if phase is Phase.ALIEN:
            return [Side.ALIEN]
        if phase is Phase.CREW:
            return [Side.CREW]
        return []

    def open_units(self, user_id: int) -> list[str]:
        """The crew player's living units still to act this crew phase."""
        if self.game is None or self.game.state.phase is not Phase.CREW:
            return []
        mine = set(self.units_of(user_id))
        return [
            line.id
            for line in self.view_for(Viewer.CREW).crew
            if line.id in mine and not line.done and can_act(line.fate, line.condition)
        ]

    def units_of(self, user_id: int) -> tuple[str, ...]:
        player = self.players.get(user_id)
        if player is None:
            return ()
        if player.seat == Seat.ALIEN.value:
            return tuple(a.id for a in self.view_for(Viewer.ALIEN).aliens) if self.game else ()
        if player.seat != Seat.CREW.value:
            return ()
        orphans = self._unassigned()
        return player.units + orphans

    def _unassigned(self) -> tuple[str, ...]:
        """Living humans no crew player holds (after someone left): anyone's to command."""
        if self.game is None or self.game.state.phase is Phase.SETUP:
            return ()
        held = {u for p in self.seated(Seat.CREW) for u in p.units}
        return tuple(
            line.id
            for line in self.view_for(Viewer.CREW).crew
            if line.id not in held and can_act(line.fate, line.condition)
        )

    def waiting_users(self) -> list[int]:
        """Whom the game waits for now."""
        users: list[int] = []
        for side in self.acting_sides():
            for player in self.seated(Seat(side.value)):
                crew_turn = side is Side.CREW and self.phase() is Phase.CREW
                if crew_turn and not self.open_units(player.user_id):
                    continue
                users.append(player.user_id)
        return users


def can_act(fate: str, condition: str) -> bool:
    return fate == "aboard" and condition != "deceased"


def crew_in_play(table: Table) -> tuple[str, ...]:
    """The living humans in play (with a role: a scenario leaves the others out), to
    deal to the crew players when a game does not begin at set-up."""
    return tuple(
        line.id
        for line in table.view_for(Viewer.CREW).crew
        if line.role and can_act(line.fate, line.condition)
    )


def unit_of(command: Command) -> str | None:
    """The unit ``command`` orders, if any."""
    unit = getattr(command, "unit", None)
    return unit if isinstance(unit, str) else None


def legal_for_player(table: Table, user_id: int, unit: str | None = None) -> list[Command]:
    """Legal commands ``user_id`` may give now (their side, their units)."""
    side = table.side_of(user_id)
    if table.game is None or side is None or table.status != "playing":
        return []
    game = table.game
    mine = table.units_of(user_id)
    if unit is not None:
        if unit not in mine:
            return []
        return legal_commands(game.state, side, game.ship, game.content, unit=unit)
    found = legal_commands(game.state, side, game.ship, game.content)
    return [c for c in found if unit_of(c) is None or unit_of(c) in mine]

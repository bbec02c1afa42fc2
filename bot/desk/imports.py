"""A game recreated from a script (``quicksilver import``, ``/mod import``; no discord).

What an imported game is:

- **seeded**: whoever had the file knows its seed, hence every die still to come and
  every face-down marker, so it is marked ``seeded`` (announced as such, kept out of any
  record or rating) and its kind is ``imported``;
- it begins where the script begins (its opening: set-up from the seed, or the
  scenario block), and its log is the script's commands with the phase starts
  (snapshots) a game played here would have, so loading, ``/game log``,
  rollback, replay and export treat it as any other game. Its commands have no author
  (like the referee's), so nobody can undo them;
- a script whose game is **over** becomes a finished game of the channel: replay and
  export only;
- any other becomes a **lobby**: the seats are taken as usual (buttons, ``/game join``,
  ``/game computer``) and ``/game start`` continues from where the script stopped, not
  from set-up; the living crew are then dealt to the crew players.

A script a line of which does not apply is refused with that line's number
(:class:`engine.records.script.ScriptError`), and nothing is stored.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from bot.desk import incidents, loading
from bot.desk.keeper import Keeper
from bot.desk.outcome import Outcome
from bot.desk.tables import NotSaved, Refusal, Table, damaged_text
from bot.language import N_
from bot.store import (
    IMPORTED,
    CommandRow,
    GameRow,
    SnapshotRow,
    Statement,
    append_command,
    mod_action,
    put_snapshot,
    update_game,
)
from bot.store.failures import WriteFailed
from engine.board.ship import Ship
from engine.content import Content
from engine.game import Game
from engine.records import snapshot
from engine.records.scenario import opening_game
from engine.records.script import Say, read_script
from engine.state import Phase

SCRIPT_LIMIT = 512 * 1024  # bytes: a long game's script is a few dozen KiB
STORED_MAX = 2**63 - 1  # the store keeps a seed and a turn as signed 64-bit integers


@dataclass(frozen=True)
class Prepared:
    """A script read and replayed, ready to store: everything but the game's id."""

    seed: int
    opening: str
    over: bool
    title: str  # where the game stands: "Turn 3 · Crew phase"
    commands: tuple[tuple[str, str], ...]  # (side, notation)
    starts: tuple[tuple[int, int, str], ...]  # (seq, turn, phase) of each phase begun
    state: str  # the snapshot text of the newest phase start


def prepare(text: str, ship: Ship, content: Content, say: Say) -> Prepared:
    """Read ``text`` as a script and replay its log from its opening, collecting what the
    store keeps of a game; its ``expect`` lines are checked in the words ``say`` gives
    an event (the scripts' own, which the caller passes in). ScriptError (``line N: …``)
    if a line does not apply. Slow for a long game: call it off the event loop."""
    read = read_script(text, say=say)
    game = opening_game(read.game.seed, read.scenario, ship, content)
    _storable(game.seed, "seed")
    _storable(game.state.turn, "turn")
    starts: list[tuple[int, int, str]] = []
    state = ""
    for seq, entry in enumerate(read.game.log):
        before = loading.phase_of(game.state)
        game.play(entry.side, entry.command)
        if loading.phase_of(game.state) != before:
            starts.append((seq + 1, *loading.phase_of(game.state)))
            _storable(game.state.turn, "turn")
            state = snapshot.dump(game.state)
    return Prepared(
        seed=game.seed,
        opening=read.scenario,
        over=game.state.phase is Phase.OVER,
        title=_title(game),
        commands=tuple((e.side.value, e.command.notation()) for e in game.log),
        starts=tuple(starts),
        state=state,
    )


def _storable(value: int, what: str) -> None:
    if value > STORED_MAX:
        raise Refusal(
            N_(
                "The script's {what} is {value}, more than a game can keep (at most "
                "{most}); nothing was imported."
            ),
            what=what,
            value=value,
            most=STORED_MAX,
        )


def _title(game: Game) -> str:
    v = game.state
    if v.phase is Phase.SETUP:
        return "set-up"
    if v.phase is Phase.OVER:
        return f"game over after turn {v.turn}"
    return f"turn {v.turn}, {v.phase.value} phase"


def decode(data: bytes) -> str:
    """A script file's text; a Refusal for what cannot be one."""
    if len(data) > SCRIPT_LIMIT:
        raise Refusal(
            N_(
                "That file is {size} KiB; a script is at most {most} KiB (a long game's "
                "is a few dozen)."
            ),
            size=len(data) // 1024,
            most=SCRIPT_LIMIT // 1024,
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Refusal(N_("That file is not text (UTF-8): a script is a text file.")) from None


class Imports:
    """The desk's side of importing: storing a prepared script as a channel's game, and
    starting an imported lobby where its script stopped."""

    def __init__(self, keeper: Keeper) -> None:
        self._keeper = keeper

    async def import_game(
        self,
        channel_id: int,
        guild_id: int | None,
        channel_name: str,
        user_id: int,
        text: str,
        *,
        say: Say,
    ) -> tuple[Table, Prepared]:
        """The script ``text`` as this channel's new game (a lobby, or finished); ``say``
        words an event for its ``expect`` lines (:func:`prepare`)."""
        current = self._keeper.table_in(channel_id)
        if current is not None and current.status in ("lobby", "playing"):
            raise Refusal(
                N_(
                    "This channel already has a game ({status}): a moderator can "
                    "`/mod abort` it first."
                ),
                status=current.status,
            )
        prepared = await asyncio.to_thread(
            prepare, text, self._keeper.ship, self._keeper.content, say
        )
        now = self._keeper.clock()
        status = "over" if prepared.over else "lobby"
        phase_key = "over" if prepared.over else ""

        def with_log(game_id: int) -> list[Statement]:  # the same transaction as the row
            made = GameRow(
                *(game_id, channel_id, guild_id, channel_name, prepared.seed, status),
                *(user_id, now),
                phase_key=phase_key,
                seeded=True,
                opening=prepared.opening,
                kind=IMPORTED,
            )
            return [
                *_log_statements(game_id, prepared, now),
                mod_action(game_id, channel_id, user_id, "import", now),
                update_game(made),
            ]

        try:
            row = await self._keeper.store.create_game(
                *(channel_id, guild_id, channel_name, prepared.seed, user_id, now),
                status=status,
                seeded=True,
                opening=prepared.opening,
                kind=IMPORTED,
                then=with_log,
            )
        except WriteFailed as failed:
            raise NotSaved(incidents.record(failed, "importing a game")) from None
        table = Table(row.with_(phase_key=phase_key), {})
        self._keeper.register(table)
        return table, prepared

    async def continue_imported(self, table: Table) -> tuple[Game, Outcome]:
        """An imported lobby's game, loaded from its stored log to be played on; the
        living crew go to the crew players. Call under the desk's lock."""
        scratch = Table(table.row.with_(status="playing"), table.players)
        await loading.load(
            self._keeper.store,
            scratch,
            self._keeper.ship,
            self._keeper.content,
        )
        game = scratch.game
        if scratch.damaged_at is not None or game is None:
            raise Refusal(damaged_text(table.id, scratch.damaged_in))
        table.recent, table.phase_seq = scratch.recent, scratch.phase_seq
        outcome = Outcome(table.id, table.channel_id, new_phase=True)
        outcome.public.append(
            f"The imported game continues at {_title(game)} (its script set it up)."
        )
        outcome.summary = [f"Imported from a script: {_title(game)}."]
        outcome.send_hands = game.state.phase is not Phase.SETUP
        return game, outcome


def _log_statements(game_id: int, prepared: Prepared, now: float) -> list[Statement]:
    statements = [
        append_command(game_id, CommandRow(seq, side, command, None, now))
        for seq, (side, command) in enumerate(prepared.commands)
    ]
    for index, (seq, turn, phase) in enumerate(prepared.starts):
        newest = index == len(prepared.starts) - 1
        snap = SnapshotRow(seq, turn, phase, now, prepared.state if newest else None)
        statements += put_snapshot(game_id, snap)
    return statements

"""Memory changes only after the store has taken the change (issue 34), on both backends.

A real store (SQLite, and the PostgreSQL server the tests start) fails at each await of
an operation in turn, as a database restarting under the bot does: the first await, the
second, … until the operation runs through. Each time the person is told the command was
not taken, the desk's memory equals what a fresh desk reads from the store, and the
stored log replays from its opening. The operations: a command (one that ends a phase,
whose bookkeeping reads the waits and the waiting people's settings, included), the end
of a phase, an undo, a moderator's rollback, a deadline ending a phase (and one moved by
a grace), the computer standing in for an away player, the game's own seat, and the start.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest_asyncio

from bot.desk.service import Desk, Seat, Table
from bot.store import Store
from engine.legal import legal_commands
from engine.state import Phase, Side
from tests.faults import Faults, Tally, every_await, mismatches

ALIEN, CREW, MOD = 20, 10, 30
START = 1_800_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


@dataclass
class Setting:
    desk: Desk
    faults: Faults
    clock: Clock
    tally: Tally

    async def check(self, table: Table, name: str, operation) -> object:
        return await every_await(self.desk, self.faults, table, name, operation, self.tally)


@pytest_asyncio.fixture
async def setting(store_target: str) -> AsyncIterator[Setting]:
    store = await Store.open(store_target)
    clock = Clock()
    desk = Desk(store, clock=clock)
    yield Setting(desk, Faults(store), clock, Tally())
    await store.close()


async def _lobby(desk: Desk, channel: int = 1) -> Table:
    table = await desk.create(channel, 1, "qs", CREW, seed=54)
    await desk.join(table, ALIEN, Seat.ALIEN)
    await desk.join(table, CREW, Seat.CREW)
    return table


async def _playing(desk: Desk, channel: int = 1) -> Table:
    table = await _lobby(desk, channel)
    await desk.start(table, CREW, False)
    await desk.play(table, CREW, "quick")
    await desk.play(table, ALIEN, "quick", in_dm=True)
    return table


def _crew_move(table: Table) -> str:
    game = table.game
    assert game is not None
    moves = legal_commands(game.state, Side.CREW, game.ship, game.content)
    return next(x for x in moves if x.verb == "move").notation()


def _clean(tally: Tally) -> None:
    assert tally.injected > 0
    assert tally.unanswered == []
    assert tally.mismatches == []
    assert tally.broken == []


async def test_a_store_failing_at_each_await_of_start_and_commands_changes_nothing(setting):
    s = setting
    table = await _lobby(s.desk)
    await s.check(table, "start", lambda: s.desk.start(table, CREW, False))
    await s.check(table, "crew set-up", lambda: s.desk.play(table, CREW, "quick"))
    await s.check(table, "alien set-up", lambda: s.desk.play(table, ALIEN, "quick", in_dm=True))
    await s.check(table, "alien pass", lambda: s.desk.play(table, ALIEN, "pass", in_dm=True))
    assert table.game.state.phase is Phase.CREW
    move = _crew_move(table)
    await s.check(table, "crew move", lambda: s.desk.play(table, CREW, move))
    await s.check(table, "undo", lambda: s.desk.undo(table, CREW))
    await s.check(table, "crew pass", lambda: s.desk.play(table, CREW, "pass"))
    assert table.game.state.phase is Phase.ALIEN
    _clean(s.tally)


async def test_a_store_failing_at_each_await_of_a_rollback_changes_nothing(setting):
    s = setting
    table = await _playing(s.desk)
    await s.desk.play(table, ALIEN, "pass", in_dm=True)
    await s.desk.play(table, CREW, "pass")
    await s.check(table, "rollback", lambda: s.desk.rollback(table, 1, Phase.ALIEN, MOD))
    assert table.game.state.phase is Phase.ALIEN and table.game.state.turn == 1
    _clean(s.tally)


async def test_a_store_failing_at_each_await_of_a_deadline_changes_nothing(setting):
    s = setting
    table = await _playing(s.desk)
    await s.desk.configure(table, deadline_hours=1.0, grace_hours=1.0, graces=1)
    s.clock.now += 2 * 3600  # past the deadline: the alien uses its grace
    await s.check(table, "deadline (grace)", lambda: s.desk.expire(table, s.clock.now))
    s.clock.now += 2 * 3600  # past the moved deadline: the alien phase ends
    await s.check(table, "deadline", lambda: s.desk.expire(table, s.clock.now))
    assert table.game.state.phase is Phase.CREW
    _clean(s.tally)


async def test_a_store_failing_at_each_await_of_a_set_up_deadline_changes_nothing(setting):
    """Set-up completed by the clock: one command for each side still choosing."""
    s = setting
    table = await _lobby(s.desk)
    await s.desk.configure(table, deadline_hours=1.0)
    await s.desk.start(table, CREW, False)
    s.clock.now += 2 * 3600
    await s.check(table, "set-up deadline", lambda: s.desk.expire(table, s.clock.now))
    assert table.game.state.phase is not Phase.SETUP
    differs, broken = await mismatches(s.desk, table)
    assert differs == [] and broken == []
    _clean(s.tally)


async def test_a_store_failing_at_each_await_of_a_stand_in_turn_changes_nothing(setting):
    s = setting
    table = await _playing(s.desk)
    await s.desk.play(table, ALIEN, "pass", in_dm=True)
    await s.desk.go_away(CREW, "3d", "computer")
    for turn in range(3):  # a few of the computer's moves for the away crew player
        moved = await s.check(table, f"stand-in {turn}", lambda: s.desk.stand_in_move(table))
        if moved is None:
            break
    _clean(s.tally)


async def test_a_store_failing_at_each_await_of_the_game_seats_move_changes_nothing(setting):
    s = setting
    table = await s.desk.create(1, 1, "qs", CREW, seed=54)
    await s.desk.join(table, CREW, Seat.CREW)
    await s.desk.give_to_computer(table, CREW, Side.ALIEN, False, "easy")
    await s.desk.start(table, CREW, False)
    await s.desk.play(table, CREW, "quick")
    for turn in range(3):
        moved = await s.check(table, f"computer {turn}", lambda: s.desk.computer_move(table))
        if moved is None:
            break
    _clean(s.tally)

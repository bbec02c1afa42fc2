"""The desk's side of a tutorial (``/game tutorial``; no discord here).

A tutorial is an ordinary stored game with three marks: its kind (``tutorial:crew`` or
``tutorial:alien``), ``seeded`` (its dice are the lesson's, known beforehand) and its
opening (the lesson's scenario). So it loads, survives a restart, replays and exports
like any game, and no record or rating may count it.

Its channel is the learner's private thread; the learner holds their side's seat and
nobody holds the other: the other side's moves are the lesson's script
(:mod:`engine.help.lessons`), played by the desk right after the step they follow, so
the lesson goes the same way every time. Which step waits is read from the game's
length (each step is one command and the scripted moves after it), so there is no
progress to store, and an undo goes back a step. A command the step does not ask for
is refused, and nothing changes.

The thread is the learner's alone, so it speaks their language: the client words what
a learner's press makes happen there in their Discord language
(:func:`bot.client.answers.voice`). The desk words none of the lesson: an outcome names
the parts of it that are due (:mod:`bot.desk.notes`) and a refusal its kind
(:class:`LessonOver`, :class:`NotThisStep`), and the edge words them from the catalogues
(:mod:`bot.present.notes`).
"""

from __future__ import annotations

from bot.desk import loading
from bot.desk.keeper import Keeper
from bot.desk.notes import LessonIntro, LessonStep, LessonTitle, StepSaid
from bot.desk.outcome import Outcome, merge
from bot.desk.referee import Referee
from bot.desk.tables import Refusal, Table, crew_in_play
from bot.store import (
    TUTORIAL,
    GameRow,
    PlayerRow,
    Statement,
    put_newest_snapshot,
    put_player,
    update_game,
)
from engine.board.ship import Ship
from engine.commands import Command, parse
from engine.content import Content
from engine.help.lessons import Lesson, load_lesson
from engine.records.scenario import opening_game
from engine.records.scenario_writer import write_scenario
from engine.state import Side


def lesson_of(table: Table) -> Lesson | None:
    """The lesson a tutorial table follows; None for any other game."""
    if not table.row.tutorial:
        return None
    return load_lesson(table.row.kind.removeprefix(TUTORIAL))


def lesson_opening(table: Table, ship: Ship, content: Content) -> str | None:
    """A tutorial's opening as its lesson makes it (None for any other game): what a
    rollback rebuilds a tutorial's damaged opening from."""
    lesson = lesson_of(table)
    if lesson is None:
        return None
    return write_scenario(lesson.opening().state, ship, content)


class LessonOver(Refusal):
    """Any command once the lesson is over; nothing changed. The edge words it
    (:func:`bot.present.notes.refusal_text`); ``str()`` only names the kind."""

    def __init__(self) -> None:
        super().__init__("the lesson is over")


class NotThisStep(Refusal):
    """A command step ``index`` of ``lesson`` does not ask for; nothing changed. The
    edge words it (:func:`bot.present.notes.refusal_text`); ``str()`` only names the kind."""

    def __init__(self, lesson: Lesson, index: int) -> None:
        super().__init__(f"step {index + 1} of the lesson asks for another command")
        self.lesson = lesson
        self.index = index


class Tutorials:
    """Opening a tutorial, and keeping each of its games to its lesson."""

    def __init__(self, keeper: Keeper, referee: Referee) -> None:
        self._keeper = keeper
        self._referee = referee

    async def open_tutorial(
        self, channel_id: int, guild_id: int | None, name: str, user_id: int, side: Side
    ) -> tuple[Table, Outcome, list[Table]]:
        """A new tutorial in channel ``channel_id`` (the learner's private thread), and
        the outcome that opens it; the learner's tutorials still running are closed
        (returned, to say where they were)."""
        lesson = load_lesson(side.value)
        closed = await self._close_tutorials_of(user_id)
        fresh = lesson.opening()
        opening = write_scenario(
            fresh.state, self._keeper.ship, self._keeper.content
        )  # as lesson_opening
        now = self._keeper.clock()
        kind = TUTORIAL + side.value
        row = GameRow(0, channel_id, guild_id, name, fresh.seed, "playing", user_id, now)
        row = row.with_(seeded=True, opening=opening, kind=kind, phase_since=now)
        table = Table(row, {})
        table.game = game = opening_game(row.seed, opening, self._keeper.ship, self._keeper.content)
        units = () if side is Side.ALIEN else crew_in_play(table)
        player = PlayerRow(user_id, side.value, units, True, now)
        table.players[user_id] = player
        snap = loading.snapshot_row(game.state, 0, now)
        row = row.with_(phase_key=table.stamp())

        def seated(game_id: int) -> list[Statement]:  # the same transaction as the row
            return [
                put_player(game_id, player),
                *put_newest_snapshot(game_id, snap),
                update_game(row.with_(id=game_id)),
            ]

        made = await self._keeper.store.create_game(
            *(channel_id, guild_id, name, fresh.seed, user_id, now),
            status="playing",
            seeded=True,
            opening=opening,
            kind=kind,
            then=seated,
        )
        table.row = row.with_(id=made.id)
        self._keeper.register(table)
        outcome = Outcome(table.id, channel_id, new_phase=True)
        outcome.public = [LessonIntro(lesson), LessonStep(lesson, 0, from_thread=True)]
        outcome.summary = [LessonTitle(lesson)]
        return table, outcome, closed

    async def _close_tutorials_of(self, user_id: int) -> list[Table]:
        running = [
            t
            for t in list(self._keeper.tables.values())
            if t.row.tutorial and t.row.created_by == user_id and t.status == "playing"
        ]
        for table in running:
            async with self._keeper.hold(table):
                await self._keeper.commit(table, [], table.row.with_(status="aborted"))
                self._keeper.forget(table)
        return running

    def check_lesson(self, table: Table, command: Command) -> None:
        """Refuse what the waiting step does not ask for (a tutorial table only)."""
        lesson = lesson_of(table)
        if lesson is None:
            return
        index = lesson.step_at(table.length)
        if index is None:
            raise LessonOver()
        if not lesson.steps[index].matches(command):
            raise NotThisStep(lesson, index)

    async def follow_lesson(self, table: Table, outcome: Outcome) -> Outcome:
        """After a step: the other side's scripted moves, what they did, and the next
        step (in the thread). Call under the desk's lock, right after the step. Each
        scripted move is stored on its own, so a store that fails between them leaves
        some still due: :meth:`catch_up_lesson` plays them at the next command."""
        lesson = lesson_of(table)
        if lesson is None:
            return outcome
        index, moves = due_moves(lesson, table.length)
        if index < 0:  # the step just played has no moves after it
            index = lesson.step_at(table.length - 1) or 0
        step = lesson.steps[index]
        for move in moves:
            outcome = merge(
                outcome, await self._referee.apply(table, lesson.other, [parse(move)], None)
            )
        if step.said:
            outcome.public.append(StepSaid(step))
            outcome.reply.append(StepSaid(step))
        if index + 1 < len(lesson.steps):
            outcome.public.append(LessonStep(lesson, index + 1))
        return outcome

    async def catch_up_lesson(self, table: Table) -> Outcome | None:
        """The scripted moves a step left unplayed (the store failed, or the process
        stopped, between the step and them), played now; None when none are due."""
        lesson = lesson_of(table)
        if lesson is None or table.game is None or due_moves(lesson, table.length)[0] < 0:
            return None
        return await self.follow_lesson(table, Outcome(table.id, table.channel_id))


def due_moves(lesson: Lesson, length: int) -> tuple[int, tuple[str, ...]]:
    """The step whose scripted moves are not all played when the log holds ``length``
    commands, and those still due; (-1, ()) when none are."""
    played = 0
    for index, step in enumerate(lesson.steps):
        end = played + 1 + len(step.then)
        if played < length < end:
            return index, tuple(step.then[length - played - 1 :])
        played = end
    return -1, ()

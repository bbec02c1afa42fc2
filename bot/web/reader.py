"""What a link may show, read from the store and never written to it.

A game is rebuilt the one true way, by replaying its stored commands from its seed
(engine.game), off the event loop; the result is kept per game and played on from
where it stood when only new commands were added. Everything a page holds for one
viewer comes out of :func:`engine.views.view` and :func:`engine.views.events_for` for
that viewer: the map, the units, the hand, and the log of the phases that have ended
(the channel hears a phase once it ends; the phase under way shows only on the map, as
``/map`` shows it). A finished game's replay comes from engine.records.replay.

Every reason a link shows nothing (bad or expired token, a game that does not exist
or has not started, a seat the person no longer holds) raises the same :class:`Missing`,
so the server answers them all alike.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections import OrderedDict
from dataclasses import dataclass, fields, is_dataclass
from typing import Any

from bot.desk.loading import opening_of, play_marked
from bot.store import CommandRow, GameRow, Store
from bot.store.people import MyGame, my_games
from bot.web.links import Link, Opens
from engine.board.ship import Ship
from engine.content import Content
from engine.events import Event, Who
from engine.game import Game
from engine.records.replay import PhaseStep, replay_phases
from engine.state import Phase
from engine.views import View, Viewer, events_for, view

# A terminal game (``quicksilver play``) is a row of its own kind: status "local" or
# "local-over", named ``local:<side at the keyboard>:<level>``, with no seats.
LOCAL = ("local", "local-over")
SHOWN_STATUSES = ("playing", "over", *LOCAL)
FINISHED = ("over", "local-over")
KEPT_GAMES = 64


class Missing(Exception):
    """Nothing to show this link: every reason reads the same."""


@dataclass(frozen=True, slots=True)
class PhaseLog:
    """One ended phase's events as one viewer may read them."""

    turn: int
    phase: Phase
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class GameShown:
    """Everything one viewer's page of one game holds, and nothing more."""

    game_id: int
    channel_name: str
    viewer: Viewer
    view: View
    phases: tuple[PhaseLog, ...]  # ended phases, oldest first
    stamp: str  # the phase now ("setup", "3a", "3c", "over"): public
    deadline_at: float | None
    finished: bool


@dataclass
class _Built:
    """A game replayed from the store, as of one version of its row."""

    version: int
    lines: tuple[tuple[str, str], ...]  # (side, command) of every stored command
    game: Game
    entries: list[tuple[int, Phase, list[Event]]]  # each command's phase and events
    replay: tuple[PhaseStep, ...] | None = None


def units_named(event: Event) -> tuple[str, ...]:
    """The ids of the units an event names (its :class:`Who` fields), for the log's
    filter by unit."""
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, Who):
            found.append(value.id)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)

    if is_dataclass(event):
        for field in fields(event):
            walk(getattr(event, field.name))
    return tuple(dict.fromkeys(found))


def local_side(row: GameRow) -> Opens | None:
    """The side at the keyboard of a terminal game (None: both sides share it)."""
    side = row.channel_name.split(":")[1] if row.channel_name.count(":") >= 1 else ""
    return Opens(side) if side in ("crew", "alien") else None


def stamp_of(state_view: View) -> str:
    """The public phase stamp of a view: "setup", "over" or turn and phase letter."""
    if state_view.phase in ("setup", "over"):
        return state_view.phase
    return f"{state_view.turn}{state_view.phase[0]}"


class Reader:
    """The web's one road to the store: reads only."""

    def __init__(self, store: Store, ship: Ship, content: Content) -> None:
        self.store = store
        self.ship = ship
        self.content = content
        self._games: OrderedDict[int, _Built] = OrderedDict()
        self._locks: dict[int, asyncio.Lock] = {}

    async def game(self, link: Link) -> GameShown:
        """The page of ``link``'s game for its viewer, or :class:`Missing`."""
        row, built = await self._checked(link)
        viewer = Viewer(link.opens.value)
        state_view = view(built.game.state, viewer, self.ship, self.content)
        return GameShown(
            game_id=row.id,
            channel_name=row.channel_name,
            viewer=viewer,
            view=state_view,
            phases=self._ended_phases(built, viewer),
            stamp=stamp_of(state_view),
            deadline_at=row.deadline_at if row.status == "playing" else None,
            finished=row.status in FINISHED,
        )

    async def stamp(self, link: Link) -> str:
        """The phase stamp of ``link``'s game now: what the page polls."""
        return (await self.game(link)).stamp

    async def replay(self, link: Link) -> tuple[PhaseStep, ...]:
        """A finished game's phases (all secrets out), or :class:`Missing`."""
        row, built = await self._checked(link)
        if row.status not in FINISHED:
            raise Missing
        if built.replay is None:
            built.replay = tuple(await asyncio.to_thread(replay_phases, built.game))
        return built.replay

    async def games_of(self, link: Link) -> list[MyGame]:
        """A person's games, as ``/me games`` lists them (their page's link only)."""
        if link.opens is not Opens.PERSON or link.user_id == 0:
            raise Missing
        return await my_games(self.store, link.user_id)

    # --- checks and the rebuilt game ---------------------------------------------------
    async def _checked(self, link: Link) -> tuple[GameRow, _Built]:
        if link.opens is Opens.PERSON:
            raise Missing
        row = await self.store.game(link.game_id)
        if row is None or row.status not in SHOWN_STATUSES:
            raise Missing
        if row.status in LOCAL:
            if link.user_id != 0 or link.opens not in (Opens.SPECTATOR, local_side(row)):
                raise Missing
        elif link.opens is not Opens.SPECTATOR:
            players = await self.store.players(row.id)
            if not any(p.user_id == link.user_id and p.seat == link.opens for p in players):
                raise Missing  # never seated there, or no longer (a substitute, forgotten)
        return row, await self._built(row)

    async def _built(self, row: GameRow) -> _Built:
        lock = self._locks.setdefault(row.id, asyncio.Lock())
        async with lock:
            kept = self._games.get(row.id)
            local = row.status in LOCAL  # the terminal writes its commands unguarded
            if kept is not None and kept.version == row.version and not local:
                self._games.move_to_end(row.id)
                return kept
            commands = await self.store.commands(row.id)
            lines = tuple((c.side, c.command) for c in commands)
            if kept is not None and local and lines == kept.lines:
                return kept
            try:
                built = await asyncio.to_thread(self._rebuild, row, commands, kept)
            except Exception as err:  # a damaged record shows nothing, like a missing one
                raise Missing from err
            self._games[row.id] = built
            while len(self._games) > KEPT_GAMES:
                dropped, _ = self._games.popitem(last=False)
                self._locks.pop(dropped, None)
            return built

    def _rebuild(self, row: GameRow, commands: list[CommandRow], kept: _Built | None) -> _Built:
        """Play on from ``kept`` when the store only added commands; else from the seed."""
        lines = tuple((c.side, c.command) for c in commands)
        if kept is not None and lines[: len(kept.lines)] == kept.lines:
            game = dataclasses.replace(kept.game, log=list(kept.game.log))
            entries, start = list(kept.entries), len(kept.lines)
        else:
            game = opening_of(row.seed, row.opening, self.ship, self.content)
            entries, start = [], 0
        entries += [(*mark, events) for _, mark, events in play_marked(game, commands[start:])]
        return _Built(row.version, lines, game, entries)

    @staticmethod
    def _ended_phases(built: _Built, viewer: Viewer) -> tuple[PhaseLog, ...]:
        """The log of every phase that has ended, for ``viewer`` (C.3): events grouped by
        phase only, never by command, as a side's split into commands is its secret."""
        state = built.game.state
        current = (state.turn, state.phase)
        groups: list[PhaseLog] = []
        for turn, phase, events in built.entries:
            if (turn, phase) == current and state.phase is not Phase.OVER:
                continue
            if not groups or (groups[-1].turn, groups[-1].phase) != (turn, phase):
                groups.append(PhaseLog(turn, phase, ()))
            seen = tuple(events_for(events, viewer))
            groups[-1] = PhaseLog(turn, phase, groups[-1].events + seen)
        return tuple(groups)

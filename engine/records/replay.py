"""A finished game told phase by phase, rebuilt from its command log.

Replay is ground truth: :func:`replay_phases` plays the game's log again from its start
and cuts it where the turn or phase changes. Each :class:`PhaseStep` holds what the
referee saw at the end of that phase (the alien's route so far drawn in, every marker
face up) and that phase's events. It refuses a game that is not over, so a replay never
gives away what is still secret.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.errors import RuleError
from engine.events import Event
from engine.game import Entry, Game
from engine.state import Phase
from engine.views import View, Viewer, events_for, replay_view


@dataclass(frozen=True, slots=True)
class PhaseStep:
    """One phase of a finished game, as the replay shows it."""

    number: int  # 1-based, in play order
    turn: int
    phase: Phase  # the phase the commands were played in
    view: View  # the referee's view at the phase's end, with the route so far
    events: tuple[Event, ...]  # everything that happened in the phase

    @property
    def title(self) -> str:
        if self.phase is Phase.SETUP:
            return "Set-up"
        return f"Turn {self.turn} · {self.phase.value.capitalize()} phase"


def replay_phases(game: Game) -> list[PhaseStep]:
    """Every phase of ``game`` from its log; ``game`` must be over."""
    if game.state.phase is not Phase.OVER:
        raise RuleError("the game is not over yet: a replay would give its secrets away")
    return phase_steps(game)


def phase_steps(game: Game) -> list[PhaseStep]:
    """Every phase of ``game`` so far, over or not: for tools and benchmarks only, never
    for a person while the game goes on (use :func:`replay_phases`)."""
    assert game.base == 0, "a replay needs the whole log, not one resumed at a snapshot"
    fresh = Game(game.seed, game.ship, game.content, game.start_state())
    groups: list[list[Entry]] = []
    for entry in game.log:
        if not groups or (groups[-1][0].turn, groups[-1][0].phase) != (entry.turn, entry.phase):
            groups.append([])
        groups[-1].append(entry)
    steps = []
    for number, group in enumerate(groups, 1):
        events: list[Event] = []
        for entry in group:
            events += fresh.play(entry.side, entry.command)
        first = group[0]
        step = PhaseStep(
            number,
            first.turn,
            first.phase,
            replay_view(fresh.state, game.ship, game.content),
            tuple(events_for(events, Viewer.REFEREE)),
        )
        steps.append(_titled(step, len(groups)))
    return steps


def _titled(step: PhaseStep, total: int) -> PhaseStep:
    """The map's title names the phase shown, not the one the game moved on to."""
    title = f"Replay {step.number}/{total} · {step.title}"
    board = replace(step.view.board, title=title)
    return replace(step, view=replace(step.view, board=board))

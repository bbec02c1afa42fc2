"""What a rule handler works with: the state, the ship, the content, the events."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.board.ship import Ship
from engine.content import Content
from engine.dice import Modifier, Roll, roll
from engine.events import Attempt, Audience, Event, Rolled, Who
from engine.state import GameState, Phase, Side


@dataclass
class Ctx:
    state: GameState
    ship: Ship
    content: Content
    events: list[Event] = field(default_factory=list)
    # Judging an order before the unit it replaces is finished (C.2, C.8): see
    # ``engine.rules.apply``. The replaced unit's leftover search is then not run.
    defer_finish: bool = False

    def say(self, event: Event) -> None:
        """Record what happened, for its audience (``event.audience``)."""
        self.events.append(event)

    def roll(
        self,
        attempt: Attempt,
        modifiers: Sequence[Modifier],
        *,
        audience: Audience = Audience.PUBLIC,
    ) -> Roll:
        """Roll the die for an effort and announce it with every modifier (C.1)."""
        result = roll(self.state.rng, modifiers)
        self.events.append(Rolled(audience=audience, attempt=attempt, roll=result))
        return result

    def who(self, unit_id: str) -> Who:
        """A unit as events name it: a human by name, an alien by its stage now."""
        if self.state.is_human(unit_id):
            return Who(unit_id, self.state.human(unit_id).name)
        return Who(unit_id, self.state.alien(unit_id).stage, alien=True)

    def name(self, unit_id: str) -> str:
        """How a unit is called in a refusal: "Hyun", "the Larva"."""
        if self.state.is_human(unit_id):
            return self.state.human(unit_id).name
        alien = self.state.alien(unit_id)
        suffix = "" if unit_id == "alien1" else f" ({unit_id})"
        return f"the {alien.stage}{suffix}"

    def Name(self, unit_id: str) -> str:
        """``name`` at the start of a sentence: "The Larva"."""
        text = self.name(unit_id)
        return text[:1].upper() + text[1:]


# A rule: checks everything, then changes ``ctx.state`` and records events.
Handler = Callable[[Ctx, Side, Any], None]
# A rule that fires as a phase begins (engine.phases): the context and the phase beginning.
PhaseHook = Callable[[Ctx, Phase], None]

"""The ship functions an active emergency disables (E.3.5), asked by the rules that use
them: the lifts, Operations' remote doors and the Air Lock Controls, remote pod launches,
the Scanners and the Infirmary's beds. A face-down card disables nothing yet; a critical
one disables its function for good. Without the variant nothing is ever disabled.
"""

from __future__ import annotations

from engine.context import Ctx
from engine.errors import RuleError
from engine.state import Emergency, GameState
from engine.variants import load_variants


def function_of(emergency: Emergency) -> str:
    """The function its card disables (whether or not it is turned up yet)."""
    return load_variants().emergencies.cards[emergency.card].function


def disabling(state: GameState, function: str) -> tuple[int, Emergency] | None:
    """The first field (numbered from 1) whose turned-up emergency disables
    ``function``, or None."""
    panel = state.emergencies
    if panel is None:
        return None
    for number, emergency in enumerate(panel.fields, start=1):
        if emergency is None or (emergency.level == 0 and not emergency.critical):
            continue
        if function_of(emergency) == function:
            return number, emergency
    return None


def refuse_disabled(ctx: Ctx, function: str, doing: str) -> None:
    """Refuse ``doing`` while an emergency disables ``function``, naming it."""
    found = disabling(ctx.state, function)
    if found is None:
        return
    number, emergency = found
    room = ctx.ship.regions[emergency.room].name
    state = "critical" if emergency.critical else f"level {emergency.level}"
    raise RuleError(
        f"{doing} is out of order: emergency {number} ({room}, {state}) disables {function}",
        rule="E.3.5",
    )

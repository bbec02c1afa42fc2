"""The moderator's warning before a rollback: what it cannot take back (README, "Secrets").

Public reveals are quoted as the channel told them (everyone saw them); what one side
alone saw is only counted, since the moderator may be anyone in the channel.
"""

from __future__ import annotations

from bot.present.events import log_lines
from engine.records.rollback import Shown
from engine.state import Phase, Side

QUOTED = 10  # public reveals quoted at most; the rest are counted


def rollback_lines(shown: Shown, turn: int, phase: Phase) -> list[str]:
    """The warning, ending with the question the confirm button answers."""
    where = f"the start of turn {turn}, {phase.value} phase"
    tail = (
        "The dice are re-keyed from secure randomness at every rollback, so no roll comes "
        "out the same again."
    )
    if not shown:
        return [f"Nothing hidden was shown since {where}. {tail}", "Roll back?"]
    lines = [f"⏪ Rolling back to {where} cannot take back what was shown since:"]
    said = log_lines(shown.public)
    lines += [f"• {line}" for line in said[:QUOTED]]
    if len(said) > QUOTED:
        lines.append(f"• … and {len(said) - QUOTED} more public reveals")
    if shown.rolls:
        dice = "1 die" if shown.rolls == 1 else f"{shown.rolls} dice"
        lines.append(f"• {dice} rolled, seen by everyone")
    for side in Side:
        if shown.private[side]:
            things = _count(shown.private[side], "thing")
            lines.append(f"• {things} only the {side.value} saw")
        if shown.consulted[side]:
            commands = _count(shown.consulted[side], f"{side.value} command")
            lines.append(
                f"• {commands} that told the {side.value} something of the "
                f"{side.other.value}'s secrets, even if only where it is not"
            )
    return [*lines, f"Players remember all of this. {tail}", "Roll back anyway?"]


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"

"""The moderator's warning before a rollback: what it cannot take back (README, "Secrets").

Public reveals are quoted as the channel told them (everyone saw them); what one side
alone saw is only counted, since the moderator may be anyone in the channel. The
moderator alone reads it, in their language (the caller speaks it).
"""

from __future__ import annotations

from bot.present.events import log_lines
from bot.present.locale import N_, _, ngettext
from engine.records.rollback import Shown
from engine.state import Phase, Side

QUOTED = 10  # public reveals quoted at most; the rest are counted

WHERE = {
    Phase.CREW: N_("the start of turn {turn}, crew phase"),
    Phase.ALIEN: N_("the start of turn {turn}, alien phase"),
}
DONE = {
    Phase.CREW: N_("Rolled back to turn {turn}, crew phase."),
    Phase.ALIEN: N_("Rolled back to turn {turn}, alien phase."),
}


def rolled_back(turn: int, phase: Phase) -> str:
    """The moderator's confirmation once the rollback is done."""
    return _(DONE[phase]).format(turn=turn)


def rollback_lines(shown: Shown, turn: int, phase: Phase) -> list[str]:
    """The warning, ending with the question the confirm button answers."""
    where = _(WHERE[phase]).format(turn=turn)
    tail = _(
        "The dice are re-keyed from secure randomness at every rollback, so no roll comes "
        "out the same again."
    )
    if not shown:
        nothing = _("Nothing hidden was shown since {where}.").format(where=where)
        return [f"{nothing} {tail}", _("Roll back?")]
    lines = [
        _("⏪ Rolling back to {where} cannot take back what was shown since:").format(where=where)
    ]
    said = log_lines(shown.public)
    lines += [f"• {line}" for line in said[:QUOTED]]
    if len(said) > QUOTED:
        more = len(said) - QUOTED
        lines.append(
            "• "
            + ngettext(
                "… and {n} more public reveal", "… and {n} more public reveals", more
            ).format(n=more)
        )
    if shown.rolls:
        n = shown.rolls
        lines.append(
            "• "
            + ngettext(
                "{n} die rolled, seen by everyone", "{n} dice rolled, seen by everyone", n
            ).format(n=n)
        )
    for side in Side:
        lines += _private_lines(shown, side)
    remember = _("Players remember all of this.")
    return [*lines, f"{remember} {tail}", _("Roll back anyway?")]


def _private_lines(shown: Shown, side: Side) -> list[str]:
    lines: list[str] = []
    n = shown.private[side]
    if n and side is Side.CREW:
        lines.append(ngettext("{n} thing only the crew saw", "{n} things only the crew saw", n))
    elif n:
        lines.append(ngettext("{n} thing only the alien saw", "{n} things only the alien saw", n))
    m = shown.consulted[side]
    if m and side is Side.CREW:
        lines.append(
            ngettext(
                "{m} crew command that told the crew something of the alien's secrets, "
                "even if only where it is not",
                "{m} crew commands that told the crew something of the alien's secrets, "
                "even if only where it is not",
                m,
            )
        )
    elif m:
        lines.append(
            ngettext(
                "{m} alien command that told the alien something of the crew's secrets, "
                "even if only where it is not",
                "{m} alien commands that told the alien something of the crew's secrets, "
                "even if only where it is not",
                m,
            )
        )
    return ["• " + line.format(n=n, m=m) for line in lines]

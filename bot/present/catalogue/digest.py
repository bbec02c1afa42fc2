"""The English catalogue: the channel's digest of a phase (bot.present.digest)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.present.catalogue.hiding import call_text
from bot.present.catalogue.words import Name, actions
from bot.present.locale import _, ngettext
from engine.board.grid import Grid
from engine.events import (
    Who,
)
from engine.hiding.events import (
    Declared,
    Searched,
)


def leftover_searches(searches: Sequence[Searched]) -> str:
    """C.8: a phase end's leftover searches that found nothing, in one line."""
    who = ", ".join(
        _("{who} {reach} from {origin}").format(who=e.who.name, reach=e.reach, origin=e.origin)
        for e in searches
    )
    return _("Leftover searches ({who}): nothing found (C.8)").format(who=who)


def digest_unseen(calls: Sequence[Declared]) -> str:
    """C.7.3: a pipe-runner's declared actions, counted: "The alien, unseen: 5 actions
    (Move ×3, Lift B2, Forage)"."""
    counted: dict[str, int] = {}
    for e in calls:
        said = call_text(e)
        counted[said] = counted.get(said, 0) + 1
    what = ", ".join(f"{said} ×{n}" if n > 1 else said for said, n in counted.items())
    return _("👾 The alien, unseen: {actions} ({what})").format(
        actions=actions(len(calls)), what=what
    )


def digest_moves(last: Sequence[tuple[Who, Grid]]) -> str:
    """Who moved this phase, and where each ended up: "Moved: Hyun to 1-F6, Ortiz to 2-A1"."""
    moves = ", ".join(_("{who} to {grid}").format(who=Name(who), grid=grid) for who, grid in last)
    return _("🚶 Moved: {moves}").format(moves=moves)


def digest_nothing(searches: int) -> str:
    said = ngettext("🔦 {n} search found nothing", "🔦 {n} searches found nothing", searches)
    return said.format(n=searches)


def digest_more(count: int) -> str:
    return _("… and {n} more: **Full log** below, or `/game log`").format(n=count)

"""The advisor's words (issue 26): the expert's choice and one sentence of why.

Built from the :class:`~engine.players.expert.players.Decision` alone, which holds what
the asking side may know (its belief's size, how much of it a search covers, the search's
record over worlds sampled from its own view): the same text for every position that side
cannot tell apart.
"""

from __future__ import annotations

from engine import commands as c
from engine.players.expert import Decision
from engine.state import Side

OFF = "💡 Hints are switched off in this game by its creator."
NOTHING = "💡 Nothing to suggest: none of your units has a choice to make now."
MARKED = "💡 Hints were used in this game."


def hint_lines(decision: Decision | None) -> list[str]:
    """``💡 Suggestion: `search hyun 3``` and why, or that there is nothing to suggest."""
    if decision is None:
        return [NOTHING]
    return [f"💡 Suggestion: `{decision.command.notation()}`", why(decision)]


def why(decision: Decision) -> str:
    command, outcome = decision.command, decision.searched
    if isinstance(command, c.Search) and decision.possible:
        grids = "grid" if decision.possible == 1 else "grids"
        return (
            f"Searching {command.actions} from here covers {decision.covered} of the "
            f"{decision.possible} {grids} the alien can be in."
        )
    if outcome is not None:
        others = len(outcome.arms) - 1
        mine = next(a for a in outcome.arms if a.command == command)
        share = round(100 * mine.mean)
        them = "the alien" if decision.side is Side.CREW else "the crew"
        choices = "choice" if others == 1 else "choices"
        tried = f"Played out against {others} other {choices} in {outcome.worlds} situations"
        if all(mine.mean >= a.mean for a in outcome.arms):
            return (
                f"{tried} {them} may be in, it did best ({share}% of its playouts went your way)."
            )
        return (
            f"{tried} {them} may be in, none did clearly better than this plan "
            f"({share}% of its playouts went your way)."
        )
    return "Nothing here turns on what you cannot see: it is the next step of the plan."

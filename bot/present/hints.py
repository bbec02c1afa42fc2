"""The advisor's words (issue 26): the expert's choice and one sentence of why.

Built from the :class:`~engine.players.expert.players.Decision` alone, which holds what
the asking side may know (its belief's size, how much of it a search covers, the search's
record over worlds sampled from its own view): the same text for every position that side
cannot tell apart.
"""

from __future__ import annotations

from bot.present.locale import N_, _, ngettext
from engine import commands as c
from engine.players.expert import Decision
from engine.state import Side

OFF = "💡 Hints are switched off in this game by its creator."
NOTHING = N_("💡 Nothing to suggest: none of your units has a choice to make now.")
MARKED = N_("💡 Hints were used in this game.")


def hint_lines(decision: Decision | None) -> list[str]:
    """``💡 Suggestion: `search hyun 3``` and why, or that there is nothing to suggest;
    in the language being spoken (the command language stays as it is)."""
    if decision is None:
        return [_(NOTHING)]
    suggestion = _("💡 Suggestion: `{command}`").format(command=decision.command.notation())
    return [suggestion, why(decision)]


def why(decision: Decision) -> str:
    command, outcome = decision.command, decision.searched
    if isinstance(command, c.Search) and decision.possible:
        return ngettext(
            "Searching {actions} from here covers {covered} of the {possible} grid "
            "the alien can be in.",
            "Searching {actions} from here covers {covered} of the {possible} grids "
            "the alien can be in.",
            decision.possible,
        ).format(actions=command.actions, covered=decision.covered, possible=decision.possible)
    if outcome is not None:
        others = len(outcome.arms) - 1
        mine = next(a for a in outcome.arms if a.command == command)
        words = {"others": others, "worlds": outcome.worlds, "share": round(100 * mine.mean)}
        best = all(mine.mean >= a.mean for a in outcome.arms)
        if decision.side is Side.CREW:
            tried = ngettext(
                "Played out against {others} other choice in {worlds} situations "
                "the alien may be in",
                "Played out against {others} other choices in {worlds} situations "
                "the alien may be in",
                others,
            )
        else:
            tried = ngettext(
                "Played out against {others} other choice in {worlds} situations "
                "the crew may be in",
                "Played out against {others} other choices in {worlds} situations "
                "the crew may be in",
                others,
            )
        if best:
            verdict = _("{tried}, it did best ({share}% of its playouts went your way).")
        else:
            verdict = _(
                "{tried}, none did clearly better than this plan "
                "({share}% of its playouts went your way)."
            )
        return verdict.format(tried=tried.format(**words), **words)
    return _("Nothing here turns on what you cannot see: it is the next step of the plan.")

"""The advisor's words (the README's "Playing on Discord"): the expert's choice and one
sentence of why.

Built from the :class:`~engine.players.expert.players.Decision` alone, which holds what
the asking side may know (its belief's size, how much of it a search covers, the search's
record over worlds sampled from its own view): the same text for every position that side
cannot tell apart.
"""

from __future__ import annotations

from bot.present.locale import N_, _, ngettext
from engine import commands as c
from engine.players.expert import Decision
from engine.players.setup_plan import SetupReason
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


# Why the expert makes each set-up choice (B.1.2, B.1.3): engine/players/setup_plan.py.
SETUP_WHY = {
    SetupReason.ANYONE: N_(
        "Until roles are given the humans differ only in name: any choice will do (B.1.2)."
    ),
    SetupReason.ROLE_WELL: N_(
        "The well survivors take the most useful roles, Engineers first: only an Engineer "
        "with the ToolKit repairs a damaged system (C.9)."
    ),
    SetupReason.ROLE_BED: N_(
        "An injured human carries nothing and may not act until healed (D.5): "
        "the beds get the least useful roles."
    ),
    SetupReason.TOOLKIT: N_(
        "Start your best Engineer on the ToolKit's locker: a critical system struck early "
        "counts down over only four crew phases (C.9)."
    ),
    SetupReason.TACKIT: N_(
        "Only a Tactical or Command human opens the TacKit and its firearms (E.2.6): "
        "start one on its locker."
    ),
    SetupReason.BEDS: N_(
        "A Medical human in the Infirmary heals the injured in its beds (E.2.1, G.3)."
    ),
    SetupReason.NEXUS: N_(
        "Start near a nexus nobody watches yet: the alien strikes where the crew is far (C.9)."
    ),
    SetupReason.ABILITY: N_(
        "Venom leaves a human you injure unconscious: no actions, and yours to consume (G.4)."
    ),
    SetupReason.LARVA: N_(
        "Start on the cadaver farthest from the crew: a Larva is the weakest alien (B.1.3, G.5)."
    ),
    SetupReason.QUICK: N_("Nothing left here worth weighing: quick makes the rest at random."),
}


def why(decision: Decision) -> str:
    command, outcome = decision.command, decision.searched
    if decision.setup is not None:
        return _(SETUP_WHY[decision.setup])
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

"""The advisor's words: the expert's choice and why.

Built from the :class:`~engine.players.expert.players.Decision` alone, which holds what
the asking side may know (its plan's goal and the facts behind it, as typed data from
:mod:`engine.players.expert.reasons`; its belief's size, how much of it a search covers,
the search's record over worlds sampled from its own view): the same text for every
position that side cannot tell apart.
"""

from __future__ import annotations

from bot.present.locale import N_, _, ngettext
from bot.present.names import the_alien
from engine import commands as c
from engine.players.expert import Decision
from engine.players.expert.reasons import Goal, PlanReason
from engine.players.setup_plan import SetupReason
from engine.state import Side

OFF = "💡 Hints are switched off in this game by its creator."
NOTHING = N_("💡 Nothing to suggest: none of your units has a choice to make now.")
MARKED = N_("💡 Hints were used in this game.")
MARKED_OWN = N_("💡 Your side asked for hints: this game is unrated for your side.")


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


# Why the plan makes a choice in play, naming its goal and the facts behind it
# (engine/players/expert/reasons.py). {unit}: the unit; {place}: a room; {item}: what the
# goal concerns (an item's kind, a human's name, an alien's life stage); {count}: grids.
GOAL_WHY = {
    Goal.POD: N_(
        "{unit} heads for the {place}: the ship is lost and a life pod is the way off (E.2.4)."
    ),
    Goal.DAMAGE: N_(
        "{unit} walks to the {place}: a critical system is damaged there and must be repaired "
        "in time (C.9)."
    ),
    Goal.TOOLKIT: N_(
        "{unit} walks to the {place}: the ToolKit is there and no Engineer carries it."
    ),
    Goal.COURIER: N_(
        "{unit} walks to the {place}: the ToolKit is coming that way and {unit} is the Engineer "
        "to keep it (C.9)."
    ),
    Goal.KEEPER: N_(
        "{unit} brings the ToolKit to the {place}: the Engineer who keeps it is there (C.9)."
    ),
    Goal.STATION: N_(
        "{unit} waits in the {place} with the ToolKit: from there every face-down nexus is "
        "near enough to repair in time (C.9)."
    ),
    Goal.GUARD: N_(
        "{unit} joins the ToolKit's Engineer in the {place}: the alien strikes humans "
        "who are alone."
    ),
    Goal.BAIT: N_(
        "{unit} walks towards the {place}, where the alien may be: an Agent it kills costs the "
        "crew nothing (F.1)."
    ),
    Goal.ALIEN: N_(
        "{unit} closes in on the alien seen in the {place}: humans in a group fight it best (D)."
    ),
    Goal.SIGHTING: N_("{unit} walks to the {place}: the alien was last seen there."),
    Goal.HUNT: N_(
        "{unit} walks into the {place}, with company: the alien may be there ({count} grids "
        "left), and a human stepping into its grid finds it (C.7.2)."
    ),
    Goal.LAB: N_(
        "{unit} walks to the {place}: a cadaver lies where a scientist can autopsy it (E.2.2, F.1)."
    ),
    Goal.LOCKER: N_(
        "{unit} walks to the {place}: there is gear to take and {unit} carries nothing (E.2.6)."
    ),
    Goal.WORKROOM: N_(
        "{unit} carries the supplies to the {place}, where devices are fabricated (E.4.2)."
    ),
    Goal.COMPANY: N_(
        "{unit} walks to the others in the {place}: the alien strikes humans who are alone."
    ),
    Goal.ATTACK: N_("{unit} attacks the {item}: it is within reach, and two hits kill it (D.5)."),
    Goal.REPAIR: N_(
        "{unit} repairs the damaged system in the {place}: an Engineer with the ToolKit stops "
        "its countdown (C.9)."
    ),
    Goal.HEAL: N_("{unit} heals {item}: an injured human may not act until healed (D.5)."),
    Goal.AUTOPSY: N_("{unit} autopsies the cadaver: each autopsy is a step of science (F.1)."),
    Goal.FABRICATE: N_(
        "{unit} fabricates in the {place}: no alien can reach it here before the next crew "
        "phase (E.4.2)."
    ),
    Goal.UNLOCK: N_(
        "{unit} opens the locker in the {place}: its gear is the crew's to take (E.2.6)."
    ),
    Goal.PICKUP: N_("{unit} picks up the {item} in the {place}: it is part of the plan (E.3.2)."),
    Goal.HANDOVER: N_(
        "{unit} gives the ToolKit to {item}: only an Engineer repairs with it (C.9)."
    ),
    Goal.LEAVE_KIT: N_(
        "{unit} leaves the ToolKit at the damage in the {place}: the Engineer who acts next "
        "picks it up and repairs (C.2, C.9)."
    ),
    Goal.LAUNCH: N_("{unit} launches the pod: everyone bound for it is aboard (E.2.4)."),
    Goal.DONE: N_(
        "{unit} is done for this phase: nothing in the plan needs another action, and "
        "the actions left search from the {place} (C.8)."
    ),
    Goal.PREY: N_("{unit} stalks the human alone in the {place}: nobody there can help them (D)."),
    Goal.NEXUS: N_(
        "{unit} heads for the nexus in the {place}: of those near, the crew can reach it "
        "least in time (C.9)."
    ),
    Goal.FOOD: N_("{unit} heads for food in the {place}: four energy stores grow it (C.10)."),
    Goal.CREW: N_("{unit} heads for the crew in the {place}: the hunt is on."),
    Goal.SLIP: N_(
        "{unit} slips to the {place}: fewer humans can search it there next phase (C.8)."
    ),
    Goal.FLEE: N_("{unit} is hurt and moves away from the crew, to the {place} (D.5)."),
    Goal.SABOTAGE: N_(
        "{unit} strikes the nexus in the {place}: a damaged critical system counts down (C.9)."
    ),
    Goal.STRIKE: N_(
        "{unit} attacks in the {place}: it keeps the actions to vanish behind the pipes "
        "again (C.7)."
    ),
    Goal.SURFACE: N_(
        "{unit} surfaces in the {place}: something to strike is here and it can hide again "
        "after (C.7.2)."
    ),
    Goal.HIDE: N_(
        "{unit} vanishes behind the pipes in the {place}: the crew loses sight of it (C.7)."
    ),
    Goal.FEINT: N_(
        "{unit} feints in the {place}: the crew has it nearly pinned down, and a feint widens "
        "what they can tell (C.7.1)."
    ),
    Goal.FORAGE: N_("{unit} feeds in the {place}: energy stores let it grow (C.10.1)."),
    Goal.GROW: N_("{unit} has the energy stores to grow: now, in the {place} (C.10, G.4)."),
    Goal.STAY: N_("{unit} stays in the {place}: no move gets it safer or nearer its goal."),
    Goal.MEND: N_("{unit} heals itself in the {place}, away from the crew (D.5)."),
}


def plan_sentence(reason: PlanReason) -> str:
    """The plan's goal and its facts: "Okeke walks to the Workshop: …"."""
    crew = not reason.unit.startswith("alien")
    unit = reason.name if crew else the_alien(reason.unit, _(reason.name))
    place = _(reason.place) if reason.place else _("ship")
    item = _(reason.item) if reason.item else ""
    words = {"unit": unit, "place": place, "item": item, "count": reason.count}
    said = _(GOAL_WHY[reason.goal]).format(**words)
    return said[:1].upper() + said[1:]


def why(decision: Decision) -> str:
    command = decision.command
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
    weighed = _weighed(decision)
    if decision.plan is not None:
        said = plan_sentence(decision.plan)
        return f"{said} {weighed}" if weighed else said
    return weighed or _(GENERIC)


GENERIC = N_("Nothing here turns on what you cannot see: it is the next step of the plan.")


def _weighed(decision: Decision) -> str:
    """How the choice fared in the search against the others ("" without a search)."""
    command, outcome = decision.command, decision.searched
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
    return ""

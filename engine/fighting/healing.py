"""Healing (D.5, E.2.1, E.3.3, G.3 Medical and Humoid).

A Medical human heals an injured or unconscious crew member either with an AidKit
in the same grid, or from inside the Infirmary when the patient lies on an
obstructed Infirmary or Infirmary Quarantine grid. An injured alien heals itself.
"""

from __future__ import annotations

from typing import NoReturn

from engine.board.ship import TAG_INFIRMARY, TAG_INFIRMARY_QUARANTINE
from engine.commands import Heal
from engine.content_models import Activity, GearKind, Skill
from engine.context import Ctx
from engine.efforts import action_cost, afford, boost_price, commit, crew_effort
from engine.emergencies.functions import refuse_disabled
from engine.errors import RuleError
from engine.events import Attempt, Audience, Effort, Means
from engine.fighting.events import Healed
from engine.hiding.events import Call
from engine.hiding.piperun import declare
from engine.raids.military import require_room
from engine.state import Alien, Condition, Human, Side
from engine.turns import take_unit
from engine.units import carries, has_skill, tended_grid

HURT = (Condition.INJURED, Condition.UNCONSCIOUS)


def heal(ctx: Ctx, side: Side, cmd: Heal) -> None:
    take_unit(ctx, side, cmd.unit)
    if ctx.state.is_human(cmd.unit):
        _crew_heal(ctx, ctx.state.human(cmd.unit), cmd)
    else:
        _alien_heal(ctx, ctx.state.alien(cmd.unit), cmd)


def _crew_heal(ctx: Ctx, medic: Human, cmd: Heal) -> None:
    if not has_skill(ctx.content, medic, Skill.MEDICAL):
        raise RuleError(f"{medic.name} has no Medical skill", rule="D.5, G.3")
    patient = _patient(ctx, medic, cmd.target)
    means = heal_means(ctx, medic, patient)
    if means is None:
        raise RuleError(
            f"{medic.name} needs an AidKit in {patient.name}'s grid, or to be in "
            f"the Infirmary with {patient.name} on an Infirmary bed",
            rule="D.5, E.2.1",
        )
    if means is Means.INFIRMARY:  # the emergencies variant (E.3.5)
        refuse_disabled(ctx, "medbay", "bed healing in the Infirmary")
    if means is Means.INFIRMARY:
        require_room(ctx.state, "Infirmary", "no bed healing")
    afford(
        ctx, medic.id, action_cost(ctx, Activity.HEAL, medic.id), cmd.boost, "healing", "E.2.1, C.1"
    )
    attempt = Attempt(
        effort=Effort.HEAL, who=ctx.who(medic.id), target=ctx.who(patient.id), means=means
    )
    roll = crew_effort(
        ctx,
        medic,
        Skill.MEDICAL,
        Activity.HEAL,
        cmd.boost,
        attempt,
        kits=(GearKind.AIDKIT.value,) if means is Means.AIDKIT else (),
    )
    if roll.success:
        patient.condition = Condition.WELL
        ctx.say(Healed(who=ctx.who(patient.id)))


def _patient(ctx: Ctx, medic: Human, word: str) -> Human:
    """The crew member to heal: the one named, or the only one the medic can reach."""
    state = ctx.state
    if not word:
        near = [
            h
            for h in state.live_humans()
            if h.condition in HURT and h.id != medic.id and heal_means(ctx, medic, h)
        ]
        patients = [h for h in near if not has_skill(ctx.content, h, Skill.HUMOID)]
        if not patients and near:
            _refuse_humoid(near[0])
        if len(patients) != 1:
            legal = [h.id for h in patients]
            raise RuleError("name the crew member to heal", rule="D.5", legal=legal)
        return patients[0]
    patient = state.humans.get(word)
    if patient is None or patient not in state.live_humans():
        raise RuleError(f"'{word}' is not a living crew member aboard", rule="D.5")
    if patient.id == medic.id:
        raise RuleError("the healer and the patient are two units", rule="D.5")
    if patient.condition not in HURT:
        raise RuleError(f"{patient.name} is not injured", rule="D.5")
    if has_skill(ctx.content, patient, Skill.HUMOID):
        _refuse_humoid(patient)
    return patient


def _refuse_humoid(patient: Human) -> NoReturn:
    raise RuleError(
        f"{patient.name} cannot be healed by Medical personnel: a Humoid is repaired",
        rule="G.3",
    )


def heal_means(ctx: Ctx, medic: Human, patient: Human) -> Means | None:
    """How the medic can treat the patient: with the AidKit, in the Infirmary, or not
    at all (D.5, E.2.1, E.3.3)."""
    state, ship = ctx.state, ctx.ship
    here, there = state.unit_grid(medic.id), tended_grid(state, patient)
    if here is None or there is None:
        return None
    if here == there and carries(state, medic.id, GearKind.AIDKIT):
        return Means.AIDKIT
    beds = (TAG_INFIRMARY, TAG_INFIRMARY_QUARANTINE)
    if (
        TAG_INFIRMARY in ship.region_of(here).tags
        and patient.holder is None
        and ship.is_obstructed(there)
        and any(tag in ship.region_of(there).tags for tag in beds)
    ):
        return Means.INFIRMARY
    return None


def _alien_heal(ctx: Ctx, alien: Alien, cmd: Heal) -> None:
    """D.5: the injured alien heals itself; a pipe-runner declares "Heal" and "Bonus"
    for each committed action (C.7.3) and only the alien sees the roll."""
    if cmd.target not in ("", alien.id):
        raise RuleError("the alien heals only itself", rule="D.5, G.1")
    if not alien.injured:
        raise RuleError(f"{ctx.name(alien.id)} is not injured", rule="D.5")
    cost = action_cost(ctx, Activity.HEAL, alien.id)
    afford(ctx, alien.id, cost, cmd.boost, "healing", "D.5, C.1")
    mods = commit(ctx, alien.id, cost, cmd.boost)
    audience = Audience.PUBLIC
    if alien.pipe_running:
        audience = Audience.ALIEN
        for call in [Call.HEAL] * cost + [Call.BONUS] * boost_price(ctx, alien.id, cmd.boost):
            declare(ctx, alien, call)
    attempt = Attempt(effort=Effort.HEAL_SELF, who=ctx.who(alien.id))
    roll = ctx.roll(attempt, mods, audience=audience)
    if roll.success:
        alien.injured = False
        ctx.say(Healed(audience=audience, who=ctx.who(alien.id)))

"""The English catalogue: names, counts and rolls."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from bot.present.locale import N_, _, ngettext
from bot.present.names import the_alien
from engine.content import Content, load_content
from engine.content_models import GearKind
from engine.dice import Modifier, Roll, Term
from engine.events import (
    GearAction,
    Handling,
    Load,
    Marker,
    Who,
)


@cache
def content() -> Content:
    return load_content()


def name(who: Who) -> str:
    """How a unit is called: "Hyun", "the Larva", "the Larva 2" (never its id)."""
    return the_alien(who.id, who.name) if who.alien else who.name


def Name(who: Who) -> str:
    """``name`` at the start of a sentence: "The Larva"."""
    text = name(who)
    return text[:1].upper() + text[1:]


def actions(n: int) -> str:
    return ngettext("{n} action", "{n} actions", n).format(n=n)


def grids(n: int) -> str:
    return ngettext("{n} grid", "{n} grids", n).format(n=n)


def gear_name(kind: str) -> str:
    return content().gear[GearKind(kind)].name


def modifier_text(modifier: Modifier) -> str:
    """A modifier's source: "actions", "Engineer", "Larva ferocity", "range 2" …"""
    fixed = {
        Term.ACTIONS: N_("actions"),
        Term.COMMAND: "Command",  # the skill, by its name
        Term.DOOR: N_("closed door resilience"),
        Term.NEXUS: N_("nexus resilience"),
        Term.WALL: N_("wall resilience"),
    }
    if modifier.term in fixed:
        return _(fixed[modifier.term])
    if modifier.term is Term.FEROCITY:
        return _("{name} ferocity").format(name=modifier.name)
    if modifier.term is Term.RESILIENCE:
        return _("{name} resilience").format(name=modifier.name)
    if modifier.term is Term.HAZARD:
        return _("compromised {room}").format(room=modifier.name)
    if modifier.term is Term.RANGE:
        return _("range {n}").format(n=modifier.name)
    return modifier.name  # a skill, gear or ability by its name


def roll_text(roll: Roll) -> str:
    """C.1, every modifier shown: ``d6 4 +2 actions +1 Engineer = 7: success``."""
    outcome = _("success") if roll.success else _("failure")
    return f"{roll_sum(roll)}: {outcome}"


def roll_sum(roll: Roll) -> str:
    """The die and every modifier with the total, no outcome: ``d6 4 +2 actions = 6``
    (a roll whose outcome is more than success or failure words it itself)."""
    parts = [f"d6 {roll.die}"]
    for m in roll.modifiers:
        if m.value:
            parts.append(f"{'+' if m.value >= 0 else '-'}{abs(m.value)} {modifier_text(m)}")
    return f"{' '.join(parts)} = {roll.total}"


def describe(load: Load) -> str:
    """What the other side sees move: markers face-down, bodies by name."""
    parts = []
    if load.gear:
        gear = ngettext("{n} gear marker", "{n} gear markers", load.gear)
        parts.append(gear.format(n=load.gear))
    if load.crates:
        crates = ngettext("{n} supplies crate", "{n} supplies crates", load.crates)
        parts.append(crates.format(n=load.crates))
    parts += [b.name for b in load.bodies]
    return ", ".join(parts) if parts else _("nothing")


def marker_label(marker: Marker) -> str:
    """A marker by what its reader knows of it, never by its id: "Handgun",
    "supplies crate (food)", "face-down gear marker" (C.3)."""
    if marker.crate:
        if marker.kind:
            return _("supplies crate ({supply})").format(supply=marker.kind)
        return _("supplies crate")
    if marker.kind:
        return gear_name(marker.kind)
    return _("face-down gear marker")


def named(items: Sequence[Marker], bodies: Sequence[Who] = ()) -> str:
    """What the acting side knows it moved, by name: "an AidKit, 2 × Dunsel, Hyun"."""
    labels = [marker_label(m) for m in items]
    counted = {label: labels.count(label) for label in labels}
    parts = [
        (_("an {thing}") if label[:1].lower() in "aeiou" else _("a {thing}")).format(thing=label)
        if n == 1
        else _("{n} × {thing}").format(n=n, thing=label)
        for label, n in counted.items()
    ]
    return ", ".join(parts + [b.name for b in bodies])


def verb(handling: Handling) -> str:
    """E.3.2 in the third person: "picks up", "hands Hyun" …"""
    to = name(handling.to) if handling.to else ""
    match handling.action:
        case GearAction.PICK_UP:
            return _("picks up")
        case GearAction.DROP:
            return _("drops")
        case GearAction.GIVE:
            return _("hands {to}").format(to=to)
        case GearAction.EXCHANGE:
            back = describe(handling.back)
            return _("exchanges with {to} {what} for").format(to=to, what=back)


def tried(handling: Handling) -> str:
    """The same, as tried: "pick up", "hand Hyun"."""
    if handling.action is GearAction.PICK_UP:
        return _("pick up")
    return _("hand {to}").format(to=name(handling.to) if handling.to else "")

"""The English catalogue: names, counts and rolls."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from bot.present.locale import N_, _, ngettext
from bot.present.plain import plain
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
    """How a unit is called: "Hyun", "the Larva", "the Larva (alien2)"."""
    if not who.alien:
        return who.name
    suffix = "" if who.id == "alien1" else f" ({who.id})"
    return _("the {alien}").format(alien=who.name) + suffix


def Name(who: Who) -> str:
    """``name`` at the start of a sentence: "The Larva"."""
    text = name(who)
    return text[:1].upper() + text[1:]


def count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


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
        Term.COMMAND: "Command",
        Term.DOOR: "closed door resilience",
        Term.NEXUS: "nexus resilience",
    }
    if modifier.term in fixed:
        return _(fixed[modifier.term])
    if modifier.term is Term.FEROCITY:
        return _("{name} ferocity").format(name=modifier.name)
    if modifier.term is Term.RESILIENCE:
        return _("{name} resilience").format(name=modifier.name)
    if modifier.term is Term.RANGE:
        return _("range {n}").format(n=modifier.name)
    return modifier.name  # a skill, gear or ability by its name


def roll_text(roll: Roll) -> str:
    """C.1, every modifier shown: ``d6 4 +2 actions +1 Engineer = 7: success``."""
    parts = [f"d6 {roll.die}"]
    for m in roll.modifiers:
        if m.value:
            parts.append(f"{'+' if m.value >= 0 else '-'}{abs(m.value)} {modifier_text(m)}")
    outcome = _("success") if roll.success else _("failure")
    return f"{' '.join(parts)} = {roll.total}: {outcome}"


def describe(load: Load) -> str:
    """What the other side sees move: markers face-down, bodies by name."""
    parts = [
        count(n, word)
        for n, word in ((load.gear, "gear marker"), (load.crates, "supplies crate"))
        if n
    ]
    parts += [b.name for b in load.bodies]
    return ", ".join(parts) if parts else "nothing"


def named(items: Sequence[Marker], bodies: Sequence[Who] = ()) -> str:
    """What the acting side knows it moved: ids, with the kinds it reads."""
    labels = [f"{plain(m.id)} ({m.kind})" if m.kind else plain(m.id) for m in items]
    return ", ".join(labels + [b.name for b in bodies])


def verb(handling: Handling) -> str:
    """E.3.2 in the third person: "picks up", "hands Hyun" …"""
    to = name(handling.to) if handling.to else ""
    return {
        GearAction.PICK_UP: "picks up",
        GearAction.DROP: "drops",
        GearAction.GIVE: f"hands {to}",
        GearAction.EXCHANGE: f"exchanges with {to} {describe(handling.back)} for",
    }[handling.action]


def tried(handling: Handling) -> str:
    """The same, as tried: "pick up", "hand Hyun"."""
    if handling.action is GearAction.PICK_UP:
        return "pick up"
    return f"hand {name(handling.to) if handling.to else ''}"

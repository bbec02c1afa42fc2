"""The English catalogue: equipment (E, G.2)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.catalogue.words import (
    Name,
    actions,
    content,
    describe,
    gear_name,
    name,
    named,
    tried,
    verb,
)
from bot.present.locale import _
from engine.content_models import GearKind
from engine.equipment.events import (
    AteBait,
    Autopsied,
    AutopsyFailed,
    BlueprintDrawn,
    BlueprintLearned,
    DeviceMade,
    DoorRepaired,
    DriveOrder,
    Fabricated,
    FabricationFailed,
    GearMoved,
    GearNamed,
    GearTried,
    Immune,
    LockerHeld,
    LockerOpened,
    Lured,
    NexusRepaired,
    NoBlueprintLeft,
    Repelled,
    RepelledNoFarther,
    Switched,
    TacKitOpened,
    TooHeavy,
)
from engine.events import (
    Event,
)


def _gear_moved(e: GearMoved) -> str:
    said = _("{who} {does} {what}").format(
        who=Name(e.who), does=verb(e.handling), what=describe(e.load)
    )
    return said + (" " + _("({cost})").format(cost=actions(e.cost)) if e.cost else "")


def _gear_named(e: GearNamed) -> str:
    what = named(e.items, e.bodies)
    return _("{who} {does} {what}").format(who=Name(e.who), does=verb(e.handling), what=what)


def _gear_tried(e: GearTried) -> str:
    said = _("{who} tries to {do} {what} but cannot carry it")
    return said.format(who=Name(e.who), do=tried(e.handling), what=describe(e.load))


def _too_heavy(e: TooHeavy) -> str:
    said = _("{who} cannot carry {what}: too heavy (E.3.1)")
    return said.format(who=Name(e.who), what=named(e.items))


def _locker_opened(e: LockerOpened) -> str:
    said = _("{who} opens the {room} locker: {what} (E.2.6)")
    return said.format(who=Name(e.who), room=e.room, what=describe(e.load))


def _locker_held(e: LockerHeld) -> str:
    return _("The {room} locker held {what}").format(room=e.room, what=named(e.items))


def _tackit_opened(e: TacKitOpened) -> str:
    names = ", ".join(gear_name(kind) for kind in e.gear)
    said = _("{who} opens the TacKit: {gear} lie at {grid} (E.3.6)")
    return said.format(who=Name(e.who), gear=names, grid=e.grid)


def _autopsy_failed(e: AutopsyFailed) -> str:
    return _("The autopsy of {cadaver} fails (E.2.2)").format(cadaver=e.cadaver.name)


def _autopsied(e: Autopsied) -> str:
    said = _("{cadaver}'s cadaver is autopsied and removed from play (E.2.2)")
    return said.format(cadaver=e.cadaver.name)


def _blueprint_drawn(_e: BlueprintDrawn) -> str:
    return _("The crew draws a face-down improvised device marker: a blueprint (E.4.1)")


def _no_blueprint_left(_e: NoBlueprintLeft) -> str:
    return _("No improvised device markers are left to draw (E.4.1)")


def _blueprint_learned(e: BlueprintLearned) -> str:
    device = GearKind(e.device)
    plan = content().blueprints[device]
    recipe = _(
        "a human with {skill} carrying {supplies} supplies in an obstructed grid of the {room}"
    ).format(skill=plan.skill.value, supplies=plan.supplies.value, room=plan.room.value)
    return _("Blueprint: {device} - {recipe} (E.4.1, G.2)").format(
        device=gear_name(device), recipe=recipe
    )


def _fabrication_failed(e: FabricationFailed) -> str:
    return _("{who}'s fabrication fails (E.4.2)").format(who=Name(e.who))


def _fabricated(e: Fabricated) -> str:
    said = _(
        "{who} fabricates an improvised device: a face-down marker lies at {grid}; a "
        "supplies crate is used up (E.4.2)"
    )
    return said.format(who=Name(e.who), grid=e.grid)


def _device_made(e: DeviceMade) -> str:
    said = _(
        "The face-down marker at {grid} is the {device}; the supplies crate ({supply}) is "
        "used up (E.4.2)"
    )
    return said.format(grid=e.grid, device=gear_name(e.device), supply=e.supply)


def _switched(e: Switched) -> str:
    if e.on:
        return _("{who} switches on the Ultrasonics, revealed (G.2.5)").format(who=Name(e.who))
    return _("{who} switches the Ultrasonics off (G.2.5)").format(who=Name(e.who))


def _drive_order(e: DriveOrder) -> str:
    if e.toward:
        return _("Standing order: Ultrasonics drive the alien toward {grid} (G.2.5)").format(
            grid=e.toward
        )
    return _("Standing order: Ultrasonics drive the alien straight away from the carrier (G.2.5)")


def _immune(e: Immune) -> str:
    said = _("{who} ignores the {device} (G.4 Immunity)")
    return said.format(who=Name(e.who), device=gear_name(e.device))


def _lured(e: Lured) -> str:
    return _("{who} is drawn to the Poison Bait at {grid} (G.2.2)").format(
        who=Name(e.who), grid=e.grid
    )


def _ate_bait(e: AteBait) -> str:
    return _("{who} eats the Poison Bait (G.2.2)").format(who=Name(e.who))


def _repelled(e: Repelled) -> str:
    said = _("{by}'s Ultrasonics drive {who} away: {retreat} of retreat (G.2.5)")
    return said.format(by=e.by.name, who=name(e.who), retreat=actions(e.actions))


def _repelled_no_farther(e: RepelledNoFarther) -> str:
    said = _("{who} can get no farther: {lost} lost (G.2.5)")
    return said.format(who=Name(e.who), lost=actions(e.lost))


def _door_repaired(e: DoorRepaired) -> str:
    if e.closed:
        return _("Door {door} is repaired and left closed (D.2)").format(door=e.door)
    return _("Door {door} is repaired and left open (D.2)").format(door=e.door)


def _nexus_repaired(e: NexusRepaired) -> str:
    if e.danger_over:
        said = _(
            "{who} repairs the {system}: its marker is removed from play. The danger is over. (C.9)"
        )
    else:
        said = _("{who} repairs the {system}: its marker is removed from play. (C.9)")
    return said.format(who=Name(e.who), system=e.system)


SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    GearMoved: _gear_moved,
    GearNamed: _gear_named,
    GearTried: _gear_tried,
    TooHeavy: _too_heavy,
    LockerOpened: _locker_opened,
    LockerHeld: _locker_held,
    TacKitOpened: _tackit_opened,
    AutopsyFailed: _autopsy_failed,
    Autopsied: _autopsied,
    BlueprintDrawn: _blueprint_drawn,
    NoBlueprintLeft: _no_blueprint_left,
    BlueprintLearned: _blueprint_learned,
    FabricationFailed: _fabrication_failed,
    Fabricated: _fabricated,
    DeviceMade: _device_made,
    Switched: _switched,
    DriveOrder: _drive_order,
    Immune: _immune,
    Lured: _lured,
    AteBait: _ate_bait,
    Repelled: _repelled,
    RepelledNoFarther: _repelled_no_farther,
    DoorRepaired: _door_repaired,
    NexusRepaired: _nexus_repaired,
}

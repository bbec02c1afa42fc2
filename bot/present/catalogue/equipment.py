"""The English catalogue: equipment (E, G.2)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.catalogue.words import (
    Name,
    actions,
    content,
    count,
    describe,
    gear_name,
    name,
    named,
    tried,
    verb,
)
from bot.present.plain import plain
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
    price = f" ({actions(e.cost)})" if e.cost else ""
    return f"{Name(e.who)} {verb(e.handling)} {describe(e.load)}{price}"


def _gear_named(e: GearNamed) -> str:
    return f"{Name(e.who)} {verb(e.handling)} {named(e.items, e.bodies)}"


def _gear_tried(e: GearTried) -> str:
    return f"{Name(e.who)} tries to {tried(e.handling)} {describe(e.load)} but cannot carry it"


def _too_heavy(e: TooHeavy) -> str:
    return f"{Name(e.who)} cannot carry {named(e.items)}: too heavy (E.3.1)"


def _locker_opened(e: LockerOpened) -> str:
    return f"{Name(e.who)} opens the {e.room} locker: {describe(e.load)} (E.2.6)"


def _locker_held(e: LockerHeld) -> str:
    return f"The {e.room} locker held {named(e.items)}"


def _tackit_opened(e: TacKitOpened) -> str:
    names = ", ".join(gear_name(kind) for kind in e.gear)
    return f"{Name(e.who)} opens the TacKit: {names} lie at {e.grid} (E.3.6)"


def _autopsy_failed(e: AutopsyFailed) -> str:
    return f"The autopsy of {e.cadaver.name} fails (E.2.2)"


def _autopsied(e: Autopsied) -> str:
    return f"{e.cadaver.name}'s cadaver is autopsied and removed from play (E.2.2)"


def _blueprint_drawn(_: BlueprintDrawn) -> str:
    return "The crew draws a face-down improvised device marker: a blueprint (E.4.1)"


def _no_blueprint_left(_: NoBlueprintLeft) -> str:
    return "No improvised device markers are left to draw (E.4.1)"


def _blueprint_learned(e: BlueprintLearned) -> str:
    device = GearKind(e.device)
    plan = content().blueprints[device]
    recipe = (
        f"a human with {plan.skill.value} carrying {plan.supplies.value} supplies "
        f"in an obstructed grid of the {plan.room.value}"
    )
    return f"Blueprint: {gear_name(device)} - {recipe} (E.4.1, G.2)"


def _fabrication_failed(e: FabricationFailed) -> str:
    return f"{Name(e.who)}'s fabrication fails (E.4.2)"


def _fabricated(e: Fabricated) -> str:
    return (
        f"{Name(e.who)} fabricates an improvised device: a face-down marker ({plain(e.marker)}) "
        f"lies at {e.grid}; a supplies crate is used up (E.4.2)"
    )


def _device_made(e: DeviceMade) -> str:
    return (
        f"{plain(e.marker)} is the {gear_name(e.device)}; the {plain(e.crate)} "
        f"({e.supply}) crate is used up (E.4.2)"
    )


def _switched(e: Switched) -> str:
    if e.on:
        return f"{Name(e.who)} switches on the Ultrasonics ({plain(e.item)}, revealed) (G.2.5)"
    return f"{Name(e.who)} switches the Ultrasonics ({plain(e.item)}) off (G.2.5)"


def _drive_order(e: DriveOrder) -> str:
    where = f"toward {e.toward}" if e.toward else "straight away from the carrier"
    return f"Standing order: Ultrasonics drive the alien {where} (G.2.5)"


def _immune(e: Immune) -> str:
    return f"{Name(e.who)} ignores the {gear_name(e.device)} (G.4 Immunity)"


def _lured(e: Lured) -> str:
    return f"{Name(e.who)} is drawn to the Poison Bait ({e.bait}) at {e.grid} (G.2.2)"


def _ate_bait(e: AteBait) -> str:
    return f"{Name(e.who)} eats the Poison Bait (G.2.2)"


def _repelled(e: Repelled) -> str:
    retreat = count(e.actions, "action")
    return f"{e.by.name}'s Ultrasonics drive {name(e.who)} away: {retreat} of retreat (G.2.5)"


def _repelled_no_farther(e: RepelledNoFarther) -> str:
    return f"{Name(e.who)} can get no farther: {count(e.lost, 'action')} lost (G.2.5)"


def _door_repaired(e: DoorRepaired) -> str:
    return f"Door {e.door} is repaired and left {'closed' if e.closed else 'open'} (D.2)"


def _nexus_repaired(e: NexusRepaired) -> str:
    danger = " The danger is over." if e.danger_over else ""
    return f"{Name(e.who)} repairs the {e.system}: its marker is removed from play.{danger} (C.9)"


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

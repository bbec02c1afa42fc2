"""The English catalogue: the one place where events become words.

One function per event kind (:data:`SENTENCES`, keyed by record class) turns a record
into the sentence people read; every output (the channel, DMs, the terminal table,
scripts: :mod:`bot.present.events`) says the same. Another language is a gettext
catalogue of these sentences (:mod:`bot.present.locale`): the ones marked ``_``
(moves, doors, pipe-runs, searches, attacks and their rolls) are worded in it for the
person who acted, in their reply; the rest, and every other output, stay English. Names
of things (humans, life stages, gear, systems, rooms) come from the records and the
game's data, as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from bot.present.locale import N_, _, ngettext
from engine.board.grid import Grid
from engine.content import Content, load_content
from engine.content_models import Ability, GearKind, ShipSystem
from engine.dice import Modifier, Roll, Term
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
from engine.escape.events import (
    Countdown,
    HidingAboard,
    Launched,
    Launching,
    PodFight,
    ShipDestroyed,
)
from engine.events import (
    AbilityChosen,
    AbilityRevealed,
    Attempt,
    DeadRole,
    DiedOnThePlanet,
    Effort,
    Ending,
    EnergyOrder,
    Event,
    GameOver,
    GearAction,
    GearRevealed,
    Handling,
    InjuredInBeds,
    LarvaPlaced,
    Load,
    Marker,
    Means,
    OrderLapsed,
    PhaseBegan,
    Placed,
    RoleGear,
    RoleTaken,
    Rolled,
    SkillDrawn,
    SkillRevealed,
    SuppliesStowed,
    UnitDone,
    Who,
)
from engine.fighting.events import (
    AlienAttacked,
    Death,
    Died,
    DoorSmashed,
    EnergySpent,
    Healed,
    Injured,
    NexusDamaged,
)
from engine.growing.events import (
    AbilityDrawn,
    AbilityLearned,
    CrateSeen,
    Examined,
    Foraged,
    Mutated,
    NoAbilityLeft,
    NothingToEat,
    RoyalMutated,
    Shed,
    Spawned,
    Surged,
)
from engine.hiding.events import (
    Call,
    Declared,
    Giveaway,
    HiddenAt,
    PipeRun,
    Searched,
    Sighted,
    Surfaced,
    Surfacing,
)
from engine.moving.events import (
    BlownOut,
    BlowOutCause,
    DoorWorked,
    LostToSpace,
    MarkersLost,
    Moved,
    Waited,
)
from engine.state import Phase


def sentence(event: Event) -> str:
    """The event in one English sentence."""
    return SENTENCES[type(event)](event)


# --- names, counts and rolls --------------------------------------------------------------
@cache
def _content() -> Content:
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


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _actions(n: int) -> str:
    return ngettext("{n} action", "{n} actions", n).format(n=n)


def _grids(n: int) -> str:
    return ngettext("{n} grid", "{n} grids", n).format(n=n)


def _gear_name(kind: str) -> str:
    return _content().gear[GearKind(kind)].name


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
        _count(n, word)
        for n, word in ((load.gear, "gear marker"), (load.crates, "supplies crate"))
        if n
    ]
    parts += [b.name for b in load.bodies]
    return ", ".join(parts) if parts else "nothing"


def named(items: Sequence[Marker], bodies: Sequence[Who] = ()) -> str:
    """What the acting side knows it moved: ids, with the kinds it reads."""
    labels = [f"{m.id} ({m.kind})" if m.kind else m.id for m in items]
    return ", ".join(labels + [b.name for b in bodies])


def _verb(handling: Handling) -> str:
    """E.3.2 in the third person: "picks up", "hands Hyun" …"""
    to = name(handling.to) if handling.to else ""
    return {
        GearAction.PICK_UP: "picks up",
        GearAction.DROP: "drops",
        GearAction.GIVE: f"hands {to}",
        GearAction.EXCHANGE: f"exchanges with {to} {describe(handling.back)} for",
    }[handling.action]


def _tried(handling: Handling) -> str:
    """The same, as tried: "pick up", "hand Hyun"."""
    if handling.action is GearAction.PICK_UP:
        return "pick up"
    return f"hand {name(handling.to) if handling.to else ''}"


# --- set-up (B.1) -------------------------------------------------------------------------
def _died_on_the_planet(e: DiedOnThePlanet) -> str:
    names = ", ".join(w.name for w in e.dead)
    return f"{names} died on the planet; their cadavers lie in quarantine (B.1.2)"


def _dead_role(e: DeadRole) -> str:
    return f"{e.who.name} held the role {e.role}"


def _injured_in_beds(e: InjuredInBeds) -> str:
    return f"{' and '.join(w.name for w in e.injured)} lie injured in the Infirmary beds"


def _role_taken(e: RoleTaken) -> str:
    return f"{e.who.name} takes the role {e.role}"


def _skill_drawn(e: SkillDrawn) -> str:
    return f"{e.who.name} draws skill {e.skill}"


def _role_gear(e: RoleGear) -> str:
    return f"{e.who.name} starts with a {e.gear}: the {e.role} (E.1)"


def _placed(e: Placed) -> str:
    return f"{e.who.name} takes position at {e.grid}"


def _supplies_stowed(_: SuppliesStowed) -> str:
    return "Nine face-down supplies crates are stowed in the Cargo Hold and Store"


def _ability_chosen(e: AbilityChosen) -> str:
    return f"The alien's secret ability: {e.ability} (B.1.3)"


def _larva_placed(e: LarvaPlaced) -> str:
    return f"The Larva lurks at {e.grid} (B.1.3)"


# --- turns, orders, the end ---------------------------------------------------------------
# Why a game ended, as the engine's state says it too (its ``result``: texts' result line).
NO_HUMANS = N_("no living human is left aboard")
NO_ALIENS = N_("no living alien is left aboard")


def _phase_began(e: PhaseBegan) -> str:
    if e.phase is Phase.CREW:
        return _("Turn {turn}: the crew phase begins (C)").format(turn=e.turn)
    if e.phase is Phase.ALIEN:
        return _("Turn {turn}: the alien phase begins (C)").format(turn=e.turn)
    return f"Turn {e.turn}: the {e.phase.value} phase begins (C)"


def _unit_done(e: UnitDone) -> str:
    return _("{who} is done for this phase.").format(who=Name(e.who))


def ending_text(ending: Ending, system: str = "") -> str:
    """Why the game ended (C, F)."""
    return {
        Ending.SHIP_DESTROYED: _("the Quicksilver is destroyed ({system})").format(system=system),
        Ending.NO_HUMANS: _(NO_HUMANS),
        Ending.NO_ALIENS: _(NO_ALIENS),
    }[ending]


def _game_over(e: GameOver) -> str:
    return _("The game is over: {why} (C, F)").format(why=ending_text(e.ending, e.system))


def _energy_order(e: EnergyOrder) -> str:
    return f"Standing order: spend energy on an exact 7 is {'on' if e.on else 'off'}"


def _order_lapsed(e: OrderLapsed) -> str:
    return f"{Name(e.who)}'s order '{e.command}' lapses: {e.reason}"


# --- efforts ------------------------------------------------------------------------------
_MEANS = {
    Means.AIDKIT: "with the AidKit",
    Means.INFIRMARY: "in the Infirmary",
    Means.SCIKIT: "with the SciKit",
    Means.LAB: "in the Lab",
}


def attempt_text(a: Attempt) -> str:
    """What the roll is for: "Hyun attacks the Larva with the Carbine"."""
    who = Name(a.who) if a.who else ""
    target = name(a.target) if a.target else ""
    means = _MEANS[a.means] if a.means else ""
    match a.effort:
        case Effort.ATTACK:
            if a.weapon:
                weapon = _gear_name(a.weapon)
                return _("{who} attacks {target} with the {weapon}").format(
                    who=who, target=target, weapon=weapon
                )
            return _("{who} attacks {target}").format(who=who, target=target)
        case Effort.ATTACK_DOOR:
            return f"{who} attacks door {a.door}"
        case Effort.ATTACK_NEXUS:
            return f"{who} attacks the nexus at {a.grid}"
        case Effort.BAIT:
            return f"The Poison Bait attacks {target}"
        case Effort.HEAL:
            return f"{who} heals {target} {means}"
        case Effort.HEAL_SELF:
            return f"{who} heals"
        case Effort.AUTOPSY:
            return f"{who} autopsies {target} {means}"
        case Effort.FABRICATE:
            return f"{who} fabricates an improvised device"
        case Effort.REPAIR_DOOR:
            return f"{who} repairs door {a.door}"
        case Effort.REPAIR_SYSTEM:
            return f"{who} repairs the {a.system} at {a.grid}"
        case Effort.REPAIR_HUMOID:
            return f"{who} repairs {target}"
        case Effort.MUTATE:
            return f"{who} mutates"
        case Effort.SPAWN:
            return f"{who} spawns a Larva"


def _rolled(e: Rolled) -> str:
    return f"{attempt_text(e.attempt)}: {roll_text(e.roll)}"


def _gear_revealed(e: GearRevealed) -> str:
    said = _("{who} uses {item}: a {gear}, now face up (C.3)")
    return said.format(who=Name(e.who), item=e.item, gear=e.gear)


def _skill_revealed(e: SkillRevealed) -> str:
    shown = [_("role marker {role}").format(role=e.role)] if e.role else []
    shown += [_("skill marker {skill}").format(skill=e.skill)] if e.marker else []
    said = _("{who} uses {skill}: {shown} turned face-up (C.3, E.1)")
    return said.format(who=Name(e.who), skill=e.skill, shown=_(" and ").join(shown))


def _ability_revealed(e: AbilityRevealed) -> str:
    return f"The alien reveals its {e.ability} ability (C.3, G.4)"


# --- moving (C.4, E.2.5) ------------------------------------------------------------------
def _moved(e: Moved) -> str:
    said = _("{who} moves {start} → {grid} ({cost})")
    return said.format(who=Name(e.who), start=e.start, grid=e.grid, cost=_actions(e.cost))


def _waited(e: Waited) -> str:
    return f"{Name(e.who)} waits."


def _door_worked(e: DoorWorked) -> str:
    said = _("{who} opens {door} ({cost})") if e.opening else _("{who} closes {door} ({cost})")
    return said.format(who=Name(e.who), door=e.door, cost=_actions(e.cost))


def _blown_out(e: BlownOut) -> str:
    why = {
        BlowOutCause.OPENED: _("The outer Air Lock door opens"),
        BlowOutCause.SMASHED: _("The outer Air Lock door is smashed"),
    }[e.cause]
    return _("{why}: the Air Lock blows out into space (E.2.5)").format(why=why)


def _markers_lost(e: MarkersLost) -> str:
    return f"{_count(e.count, 'marker')} lost to space"


def _lost_to_space(e: LostToSpace) -> str:
    return f"{Name(e.who)} is lost to space (E.2.5)"


# --- hiding (C.7, C.8) --------------------------------------------------------------------
def call_text(e: Declared) -> str:
    """The word called out (C.7.3): "Move", "Hyun", "Lift B2", "Forage" …"""
    if e.call is Call.HUMAN and e.human is not None:
        return e.human.name
    if e.call in (Call.LIFT, Call.HATCH):
        return f"{e.call.value} {e.letter}{e.deck}"
    return e.call.value


def _declared(e: Declared) -> str:
    return f"Alien: {call_text(e)}"


def _giveaway(e: Sighted) -> str:
    human = e.human.name if e.human else ""
    handled = e.handling or Handling(GearAction.PICK_UP)
    match e.cause:
        case Giveaway.PASSES:
            return f"it passes {human}"
        case Giveaway.COMES_OUT:
            return f"it comes out where {human} is"
        case Giveaway.CONSUMES:
            return f"it consumes {human}'s body" if e.human else "it consumes a food supplies crate"
        case Giveaway.EXAMINES:
            return "it examines a supplies marker"
        case Giveaway.TOUCHES:
            return f"markers are touched where it hides ({_tried(handled)})"
        case Giveaway.MOVES:
            return f"markers move where it hides ({_verb(handled)})"
        case Giveaway.OPENS:
            return f"it opens {e.door}"
        case Giveaway.CLOSES:
            return f"it closes {e.door}"
        case Giveaway.LAUNCHES:
            return f"it launches {e.pod}"
        case Giveaway.SPAWNS:
            return "a new Larva appears where it hides"


def _sighted(e: Sighted) -> str:
    return f"The alien gives itself away at {e.grid}: {_giveaway(e)} (C.7.1)"


def _surfaced(e: Surfaced) -> str:
    by = e.by.name if e.by else ""
    how = {
        Surfacing.STOPS: _("the alien stops its pipe-run"),
        Surfacing.TALLIED: _("tallied by {by}'s search").format(by=by),
        Surfacing.WALKED_INTO: _("{by} walks right into it").format(by=by),
        Surfacing.ATTACKS: _("it attacks"),
        Surfacing.ATTACKS_DOOR: _("it attacks a door"),
        Surfacing.ATTACKS_NEXUS: _("it attacks a nexus"),
    }[e.how]
    return _("{who} is at {grid}: {how} (C.7.2)").format(who=Name(e.who), grid=e.grid, how=how)


def _pipe_run(e: PipeRun) -> str:
    said = _("{who} vanishes behind the pipes at {grid} ({cost}) (C.7)")
    return said.format(who=Name(e.who), grid=e.grid, cost=_actions(e.cost))


def _searched(e: Searched) -> str:
    if e.found and e.leftover:
        said = _("{who} searches with leftover actions {reach} from {origin} and spots the alien!")
    elif e.found:
        said = _("{who} searches {reach} from {origin} and spots the alien!")
    elif e.leftover:
        said = _("{who} searches with leftover actions {grids} from {origin}: nothing found (C.8)")
    else:
        said = _("{who} searches {grids} from {origin}: nothing found (C.8)")
    return said.format(who=Name(e.who), reach=e.reach, grids=_grids(e.reach), origin=e.origin)


def _hidden_at(e: HiddenAt) -> str:
    if e.phase_end:
        return f"{Name(e.who)} ends the phase hidden at {e.grid}"
    return f"{Name(e.who)} is at {e.grid} (secret)"


# --- fighting (D) -------------------------------------------------------------------------
def _alien_attacked(e: AlienAttacked) -> str:
    victims = ", ".join(w.name for w in e.victims)
    return _("{who} attacks {grid}: {victims} (D.2)").format(
        who=Name(e.who), grid=e.grid, victims=victims
    )


def _door_smashed(e: DoorSmashed) -> str:
    return f"Door {e.door} is smashed open (D.2)"


def _nexus_damaged(e: NexusDamaged) -> str:
    head = f"The nexus at {e.grid} is damaged: it is the {e.system}"
    if not e.critical:
        return f"{head}, which is not critical: no effect (C.9, {e.rule})"
    effect = _content().systems[ShipSystem(e.system)].effect
    return (
        f"{head}! Repair it within {e.turns} turns, before the start of the alien phase of "
        f"turn {e.deadline_turn} (C.9, {e.rule}: {effect})"
    )


def _energy_spent(e: EnergySpent) -> str:
    if e.bait:
        return (
            f"{Name(e.who)} burns an energy store on the exact {e.target}: "
            "injured, not killed (D.5, G.2.2)"
        )
    return f"{Name(e.who)} burns an energy store to shrug off the exact {e.target} (D.5)"


def _injured(e: Injured) -> str:
    drops = ""
    if e.dropped:
        drops = f" and drops {'one thing' if e.dropped == 1 else f'{e.dropped} things'}"
    if e.who.alien:
        said = _("{who} is injured: no abilities until healed (D.5)").format(who=Name(e.who))
        return said + drops
    how = "falls unconscious (G.4 Venom)" if e.unconscious else "is injured (D.5)"
    return f"{Name(e.who)} {how}{drops}"


def _died(e: Died) -> str:
    how = {
        Death.WOUNDS: "dies (D.5)",
        Death.HUMOID: "is destroyed and removed from the game (G.3)",
        Death.SECOND_INJURY: "dies of its second injury (D.5)",
        Death.POISON_BAIT: "is killed by the Poison Bait (G.2.2)",
        Death.BLOWN_OUT: _("is blown out and burns up falling to the planet (E.2.5)"),
        Death.BLOWN_OUT_HIDDEN: (
            "is blown out from behind the pipes and burns up falling to the planet (E.2.5)"
        ),
        Death.SHIP_DESTROYED: f"dies with the Quicksilver ({e.rule})",
    }[e.cause]
    return f"{Name(e.who)} {how}"


def _healed(e: Healed) -> str:
    if e.repaired:
        return f"{Name(e.who)} is repaired and healed (G.3)"
    return f"{Name(e.who)} is healed (D.5)"


# --- escape (E.2.4, C.9) ------------------------------------------------------------------
def _launching(e: Launching) -> str:
    return f"{Name(e.who)} launches {e.pod} ({e.key}) ({_actions(e.cost)}) (E.2.4)"


def _hiding_aboard(e: HidingAboard) -> str:
    return f"{Name(e.who)} was hiding aboard {e.pod}! (C.7.1)"


def _pod_fight(e: PodFight) -> str:
    return f"Fight aboard the pod, turn {e.turn} (E.2.4)"


def _launched(e: Launched) -> str:
    aboard = ", ".join(name(w) for w in e.aboard) or "nobody alive"
    return f"{e.pod} is away with {aboard} aboard; its door seals (E.2.4)"


def _countdown(e: Countdown) -> str:
    left = _count(e.left, "more crew phase")
    return (
        f"The {e.system} marker at {e.grid} turns to {e.quarters * 90}°: {left} to repair it (C.9)"
    )


def _ship_destroyed(e: ShipDestroyed) -> str:
    effect = _content().systems[ShipSystem(e.system)].effect
    return f"The {e.system} marker completes its rotation: {effect} ({e.rule})"


# --- growing (C.3, C.10, G.4, G.5) --------------------------------------------------------
def _nothing_to_eat(e: NothingToEat) -> str:
    return f"There is nothing to eat in {e.crate}: no actions spent (C.10.1)"


def _foraged(e: Foraged) -> str:
    what = f"{e.body.name}'s body" if e.body else "a food supplies crate"
    stores = _count(e.stores, "energy store")
    return (
        f"{Name(e.who)} consumes {what}: {stores} (now {e.energy}); "
        "it is removed from the game (C.10.1)"
    )


def _examined(e: Examined) -> str:
    return f"{Name(e.who)} examines {e.crate} (C.3)"


def _crate_seen(e: CrateSeen) -> str:
    return f"{e.crate} holds {e.supply} (C.3)"


def _mutated(e: Mutated) -> str:
    return f"{Name(e.who)} mutates into a {e.stage}: {e.stores} energy stores consumed (C.10, G.5)"


def _royal_mutated(e: RoyalMutated) -> str:
    return (
        f"{Name(e.who)} mutates again, leaving spores and resin all over the ship: "
        f"{e.stores} energy stores consumed, one point to the alien (C.10, F.1; "
        f"{e.royal_mutations} so far)"
    )


def _ability_drawn(e: AbilityDrawn) -> str:
    return f"{Name(e.who)} draws a face-down ability marker (C.10, G.5)"


def _ability_learned(e: AbilityLearned) -> str:
    summary = _content().abilities[Ability(e.ability)].summary
    return f"New secret ability for {name(e.who)}: {e.ability} - {summary} (G.4)"


def _no_ability_left(_: NoAbilityLeft) -> str:
    return "No ability markers are left to draw (G.5)"


def _shed(e: Shed) -> str:
    things = _count(e.count, "thing")
    return f"{Name(e.who)} cannot carry so much as a {e.who.name} and drops {things} (E.3.1)"


def _spawned(e: Spawned) -> str:
    return (
        f"A new Larva ({e.who.id}) appears at {e.grid} from {e.host.name}'s body: "
        f"{e.stores} energy stores consumed and the body is gone; it acts from the next "
        "alien phase (G.4)"
    )


def _surged(e: Surged) -> str:
    return (
        f"{Name(e.who)} burns an energy store for {e.actions} more actions "
        f"(now {e.energy} stores) (G.4)"
    )


# --- equipment (E, G.2) -------------------------------------------------------------------
def _gear_moved(e: GearMoved) -> str:
    price = f" ({_actions(e.cost)})" if e.cost else ""
    return f"{Name(e.who)} {_verb(e.handling)} {describe(e.load)}{price}"


def _gear_named(e: GearNamed) -> str:
    return f"{Name(e.who)} {_verb(e.handling)} {named(e.items, e.bodies)}"


def _gear_tried(e: GearTried) -> str:
    return f"{Name(e.who)} tries to {_tried(e.handling)} {describe(e.load)} but cannot carry it"


def _too_heavy(e: TooHeavy) -> str:
    return f"{Name(e.who)} cannot carry {named(e.items)}: too heavy (E.3.1)"


def _locker_opened(e: LockerOpened) -> str:
    return f"{Name(e.who)} opens the {e.room} locker: {describe(e.load)} (E.2.6)"


def _locker_held(e: LockerHeld) -> str:
    return f"The {e.room} locker held {named(e.items)}"


def _tackit_opened(e: TacKitOpened) -> str:
    names = ", ".join(_gear_name(kind) for kind in e.gear)
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
    plan = _content().blueprints[device]
    recipe = (
        f"a human with {plan.skill.value} carrying {plan.supplies.value} supplies "
        f"in an obstructed grid of the {plan.room.value}"
    )
    return f"Blueprint: {_gear_name(device)} - {recipe} (E.4.1, G.2)"


def _fabrication_failed(e: FabricationFailed) -> str:
    return f"{Name(e.who)}'s fabrication fails (E.4.2)"


def _fabricated(e: Fabricated) -> str:
    return (
        f"{Name(e.who)} fabricates an improvised device: a face-down marker ({e.marker}) "
        f"lies at {e.grid}; a supplies crate is used up (E.4.2)"
    )


def _device_made(e: DeviceMade) -> str:
    return (
        f"{e.marker} is the {_gear_name(e.device)}; the {e.crate} ({e.supply}) crate is "
        "used up (E.4.2)"
    )


def _switched(e: Switched) -> str:
    if e.on:
        return f"{Name(e.who)} switches on the Ultrasonics ({e.item}, revealed) (G.2.5)"
    return f"{Name(e.who)} switches the Ultrasonics ({e.item}) off (G.2.5)"


def _drive_order(e: DriveOrder) -> str:
    where = f"toward {e.toward}" if e.toward else "straight away from the carrier"
    return f"Standing order: Ultrasonics drive the alien {where} (G.2.5)"


def _immune(e: Immune) -> str:
    return f"{Name(e.who)} ignores the {_gear_name(e.device)} (G.4 Immunity)"


def _lured(e: Lured) -> str:
    return f"{Name(e.who)} is drawn to the Poison Bait ({e.bait}) at {e.grid} (G.2.2)"


def _ate_bait(e: AteBait) -> str:
    return f"{Name(e.who)} eats the Poison Bait (G.2.2)"


def _repelled(e: Repelled) -> str:
    retreat = _count(e.actions, "action")
    return f"{e.by.name}'s Ultrasonics drive {name(e.who)} away: {retreat} of retreat (G.2.5)"


def _repelled_no_farther(e: RepelledNoFarther) -> str:
    return f"{Name(e.who)} can get no farther: {_count(e.lost, 'action')} lost (G.2.5)"


def _door_repaired(e: DoorRepaired) -> str:
    return f"Door {e.door} is repaired and left {'closed' if e.closed else 'open'} (D.2)"


def _nexus_repaired(e: NexusRepaired) -> str:
    danger = " The danger is over." if e.danger_over else ""
    return f"{Name(e.who)} repairs the {e.system}: its marker is removed from play.{danger} (C.9)"


SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    # set-up
    DiedOnThePlanet: _died_on_the_planet,
    DeadRole: _dead_role,
    InjuredInBeds: _injured_in_beds,
    RoleTaken: _role_taken,
    SkillDrawn: _skill_drawn,
    RoleGear: _role_gear,
    Placed: _placed,
    SuppliesStowed: _supplies_stowed,
    AbilityChosen: _ability_chosen,
    LarvaPlaced: _larva_placed,
    # turns, orders, the end
    PhaseBegan: _phase_began,
    UnitDone: _unit_done,
    GameOver: _game_over,
    EnergyOrder: _energy_order,
    OrderLapsed: _order_lapsed,
    # efforts
    Rolled: _rolled,
    GearRevealed: _gear_revealed,
    SkillRevealed: _skill_revealed,
    AbilityRevealed: _ability_revealed,
    # moving
    Moved: _moved,
    Waited: _waited,
    DoorWorked: _door_worked,
    BlownOut: _blown_out,
    MarkersLost: _markers_lost,
    LostToSpace: _lost_to_space,
    # hiding
    Declared: _declared,
    Sighted: _sighted,
    Surfaced: _surfaced,
    PipeRun: _pipe_run,
    Searched: _searched,
    HiddenAt: _hidden_at,
    # fighting
    AlienAttacked: _alien_attacked,
    DoorSmashed: _door_smashed,
    NexusDamaged: _nexus_damaged,
    EnergySpent: _energy_spent,
    Injured: _injured,
    Died: _died,
    Healed: _healed,
    # escape
    Launching: _launching,
    HidingAboard: _hiding_aboard,
    PodFight: _pod_fight,
    Launched: _launched,
    Countdown: _countdown,
    ShipDestroyed: _ship_destroyed,
    # growing
    NothingToEat: _nothing_to_eat,
    Foraged: _foraged,
    Examined: _examined,
    CrateSeen: _crate_seen,
    Mutated: _mutated,
    RoyalMutated: _royal_mutated,
    AbilityDrawn: _ability_drawn,
    AbilityLearned: _ability_learned,
    NoAbilityLeft: _no_ability_left,
    Shed: _shed,
    Spawned: _spawned,
    Surged: _surged,
    # equipment
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


# --- the channel's digest of a phase (bot.present.digest) ---------------------------------
def leftover_searches(searches: Sequence[Searched]) -> str:
    """C.8: a phase end's leftover searches that found nothing, in one line."""
    who = ", ".join(f"{e.who.name} {e.reach} from {e.origin}" for e in searches)
    return f"Leftover searches ({who}): nothing found (C.8)"


def digest_unseen(calls: Sequence[Declared]) -> str:
    """C.7.3: a pipe-runner's declared actions, counted: "The alien, unseen: 5 actions
    (Move ×3, Lift B2, Forage)"."""
    counted: dict[str, int] = {}
    for e in calls:
        said = call_text(e)
        counted[said] = counted.get(said, 0) + 1
    what = ", ".join(f"{said} ×{n}" if n > 1 else said for said, n in counted.items())
    return f"👾 The alien, unseen: {_actions(len(calls))} ({what})"


def digest_moves(last: Sequence[tuple[Who, Grid]]) -> str:
    """Who moved this phase, and where each ended up: "Moved: Hyun to 1-F6, Ortiz to 2-A1"."""
    moves = ", ".join(_("{who} to {grid}").format(who=Name(who), grid=grid) for who, grid in last)
    return _("🚶 Moved: {moves}").format(moves=moves)


def digest_nothing(searches: int) -> str:
    return f"🔦 {searches} search{'es' if searches != 1 else ''} found nothing"


def digest_more(count: int) -> str:
    return f"… and {count} more: **Full log** below, or `/game log`"

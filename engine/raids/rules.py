"""The ``raids`` variant's rules R.1-R.10 (docs/rules-decisions.md, "Variants: raids"):
the raid deck built as set-up ends, the raid step that opens each alien phase from
``first_turn``, defences, awards and damage, the standing orders, contributions, repairs
and the empire's defeat.

Every fact the raid step reads is public (R.2): the stations, life stages, the cards.
Only the deck's order and each side's standing orders are secret, and a side's orders
are read only to carry them out (the side that set them sees what they did).
"""

from __future__ import annotations

from engine.actions import require_actions, spend
from engine.commands import Contribute, Repair
from engine.consult import Secret, consult
from engine.content_models import Activity, GearKind, ShipSystem, Skill
from engine.context import Ctx
from engine.dice import Rng
from engine.efforts import afford, crew_effort
from engine.errors import RuleError
from engine.events import Attempt, Audience, Effort
from engine.fighting.alien_attacks import damage_nexus
from engine.hiding.events import Call
from engine.hiding.piperun import declare
from engine.raids.events import (
    AbilityDamaged,
    AbilityDamagedName,
    Contributed,
    EmpireDefeated,
    RaidBegins,
    RaidCards,
    RaidDefence,
    RaidOrder,
    RaidRepaired,
    Repulsed,
    RoomDamaged,
)
from engine.raids.military import (
    alien_military,
    crew_military,
    crew_stations,
    higher,
    lead_alien,
)
from engine.state import Alien, GameState, Human, Phase, RaidsState, Side
from engine.turns import take_unit
from engine.units import SUPPLIES, carries, has_skill
from engine.variants import RaidsInfo, load_variants

CREW, ALIEN = Side.CREW.value, Side.ALIEN.value
# R.7: the critical systems the parting volley damages, the first still face down
VOLLEY = (ShipSystem.G_CORE_DRIVE, ShipSystem.REACTOR_COOLANT, ShipSystem.LIFE_SUPPORT)


def info() -> RaidsInfo:
    return load_variants().raids


def new_raids(rng: Rng, raids: RaidsInfo) -> RaidsState:
    """R.1: wave 1 shuffled, ``kept`` of it; wave 2 likewise; all of wave 3 shuffled;
    wave 1 on top. R at its start, no defeat, the alien on top of the tie order."""
    one = rng.shuffled([str(c) for c in raids.wave1])[: raids.kept]
    two = rng.shuffled([str(c) for c in raids.wave2])[: raids.kept]
    three = rng.shuffled([str(c) for c in raids.wave3])
    return RaidsState(
        deck=[*one, *two, *three],
        early=len(one) + len(two),
        repulse=raids.repulse_start,
        awards={CREW: 0, ALIEN: 0},
        chips={CREW: 0, ALIEN: 0},
    )


def set_up(ctx: Ctx) -> None:
    """0.2: as set-up ends, the raids' deck is shuffled first of every variant's."""
    if "raids" in ctx.state.variants:
        ctx.state.raids = new_raids(ctx.state.rng, info())


def rank(card: str) -> tuple[int, int]:
    """R.3(c): any M+X outranks every number; a higher X a lower one."""
    return (1, int(card[2:])) if card.startswith("M") else (0, int(card))


def strength(card: str, military: int) -> int:
    """R.3(d): the printed number, or the side's Military + X."""
    return military + int(card[2:]) if card.startswith("M") else int(card)


# --- the raid step (R.3) ------------------------------------------------------------
def raid_step(ctx: Ctx, phase: Phase) -> None:
    """R.3: at the start of each alien phase from ``first_turn``, after the countdown."""
    state, raids = ctx.state, info()
    table = state.raids
    if phase is not Phase.ALIEN or table is None or table.ended or state.turn < raids.first_turn:
        return
    gunners, helms = crew_stations(state, ctx.ship)
    mc = crew_military(state, ctx.ship, raids.gunner, raids.helm)
    ma = alien_military(state, ctx.content)
    ctx.say(
        RaidBegins(gunners=len(gunners), helms=len(helms), crew=mc, alien=ma, repulse=table.repulse)
    )
    if mc + ma >= table.repulse:
        table.ended = "repulse"
        table.admiral = higher(mc, ma)
        ctx.say(Repulsed(crew=mc, alien=ma, repulse=table.repulse, admiral=table.admiral))
        return
    cards, reshuffled = _flip(state, table)
    high, low = sorted(cards, key=rank, reverse=True)
    tie = mc == ma
    below = ""
    if tie:
        top = table.tie_top
        below = ALIEN if top == CREW else CREW
        crew_card = high if top == CREW else low
        table.tie_top = below
    else:
        crew_card = high if mc > ma else low
    alien_card = low if crew_card is high else high
    ctx.say(RaidCards(crew_card=crew_card, alien_card=alien_card, tie=tie, reshuffled=reshuffled))
    crew_ok = _defend(ctx, Side.CREW, crew_card, mc, ma, below, gunners + helms)
    alien_ok = _defend(ctx, Side.ALIEN, alien_card, ma, mc, below, [])
    if not crew_ok:
        damage_room(ctx, table)
    if not alien_ok:
        damage_ability(ctx, table)
    if not crew_ok and not alien_ok:
        table.defeats += 1
        if table.defeats >= raids.defeats_to_end:
            empire_defeat(ctx, table)


def _flip(state: GameState, table: RaidsState) -> tuple[list[str], bool]:
    """R.3(c): two cards off the top; when too few are left, the wave-3 discard is
    shuffled into a new deck to finish. R.3(h): the cards of waves 1 and 2 leave the
    game, wave-3 cards go to the discard once flipped."""
    cards = table.deck[:2]
    del table.deck[:2]
    leaving = min(table.early, len(cards))
    table.early -= leaving
    reshuffled = len(cards) < 2
    if reshuffled:
        table.deck, table.discard = state.rng.shuffled(table.discard), []
        need = 2 - len(cards)
        cards += table.deck[:need]
        del table.deck[:need]
    table.discard += cards[leaving:]
    return cards, reshuffled


def _defend(
    ctx: Ctx, side: Side, card: str, military: int, other: int, below: str, payers: list[str]
) -> bool:
    """R.3(d)-(e): defended when Military (+ a bunker that decides it) beats the card."""
    state, raids = ctx.state, info()
    table = state.raids
    assert table is not None
    need = strength(card, military)
    bunker, paid = 0, ""
    consult(Secret.RAID_ORDERS, (side.value,))  # R.3(d): the side's own order decides
    ordered = table.crew_bunker if side is Side.CREW else table.alien_bunker
    if ordered and military <= need < military + raids.bunker:
        paid = _pay_bunker(ctx, side, payers)
        bunker = raids.bunker if paid else 0
    defended = military + bunker > need
    awards = 0
    if defended:
        lower = military < other or (military == other and below == side.value)
        awards = 2 if lower else 1
        table.awards[side.value] = table.awards.get(side.value, 0) + awards
    ctx.say(
        RaidDefence(
            side=side.value,
            card=card,
            strength=need,
            military=military,
            bunker=bunker,
            paid=paid,
            defended=defended,
            awards=awards,
        )
    )
    return defended


def _pay_bunker(ctx: Ctx, side: Side, payers: list[str]) -> str:
    """R.3(d): the crew's lowest crate carried by a counted human, or an energy store
    of the alien carrying the most; '' when there is none."""
    state = ctx.state
    if side is Side.CREW:
        crates = sorted(
            (i.id for i in state.items.values() if i.kind == SUPPLIES and i.holder in payers),
            key=_id_order,
        )
        if not crates:
            return ""
        del state.items[crates[0]]
        return crates[0]
    rich = sorted(state.live_aliens(), key=lambda a: (-a.energy, a.id))
    if not rich or rich[0].energy == 0:
        return ""
    rich[0].energy -= 1
    return "energy"


def _id_order(item_id: str) -> tuple[str, int]:
    head = item_id.rstrip("0123456789")
    return head, int(item_id[len(head) :] or 0)


def damage_room(ctx: Ctx, table: RaidsState) -> None:
    """R.4-R.5: the first undamaged room of the crew's order, then of ``worlds``."""
    consult(Secret.RAID_ORDERS, (CREW,))  # R.5: the crew's own order picks the room
    order = [*table.crew_damage, *info().worlds]
    room = next((r for r in order if r not in table.rooms), "")
    if room:
        table.rooms.append(room)
    ctx.say(RoomDamaged(room=room))


def damage_ability(ctx: Ctx, table: RaidsState) -> None:
    """R.5: the lead alien's first undamaged ability of the alien's order, else the one
    it gained last; face down, only the alien learns which."""
    state = ctx.state
    alien = lead_alien(state, ctx.content)
    held = [] if alien is None else alien.abilities
    assert alien is not None or not held
    done = [] if alien is None else table.abilities.get(alien.id, [])
    consult(Secret.RAID_ORDERS, (ALIEN,))  # R.5: the alien's order, its face-down markers
    if any(a not in state.alien_secrets.revealed_abilities for a in held):
        consult(Secret.ABILITIES, (ALIEN,))
    order = [a for a in table.alien_damage if a in held] + list(reversed(held))
    ability = next((a for a in order if a not in done), "")
    if alien is None or not ability:
        ctx.say(AbilityDamaged(none=True))
        return
    table.abilities.setdefault(alien.id, []).append(ability)
    who = ctx.who(alien.id)
    if ability in state.alien_secrets.revealed_abilities:
        ctx.say(AbilityDamaged(who=who, ability=ability))
        return
    ctx.say(AbilityDamaged(who=who))
    ctx.say(AbilityDamagedName(who=who, ability=ability))


def empire_defeat(ctx: Ctx, table: RaidsState) -> None:
    """R.7: the raids end; the parting volley damages the first of G-Core Drive,
    Reactor Coolant, Life Support still face down: its countdown starts as if the alien
    had struck it, but the deaths it brings are not the alien's doing."""
    state = ctx.state
    table.ended = "defeat"
    face_down = {s: g for g, s in state.nexus.items() if g not in state.nexus_revealed}
    system = next((s for s in VOLLEY if s.value in face_down), None)
    table.volley = system.value if system else ""
    ctx.say(EmpireDefeated(defeats=table.defeats, system=table.volley))
    if system is not None:
        damage_nexus(ctx, face_down[system.value])


# --- standing orders (R.3(d), R.5) ----------------------------------------------------
def _table(ctx: Ctx, what: str) -> RaidsState:
    table = ctx.state.raids
    if table is None:
        raise RuleError(f"there is no {what} without the raids variant", rule="R")
    return table


def set_bunker(ctx: Ctx, side: Side, on: bool) -> None:
    """R.3(d): ``order bunker on|off``, seen by the side that set it only."""
    table = _table(ctx, "bunker order")
    if side is Side.CREW:
        table.crew_bunker = on
    else:
        table.alien_bunker = on
    ctx.say(RaidOrder(audience=_own(side), side=side.value, bunker=on))


def set_damage_order(ctx: Ctx, side: Side, targets: tuple[str, ...]) -> None:
    """R.5: ``order raid-damage …``: rooms for the crew, abilities for the alien, each
    checked against what it may name ('default' or nothing: the default order)."""
    table = _table(ctx, "raid-damage order")
    if side is Side.CREW:
        worlds = info().worlds
        named = [_pick(t, worlds, "room", "R.4") for t in targets]
        table.crew_damage = list(dict.fromkeys(named))
    else:
        from_list = [a for alien in ctx.state.aliens.values() for a in alien.abilities]
        abilities = sorted({*from_list, *_all_abilities(ctx)})
        named = [_pick(t, abilities, "ability", "R.5") for t in targets]
        table.alien_damage = list(dict.fromkeys(named))
    ctx.say(RaidOrder(audience=_own(side), side=side.value, targets=tuple(named)))


def _all_abilities(ctx: Ctx) -> list[str]:
    return [a.value for a in ctx.content.abilities]


def _pick(word: str, choices: tuple[str, ...] | list[str], what: str, rule: str) -> str:
    found = [c for c in choices if c.casefold() == word.casefold().strip()]
    if not found:
        raise RuleError(
            f"'{word}' is not a {what} the Opari can damage", rule=rule, legal=list(choices)
        )
    return found[0]


def _own(side: Side) -> Audience:
    return Audience.CREW if side is Side.CREW else Audience.ALIEN


# --- contributions (R.8) and repairs (R.6) -------------------------------------------
def contribute(ctx: Ctx, side: Side, cmd: Contribute) -> None:
    """R.8: one action and a crate (a human at the Weapons Bay or on the Command Deck)
    or an energy store: R falls by 1, not below 0; one war chip."""
    table = _table(ctx, "contribution")
    if table.ended:
        raise RuleError("the raids are over: there is no war effort left", rule="R.8")
    take_unit(ctx, side, cmd.unit)
    state = ctx.state
    if state.is_human(cmd.unit):
        human = state.human(cmd.unit)
        _at_station(ctx, human)
        paid = _crate(ctx, human, cmd.crate, "contributes")
        require_actions(ctx, human.id, 1, "a contribution", "R.8")
        spend(ctx, human.id, 1)
        del state.items[paid]
    else:
        alien = state.alien(cmd.unit)
        _alien_pays(ctx, alien, "a contribution", "R.8")
        paid = "energy"
        if alien.pipe_running:
            declare(ctx, alien, Call.CONTRIBUTE)
    table.repulse = max(0, table.repulse - 1)
    table.chips[side.value] = table.chips.get(side.value, 0) + 1
    ctx.say(
        Contributed(
            who=ctx.who(cmd.unit), paid=paid, repulse=table.repulse, chips=table.chips[side.value]
        )
    )


def _at_station(ctx: Ctx, human: Human) -> None:
    region = ctx.ship.region_of(human.grid) if human.grid is not None else None
    if region is None or region.name not in ("Weapons Bay", "Command Deck"):
        raise RuleError(
            f"{human.name} contributes from the Weapons Bay or the Command Deck", rule="R.8"
        )


def _crate(ctx: Ctx, human: Human, wanted: str, doing: str) -> str:
    """The crate a human gives up: the one named, or its lowest."""
    crates = sorted(
        (i.id for i in ctx.state.items.values() if i.kind == SUPPLIES and i.holder == human.id),
        key=_id_order,
    )
    if not crates:
        raise RuleError(f"{human.name} {doing} with a supplies crate it carries", rule="R.6, R.8")
    if wanted and wanted not in crates:
        raise RuleError(f"{human.name} carries no crate {wanted}", rule="R.8", legal=crates)
    return wanted or crates[0]


def _alien_pays(ctx: Ctx, alien: Alien, doing: str, rule: str) -> None:
    if alien.energy < 1:
        raise RuleError(f"{ctx.name(alien.id)} has no energy store for {doing}", rule=rule)
    require_actions(ctx, alien.id, 1, doing, rule)
    spend(ctx, alien.id, 1)
    alien.energy -= 1


def raid_target(state: GameState, target: str) -> bool:
    """Does ``repair UNIT TARGET`` name a raid's damage ('room', a room, an ability)?"""
    table = state.raids
    if table is None or not target:
        return False
    if target == "room":
        return True
    names = {r.casefold() for r in info().worlds}
    names |= {a.casefold() for held in table.abilities.values() for a in held}
    return target.casefold() in names


def repair_damage(ctx: Ctx, side: Side, cmd: Repair) -> None:
    """R.6: ``repair UNIT room`` (a human in the damaged room: an Engineer with a
    ToolKit rolls 7+, anyone else gives up a crate) or ``repair ALIEN ABILITY`` (one
    action and one energy store)."""
    table = _table(ctx, "raid damage")
    take_unit(ctx, side, cmd.unit)
    if cmd.leave != "open":
        raise RuleError("only a repaired door is left open or closed", rule="D.2")
    if ctx.state.is_human(cmd.unit):
        _repair_room(ctx, table, ctx.state.human(cmd.unit), cmd)
    else:
        _repair_ability(ctx, table, ctx.state.alien(cmd.unit), cmd.target)


def _repair_room(ctx: Ctx, table: RaidsState, human: Human, cmd: Repair) -> None:
    assert human.grid is not None
    room = ctx.ship.region_of(human.grid).name
    if cmd.target != "room" and cmd.target.casefold() != room.casefold():
        raise RuleError(f"{human.name} repairs a room from inside it", rule="R.6")
    if room not in table.rooms:
        raise RuleError(
            f"the {room} is not damaged by the Opari", rule="R.6", legal=list(table.rooms)
        )
    who = ctx.who(human.id)
    mechanic = has_skill(ctx.content, human, Skill.ENGINEER) and carries(
        ctx.state, human.id, GearKind.TOOLKIT
    )
    if mechanic:
        afford(ctx, human.id, 1, cmd.boost, "a repair", "R.6, C.1")
        attempt = Attempt(effort=Effort.REPAIR_ROOM, who=who, system=room)
        kits = (GearKind.TOOLKIT.value,)
        roll = crew_effort(ctx, human, Skill.ENGINEER, Activity.REPAIR, cmd.boost, attempt, kits)
        if not roll.success:
            return
        paid = ""
    else:
        if cmd.boost:
            raise RuleError("only an Engineer's roll takes committed actions", rule="R.6, C.1")
        paid = _crate(ctx, human, "", "repairs")
        require_actions(ctx, human.id, 1, "a repair", "R.6")
        spend(ctx, human.id, 1)
        del ctx.state.items[paid]
    table.rooms.remove(room)
    ctx.say(RaidRepaired(who=who, room=room, paid=paid))


def _repair_ability(ctx: Ctx, table: RaidsState, alien: Alien, target: str) -> None:
    damaged = table.abilities.get(alien.id, [])
    found = [a for a in damaged if a.casefold() == target.casefold()]
    if not found:
        raise RuleError(
            f"{ctx.name(alien.id)} has no such damaged ability", rule="R.6", legal=damaged
        )
    ability = found[0]
    _alien_pays(ctx, alien, "a repair", "R.6")
    if alien.pipe_running:
        declare(ctx, alien, Call.REPAIR)
    damaged.remove(ability)
    if not damaged:
        del table.abilities[alien.id]
    who = ctx.who(alien.id)
    if ability in ctx.state.alien_secrets.revealed_abilities:
        ctx.say(RaidRepaired(who=who, ability=ability, paid="energy"))
        return
    ctx.say(RaidRepaired(who=who, paid="energy"))
    ctx.say(RaidRepaired(audience=Audience.ALIEN, who=who, ability=ability, paid="energy"))

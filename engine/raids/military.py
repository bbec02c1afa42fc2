"""Military against the Opari (R.2) and what a damaged world stops (R.4, R.5): public
facts only, read by the raid step, the views and the rules the damage disables.

Kept apart from :mod:`engine.raids.rules` so that the rules a damaged room or ability
stops (healing, doors, fabrication …) and the end of the game can ask without importing
the raid step's own dependencies."""

from __future__ import annotations

from engine.board.grid import Grid
from engine.board.ship import TAG_COMMAND_DECK, TAG_WEAPONS, Ship
from engine.content import Content
from engine.content_models import LifeStage
from engine.context import Ctx
from engine.errors import RuleError
from engine.raids.events import AdmiralDecided
from engine.state import Alien, Condition, Fate, GameState, Human
from engine.variants import load_variants

WEAPONS_BAY, COMMAND_DECK = "Weapons Bay", "Command Deck"


def station_grids(ship: Ship, tag: str) -> frozenset[Grid]:
    """The obstructed grids of the room tagged ``tag``: where a station is manned."""
    return frozenset(g for g in ship.region_tagged(tag).grids if ship.is_obstructed(g))


def _counted(state: GameState, human: Human) -> bool:
    """R.2: aboard, alive, not unconscious, not carried."""
    return (
        human.fate is Fate.ABOARD
        and human.condition in (Condition.WELL, Condition.INJURED)
        and human.holder is None
        and human.grid is not None
        and human.role is not None
    )


def crew_stations(state: GameState, ship: Ship) -> tuple[list[str], list[str]]:
    """R.2: the humans counted as gunners and as helms, by id (none at a damaged room)."""
    table = state.raids
    damaged = table.rooms if table is not None else []
    found: tuple[list[str], list[str]] = ([], [])
    for slot, (tag, room) in enumerate(
        ((TAG_WEAPONS, WEAPONS_BAY), (TAG_COMMAND_DECK, COMMAND_DECK))
    ):
        if room in damaged:
            continue
        grids = station_grids(ship, tag)
        found[slot].extend(
            h.id for h in state.humans.values() if _counted(state, h) and h.grid in grids
        )
    return found


def crew_military(state: GameState, ship: Ship, gunner: int, helm: int) -> int:
    gunners, helms = crew_stations(state, ship)
    return gunner * len(gunners) + helm * len(helms)


def lead_alien(state: GameState, content: Content) -> Alien | None:
    """The live alien aboard at the highest life stage (ties: the lowest id)."""
    order = list(content.life_stages)
    aliens = [a for a in state.live_aliens() if a.fate is Fate.ABOARD]
    if not aliens:
        return None
    return min(aliens, key=lambda a: (-order.index(LifeStage(a.stage)), a.id))


def alien_military(state: GameState, content: Content) -> int:
    """R.2: the lead alien's ferocity (G.5), +1 for each other live alien aboard."""
    lead = lead_alien(state, content)
    if lead is None:
        return 0
    others = sum(1 for a in state.live_aliens() if a.fate is Fate.ABOARD) - 1
    return content.life_stages[LifeStage(lead.stage)].ferocity + others


def room_damaged(state: GameState, room: str) -> bool:
    """R.4: the Opari damaged this room (by name) and it is not repaired yet."""
    return state.raids is not None and room in state.raids.rooms


def require_room(state: GameState, room: str, stopped: str) -> None:
    """R.4: refuse what a damaged room no longer does, naming the cause."""
    if room_damaged(state, room):
        raise RuleError(
            f"the {room} is damaged by the Opari raid: {stopped} until it is repaired",
            rule="R.4",
        )


def damaged_abilities(state: GameState, alien: Alien) -> list[str]:
    """R.5: this alien's abilities the Opari damaged, not repaired yet."""
    return [] if state.raids is None else state.raids.abilities.get(alien.id, [])


def require_ability(state: GameState, alien: Alien, ability: str) -> None:
    """R.5: refuse the use of a damaged ability, naming the cause (the alien's own
    refusal: it knows its markers)."""
    if ability in damaged_abilities(state, alien):
        raise RuleError(
            f"{ability} is damaged by the Opari raid: it cannot be used until repaired "
            f"(repair {alien.id} {ability})",
            rule="R.5",
        )


def higher(crew: int, alien: int) -> str:
    """R.9: the side with the higher Military, or "both" on a tie."""
    return "crew" if crew > alien else "alien" if alien > crew else "both"


def game_ends(ctx: Ctx) -> None:
    """R.9: the game ends with the raids running: Greatest Admiral is decided now."""
    table, raids = ctx.state.raids, load_variants().raids
    if table is None or table.ended or table.admiral:
        return
    mc = crew_military(ctx.state, ctx.ship, raids.gunner, raids.helm)
    ma = alien_military(ctx.state, ctx.content)
    table.admiral = higher(mc, ma)
    ctx.say(AdmiralDecided(crew=mc, alien=ma, admiral=table.admiral))


def volley_only(state: GameState, systems: list[str]) -> bool:
    """R.7: were ``systems`` (those completing their countdown) only the parting
    volley's? Then the deaths they bring are not an alien's doing."""
    table = state.raids
    return table is not None and bool(table.volley) and systems == [table.volley]

"""The only road from game state to anything a person sees.

``view(state, viewer)`` gives what one viewer may know: the crew, the alien, a
spectator, or the referee (everything; used for the final reveal). The bot, the
renderer, the terminal table and the logs all take a :class:`View`, never a state.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, is_dataclass, replace
from enum import Enum, StrEnum
from typing import Any

from engine.board.grid import Grid
from engine.board.ship import Feature, Ship
from engine.board_view import BoardView, MarkerKind, MarkerView, UnitSide, UnitView
from engine.content import Content
from engine.content_models import GearKind
from engine.events import Event
from engine.raids.military import alien_military, crew_military, crew_stations
from engine.score import Score, final_score
from engine.state import Alien, Condition, Fate, GameState, Human, Item, Phase
from engine.units import SUPPLIES, held_abilities, skills_of
from engine.variants import load_variants


class Viewer(StrEnum):
    CREW = "crew"
    ALIEN = "alien"
    SPECTATOR = "spectator"
    REFEREE = "referee"


@dataclass(frozen=True, slots=True)
class CrewLine:
    id: str
    name: str
    condition: str
    fate: str
    grid: str  # "" out of play, or carried by an alien this viewer cannot see
    carried_by: str  # the unit carrying this body, or ""
    actions: int | None  # None for the alien and spectators: it would betray an Athlete (G.3)
    carrying: tuple[str, ...]  # item labels this viewer may read
    role: str = ""  # crew (and referee) only, unless revealed
    skills: tuple[str, ...] = ()
    done: bool = False


@dataclass(frozen=True, slots=True)
class AlienLine:
    id: str
    stage: str
    injured: bool
    hidden: bool
    grid: str  # "" while it pipe-runs, for viewers who may not know
    actions: int
    carrying: tuple[str, ...]
    abilities: tuple[str, ...] = ()  # its own markers, as this viewer may read them
    done: bool = False
    dead: bool = False  # killed (D.5): public, like every death
    # C.10.1: the energy store markers this unit carries; they lie on the table, so the
    # count is public (gap 24)
    energy: int = 0


@dataclass(frozen=True, slots=True)
class NoiseView:
    """The noise variant's table as one viewer may see it (docs/rules-decisions.md,
    "Variants: noise"): the markers and the tokens are public; the doors the hidden alien
    crossed noisily this phase and its ambush order are the alien's (and the referee's)."""

    markers: tuple[str, ...]  # door ids, sorted
    bag: tuple[str, ...]  # sorted: a draw is at random, so the order tells nothing
    aside: tuple[str, ...]
    reserve: int
    heard: tuple[str, ...] = ()  # the alien's until its phase ends (N.5, N.6)
    ambush: bool | None = None  # the alien's standing order (N.3); None: not for this viewer


@dataclass(frozen=True, slots=True)
class EmergencyLine:
    """One occupied field of the emergencies panel as everyone sees it: a face-down card
    shows only its field and what made it (and the room of a damaged nexus, E.2a)."""

    field: int  # numbered from 1
    cause: str
    room: str = ""  # '' while face down, unless a damaged nexus put it there
    function: str = ""  # '' while face down
    level: int = 0  # 0 face down; 1-3
    critical: bool = False  # its room compromised for good (E.3.1)
    points: int = 0
    needed: int = 0  # 0 while face down
    tried: tuple[str, ...] = ()  # the humans who tried it, by id


@dataclass(frozen=True, slots=True)
class EmergenciesView:
    """The emergencies variant's panel, the same for every viewer (docs/rules-decisions.md,
    "Variants: emergencies"): no one sees a face-down card nor the deck's order."""

    fields: tuple[EmergencyLine | None, ...]
    deck: int  # cards left to draw
    discard: int
    decay_from: int  # E.3.4's turn


@dataclass(frozen=True, slots=True)
class RaidView:
    """The raids variant's public panel as one viewer may see it (docs/rules-decisions.md,
    "Variants: raids"): everything but the deck's order, the name of a face-down ability
    the Opari damaged (the alien's), and each side's standing orders (its own)."""

    deck: int  # cards left (their order is nobody's)
    discard: int
    repulse: int  # R
    defeats: int
    crew: int  # the crew's Military now (R.2: public facts only)
    alien: int  # the alien's
    gunners: int
    helms: int
    awards: tuple[int, int]  # crew, alien
    chips: tuple[int, int]  # crew, alien
    rooms: tuple[str, ...]  # damaged rooms, in the order they fell
    abilities: tuple[tuple[str, str], ...]  # (alien id, ability or "" when face down)
    tie_top: str
    ended: str  # "", "repulse" or "defeat"
    admiral: str
    first_turn: int
    bunker: bool | None = None  # this viewer's side's order; None: a spectator
    damage_order: tuple[str, ...] = ()  # this viewer's side's order (R.5)


@dataclass(frozen=True, slots=True)
class ReactionsView:
    """The reactions variant's table, the same for every viewer (docs/rules-decisions.md,
    "Variants: reactions"): every card is public, the deck's order nobody's."""

    active: str  # the active card's id ("" before the first)
    number: int  # its number in W.3 (1-12; 0 before the first)
    alien: str  # the alien whose wound drew it
    tokens: int  # the alien side's Regeneration tokens (W.3.1)
    deck: int
    discard: int
    # what the cards left on each alien: (alien id, card id, count), e.g. rage, fear
    marks: tuple[tuple[str, str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class HalonView:
    """The halon variant's suppression panel, the same for every viewer
    (docs/rules-decisions.md, "Variants: halon"); its tanks are gear markers."""

    charged: bool
    purges: int  # made so far
    left: int  # purges the game still allows (H: at most ``max_purges``)
    tanks: int  # Halon Tanks still in play, wherever they are


@dataclass(frozen=True, slots=True)
class DamageLine:
    """One damage type's card as one viewer may see it (P.2, P.4)."""

    damage: str  # Melee, Ballistic, Biochemical or Fire
    card: str = ""  # '' while face down to this viewer
    up: bool = False  # face up for everyone (P.2)
    studied: bool = False  # the crew studied it (public: P.4 "the crew studied the Fire card")


@dataclass(frozen=True, slots=True)
class PhysiologyView:
    """The physiology variant's cards as one viewer may see them (docs/rules-decisions.md,
    "Variants: physiology"): a face-down card is nobody's, a studied one the crew's; the
    cards set aside are shown only at the end."""

    cards: tuple[DamageLine, ...]
    aside: tuple[str, ...] = ()  # the final reveal's (P.1)
    tokens: int = 0  # the alien side's Regeneration tokens, public


@dataclass(frozen=True, slots=True)
class View:
    viewer: Viewer
    turn: int
    phase: str
    setup_step: str
    active_unit: str
    crew: tuple[CrewLine, ...]
    aliens: tuple[AlienLine, ...]
    declarations: tuple[str, ...]  # C.7.3 calls this alien phase (public)
    abilities: tuple[str, ...]  # the alien's own (alien, referee) or those it has used
    blueprints: tuple[str, ...]  # crew, referee only
    result: str
    board: BoardView
    score: Score | None = None  # F.1: filled once the game is over, for everybody
    variants: tuple[str, ...] = ()  # chosen at creation, the same for every viewer
    noise: NoiseView | None = None  # the noise variant's table, None without it
    emergencies: EmergenciesView | None = None  # the emergencies variant's panel
    raids: RaidView | None = None  # the raids variant's panel, None without it
    reactions: ReactionsView | None = None  # the reactions variant's table
    halon: HalonView | None = None  # the halon variant's panel, None without it
    physiology: PhysiologyView | None = None  # the physiology variant's cards

    def to_json(self) -> str:
        return json.dumps(_plain(self), sort_keys=True, ensure_ascii=False)


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Grid):
        return str(value)
    if is_dataclass(value) and not isinstance(value, type):
        return {k: _plain(v) for k, v in asdict(value).items()}
    if isinstance(value, dict):
        return {str(_plain(k)): _plain(v) for k, v in sorted(value.items(), key=str)}
    if isinstance(value, list | tuple | set | frozenset):
        items = [_plain(v) for v in value]
        return sorted(items, key=str) if isinstance(value, set | frozenset) else items
    return value


def _knows_secrets(viewer: Viewer, side: str) -> bool:
    return viewer is Viewer.REFEREE or viewer.value == side


def _alien_visible(state: GameState, alien: Alien, viewer: Viewer) -> bool:
    return not alien.pipe_running or _knows_secrets(viewer, "alien")


def item_label(item: Item, viewer: Viewer) -> str:
    """What this viewer can read on a marker (C.3: face-down unless examined)."""
    if viewer is Viewer.REFEREE:
        return f"{item.kind} ({item.supply})" if item.supply else item.kind
    if item.kind == SUPPLIES:
        known = viewer.value in item.examined_by
        return f"Supplies ({item.supply})" if known else "Supplies"
    if viewer is Viewer.CREW or "alien" in item.examined_by:
        return item.kind
    return "Gear"


def marker_names(state: GameState, viewer: Viewer) -> dict[str, str]:
    """What this viewer may call each marker, by its neutral id: ``{"gear7": "Handgun"}``
    for the crew, ``"Gear"`` where it lies face down to this viewer (C.3)."""
    return {item.id: item_label(item, viewer) for item in state.items.values()}


def _shown_skills(content: Content, human: Human, secret: bool) -> tuple[str, ...]:
    """All skills for the crew; for others only the markers turned face up (E.1, C.3)."""
    if secret:
        return tuple(s.value for s in skills_of(content, human))
    shown = []
    if "role" in human.revealed and human.role:
        shown.append(content.role(human.role).skill.value)
    if "skill" in human.revealed and human.skill_marker:
        shown.append(human.skill_marker)
    return tuple(shown)


def _shown_grid(state: GameState, human: Human, viewer: Viewer) -> Grid | None:
    """Where this viewer sees a human: its own grid, or its carrier's, unless the carrier
    is an alien hiding behind the pipes: what it carries goes with it, unseen (C.7)."""
    if human.fate is not Fate.ABOARD:
        return None
    carrier = state.aliens.get(human.holder or "")
    if carrier is not None and not _alien_visible(state, carrier, viewer):
        return None
    return state.unit_grid(human.id)


def _crew_line(
    state: GameState, content: Content, human: Human, viewer: Viewer, held: _Holdings
) -> CrewLine:
    grid = _shown_grid(state, human, viewer)
    secret = _knows_secrets(viewer, "crew")
    role = human.role or "" if secret or "role" in human.revealed else ""
    items, bodies = held.get(human.id, ([], []))
    return CrewLine(
        id=human.id,
        name=human.name,
        condition=human.condition.value,
        fate=human.fate.value,
        grid=str(grid) if grid else "",
        carried_by=human.holder or "",
        actions=human.actions if secret else None,
        carrying=tuple(sorted(item_label(i, viewer) for i in items)) + tuple(sorted(bodies)),
        role=role,
        skills=_shown_skills(content, human, secret),
        done=human.id in state.done_units,
    )


def _abilities_seen(state: GameState, markers: list[str], viewer: Viewer) -> tuple[str, ...]:
    """The alien's ability markers: all for the alien, face-up ones for others (C.3)."""
    if _knows_secrets(viewer, "alien"):
        return tuple(markers)
    return tuple(a for a in markers if a in state.alien_secrets.revealed_abilities)


def _alien_line(state: GameState, alien: Alien, viewer: Viewer, held: _Holdings) -> AlienLine:
    visible = _alien_visible(state, alien, viewer)
    items, bodies = held.get(alien.id, ([], []))
    return AlienLine(
        id=alien.id,
        stage=alien.stage,
        injured=alien.injured if visible else alien.injured_when_hidden,
        hidden=alien.pipe_running,
        grid=str(alien.grid) if visible and alien.grid else "",
        actions=alien.actions,
        carrying=tuple(sorted(item_label(i, viewer) for i in items)) + tuple(sorted(bodies)),
        abilities=_abilities_seen(state, alien.abilities, viewer),
        done=alien.id in state.done_units,
        dead=alien.dead,
        energy=alien.energy,
    )


_Holdings = dict[str, tuple[list[Item], list[str]]]


def _holdings(state: GameState) -> _Holdings:
    """What each unit carries: its items, and the names of the bodies it carries."""
    held: _Holdings = {}
    for item in state.items.values():
        if item.holder is not None:
            held.setdefault(item.holder, ([], []))[0].append(item)
    for body in state.humans.values():
        if body.holder is not None:
            held.setdefault(body.holder, ([], []))[1].append(body.name)
    return held


def _human_units(state: GameState, viewer: Viewer) -> Iterable[UnitView]:
    for human in state.humans.values():
        grid = _shown_grid(state, human, viewer)
        if grid is None:
            continue
        yield UnitView(
            id=human.id,
            label=human.name,
            side=UnitSide.CREW,
            grid=grid,
            injured=human.condition is Condition.INJURED,
            unconscious=human.condition is Condition.UNCONSCIOUS,
            deceased=human.condition is Condition.DECEASED,
            active=state.active_unit == human.id,
        )


def _alien_units(state: GameState, viewer: Viewer) -> Iterable[UnitView]:
    for alien in state.live_aliens():
        if alien.grid is None or not _alien_visible(state, alien, viewer):
            continue
        yield UnitView(
            id=alien.id,
            label=alien.stage,
            side=UnitSide.ALIEN,
            grid=alien.grid,
            injured=alien.injured,
            hidden=alien.pipe_running,
            active=state.active_unit == alien.id,
        )


def _markers(state: GameState, ship: Ship, viewer: Viewer) -> list[MarkerView]:
    markers: list[MarkerView] = []
    for item in state.items.values():
        if item.holder is None and item.grid is not None and not item.in_locker:
            kind = MarkerKind.SUPPLIES if item.kind == SUPPLIES else MarkerKind.GEAR
            markers.append(MarkerView(item.grid, kind, item_label(item, viewer)))
    lockers = {i.grid for i in state.items.values() if i.in_locker}
    for grid in ship.grids_with(Feature.LOCKER):
        if grid in lockers:
            markers.append(MarkerView(grid, MarkerKind.LOCKER, "Locker"))
    for grid, system in sorted(state.nexus.items()):
        if grid in state.nexus_revealed:
            markers.append(MarkerView(grid, MarkerKind.NEXUS_DAMAGED, system))
        else:
            face = system if viewer is Viewer.REFEREE else "Nexus"
            markers.append(MarkerView(grid, MarkerKind.NEXUS, face))
    for pod_key in sorted(state.launched_pods):
        pod_grid = min(ship.regions[pod_key].grids)
        markers.append(MarkerView(pod_grid, MarkerKind.POD_LAUNCHED, "Launched"))
    markers += [MarkerView(g, MarkerKind.ALIEN_SIGHTING, "!") for g in state.sightings]
    markers += [MarkerView(g, MarkerKind.SEARCHED) for g in sorted(state.searched)]
    return markers


def _path(state: GameState, viewer: Viewer) -> tuple[Grid, ...]:
    """The alien's route: its current pipe-run for the alien; everything at the end."""
    aliens = list(state.aliens.values())
    if state.phase is Phase.OVER:
        return tuple(g for a in aliens for g in a.path)
    if _knows_secrets(viewer, "alien"):
        return tuple(g for a in aliens for g in a.run_path)
    return ()


def _noise(state: GameState, viewer: Viewer) -> NoiseView | None:
    """The noise variant's table for this viewer: never the alien's pending doors nor
    its order to anyone but the alien (N.3, N.6)."""
    table = state.noise
    if table is None:
        return None
    secret = _knows_secrets(viewer, "alien")
    return NoiseView(
        markers=tuple(sorted(table.markers)),
        bag=tuple(sorted(table.bag)),
        aside=tuple(table.aside),
        reserve=len(table.reserve),
        heard=tuple(sorted(table.heard)) if secret else (),
        ambush=state.standing.ambush if secret else None,
    )


def _emergencies(state: GameState, ship: Ship) -> EmergenciesView | None:
    """The emergencies panel, the same for everyone: a face-down card's room and
    function are nobody's until it is turned up (E.2, E.3.5)."""
    panel = state.emergencies
    if panel is None:
        return None
    info = load_variants().emergencies
    lines: list[EmergencyLine | None] = []
    for number, e in enumerate(panel.fields, start=1):
        if e is None:
            lines.append(None)
            continue
        up = e.level > 0 or e.critical
        card = info.cards[e.card]
        lines.append(
            EmergencyLine(
                field=number,
                cause=e.cause,
                room=ship.regions[e.room].name if up or e.nexus is not None else "",
                function=card.function if up else "",
                level=e.level,
                critical=e.critical,
                points=e.points,
                needed=card.points if up else 0,
                tried=tuple(sorted(e.tried)),
            )
        )
    return EmergenciesView(
        fields=tuple(lines),
        # every card neither on the panel nor discarded: the deck's, before its shuffle too
        deck=len(info.cards) - sum(e is not None for e in panel.fields) - len(panel.discard),
        discard=len(panel.discard),
        decay_from=info.decay_from_turn,
    )


def _board_emergencies(state: GameState) -> tuple[tuple[str, int, bool], ...]:
    panel = state.emergencies
    if panel is None:
        return ()
    return tuple((e.room, e.level, e.critical) for e in panel.fields if e and e.level)


def _raids(state: GameState, viewer: Viewer, ship: Ship, content: Content) -> RaidView | None:
    """The raids variant's panel for this viewer: a face-down damaged ability named to
    the alien alone; each side's own orders to it alone (R.5, R.3(d))."""
    table = state.raids
    if table is None:
        return None
    raids = load_variants().raids
    gunners, helms = crew_stations(state, ship)
    alien = _knows_secrets(viewer, "alien")
    known = state.alien_secrets.revealed_abilities
    damaged = tuple(
        (unit, a if alien or a in known else "")
        for unit, held in sorted(table.abilities.items())
        for a in held
    )
    side = viewer.value if viewer.value in ("crew", "alien") else ""
    bunker = {"crew": table.crew_bunker, "alien": table.alien_bunker}.get(side)
    order = {"crew": table.crew_damage, "alien": table.alien_damage}.get(side, [])
    return RaidView(
        deck=len(table.deck),
        discard=len(table.discard),
        repulse=table.repulse,
        defeats=table.defeats,
        crew=crew_military(state, ship, raids.gunner, raids.helm),
        alien=alien_military(state, content),
        gunners=len(gunners),
        helms=len(helms),
        awards=(table.awards.get("crew", 0), table.awards.get("alien", 0)),
        chips=(table.chips.get("crew", 0), table.chips.get("alien", 0)),
        rooms=tuple(table.rooms),
        abilities=damaged,
        tie_top=table.tie_top,
        ended=table.ended,
        admiral=table.admiral,
        first_turn=raids.first_turn,
        bunker=bunker,
        damage_order=tuple(order),
    )


def _reactions(state: GameState) -> ReactionsView | None:
    """The reactions variant's table: public whole, but the deck's order."""
    table = state.reactions
    if table is None:
        return None
    ids: list[str] = [c.id for c in load_variants().reactions.cards]
    marks = [(a, "rage", 1) for a in sorted(table.rage)]
    marks += [(a, "fear", 1) for a in sorted(table.fear)]
    marks += [(a, "ferocious", n) for a, n in sorted(table.ferocious.items())]
    marks += [(a, "critical", n) for a, n in sorted(table.critical.items())]
    return ReactionsView(
        active=table.active,
        number=ids.index(table.active) + 1 if table.active else 0,
        alien=table.active_alien,
        tokens=state.regeneration,
        deck=len(table.deck),
        discard=len(table.discard),
        marks=tuple(marks),
    )


def _reacting(state: GameState) -> tuple[tuple[Grid, int], ...]:
    """The reactions variant on the map: the active card's number by the counter of the
    alien that drew it, while that counter is in sight (a hidden one shows nothing)."""
    table = state.reactions
    if table is None or not table.active:
        return ()
    alien = state.aliens.get(table.active_alien)
    if alien is None or alien.dead or alien.grid is None or alien.pipe_running:
        return ()
    ids: list[str] = [c.id for c in load_variants().reactions.cards]
    return ((alien.grid, ids.index(table.active) + 1),)


def _physiology(state: GameState, viewer: Viewer) -> PhysiologyView | None:
    """The damage cards for this viewer: face up for all, studied for the crew (and the
    referee), everything at the end (P.1, P.2, P.4)."""
    table = state.physiology
    if table is None:
        return None
    crew = _knows_secrets(viewer, "crew")
    referee = viewer is Viewer.REFEREE
    lines = []
    for damage in load_variants().physiology.types:
        seen = referee or damage in table.up or (crew and damage in table.studied)
        lines.append(
            DamageLine(
                damage=damage,
                card=table.cards.get(damage, "") if seen else "",
                up=damage in table.up,
                studied=damage in table.studied,
            )
        )
    return PhysiologyView(
        cards=tuple(lines),
        aside=tuple(sorted(table.aside)) if referee else (),
        tokens=state.regeneration,
    )


def _raided(state: GameState, ship: Ship) -> tuple[Grid, ...]:
    """The raids variant's damaged rooms on the map: each room's first grid (R.4)."""
    if state.raids is None:
        return ()
    rooms = {r.name: r for r in ship.regions.values()}
    return tuple(min(rooms[name].grids) for name in state.raids.rooms if name in rooms)


def _halon(state: GameState) -> HalonView | None:
    """The halon panel, the same for everyone: nothing of it is secret (H)."""
    panel = state.halon
    if panel is None:
        return None
    left = max(0, load_variants().halon.max_purges - panel.purges)
    tanks = sum(1 for i in state.items.values() if i.kind == GearKind.HALON_TANK)
    return HalonView(charged=panel.charged, purges=panel.purges, left=left, tanks=tanks)


def _board_halon(state: GameState) -> tuple[bool, int] | None:
    shown = _halon(state)
    return None if shown is None else (shown.charged, shown.left)


def _title(state: GameState) -> str:
    if state.phase is Phase.SETUP:
        return "Set-up"
    if state.phase is Phase.OVER:
        return f"Game over after turn {state.turn}"
    return f"Turn {state.turn} · {state.phase.value.capitalize()} phase"


def view(state: GameState, viewer: Viewer | str, ship: Ship, content: Content) -> View:
    """Everything ``viewer`` may see now; at game end everybody sees everything."""
    viewer = Viewer(viewer)
    viewer_for_secrets = Viewer.REFEREE if state.phase is Phase.OVER else viewer
    return _build(state, viewer, viewer_for_secrets, ship, content)


def replay_view(state: GameState, ship: Ship, content: Content) -> View:
    """The referee's view with the alien's whole route so far, for the replay of a
    finished game (engine.records.replay): mid-game the referee's map shows only the current
    pipe-run."""
    shown = view(state, Viewer.REFEREE, ship, content)
    route = tuple(g for a in state.aliens.values() for g in a.path)
    return replace(shown, board=replace(shown.board, path=route))


def _build(state: GameState, viewer: Viewer, sees: Viewer, ship: Ship, content: Content) -> View:
    held = _holdings(state)
    abilities = _abilities_seen(state, held_abilities(state), sees)
    board = BoardView(
        viewer=viewer.value,
        title=_title(state),
        doors=dict(state.doors),
        units=(*_human_units(state, sees), *_alien_units(state, sees)),
        markers=tuple(_markers(state, ship, sees)),
        path=_path(state, sees),
        noise=tuple(sorted(state.noise.markers)) if state.noise else (),
        emergencies=_board_emergencies(state),
        raided=_raided(state, ship),
        reacting=_reacting(state),
        halon=_board_halon(state),
    )
    return View(
        viewer=viewer,
        turn=state.turn,
        phase=state.phase.value,
        setup_step=state.setup.value,
        active_unit=state.active_unit or "",
        crew=tuple(_crew_line(state, content, h, sees, held) for h in state.humans.values()),
        aliens=tuple(_alien_line(state, a, sees, held) for a in state.aliens.values()),
        declarations=tuple(state.declarations),
        abilities=abilities,
        blueprints=tuple(state.crew_secrets.blueprints) if _knows_secrets(sees, "crew") else (),
        result=state.result or "",
        board=board,
        score=final_score(state, content),
        variants=load_variants().ordered(state.variants),
        noise=_noise(state, sees),
        emergencies=_emergencies(state, ship),
        raids=_raids(state, sees, ship, content),
        reactions=_reactions(state),
        halon=_halon(state),
        physiology=_physiology(state, sees),
    )


def events_for(events: Iterable[Event], viewer: Viewer | str) -> list[Event]:
    """The events this viewer may read (C.3: each side's secrets stay its own)."""
    who = Viewer(viewer).value
    return [e for e in events if e.audience.reaches(who)]

"""The `normal` and `hard` game-controlled crew: today's crew (``crew_ai``) steered by a
team plan and the belief.

It remembers the public events (:class:`~engine.players.belief.Belief`) and so:

- one living Engineer, the keeper, fetches the ToolKit at once (the set-up puts it in
  the Workshop's locker, B.1.1, which the floor-plan data records), takes it from a
  non-Engineer who carries it (E.3), then waits at the station: the grid from which the
  farthest face-down nexus is nearest (C.9: four crew phases to repair), and goes at once
  to a damaged critical system (today's crew already does that part);
- searches (C.8) only where a search covers grids the alien may be in, the more the better;
- `hard` also walks the other humans towards the belief's grids while the alien hides (a
  step into its grid tallies it, C.7.2), two or more together.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engine import commands as c
from engine.board.geometry import Mover, grid_range, visible_grids
from engine.board.grid import Grid
from engine.board.ship import TAG_LAB, TAG_LAB_QUARANTINE, TAG_WEAPONS, RegionKind, Ship
from engine.board_view import MarkerKind
from engine.content import Content
from engine.dice import Rng
from engine.equipment.events import GearNamed, LockerHeld, TooHeavy
from engine.events import Event
from engine.fighting.events import NexusDamaged
from engine.noise.rules import room_doors
from engine.players.belief import Belief, BeliefKeeper
from engine.players.crew_ai import _Plan
from engine.players.emergency_moves import crew_duty
from engine.players.fabricate_plan import out_of_reach, workroom
from engine.players.halon_moves import crew_purge
from engine.players.kit_room import dots, has_room, room_after
from engine.players.pods_plan import Escape, escape_plan, phases_left, ready_to_launch, ship_lost
from engine.players.strike import attack_modifier, attack_value, futile
from engine.players.tactics import FAR, best, by_unit, distances, grid_of, markers
from engine.raids.military import station_grids
from engine.state import Side
from engine.variants import load_variants
from engine.views import CrewLine, View

DETOUR = 2  # steps beyond the nearest nexus an alien may go for a less guarded one
GUARDS = 2  # humans who escort the keeper
HUNT_SIZE = 40  # a belief this small is worth walking into
NOISY_ROOM = 8  # the noise variant: what a room with a marked door costs a move there
TOOLKIT = "ToolKit"
GUNNERS = 2  # the raids variant: humans kept at the Weapons Bay (R.2)
GUN_HASTE = 30  # the raids variant: a gunner's step toward the Bay outranks pickups, searches
LEAD = 4  # the raids variant: the gunners set off this many turns before the first raid
NEAR = 2  # the raids variant: R this far above both Military values: the crew contributes


@dataclass(frozen=True, slots=True)
class Team:
    """The crew's shared plan this decision: who keeps the ToolKit, and where."""

    keeper: str | None  # the Engineer who fetches or carries the ToolKit
    kit_id: str | None  # the ToolKit's gear marker, once seen (E.2.6: the crew reads it)
    courier: str | None  # the well human nearest the ToolKit, who brings it to the keeper
    guards: tuple[str, ...]  # humans who keep the keeper company (the alien hunts loners)
    toolkit: Grid | None  # where the ToolKit is now (a locker, the floor, a carrier)
    station: Grid | None  # where the keeper waits for a sabotage
    gunners: tuple[str, ...] = ()  # the raids variant: who mans the Weapons Bay (R.2)


class HardCrew(BeliefKeeper):
    """A crew player with a memory: make a fresh one for every game."""

    side = Side.CREW

    def __init__(self, hunt: bool = True, taught: bool = True) -> None:
        self.belief = None
        self.hunt = hunt  # `normal` only aims its searches; `hard` also walks to the belief
        self.taught = taught  # False: ignores the variants (the benchmark's null arm)
        self.kit_id: str | None = None  # the ToolKit's marker, once the crew has seen it
        self.kinds: dict[str, str] = {}  # gear marker id: its kind, as the crew read it
        self.deadlines: dict[Grid, int] = {}  # damaged critical grid: its last crew phase

    def observe(self, events: list[Event], view: View, ship: Ship) -> None:
        super().observe(events, view, ship)
        for event in events:
            if isinstance(event, (LockerHeld, GearNamed, TooHeavy)):  # gear named by id
                self.kinds |= {m.id: m.kind for m in event.items if m.kind is not None}
                kit = next((m.id for m in event.items if m.kind == TOOLKIT), None)
                self.kit_id = kit or self.kit_id
            elif isinstance(event, NexusDamaged) and event.critical and event.deadline_turn:
                self.deadlines[event.grid] = event.deadline_turn - 1  # its last crew phase

    def __call__(
        self, view: View, legal: list[c.Command], ship: Ship, content: Content, rng: Rng
    ) -> c.Command:
        if self.taught:  # the variants' moves (the untaught arm plays without them)
            duty = crew_duty(view, legal, ship)  # emergencies
            if duty is not None:
                return duty
            order = bunker_order(view) or crew_contribution(view, legal)  # raids
            if order is not None and order in legal:
                return order
            where = self.belief.where if self.belief is not None else {}
            purge = crew_purge(view, legal, ship, where)  # halon
            if purge is not None:
                return purge
        return best(legal, self.scorer(view, ship, content), rng)

    def scorer(self, view: View, ship: Ship, content: Content) -> Callable[[c.Command], float]:
        """How this decision scores each command (the highest is played): one plan per
        human, made on first use. The expert's rollouts reuse it while they try the
        best-scored commands in turn (:mod:`engine.players.expert.rollout`)."""
        mine = {h.id: h for h in view.crew}
        planner = self.planner(view, ship, content)
        return by_unit(mine, lambda h: planner(h).score)

    def planner(self, view: View, ship: Ship, content: Content) -> Callable[[CrewLine], _HardPlan]:
        """Each human's plan this decision (its goal and scores): the advisor names the
        goal (:mod:`engine.players.expert.reasons`)."""
        if self.belief is None:
            self.belief = Belief(ship, self.taught)
            self.belief.observe([], view)
        critical = {s.value for s, info in content.systems.items() if info.critical}
        hidden = {a.id for a in view.aliens if a.hidden}
        suspects = frozenset().union(*(self.belief.grids(a) for a in hidden)) if hidden else None
        damaged = [
            m.grid
            for m in view.board.markers
            if m.kind is MarkerKind.NEXUS_DAMAGED and m.label in critical
        ]
        seen = frozenset(g for a in view.aliens if not a.hidden and (g := grid_of(a.grid)))
        near = (suspects or frozenset()) | seen
        team = team_plan(view, ship, self.kit_id, damaged, near, self.taught)
        last = any(self.deadlines.get(g, FAR) <= view.turn for g in damaged)
        escape = None
        ignores = view.emergencies is None or not self.taught  # the variant: no ship lost
        lost = ignores and ship_lost(view, ship, damaged, self.deadlines, team.toolkit)
        if damaged and lost:
            ends = [self.deadlines.get(g, view.turn + 3) for g in damaged]
            left = phases_left(min(ends), view.turn)
            escape = escape_plan(view, ship, content.ship.pod_capacity, left)

        def plan(h: CrewLine) -> _HardPlan:
            args = (critical, suspects, self.hunt, team, last, escape, content, self.kinds)
            return _HardPlan(view, h, ship, *args, taught=self.taught)

        return plan


def _able(line: CrewLine) -> bool:
    return bool(line.grid) and line.fate == "aboard" and line.condition in ("well", "injured")


def toolkit_grid(view: View, ship: Ship) -> Grid | None:
    """Where the ToolKit is, as the crew knows it: carried, lying about, or still in the
    locker the set-up put it in (B.1.1)."""
    for line in view.crew:
        if TOOLKIT in line.carrying and line.grid:
            return Grid.parse(line.grid)
    for marker in view.board.markers:
        if marker.kind is MarkerKind.GEAR and marker.label == TOOLKIT:
            return marker.grid
    for grid in markers(view, MarkerKind.LOCKER):
        region = ship.region_of(grid)
        if region is not None and TOOLKIT in region.locker:
            return grid
    return None


def team_plan(
    view: View,
    ship: Ship,
    kit_id: str | None,
    damaged: list[Grid],
    aliens: frozenset[Grid],
    taught: bool = True,
) -> Team:
    """Keeper and courier: with a critical system damaged (C.9), the well Engineer
    nearest it keeps the ToolKit and the ToolKit is brought there; otherwise the well
    Engineer nearest the ToolKit keeps it. Not ``taught`` (the benchmark's null arm): no
    gunners for the raids variant."""
    doors = view.board.doors
    # D.5: a hurt human carries nothing, so only a well Engineer can keep the ToolKit
    engineers = [
        h for h in view.crew if _able(h) and h.condition == "well" and "Engineer" in h.skills
    ]
    where = toolkit_grid(view, ship)
    keeper = next((h for h in engineers if TOOLKIT in h.carrying), None)
    if keeper is not None or where is None or not engineers:
        courier = keeper
    else:
        to_kit = distances(ship, where, Mover.HUMAN, doors)

        target = min(damaged, key=lambda g: to_kit.get(g, FAR)) if damaged else where
        to_target = distances(ship, target, Mover.HUMAN, doors)
        keeper = min(engineers, key=lambda h: (to_target.get(Grid.parse(h.grid), FAR), h.id))

        def cost(h: CrewLine) -> tuple[int, bool, str]:
            # the keeper fetches it itself when nobody is nearer: no hand-over to wait for
            return (to_kit.get(Grid.parse(h.grid), FAR), h.id != keeper.id, h.id)

        well = [h for h in view.crew if _able(h) and h.condition == "well"]
        carrier = next((h for h in well if TOOLKIT in h.carrying), None)
        courier = carrier or min(well, key=cost)
        if carrier is None and where in damaged:  # left there for the keeper (C.2)
            courier = keeper
    guards = _guards(view, ship, keeper, courier)
    busy = {h.id for h in (keeper, courier) if h is not None}
    guns = gunners(view, ship, busy, frozenset(guards)) if taught else ()  # the null arm: none
    return Team(
        keeper.id if keeper else None,
        kit_id,
        courier.id if courier else None,
        tuple(g for g in guards if g not in guns),
        where,
        station(ship, threatened(view, ship, aliens)),
        guns,
    )


def bunker_order(view: View) -> c.SetOrder | None:
    """The raids variant: both hard players keep ``order bunker on`` (R.3(d))."""
    raids = view.raids
    if raids is None or raids.ended or raids.bunker is not False:
        return None
    return c.SetOrder("bunker", True)


def crew_contribution(view: View, legal: list[c.Command]) -> c.Contribute | None:
    """The raids variant: when the repulse is near (R at most ``NEAR`` above the two
    Military values), a human at a station gives its lowest crate to the war effort
    (R.8): each one brings the repulse, and the raids' end, one step closer (R.3(b))."""
    raids = view.raids
    if raids is None or raids.ended or raids.repulse - raids.crew - raids.alien > NEAR:
        return None
    for human in view.crew:
        gift = c.Contribute(human.id)
        if gift in legal:
            return gift
    return None


def gunners(
    view: View, ship: Ship, busy: set[str], guards: frozenset[str] = frozenset()
) -> tuple[str, ...]:
    """The raids variant, ``LEAD`` turns before the first raid (the Bay is far): the two
    humans least needed for the ToolKit or the hunt (never its keeper or courier, nor an
    Agent, whom the hunt uses as bait) man the Weapons Bay: those at a station first,
    then the well (an injured human walks slowly, D.5), then those not guarding the
    keeper, then the nearest (R.2); a short crew spares a guard rather than leave the Bay
    empty."""
    raids = view.raids
    if raids is None or raids.ended or view.turn < raids.first_turn - LEAD:
        return ()
    if "Weapons Bay" in raids.rooms:
        return ()
    bay = sorted(station_grids(ship, TAG_WEAPONS))
    to_bay = distances(ship, bay[0], Mover.HUMAN, view.board.doors)
    free = [h for h in view.crew if _able(h) and h.id not in busy and "Agent" not in h.skills]
    bay_grids = {str(g) for g in bay}

    def rank(h: CrewLine) -> tuple[bool, bool, bool, int, str]:  # one in place stays there
        far = to_bay.get(Grid.parse(h.grid), FAR)
        return (h.grid not in bay_grids, h.condition != "well", h.id in guards, far, h.id)

    return tuple(h.id for h in sorted(free, key=rank)[:GUNNERS])


def lab_grids(ship: Ship) -> list[Grid]:
    return [
        g for g in ship.cells if TAG_LAB in ship.region_of(g).tags and not ship.is_obstructed(g)
    ]


def on_the_table(ship: Ship, grid: Grid) -> bool:
    """An obstructed Lab or Lab Quarantine grid: a scientist in the Lab reaches it (E.2.2)."""
    tags = ship.region_of(grid).tags
    return ship.is_obstructed(grid) and (TAG_LAB in tags or TAG_LAB_QUARANTINE in tags)


def _guards(
    view: View, ship: Ship, keeper: CrewLine | None, courier: CrewLine | None
) -> tuple[str, ...]:
    """The well humans nearest the keeper (not the courier, on its errand)."""
    if keeper is None:
        return ()
    busy = {keeper.id, courier.id if courier else ""}
    well = [
        h
        for h in view.crew
        if _able(h) and h.condition == "well" and h.id not in busy and "Agent" not in h.skills
    ]
    near = distances(ship, Grid.parse(keeper.grid), Mover.HUMAN, view.board.doors)
    well.sort(key=lambda h: (near.get(Grid.parse(h.grid), FAR), h.id))
    return tuple(h.id for h in well[:GUARDS])


_STATIONS: dict[tuple[int, frozenset[Grid]], Grid | None] = {}


def threatened(view: View, ship: Ship, alien_grids: frozenset[Grid]) -> frozenset[Grid]:
    """The face-down nexus grids the alien may go for next: for each grid it may be
    in, the nexus nearest it or ``DETOUR`` steps farther (seed 003: it sabotages the
    nearest, or a less guarded one close by)."""
    nexus = sorted(markers(view, MarkerKind.NEXUS))
    if not alien_grids or not nexus:
        return frozenset(nexus)
    maps = [(n, distances(ship, n, Mover.ALIEN, {})) for n in nexus]
    out: set[Grid] = set()
    for grid in alien_grids:
        closest = min(m.get(grid, FAR) for _, m in maps)
        out |= {n for n, m in maps if m.get(grid, FAR) <= closest + DETOUR}
    return frozenset(out)


def station(ship: Ship, nexus: frozenset[Grid]) -> Grid | None:
    """The grid whose farthest nexus of ``nexus`` is nearest (doors taken as open)."""
    key = (id(ship), nexus)
    if key not in _STATIONS:
        maps = [distances(ship, n, Mover.HUMAN, {}) for n in sorted(nexus)]
        best: tuple[int, Grid] | None = None
        for grid in ship.grids_in_order():
            worst = max((m.get(grid, FAR) for m in maps), default=FAR)
            if best is None or worst < best[0]:
                best = (worst, grid)
        _STATIONS[key] = best[1] if best is not None and best[0] < FAR else None
    return _STATIONS[key]


class _HardPlan(_Plan):
    def __init__(
        self,
        view: View,
        me: CrewLine,
        ship: Ship,
        critical: set[str],
        suspects: frozenset[Grid] | None,
        hunt: bool,
        team: Team,
        last_chance: bool = False,
        escape: Escape | None = None,
        content: Content | None = None,
        kinds: Mapping[str, str] | None = None,
        taught: bool = True,
    ) -> None:
        self.suspects, self.hunt, self.team = suspects, hunt, team
        self.taught = taught  # weighs the noise variant's markers (N.2)
        self.kinds = kinds or {}  # gear marker id: its kind, as the crew read it (E.3.1)
        self.content = content
        self.escape = escape
        leaving = escape is not None and me.id in escape.leaving
        self.pod = escape.pods.get(me.id) if escape and leaving else None  # C.9: ship lost
        self.last_chance = last_chance  # C.9: a critical system's last crew phase
        self.keeper = team.keeper == me.id
        self._hurt = {a.id: a.injured for a in view.aliens if hunt}  # `hard` splits its attacks
        self.courier = team.courier == me.id and team.keeper is not None
        super().__init__(view, me, ship, critical)

    def _goal(self) -> Grid | None:
        if self.pod is None and not self.flee and self.me.id in self.team.gunners:
            return self._gun() or self._team_goal()  # the raids variant: man a gun (R.2)
        return self._team_goal()

    def _team_goal(self) -> Grid | None:
        if self.pod is not None:
            return self.pod
        base = super()._goal()
        if self.flee or (self.damaged and self.engineer and self.toolkit):
            return base
        team = self.team
        if self.keeper and self.damaged and not self._fetching:  # C.9: the ToolKit meets it there
            return self._near(self.damaged)[0] or base
        if self.courier and not self.toolkit:
            return team.toolkit or base
        if self.courier and not self.keeper:  # bring the ToolKit to the keeper
            keeper = next(h for h in self.view.crew if h.id == team.keeper)
            if self.damaged:
                return self._near(self.damaged)[0] or base
            return grid_of(keeper.grid) or base
        if self.keeper and not self.toolkit:
            return self._courier_grid() or base
        if self.keeper and team.station is not None:
            return team.station
        if "Agent" in self.me.skills and self.hunt:  # F.1: an Agent the alien kills costs nothing
            bait = self.aliens or list(self.suspects or ())
            if bait:
                return self._near(bait)[0] or base
        if self.me.id in team.guards:
            keeper = next(h for h in self.view.crew if h.id == team.keeper)
            return grid_of(keeper.grid) or base
        if self.damaged and not self.engineer:  # C.9: guard the repair in a group
            return self._near(self.damaged)[0] or base
        if "Science" in self.me.skills and self._lab_cadavers():
            return self._near(lab_grids(self.ship))[0] or base
        room = self._workroom()
        if room and not self.damaged:  # E.4.2: carry the supplies to the workroom
            return self._near(room)[0] or base
        if self.hunt and self.suspects and len(self.suspects) <= HUNT_SIZE and self._company():
            return self._near(list(self.suspects))[0] or base
        return base

    def _manning(self) -> bool:
        """A gunner of the raids variant still on its way to the Weapons Bay."""
        bay = station_grids(self.ship, TAG_WEAPONS)
        return self.me.id in self.team.gunners and self.here not in bay and not self.flee

    def _gun(self) -> Grid | None:
        """A Weapons Bay station no other human holds: this one's own if it has one."""
        bay = station_grids(self.ship, TAG_WEAPONS)
        if self.here in bay:
            return self.here
        taken = {g for h in self.living if h.id != self.me.id and (g := grid_of(h.grid))}
        return self._near(sorted(bay - taken))[0]

    @property
    def _clearing(self) -> bool:
        """E.3.1: the keeper, or the courier standing at the ToolKit, has no room for it."""
        if self.content is None or self.toolkit or not (self.keeper or self.courier):
            return False
        at_kit = self.here == self.team.toolkit
        return (self.keeper or at_kit) and not has_room(self.me, self.content)

    @property
    def _keeper_comes(self) -> bool:
        """The courier holds the ToolKit at a damaged critical system the keeper, not done
        this phase, can still walk into with two actions left: to pick it up and repair
        (C.9, E.3.2)."""
        if not (self.courier and self.toolkit) or self.keeper or self.here not in self.damaged:
            return False
        keeper = next((h for h in self.view.crew if h.id == self.team.keeper), None)
        if keeper is None or keeper.done or keeper.grid == self.me.grid:
            return False
        walk = distances(self.ship, self.here, Mover.HUMAN, self.view.board.doors)
        return walk.get(Grid.parse(keeper.grid), FAR) + 2 <= (keeper.actions or 0)

    def _blocks_kit(self, items: tuple[str, ...]) -> bool:
        """The keeper would pick up what leaves no room for the ToolKit (E.3.1)."""
        if self.content is None or not self.keeper or self.toolkit:
            return False
        if self.team.kit_id in items:
            return False
        return not room_after(self.me, items, self.kinds, self.content)

    def _dots(self, items: tuple[str, ...]) -> int:
        assert self.content is not None
        return sum(dots(self.kinds.get(i), self.content) for i in items)

    def _attack_value(self, target: str, boost: int) -> float:
        """The chance this attack (and the best use of the actions left) kills the alien:
        two hits in this phase, or one if it is hurt already (D.5)."""
        alien = next(a for a in self.view.aliens if a.id == target)
        grid = grid_of(alien.grid)
        distance = grid_range(self.here, grid) if grid is not None else None
        modifier = attack_modifier(self.me, distance if distance is not None else 99)
        actions = self.me.actions if self.me.actions is not None else 4
        hits = (1 if self._hurt[target] else 2) + self._tokens
        return attack_value(modifier, actions, hits, boost)

    @property
    def _tokens(self) -> int:
        """The reactions variant: each Regeneration token absorbs one hit (W.2)."""
        table = self.view.reactions
        return table.tokens if table is not None and self.taught else 0

    def _futile(self, target: str) -> bool:
        alien = next((a for a in self.view.aliens if a.id == target), None)
        grid = grid_of(alien.grid) if alien is not None else None
        distance = grid_range(self.here, grid) if grid is not None else None
        return distance is not None and futile(self.view, self.me, distance)

    def _left_after(self, cmd: c.Move) -> int:
        """Actions left once the move is made (its cost read from the floor plan)."""
        back = distances(self.ship, self.here, Mover.HUMAN, self.view.board.doors)
        return (self.me.actions or 0) - back.get(cmd.route[-1], FAR)

    @property
    def _fetching(self) -> bool:
        """The keeper is its own courier: the ToolKit first, then the damage (C.9)."""
        return self.courier and not self.toolkit

    def _lab_cadavers(self) -> bool:
        """A cadaver lies where a scientist in the Lab can autopsy it (E.2.2)."""
        for line in self.view.crew:
            grid = grid_of(line.grid) if line.condition == "deceased" else None
            if grid is not None and not line.carried_by and on_the_table(self.ship, grid):
                return True
        return False

    def _workroom(self) -> list[Grid]:
        if self.content is None:
            return []
        return workroom(self.view, self.me, self.ship, self.content)

    def _safe_here(self) -> bool:
        """No grid the belief holds, nor any alien in sight, within the alien's reach."""
        return out_of_reach(self.ship, self.here, (self.suspects or frozenset()) | set(self.aliens))

    def _courier_grid(self) -> Grid | None:
        courier = next((h for h in self.view.crew if h.id == self.team.courier), None)
        return grid_of(courier.grid) if courier is not None else None

    def _company(self) -> bool:
        """Someone else alive stands here: only groups go hunting (a lone human is prey)."""
        return any(h.id != self.me.id and h.grid == self.me.grid for h in self.living)

    def _covered(self, actions: int) -> int:
        if not self.suspects:
            return 0
        seen = visible_grids(self.ship, self.here, self.view.board.doors)
        return sum(
            1
            for g in self.suspects
            if g in seen and g != self.here and (grid_range(self.here, g) or 0) <= actions
        )

    def score(self, cmd: c.Command) -> float:
        if self.pod is not None:
            return self._escape_score(cmd)
        if isinstance(cmd, c.Move) and self._manning():
            score = super().score(cmd)  # the raids variant: to the guns before errands
            return score + GUN_HASTE if score > 0 else score
        score = self._score(cmd)
        if isinstance(cmd, c.Move) and self._noisy_room(cmd.route[-1]):
            return score - NOISY_ROOM
        return score

    def _noisy_room(self, grid: Grid) -> bool:
        """The noise variant: ``grid`` is in a room with a marker on one of its doors
        (an encounter if its die names that door, N.2) while the belief holds a grid
        within an ambush's reach of it (N.3)."""
        noise = self.view.noise
        if not (self.hunt and self.taught) or noise is None or not noise.markers:
            return False
        if not self.suspects:
            return False
        room = self.ship.region_of(grid)
        if room.kind is not RegionKind.ROOM:  # corridors never roll (N.1)
            return False
        if not set(room_doors(self.ship, room.key)) & set(noise.markers):
            return False
        reach = load_variants().noise.reach
        return any((grid_range(grid, g) or FAR) <= reach for g in self.suspects)

    def _score(self, cmd: c.Command) -> float:
        match cmd:
            case c.Attack(target=target) if self.taught and self._futile(target):
                return -5  # the physiology variant: a hit would injure nothing
            case c.Attack(target=target, boost=boost) if target in self._hurt:
                return 100 + 10 * self._attack_value(target, boost)
            case c.Search() if (self.keeper or self.courier) and self.goal not in (None, self.here):
                return -5  # on an errand: the ToolKit first
            case c.Search(actions=actions):
                covered = self._covered(actions)
                return 40 + covered - 0.1 * actions if covered else -5
            case c.Drop(items=items) if self.team.kit_id in items and self._keeper_comes:
                return 92  # C.2: left at the damage for the keeper, who acts after
            case c.Move() if self.courier and self.toolkit and self.damaged and not self.keeper:
                score = super().score(cmd)  # C.2: the ToolKit moves before its keeper does
                return score + 61 if score > 0 else score
            case c.Move() if cmd.route[-1] in self.damaged and self.keeper and not self._fetching:
                return 90 if self._left_after(cmd) >= (1 if self.last_chance else 2) else -5
            case c.Move() if self.keeper:  # the keeper moves first, its guards follow
                score = super().score(cmd)
                return score + 20 if score > 0 else score
            case c.Move() if self.suspects and cmd.route[-1] in self.suspects:
                return max(super().score(cmd), 35)
            case c.Drop(items=items) if self._clearing and self.team.kit_id not in items:
                return 59 + self._dots(items)  # E.3.1: room for the ToolKit, heaviest first
            case c.PickUp(items=items):
                return self._pickup_score(cmd, items)
            case c.OpenLocker() if self.courier and not self.toolkit:
                return 58 if self.here == self.team.toolkit else super().score(cmd)
            case c.Give(items=items, to=to, back=()) if self.team.kit_id in items:
                return 96 if to == self.team.keeper and self.me.id != self.team.keeper else -10
            case c.Give():
                return -10
            case c.Fabricate():  # E.4.2: only beyond the alien's reach next phase
                return super().score(cmd) if self._safe_here() else -5
        return super().score(cmd)

    def _pickup_score(self, cmd: c.PickUp, items: tuple[str, ...]) -> float:
        """The ToolKit is the courier's to pick up (or, left at the damage, the keeper's,
        C.2); the keeper takes nothing that leaves no room for it (E.3.1)."""
        kit = self.team.kit_id
        if self._blocks_kit(items) or (kit in items and not self.courier):
            return -5
        fetches = self.courier and not self.toolkit and (kit is None or kit in items)
        if fetches and self.here == self.team.toolkit:
            return 58
        return super().score(cmd)

    def _escape_score(self, cmd: c.Command) -> float:
        """The ship is lost (C.9): walk to the pod and launch it from inside once everyone
        bound for it is aboard or time is up (E.2.4); fight only what stands in the way."""
        assert self.escape is not None and self.pod is not None
        match cmd:
            case c.Launch(pod="") if self.here == self.pod:
                return 99 if ready_to_launch(self.view, self.escape, self.pod) else -20
            case c.EndUnit() | c.Move() if self.here == self.pod:
                return -20  # waits aboard to launch once the others are in
            case c.Attack() | c.Move() | c.EndUnit():
                return _Plan.score(self, cmd)
        return -10

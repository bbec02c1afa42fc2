"""Why the expert's plan makes a choice, as data: the goal's kind, the unit, the place,
the item (words for people in ``bot/present/hints.py``).

Read from the `hard` player's plan for the chosen command's unit
(:meth:`HardCrew.planner <engine.players.hard_crew.HardCrew.planner>`,
:meth:`HardAlien.planner <engine.players.hard_alien.HardAlien.planner>`), which is
made from the side's view, the legal commands and the public events only: a reason
never names what the asking side cannot know.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine import commands as c
from engine.board.geometry import Mover
from engine.board.grid import Grid
from engine.board.ship import Ship
from engine.board_view import MarkerKind
from engine.content import Content
from engine.players.alien_ai import view_markers
from engine.players.hard_alien import HardAlien
from engine.players.hard_alien import _HardPlan as AlienPlan
from engine.players.hard_crew import TOOLKIT, HardCrew, lab_grids
from engine.players.hard_crew import _HardPlan as CrewPlan
from engine.players.tactics import grid_of, markers, move_progress, unit_of
from engine.views import View


class Goal(Enum):
    """What a plan's choice is for: each kind has its sentence, naming its facts."""

    # the crew's moves: where the goal is, and why there
    POD = "pod"  # the ship is lost: a life pod (C.9, E.2.4)
    DAMAGE = "damage"  # a damaged critical system, repaired in time (C.9)
    TOOLKIT = "toolkit"  # the ToolKit lies there and no Engineer carries it
    COURIER = "courier"  # the keeper meets whoever brings the ToolKit
    KEEPER = "keeper"  # the ToolKit goes to the Engineer who keeps it
    STATION = "station"  # the keeper waits where every face-down nexus is near
    GUARD = "guard"  # company for the keeper: the alien hunts loners
    BAIT = "bait"  # an Agent walks towards the alien (F.1)
    ALIEN = "alien"  # an alien in sight, approached in a group
    SIGHTING = "sighting"  # where the alien was last seen
    HUNT = "hunt"  # a grid the alien may be in (the belief's size in count)
    LAB = "lab"  # a cadaver to autopsy (E.2.2, F.1)
    LOCKER = "locker"  # gear to take, with empty hands (E.2.6)
    WORKROOM = "workroom"  # supplies to fabricate with (E.4.2)
    COMPANY = "company"  # the other humans: nobody walks alone
    # the crew's other commands
    ATTACK = "attack"
    REPAIR = "repair"
    HEAL = "heal"
    AUTOPSY = "autopsy"
    FABRICATE = "fabricate"
    UNLOCK = "unlock"
    PICKUP = "pickup"
    HANDOVER = "handover"  # the ToolKit given to its keeper
    LEAVE_KIT = "leave_kit"  # the ToolKit left at the damage for the keeper
    LAUNCH = "launch"
    DONE = "done"  # nothing in the plan needs another action: the actions left search (C.8)
    # the alien's
    PREY = "prey"  # a lone human within reach
    NEXUS = "nexus"  # the face-down nexus the crew can reach least in time (C.9)
    FOOD = "food"  # energy to grow (C.10)
    CREW = "crew"  # late in the game: the crew itself
    SLIP = "slip"  # out of every human's search next phase (C.8)
    FLEE = "flee"  # hurt: away from the nearest human
    SABOTAGE = "sabotage"  # a nexus attacked (C.9)
    STRIKE = "strike"  # a human attacked
    SURFACE = "surface"  # out of the pipes where it can strike (C.7.2)
    HIDE = "hide"  # into the pipes (C.7)
    FEINT = "feint"  # the crew's belief is narrow: widen it (C.7.1)
    FORAGE = "forage"
    GROW = "grow"  # mutate or spawn (C.10, G.4)
    MEND = "mend"  # the alien heals itself away from the crew
    STAY = "stay"  # no move gets it safer or nearer its goal


@dataclass(frozen=True, slots=True)
class PlanReason:
    """One choice's reason: ``unit`` by id and the name its side's view gives it
    (a human's name, an alien's life stage), the place's room name, an item's kind,
    and a count where the goal has one (the belief's grids)."""

    goal: Goal
    unit: str
    name: str
    place: str = ""
    item: str = ""
    count: int = 0


def crew_reason(
    view: View, command: c.Command, plan: CrewPlan, ship: Ship, belief: int
) -> PlanReason | None:
    """Why the crew's plan chose ``command`` (None: no goal to name). ``belief``: the
    grids the alien may be in, for the crew's view."""
    me = plan.me
    here = _room(ship, plan.here)

    def said(goal: Goal, grid: Grid | None = None, item: str = "", count: int = 0) -> PlanReason:
        place = _room(ship, grid) if grid is not None else here
        return PlanReason(goal, me.id, me.name, place, item, count)

    match command:
        case c.Attack(target=target):
            alien = next((a for a in view.aliens if a.id == target), None)
            return said(Goal.ATTACK, item=alien.stage if alien else "")
        case c.Repair():
            return said(Goal.REPAIR)
        case c.Heal(target=target):
            other = next((h for h in view.crew if h.id == target), None)
            return said(Goal.HEAL, item=other.name if other else "")
        case c.Autopsy():
            return said(Goal.AUTOPSY)
        case c.Fabricate():
            return said(Goal.FABRICATE)
        case c.OpenLocker():
            return said(Goal.UNLOCK)
        case c.PickUp(items=items):
            kinds = [plan.kinds.get(i, "") for i in items]
            return said(Goal.PICKUP, item=next((k for k in kinds if k), ""))
        case c.Give(items=items, to=to) if plan.team.kit_id in items:
            keeper = next((h for h in view.crew if h.id == to), None)
            return said(Goal.HANDOVER, item=keeper.name if keeper else "")
        case c.Drop(items=items) if plan.team.kit_id in items:
            return said(Goal.LEAVE_KIT)
        case c.Launch():
            return said(Goal.LAUNCH)
        case c.EndUnit():
            return said(Goal.DONE)
        case c.Move():
            goal = plan.goal
            if goal is None:
                return None
            return said(_crew_goal(view, plan, goal, ship), goal, count=belief)
    return None


def _crew_goal(view: View, plan: CrewPlan, goal: Grid, ship: Ship) -> Goal:
    """The kind of the goal a crew plan walks to, tried in the plan's own order
    (``_HardPlan._goal`` in :mod:`engine.players.hard_crew`)."""
    team = plan.team
    keeper = next((h for h in view.crew if h.id == team.keeper), None)
    at_keeper = keeper is not None and goal == grid_of(keeper.grid)
    sightings = markers(view, MarkerKind.ALIEN_SIGHTING)
    lockers = markers(view, MarkerKind.LOCKER) + markers(view, MarkerKind.GEAR)
    kits = {m.grid for m in view.board.markers if m.label == TOOLKIT}
    found = [
        (plan.pod == goal or plan.flee, Goal.POD),
        (goal in plan.damaged, Goal.DAMAGE),
        (goal == team.toolkit or goal in kits, Goal.TOOLKIT),
        (plan.keeper and not plan.toolkit, Goal.COURIER),
        (plan.courier and at_keeper, Goal.KEEPER),
        (plan.keeper and goal == team.station, Goal.STATION),
        (plan.me.id in team.guards and at_keeper, Goal.GUARD),
        ("Agent" in plan.me.skills and goal in (plan.suspects or ()), Goal.BAIT),
        (goal in plan.aliens, Goal.ALIEN),
        (goal in sightings, Goal.SIGHTING),
        (goal in lab_grids(ship), Goal.LAB),
        (goal in plan._workroom(), Goal.WORKROOM),
        (goal in (plan.suspects or ()), Goal.HUNT),
        (goal in lockers, Goal.LOCKER),
    ]
    return next((kind for hit, kind in found if hit), Goal.COMPANY)


def alien_reason(view: View, command: c.Command, plan: AlienPlan, ship: Ship) -> PlanReason | None:
    """Why the alien's plan chose ``command`` (None: no goal to name)."""
    alien = plan.alien
    here = _room(ship, plan.here)

    def said(goal: Goal, grid: Grid | None = None) -> PlanReason:
        place = _room(ship, grid) if grid is not None else here
        return PlanReason(goal, alien.id, alien.stage, place)

    match command:
        case c.Attack(target="nexus"):
            return said(Goal.SABOTAGE)
        case c.Attack(target=target) if target not in ("door", "wall"):
            return said(Goal.STRIKE, grid_of(target))
        case c.Surface():
            return said(Goal.SURFACE)
        case c.StartPipeRun():
            return said(Goal.HIDE)
        case c.Feint():
            return said(Goal.FEINT)
        case c.Forage():
            return said(Goal.FORAGE)
        case c.Mutate() | c.Spawn():
            return said(Goal.GROW)
        case c.Heal():
            return said(Goal.MEND)
        case c.EndUnit():
            return said(Goal.STAY)
        case c.Move():
            return said(*_alien_goal(plan, command, ship))
    return None


def _alien_goal(plan: AlienPlan, move: c.Move, ship: Ship) -> tuple[Goal, Grid]:
    """The kind of the goal an alien's move walks to, and the grid named; a move that
    brings it no nearer its goal slips out of the crew's reach (hard_alien)."""
    dest, goal = move.route[-1], plan.goal
    towards = move_progress(move, plan.here, goal, ship, Mover.ALIEN, plan.view) > 0
    if plan.alien.injured or goal is None or not towards:
        return (Goal.SLIP if plan.alien.hidden else Goal.FLEE), dest
    if plan.humans.get(goal, 0) == 1:
        return Goal.PREY, goal
    if goal in plan.nexus:
        return Goal.NEXUS, goal
    food = {m.grid for m in view_markers(plan.view) if m.kind is MarkerKind.SUPPLIES}
    bodies = {grid_of(h.grid) for h in plan.view.crew if h.condition == "deceased"}
    return (Goal.FOOD if goal in food | bodies else Goal.CREW), goal


def _room(ship: Ship, grid: Grid | None) -> str:
    return ship.region_of(grid).name if grid is not None and grid in ship.cells else ""


def reason_of(
    hard: HardCrew | HardAlien,
    view: View,
    command: c.Command,
    ship: Ship,
    content: Content,
    belief: int = 0,
) -> PlanReason | None:
    """Why ``hard``'s plan for the unit of ``command`` leads to it (None: a command of
    no unit's plan, such as passing the phase)."""
    unit = unit_of(command)
    if isinstance(hard, HardCrew):
        human = next((h for h in view.crew if h.id == unit), None)
        if human is None:
            return None
        return crew_reason(view, command, hard.planner(view, ship, content)(human), ship, belief)
    alien = next((a for a in view.aliens if a.id == unit), None)
    if alien is None:
        return None
    return alien_reason(view, command, hard.planner(view, ship, content)(alien), ship)

"""A deliberate set-up (B.1) for the players that plan one, instead of ``quick``.

The crew (B.1.2) chooses who lies injured, which survivor takes which role and where
the six others start; the alien (B.1.3) chooses its first ability and where its Larva
starts. ``quick`` leaves all of that to chance, so a crew often starts with its
Engineers in the beds and nobody within twenty steps of the ToolKit, which the set-up
puts alone in the Workshop's locker (B.1.1), while a critical system struck at turn three
counts down over four crew phases (C.9).

Every choice here is one of the legal commands the player is offered
(:func:`engine.players.base.candidate_pool` lists them for a player that plans its
set-up), read from its side's view and the public floor plan only.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from engine import commands as c
from engine.board.geometry import Mover
from engine.board.grid import Grid
from engine.board.ship import (
    TAG_ASSEMBLY_AREA,
    TAG_INFIRMARY,
    TAG_LOADING_BAY,
    TAG_WORKSHOP,
    Feature,
    Ship,
)
from engine.content import Content
from engine.players.tactics import FAR, distances
from engine.views import CrewLine, View

# Skills in the order a survivor is worth keeping out of the beds (B.1.2): the Engineer
# repairs (C.9), Tactical and Command open the TacKit and fight (E.3.6, G.3), Medical heals
# the injured (E.2.1), then the rest.
SKILL_RANK = ("Engineer", "Tactical", "Command", "Medical", "Science", "Operations", "Cooking")
# The alien's first ability (B.1.3, G.4). Venom leaves a human it wins against
# unconscious (G.4), out of the fight and a two-dot load to carry (E.3.1). Measured by
# playing each of the eight first (docs/rules-decisions.md, the expert's set-up): Venom
# won most.
FIRST_ABILITY = "Venom"


class SetupReason(StrEnum):
    """Why a set-up choice was made: the advisor's sentence is chosen by it (the words
    live with the bot's other words, ``bot/present/hints.py``)."""

    ANYONE = "anyone"  # the dead, the injured: the humans differ only in name yet
    ROLE_WELL = "role-well"  # the most useful free role to a well survivor
    ROLE_BED = "role-bed"  # the least useful to an injured one
    TOOLKIT = "toolkit"  # the best Engineer on the ToolKit's locker
    TACKIT = "tackit"  # a Tactical or Command human on the TacKit's
    BEDS = "beds"  # a Medical human beside the beds
    NEXUS = "nexus"  # near a nexus nobody watches yet
    ABILITY = "ability"  # the alien's first ability
    LARVA = "larva"  # the cadaver farthest from the crew
    QUICK = "quick"  # nothing left worth weighing (the crates) or nothing else offered


Planned = tuple[c.Command, SetupReason]


def crew_setup(view: View, legal: list[c.Command], ship: Ship, content: Content) -> Planned:
    """The crew's next set-up command from ``legal``, and why."""
    step = view.setup_step
    roles = [cmd for cmd in legal if isinstance(cmd, c.AssignRole)]
    places = [cmd for cmd in legal if isinstance(cmd, c.PlaceHuman)]
    if step in ("dead", "injured"):
        # The humans differ only in name until roles are given (roster.toml): any will do.
        chosen = [cmd for cmd in legal if isinstance(cmd, c.ChooseDead | c.ChooseInjured)]
        return (chosen[0], SetupReason.ANYONE) if chosen else _quick(legal)
    if step == "roles" and roles:
        return _role(view, roles, content)
    if step == "place" and places:
        return _placement(view, places, ship)
    return _quick(legal)


def _rank(skills: Iterable[str]) -> int:
    return min((SKILL_RANK.index(s) for s in skills if s in SKILL_RANK), default=len(SKILL_RANK))


def _role(view: View, offers: list[c.AssignRole], content: Content) -> Planned:
    """The best free role to a well survivor, the least useful to an injured one."""
    human = next(line for line in view.crew if line.id == offers[0].human)

    def worth(cmd: c.AssignRole) -> tuple[int, str]:
        return _rank([content.role(cmd.role).skill.value]), cmd.role

    ranked = sorted(offers, key=worth)
    if human.condition == "injured":
        return ranked[-1], SetupReason.ROLE_BED
    return ranked[0], SetupReason.ROLE_WELL


def _placement(view: View, offers: list[c.PlaceHuman], ship: Ship) -> Planned:
    """Posts in order, each to the best survivor still to place: an Engineer on the
    ToolKit's locker, a Tactical or Command human on the TacKit's, a Medical human
    beside the beds; the rest as near the unwatched nexus markers as the limits allow."""
    waiting = {line.id: line for line in view.crew if not line.grid and line.condition == "well"}
    posts = [
        ("Engineer", _locker(ship, TAG_WORKSHOP), SetupReason.TOOLKIT),
        ("Tactical", _locker(ship, TAG_ASSEMBLY_AREA), SetupReason.TACKIT),
        ("Command", _locker(ship, TAG_ASSEMBLY_AREA), SetupReason.TACKIT),
        ("Medical", _beside_beds(ship), SetupReason.BEDS),
    ]
    taken = {line.grid for line in view.crew if line.grid}
    for skill, grid, reason in posts:
        if str(grid) in taken:
            continue
        for line in _best_with(waiting.values(), skill):
            cmd = c.PlaceHuman(line.id, grid)
            if cmd in offers:
                return cmd, reason
    unwatched = _unwatched(view, ship)

    def watch(cmd: c.PlaceHuman) -> tuple[int, str, Grid]:
        steps = min((walk.get(cmd.grid, FAR) for walk in unwatched), default=FAR)
        return steps, cmd.human, cmd.grid

    return min(offers, key=watch), SetupReason.NEXUS


def _best_with(lines: Iterable[CrewLine], skill: str) -> list[CrewLine]:
    """Survivors with ``skill``, the one with the most markers of it first."""
    holders = [line for line in lines if skill in line.skills]
    return sorted(holders, key=lambda line: (-line.skills.count(skill), line.id))


def _locker(ship: Ship, tag: str) -> Grid:
    region = ship.region_tagged(tag)
    return next(g for g in sorted(ship.grids_with(Feature.LOCKER)) if g in region.grids)


def _beside_beds(ship: Ship) -> Grid:
    beds = ship.grids_with(Feature.BED)
    room = ship.region_tagged(TAG_INFIRMARY).grids
    free = [g for g in sorted(room) if g not in beds and not ship.is_obstructed(g)]
    return min(free, key=lambda g: min(abs(g.col - b.col) + abs(g.row - b.row) for b in beds))


def _unwatched(view: View, ship: Ship) -> list[dict[Grid, int]]:
    """The walk to each nexus with no well human placed within four steps of it (one
    crew phase's walk, C.1), from every grid."""
    placed = [Grid.parse(line.grid) for line in view.crew if line.grid and line.condition == "well"]
    walks = [distances(ship, n, Mover.HUMAN, {}) for n in ship.grids_with(Feature.NEXUS)]
    return [walk for walk in walks if not any(walk.get(p, FAR) <= 4 for p in placed)]


def alien_setup(view: View, legal: list[c.Command], ship: Ship) -> Planned:
    """The alien's next set-up command from ``legal``, and why: :data:`FIRST_ABILITY`, then the
    Larva on the cadaver farthest from the humans already placed (B.1.3: the crew places
    first here, and a Larva is the weakest alien, G.5), or, with no cadaver offered, on
    the Loading Bay's grid farthest from them."""
    for cmd in legal:
        if isinstance(cmd, c.ChooseAbility) and cmd.ability == FIRST_ABILITY:
            return cmd, SetupReason.ABILITY
    starts = [cmd for cmd in legal if isinstance(cmd, c.PlaceLarva)]
    if not starts:
        return _quick(legal)
    bay = ship.region_tagged(TAG_LOADING_BAY).grids
    humans = [Grid.parse(line.grid) for line in view.crew if line.grid and line.condition == "well"]

    def worth(cmd: c.PlaceLarva) -> tuple[bool, int, Grid]:
        walk = distances(ship, cmd.grid, Mover.ALIEN, {})
        away = min((walk.get(h, FAR) for h in humans), default=FAR)
        return cmd.grid in bay, -away, cmd.grid

    return min(starts, key=worth), SetupReason.LARVA


def _quick(legal: list[c.Command]) -> Planned:
    """``quick`` for the rest (the crates), or when the deliberate choices are not
    offered."""
    quick = next((cmd for cmd in legal if isinstance(cmd, c.QuickSetup)), legal[0])
    return quick, SetupReason.QUICK

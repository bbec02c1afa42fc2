"""Every rules-help topic: the rulebook's sections, every command of the command
language, every alien ability, skill, piece of gear, improvised device, life stage,
crew role, kind of place on the ship and optional variant.

A topic is named by its ``key``, what ``/rules`` receives ("C.7.2", "attack", "Venom",
"Air Lock"). :func:`topics` builds the list from ``data/`` and checks it against the
engine: every verb of :mod:`engine.commands` has its topic, every place is found on the
ship, every topic another one points to exists.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from engine.board.floorplan import default_ship
from engine.board.ship import Feature, Region, RegionKind, Ship
from engine.commands import VERBS
from engine.content import Content, ContentError, load_content
from engine.help.rulebook import Rulebook, load_rulebook
from engine.help.topic_data import TOPICS, PlaceTopic, TopicData, load_topic_data
from engine.variants import Catalogue, load_variants

# The kinds of topic, as the list and a name's heading say them (sections have none).
KINDS = {
    "command": "command",
    "ability": "alien ability",
    "skill": "skill",
    "gear": "gear",
    "device": "improvised device",
    "life stage": "alien life stage",
    "role": "crew role",
    "place": "place on the ship",
    "variant": "optional variant",
}


@dataclass(frozen=True, slots=True)
class Topic:
    key: str  # what /rules receives: "C.7.2", "attack", "Venom"
    name: str  # a section's title, a command's verb, a thing's name (English)
    kind: str  # "section" or one of KINDS
    rule: str  # the section that holds it
    title: str = ""  # a command's few words beside its verb

    @property
    def label(self) -> str:
        """What the English list shows: "C.7.2 Ending A Pipe-Run", "Venom (alien ability)"."""
        if self.kind == "section":
            return f"{self.key} {self.name}"
        if self.kind == "command":
            return f"{self.name} — {self.title}"
        return f"{self.name} ({KINDS[self.kind]})"


@cache
def topics() -> tuple[Topic, ...]:
    """Every topic, sections first in the rulebook's order."""
    return build_topics(
        load_rulebook(), load_content(), load_topic_data(), default_ship(), load_variants()
    )


def build_topics(
    book: Rulebook,
    content: Content,
    data: TopicData,
    ship: Ship,
    variants: Catalogue | None = None,
) -> tuple[Topic, ...]:
    _check_commands(data)
    found = [Topic(s.id, s.title, "section", s.id) for s in book.sections]
    found += [Topic(c.verb, c.verb, "command", c.rule, c.title) for c in data.command]
    found += [Topic(a.value, a.value, "ability", "G.4") for a in content.abilities]
    found += [Topic(s.value, s.value, "skill", "G.3") for s in content.skills]
    for gear in content.gear.values():
        kind = "device" if gear.id in content.blueprints else "gear"
        found.append(Topic(gear.id.value, gear.name, kind, gear.rule))
    found += [Topic(s.value, s.value, "life stage", "G.5") for s in content.life_stages]
    found += [Topic(r.name, r.name, "role", "E.1") for r in content.roles]
    for place in data.place:
        if not place_regions(place, ship):
            raise ContentError(TOPICS, f"place {place.name!r}: no such place on the ship")
        found.append(Topic(place.name, place.name, "place", place.rule))
    for key, info in (variants or load_variants()).variants.items():
        found.append(Topic(key, info.title, "variant", info.rule))
    _check_keys(found, data)
    return tuple(found)


def _check_commands(data: TopicData) -> None:
    verbs = [c.verb for c in data.command]
    missing, unknown = sorted(set(VERBS) - set(verbs)), sorted(set(verbs) - set(VERBS))
    if missing or unknown or len(verbs) != len(set(verbs)):
        problem = f"commands missing {missing}, unknown {unknown}, or given twice"
        raise ContentError(TOPICS, problem)


def _check_keys(found: list[Topic], data: TopicData) -> None:
    keys = [t.key for t in found]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise ContentError(TOPICS, f"two topics share the name {twice}")
    pointed = {
        *(t.rule for t in found),
        *(s for c in (*data.command, *data.place, data.roles) for s in c.see),
        *data.more,
        *(s for lines in data.more.values() for s in lines.see),
    }
    unknown = sorted(pointed - set(keys))
    if unknown:
        raise ContentError(TOPICS, f"no such rules topic: {unknown}")


def place_regions(place: PlaceTopic, ship: Ship) -> list[Region]:
    """The regions of the ship a place topic speaks of, in the floorplan's order."""
    return [r for r in ship.regions.values() if _is(place, r, ship)]


def _is(place: PlaceTopic, region: Region, ship: Ship) -> bool:
    if place.tags:
        return not region.tags.isdisjoint(place.tags)
    if place.region_kind is not None:
        return region.kind.value == place.region_kind
    if place.feature is not None:
        return any(ship.cells[g].feature is Feature(place.feature) for g in region.grids)
    return region.kind is RegionKind.ROOM and not region.tags


def by_key(key: str, found: Iterable[Topic] | None = None) -> Topic | None:
    return next((t for t in (found or topics()) if t.key == key), None)

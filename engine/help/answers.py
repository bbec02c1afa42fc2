"""The answer to a rules-help topic, in our own words, with the numbers from the data
tables.

Answers come only from ``data/``: the gists and decisions of ``rulebook.toml``, the
lines of ``rules_topics.toml``, the summaries of ``counters.toml`` and ``roster.toml``,
the tables of ``tables.toml`` and the places of ``ship.txt``. Every sentence goes
through a :class:`Voice` before its numbers are filled in, so the bot can say it in
the reader's language (its catalogue holds each sentence, keyed by the English text);
names (units, roles, skills, gear, rooms, abilities, bands) and the command language
are never translated. Lines may hold ``**bold**`` for Discord; the terminal strips it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from engine.board.floorplan import default_ship
from engine.board.grid import deck_label
from engine.board.ship import Region, Ship
from engine.commands import VERBS
from engine.content import Content, load_content
from engine.content_models import Cost, Gear, LifeStageInfo
from engine.help.rulebook import Rulebook, Section, load_rulebook
from engine.help.topic_data import CommandTopic, Lines, PlaceTopic, TopicData, load_topic_data
from engine.help.topics import KINDS, Topic, by_key, place_regions, topics
from engine.variants import load_variants


def _same(text: str) -> str:
    return text


def _english_count(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


@dataclass(frozen=True, slots=True)
class Voice:
    """How an answer's words are said: ``say`` gives a sentence (an English message id)
    in the reader's language, ``count`` the singular or plural form for ``n``."""

    say: Callable[[str], str] = _same
    count: Callable[[str, str, int], str] = _english_count


ENGLISH = Voice()

# The answer's framing words.
SEE_ALSO = "See also: "
DECISION = "Our decision: "


def label(topic: Topic, voice: Voice = ENGLISH) -> str:
    """What the list shows: "C.7.2 Ending A Pipe-Run", "attack — Attacking",
    "Venom (alien ability)"."""
    say = voice.say
    if topic.kind == "section":
        return f"{topic.key} {say(topic.name)}"
    if topic.kind == "command":
        return f"{topic.name} — {say(topic.title)}"
    return f"{shown_name(topic, voice)} ({say(KINDS[topic.kind])})"


def shown_name(topic: Topic, voice: Voice = ENGLISH) -> str:
    """A topic's name as said: a name stays as it is, but a kind of place that is no
    room's name ("Lockers", "Life Pods") is a common noun, said in the reader's words."""
    if topic.kind in ("section", "variant"):  # a variant's title is a common phrase
        return voice.say(topic.name)
    rooms = {r.name for r in default_ship().regions.values()}
    if topic.kind == "place" and topic.name not in rooms:
        return voice.say(topic.name)
    return topic.name


def answer(topic: Topic, content: Content | None = None, voice: Voice = ENGLISH) -> list[str]:
    """The help lines for ``topic``, with the numbers of ``content`` (default: data/)."""
    ask = _Asked(load_rulebook(), content or load_content(), load_topic_data(), voice)
    return ask.answer(topic)


@dataclass(frozen=True, slots=True)
class _Asked:
    book: Rulebook
    content: Content
    data: TopicData
    voice: Voice

    def answer(self, topic: Topic) -> list[str]:
        section = self.book.section(topic.rule)
        assert section is not None, topic
        lines = _ANSWERS[topic.kind](self, topic, section)
        more = self.data.more.get(topic.key, Lines())
        lines += [self.said(line) for line in more.text]
        if topic.kind == "section":
            lines += self.decided(section)
        see = [*self.children(topic), *more.see]
        if topic.kind == "command":
            see = [*self.data_of_command(topic).see, *see]
        elif topic.kind == "place":
            see = [*self.place_of(topic).see, *see]
        elif topic.kind == "role":
            see = [*self.data.roles.see, *see]
        return lines + self.see_also(see)

    # --- words -------------------------------------------------------------------------

    def say(self, text: str) -> str:
        return self.voice.say(text)

    def said(self, template: str, **names: Any) -> str:
        """``template`` in the reader's words, its numbers filled in from the tables."""
        return self.say(template).format(**{**_numbers(self.content), **names})

    def count(self, singular: str, plural: str, n: int) -> str:
        return self.voice.count(singular, plural, n).format(n=n)

    def heading(self, topic: Topic, section: Section) -> str:
        """``**Venom** — alien ability (G.4)``."""
        return f"**{shown_name(topic, self.voice)}** — {self.say(KINDS[topic.kind])} ({section.id})"

    def plus(self, numbers: Iterable[tuple[str, int]]) -> list[str]:
        return [self.said(name, n=value) for name, value in numbers if value]

    def decided(self, section: Section, about: str | None = None) -> list[str]:
        chosen = [d for d in section.decisions if about is None or about.casefold() in d.casefold()]
        return [self.say(DECISION) + self.say(d) for d in chosen]

    def children(self, topic: Topic) -> list[str]:
        if topic.kind != "section":
            return []
        return [s.id for s in self.book.sections if s.parent == topic.key]

    def see_also(self, keys: list[str]) -> list[str]:
        shown = [label(t, self.voice) for k in dict.fromkeys(keys) if (t := by_key(k)) is not None]
        return [self.say(SEE_ALSO) + ", ".join(shown)] if shown else []

    def data_of_command(self, topic: Topic) -> CommandTopic:
        return next(c for c in self.data.command if c.verb == topic.key)

    def place_of(self, topic: Topic) -> PlaceTopic:
        return next(p for p in self.data.place if p.name == topic.key)


# --- the answers of each kind ------------------------------------------------------------


def _section(ask: _Asked, topic: Topic, section: Section) -> list[str]:
    lines = [f"**{section.id} {ask.say(section.title)}**", ask.said(section.gist)]
    for table in section.tables:
        lines += TABLES[table](ask)
    return lines


def _command(ask: _Asked, topic: Topic, section: Section) -> list[str]:
    usage = VERBS[topic.key].usage.split(" (")[0]  # the command language, never translated
    data = ask.data_of_command(topic)
    lines = [ask.heading(topic, section), f"`{usage}`", *(ask.said(line) for line in data.text)]
    for table in data.tables:
        lines += TABLES[table](ask)
    return lines


def _ability(ask: _Asked, topic: Topic, section: Section) -> list[str]:
    info = next(a for a in ask.content.abilities.values() if a.ability.value == topic.key)
    lines = [ask.heading(topic, section), ask.say(info.summary)]
    lines += ask.plus([("Resilience: +{n}.", info.resilience)])
    if info.attack_range:
        lines.append(ask.said("Attack range: {range}.", range=_grids(ask, info.attack_range)))
    if info.pipe_run_discount:
        cost = ask.count("{n} action", "{n} actions", info.pipe_run_discount)
        lines.append(ask.said("A pipe-run costs {cost} less.", cost=cost))
    lines += ask.plus([("Bonus actions: {n}.", info.surge_actions)])
    lines.append(ask.say("The alien keeps its abilities secret until it uses one (C.3)."))
    return lines + ask.decided(section, topic.key)


def _skill(ask: _Asked, topic: Topic, section: Section) -> list[str]:
    info = next(s for s in ask.content.skills.values() if s.skill.value == topic.key)
    roles = [r.name for r in ask.content.roles if r.skill is info.skill]
    lines = [ask.heading(topic, section), ask.say(info.summary)]
    lines += ask.plus(
        [
            ("Ferocity: +{n}.", info.ferocity),
            ("Ferocity in the same grid: +{n}.", info.melee_ferocity),
            ("Resilience: +{n}.", info.resilience),
            ("Actions a turn: +{n}.", info.actions),
        ]
    )
    lines.append(ask.said("Skill markers in the pool: {markers}.", markers=info.markers))
    if roles:
        lines.append(ask.said("Roles that give it: {roles}.", roles=", ".join(roles)))
    else:
        lines.append(ask.say("No role gives it: only a skill marker drawn at set-up (B.1.2)."))
    return lines + ask.decided(section, topic.key)


def _gear(ask: _Asked, topic: Topic, section: Section) -> list[str]:
    content = ask.content
    gear = next(g for g in content.gear.values() if g.id.value == topic.key)
    lines = [ask.heading(topic, section), ask.say(gear.summary), *_gear_numbers(ask, gear)]
    lines += _gear_start(ask, gear)
    blueprint = content.blueprints.get(gear.id)
    if blueprint is not None:
        lines.append(
            ask.said(
                "Built by a human with the {skill} skill carrying {supplies} on an obstructed "
                "grid of the {room}: one action and a roll of {dice.target} (E.4.2).",
                skill=blueprint.skill.value,
                supplies=ask.say(blueprint.supplies.value),
                room=_room(blueprint.room.value),
            )
        )
    return lines + ask.decided(section, gear.name)


def _gear_numbers(ask: _Asked, gear: Gear) -> list[str]:
    lines = []
    if gear.worn:
        lines.append(ask.say("Worn: no totage."))
    elif gear.totage is not None:
        dots = ask.count("{n} dot", "{n} dots", gear.totage)
        lines.append(ask.said("Totage: {dots}.", dots=dots))
    lines += ask.plus(
        [
            ("Ferocity: +{n}.", gear.ferocity),
            ("Resilience: +{n}.", gear.resilience),
            ("Ferocity with firearms: +{n}.", gear.firearm_ferocity),
            ("Search range: +{n}.", gear.search_range),
        ]
    )
    if gear.range_step == 1:
        lines.append(ask.say("Ranged: the target adds the range to its resilience."))
    elif gear.range_step is not None:
        lines.append(
            ask.said(
                "Ranged: the target adds 1 resilience per full {step} of range.",
                step=_grids(ask, gear.range_step),
            )
        )
    if gear.reach:
        lines.append(ask.said("Works within {range}.", range=_grids(ask, gear.reach)))
    lines += ask.plus([("Its attack has ferocity {n}.", gear.effect_ferocity)])
    if gear.contents:
        held = ", ".join(ask.content.gear[k].name for k in gear.contents)
        lines.append(ask.said("Holds: {items}.", items=held))
    return lines


def _gear_start(ask: _Asked, gear: Gear) -> list[str]:
    """Where the gear is when the game starts: a locker on the ship, a role, a kit."""
    ship = default_ship()
    lockers = [r for r in ship.regions.values() if gear.id.value in r.locker]
    if lockers:
        rooms = ", ".join(_where(r) for r in lockers)
        return [ask.said("Starts in a locker: {rooms} (B.1.1).", rooms=rooms)]
    roles = [r.name for r in ask.content.roles if gear.id in r.gear]
    if roles:
        return [ask.said("Starts with the {role} (E.3.8).", role=", ".join(roles))]
    kits = [g.name for g in ask.content.gear.values() if gear.id in g.contents]
    if kits:
        return [ask.said("Comes out of the {kit} when it is opened (E.3.6).", kit=kits[0])]
    return []


def _stage(ask: _Asked, topic: Topic, section: Section) -> list[str]:
    content = ask.content
    info = next(s for s in content.life_stages.values() if s.stage.value == topic.key)
    after = content.next_stage(info.stage)
    lines = [ask.heading(topic, section), _stage_line(ask, info)]
    lines.append(ask.said("Actions a turn: {alien.actions}."))
    if after is not None:
        lines.append(
            ask.said(
                "Mutates into a {next} with {alien.mutate_energy} energy stores and a roll of "
                "{dice.target} (C.10).",
                next=after.value,
            )
        )
    else:
        lines.append(ask.say("The last stage: a further mutation costs the crew a point (F.1)."))
    return lines


def _role(ask: _Asked, topic: Topic, section: Section) -> list[str]:
    role = next(r for r in ask.content.roles if r.name == topic.key)
    skill = ask.content.skills[role.skill]
    lines = [ask.heading(topic, section), ask.say(role.description)]
    lines.append(ask.said("Gives the {skill} skill:", skill=role.skill.value))
    lines.append(ask.say(skill.summary))
    if role.gear:
        gear = ", ".join(ask.content.gear[g].name for g in role.gear)
        lines.append(ask.said("Starts with: {gear}.", gear=gear))
    return lines + [ask.said(line) for line in ask.data.roles.text]


def _place(ask: _Asked, topic: Topic, section: Section) -> list[str]:
    place = ask.place_of(topic)
    lines = [ask.heading(topic, section), *(ask.said(line) for line in place.text)]
    regions = place_regions(place, default_ship())
    if place.feature == "locker":
        kits = [(_where(r), ", ".join(_kits(ask, r))) for r in regions]
        return [*lines, ask.say("The lockers on the ship, and what they hold:"), *_named(ask, kits)]
    where = ", ".join(_where(r) for r in regions)
    return [*lines, ask.said("On the ship: {places}.", places=where)]


def _where(region: Region) -> str:
    return f"{region.name} ({deck_label(region.deck)})"


def _kits(ask: _Asked, region: Region) -> list[str]:
    return [ask.content.gear[g].name for g in ask.content.gear if g.value in region.locker]


def _room(tag: str, ship: Ship | None = None) -> str:
    """The name of the room a blueprint's tag ("workshop") stands for."""
    return (ship or default_ship()).region_tagged(tag).name


def _grids(ask: _Asked, n: int) -> str:
    return ask.count("{n} grid", "{n} grids", n)


LESSON = "A short lesson"
CHOSEN = (
    "Chosen when a game is created (`/game create variants:{id}`, or "
    "`quicksilver play --variant {id}`), for the whole game."
)
NOT_YET = "Not playable yet: its rules are still being built."
UNBALANCED = "Unbalanced: it failed its balance test, so it may favour one side."


def _variant(ask: _Asked, topic: Topic, section: Section) -> list[str]:
    info = load_variants().variants[topic.key]
    lines = [ask.heading(topic, section), *(ask.said(line) for line in info.text)]
    if info.lesson:
        lines += [f"**{ask.say(LESSON)}**", *(ask.say(step) for step in info.lesson)]
    lines.append(ask.said("Adapted from {game}.", game=info.source))
    if info.built:
        lines.append(ask.said(CHOSEN, id=topic.key))
        if info.unbalanced:
            lines.append(ask.say(UNBALANCED))
    else:
        lines.append(ask.say(NOT_YET))
    return lines


_ANSWERS: dict[str, Callable[[_Asked, Topic, Section], list[str]]] = {
    "section": _section,
    "command": _command,
    "ability": _ability,
    "skill": _skill,
    "gear": _gear,
    "device": _gear,
    "life stage": _stage,
    "role": _role,
    "place": _place,
    "variant": _variant,
}


# --- the data tables, as lines ----------------------------------------------------------


def _numbers(content: Content) -> dict[str, Any]:
    """What a line's ``{…}`` fields read (engine.help.rulebook.GIST_NAMES)."""
    return {
        "setup": content.setup,
        "dice": content.dice,
        "human": content.human_stats,
        "alien": content.alien_stats,
        "ship": content.ship,
        "gear": content.gear,
        "ability": content.abilities,
        "skill": content.skills,
        "supplies": content.supplies,
        "stage": content.life_stages,
        "cost": content.actions,
    }


def _stage_line(ask: _Asked, info: LifeStageInfo) -> str:
    return ask.said(
        "{name}: ferocity {ferocity}, resilience {resilience}, pipe-run {actions}, {abilities}, "
        "carries {items} of {dots} at most",
        name=info.stage.value,
        ferocity=info.ferocity,
        resilience=info.resilience,
        actions=ask.count("{n} action", "{n} actions", info.pipe_run),
        abilities=ask.count("{n} ability", "{n} abilities", info.abilities),
        items=ask.count("{n} item", "{n} items", info.carry_items),
        dots=ask.count("{n} dot", "{n} dots", info.carry_totage),
    )


def _life_stages(ask: _Asked) -> list[str]:
    return [f"• {_stage_line(ask, s)}" for s in ask.content.life_stages.values()]


def _cost(cost: Cost) -> str:
    return "—" if cost is None else str(cost)


def _actions(ask: _Asked) -> list[str]:
    lines = []
    for row in ask.content.actions.values():
        line = ask.said(
            "{activity}: human {by_human}, alien {by_alien}",
            activity=ask.say(row.label),
            by_human=_cost(row.human),
            by_alien=_cost(row.alien),
        )
        needs = [x.value for x in (row.human_skill, row.alien_ability) if x is not None]
        if needs:
            line += f" ({', '.join(needs)})"
        if row.note:
            line = ask.said("{text}; {note}", text=line, note=ask.say(row.note))
        lines.append(f"• {line}")
    return lines


def _victory(ask: _Asked) -> list[str]:
    victory = ask.content.victory
    lines = [f"• {r.points:+} {ask.say(r.label)}" for r in victory.schedule.values()]
    for band in victory.bands:
        if band.min is not None and band.max is not None:
            span = f"{band.min}–{band.max}"
        elif band.min is not None:
            span = ask.said("{n} or more", n=band.min)
        else:
            span = ask.said("{n} or less", n=band.max)
        lines += _named(ask, [(span, band.label)])  # the bands are names (README "Languages")
    return lines


def _named(ask: _Asked, rows: Iterable[tuple[str, str]]) -> list[str]:
    return [f"• {ask.said('{name}: {text}', name=name, text=text)}" for name, text in rows]


def _device(ask: _Asked, gear: Gear) -> bool:
    return gear.id in ask.content.blueprints


def _devices(ask: _Asked) -> list[str]:
    content = ask.content
    rows = [
        (
            content.gear[d].name,
            ", ".join((b.skill.value, ask.say(b.supplies.value), _room(b.room.value))),
        )
        for d, b in content.blueprints.items()
    ]
    return _named(ask, rows)


def _systems(ask: _Asked) -> list[str]:
    critical = ask.say("(critical)")
    rows = [
        (s.system.value + (f" {critical}" if s.critical else ""), ask.say(s.effect))
        for s in ask.content.systems.values()
    ]
    return _named(ask, rows)


TABLES: dict[str, Callable[[_Asked], list[str]]] = {
    "life-stages": _life_stages,
    "actions": _actions,
    "victory": _victory,
    "skills": lambda a: _named(
        a, ((s.skill.value, a.say(s.summary)) for s in a.content.skills.values())
    ),
    "abilities": lambda a: _named(
        a, ((x.ability.value, a.say(x.summary)) for x in a.content.abilities.values())
    ),
    "gear": lambda a: _named(
        a, ((g.name, a.say(g.summary)) for g in a.content.gear.values() if not _device(a, g))
    ),
    "devices": _devices,
    "systems": _systems,
}


def every_topic_said(voice: Voice) -> None:
    """Answer and label every topic in ``voice``: what the catalogue must hold is what
    this asks ``voice`` to say (bot.present.rules.rules_words)."""
    for topic in topics():
        label(topic, voice)
        answer(topic, voice=voice)
    for said in (CHOSEN, NOT_YET, UNBALANCED):  # a variant's states none may be in today
        voice.say(said)
    for line in load_variants().raids.score.values():  # its F.1 lines, in the reveal's score
        voice.say(line.label)

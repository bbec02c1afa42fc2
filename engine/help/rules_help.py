"""Rules help: every rulebook section and every ability, skill, piece of gear and life
stage, answered in our own words with the numbers from the data tables.

One index serves ``/rules`` (with autocomplete) and the terminal table's ``help RULE``.
Answers come only from ``data/``: the gists of ``rulebook.toml`` (numbers filled in from
the tables), the summaries of ``counters.toml`` and the tables of ``tables.toml``, and
the short form of our decisions kept beside each section. Lines may hold ``**bold**``
for Discord; the terminal strips it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.content import Content, ContentError, load_content
from engine.content_models import Cost, Gear
from engine.help.rulebook import Rulebook, Section, load_rulebook
from engine.help.words import WORDS, Words, load_words, split

CHOICES_MAX = 25  # Discord's autocomplete limit


@dataclass(frozen=True, slots=True)
class Topic:
    key: str  # what /rules receives: "C.7.2", "Venom"
    label: str  # what the list shows: "C.7.2 Ending A Pipe-Run", "Venom (alien ability)"
    kind: str  # "section", "ability", "skill", "gear", "device", "life stage"
    rule: str  # the section that holds it


def _fold(text: str) -> str:
    return re.sub(r"[^a-z0-9.]", "", text.casefold())


@cache
def topics() -> tuple[Topic, ...]:
    """Every topic, sections first in the rulebook's order."""
    return _topics(load_rulebook(), load_content())


def _topics(book: Rulebook, content: Content) -> tuple[Topic, ...]:
    found = [Topic(s.id, f"{s.id} {s.title}", "section", s.id) for s in book.sections]
    found += [
        Topic(a.value, f"{a.value} (alien ability)", "ability", "G.4") for a in content.abilities
    ]
    found += [Topic(s.value, f"{s.value} (skill)", "skill", "G.3") for s in content.skills]
    for gear in content.gear.values():
        kind = "device" if gear.id in content.blueprints else "gear"
        found.append(Topic(gear.id.value, f"{gear.name} ({kind})", kind, gear.rule))
    found += [
        Topic(stage.value, f"{stage.value} (life stage)", "life stage", "G.5")
        for stage in content.life_stages
    ]
    return tuple(found)


# --- looking topics up by their words ---------------------------------------------------

# How surely one typed word names a topic (engine.help.words: a word, its synonyms).
GIVEN = 5  # the word is among those data/rules_words.toml gives for the topic
TITLE = 4  # the word is in the topic's title or name
TITLE_SYNONYM = 3
GIVEN_SYNONYM = KIND = 2
MENTIONED = 1  # the word or a synonym is in what the topic says


@dataclass(frozen=True, slots=True)
class Entry:
    """A topic's words, stemmed: its title, those data/ gives it, those it says."""

    topic: Topic
    title: frozenset[str]
    given: frozenset[str]
    kind: frozenset[str]  # "ability", "gear": "venom ability" is Venom, not G.4
    text: frozenset[str]


@cache
def _index() -> tuple[Entry, ...]:
    return word_index(load_words())


def word_index(words: Words) -> tuple[Entry, ...]:
    """Every topic with its words; refuses a table naming a topic that does not exist."""
    book, content = load_rulebook(), load_content()
    found = topics()
    known = {t.key for t in found}
    unknown = sorted(set(words.topics) - known)
    if unknown:
        raise ContentError(WORDS, f"no such rules topic: {unknown}")
    entries = []
    for topic in found:
        name = topic.label if topic.kind == "section" else topic.label.split(" (")[0]
        if topic.kind == "section":
            section = book.section(topic.key)
            assert section is not None
            said = [section.gist, *section.decisions]
        else:
            said = answer(topic, content)[1:]
        entries.append(
            Entry(
                topic,
                frozenset(split(name)),
                words.topics.get(topic.key, frozenset()),
                frozenset(split(topic.kind)) - {"section"},
                frozenset(split(" ".join(said))),
            )
        )
    return tuple(entries)


def _query_words(query: str) -> list[str]:
    ignored = load_words().ignore
    return [w for w in dict.fromkeys(split(query)) if w not in ignored]


def _score(entry: Entry, word: str, prefix: bool = False) -> int:
    """How surely ``word`` (stemmed) names ``entry``; ``prefix``: the word is still
    being typed, so any word it begins counts."""
    group = load_words().group(word)

    def has(where: frozenset[str], wanted: frozenset[str]) -> bool:
        if prefix:  # "hea" begins "heal"; "mutati" goes past the stem "mutat" (not "a", "of")
            return any(
                w.startswith(x) or x.startswith(w) for w in where if len(w) > 3 for x in wanted
            ) or not where.isdisjoint(wanted)
        return not where.isdisjoint(wanted)

    alone = frozenset({word})
    for where, wanted, points in (
        (entry.given, alone, GIVEN),
        (entry.title, alone, TITLE),
        (entry.title, group, TITLE_SYNONYM),
        (entry.kind, alone, KIND),
        (entry.given, group, GIVEN_SYNONYM),
        (entry.text, group, MENTIONED),
    ):
        if has(where, wanted):
            return points
    return 0


def _ranked(query: str, typing: bool = False) -> list[tuple[int, int, Topic]]:
    """Topics that ``query``'s words name, best first, as (words matched, score, topic)."""
    wanted = _query_words(query)
    if not wanted:
        return []
    found = []
    for entry in _index():
        scores = [_score(entry, w, typing and i == len(wanted) - 1) for i, w in enumerate(wanted)]
        matched = sum(1 for s in scores if s)
        if matched:
            found.append((matched, sum(scores), entry.topic))
    found.sort(key=lambda f: (-f[0], -f[1]))
    return found


def find(query: str) -> Topic | None:
    """The topic ``query`` names: a section id or a name (any case, spaces optional);
    failing that, the topic its words name best (whole words of titles, of the words
    data/rules_words.toml gives, and of what topics say; synonyms count a little less).
    Every word must match, and a tie finds nothing."""
    wanted = _fold(query)
    if not wanted:
        return None
    for topic in topics():
        if wanted in (_fold(topic.key), _fold(topic.label.split(" (")[0])):
            return topic
    ranked = _ranked(query)
    words = len(_query_words(query))
    best = [r for r in ranked if r[0] == words and r[:2] == ranked[0][:2]]
    return best[0][2] if len(best) == 1 else None


def complete(typed: str, limit: int = CHOICES_MAX) -> list[Topic]:
    """Topics for an autocomplete list: those whose label starts with ``typed`` first,
    then those its words name, best first (the last word may be half typed)."""
    wanted = _fold(typed)
    starts = [t for t in topics() if _fold(t.label).startswith(wanted)]
    named = [t for _, _, t in _ranked(typed, typing=True) if t not in starts]
    return (starts + named)[:limit]


def suggestions(query: str) -> list[str]:
    """A few labels near ``query``, for a refusal."""
    return [t.label for t in complete(query, 6)]


# The answer's framing words (the bot words them in the asker's language:
# bot.present.rules); the rest is the rulebook's and data/'s own text.
SEE_ALSO = "See also: "
DECISION = "Our decision: "
KINDS = {
    "ability": "alien ability",
    "skill": "skill",
    "gear": "gear",
    "device": "improvised device",
    "life stage": "alien life stage",
}


def heading(name: str, kind: str, rule: str) -> str:
    """The first line of a name's answer: ``**Venom** — alien ability (G.4)``."""
    return f"**{name}** — {KINDS[kind]} ({rule})"


def answer(topic: Topic, content: Content | None = None) -> list[str]:
    """The help lines for ``topic``, with the numbers of ``content`` (default: data/)."""
    book, content = load_rulebook(), content or load_content()
    section = book.section(topic.rule)
    assert section is not None, topic
    lines = _ANSWERS[topic.kind](topic, section, content)
    if topic.kind == "section":
        children = [s for s in book.sections if s.parent == section.id]
        if children:
            lines.append(SEE_ALSO + ", ".join(f"{s.id} {s.title}" for s in children))
    return lines


# --- answers -------------------------------------------------------------------------


def _numbers(content: Content) -> dict[str, Any]:
    """What a gist's ``{…}`` fields read (engine.help.rulebook.GIST_NAMES)."""
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
    }


def gist(section: Section, content: Content) -> str:
    return section.gist.format(**_numbers(content))


def _decided(section: Section, about: str | None = None) -> list[str]:
    chosen = [d for d in section.decisions if about is None or about.casefold() in d.casefold()]
    return [DECISION + d for d in chosen]


def _section(topic: Topic, section: Section, content: Content) -> list[str]:
    lines = [f"**{section.id} {section.title}**", gist(section, content)]
    for table in section.tables:
        lines += TABLES[table](content)
    return lines + _decided(section)


def _ability(topic: Topic, section: Section, content: Content) -> list[str]:
    info = next(a for a in content.abilities.values() if a.ability.value == topic.key)
    lines = [heading(topic.key, topic.kind, section.id), info.summary]
    lines += _plus({"resilience": info.resilience})
    if info.attack_range:
        lines.append(f"Attack range: {_count(info.attack_range, 'grid')}.")
    if info.pipe_run_discount:
        lines.append(f"A pipe-run costs {_count(info.pipe_run_discount, 'action')} less.")
    if info.surge_actions:
        lines.append(f"Bonus actions: {info.surge_actions}.")
    lines.append("The alien keeps its abilities secret until it uses one (C.3).")
    return lines + _decided(section, topic.key)


def _skill(topic: Topic, section: Section, content: Content) -> list[str]:
    info = next(s for s in content.skills.values() if s.skill.value == topic.key)
    roles = [r.name for r in content.roles if r.skill is info.skill]
    lines = [heading(topic.key, topic.kind, section.id), info.summary]
    numbers = {
        "ferocity": info.ferocity,
        "ferocity in the same grid": info.melee_ferocity,
        "resilience": info.resilience,
        "actions a turn": info.actions,
    }
    lines += _plus(numbers)
    lines.append(f"Skill markers in the pool: {info.markers}.")
    if roles:
        lines.append("Roles that give it: " + ", ".join(roles) + ".")
    return lines + _decided(section, topic.key)


def _gear(topic: Topic, section: Section, content: Content) -> list[str]:
    gear = next(g for g in content.gear.values() if g.id.value == topic.key)
    lines = [heading(gear.name, topic.kind, section.id), gear.summary]
    lines += _gear_numbers(gear)
    blueprint = content.blueprints.get(gear.id)
    if blueprint is not None:
        lines.append(
            f"Built by a human with {blueprint.skill.value} skill carrying "
            f"{blueprint.supplies.value} supplies in the {blueprint.room.value} "
            f"(a roll of {content.dice.target}, E.4.2)."
        )
    return lines + _decided(section, gear.name)


def _gear_numbers(gear: Gear) -> list[str]:
    lines = []
    if gear.totage is not None:
        lines.append("Worn: no totage." if gear.worn else f"Totage: {_count(gear.totage, 'dot')}.")
    lines += _plus(
        {
            "ferocity": gear.ferocity,
            "resilience": gear.resilience,
            "ferocity with firearms": gear.firearm_ferocity,
            "search range": gear.search_range,
        }
    )
    if gear.range_step == 1:
        lines.append("Ranged: the target adds the range to its resilience.")
    elif gear.range_step is not None:
        lines.append(f"Ranged: the target adds 1 resilience per full {gear.range_step} grids.")
    if gear.reach:
        lines.append(f"Works within {_count(gear.reach, 'grid')}.")
    if gear.effect_ferocity:
        lines.append(f"Its attack has ferocity {gear.effect_ferocity}.")
    if gear.contents:
        lines.append("Holds: " + ", ".join(k.value for k in gear.contents) + ".")
    return lines


def _stage(topic: Topic, section: Section, content: Content) -> list[str]:
    info = next(s for s in content.life_stages.values() if s.stage.value == topic.key)
    after = content.next_stage(info.stage)
    lines = [heading(topic.key, topic.kind, section.id), _stage_line(content, info)]
    lines.append(f"Actions a turn: {content.alien_stats.actions}.")
    if after is not None:
        lines.append(
            f"Mutates into a {after.value} with {content.alien_stats.mutate_energy} energy "
            f"stores and a roll of {content.dice.target} (C.10)."
        )
    else:
        lines.append("The last stage: a further mutation costs the crew a point (F.1).")
    return lines


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _plus(numbers: dict[str, int]) -> list[str]:
    return [f"{name.capitalize()}: +{value}." for name, value in numbers.items() if value]


_ANSWERS: dict[str, Callable[[Topic, Section, Content], list[str]]] = {
    "section": _section,
    "ability": _ability,
    "skill": _skill,
    "gear": _gear,
    "device": _gear,
    "life stage": _stage,
}


# --- the data tables, as lines ----------------------------------------------------------


def _stage_line(content: Content, info: Any) -> str:
    abilities = f"{info.abilities} abilit{'y' if info.abilities == 1 else 'ies'}"
    return (
        f"{info.stage.value}: ferocity {info.ferocity}, resilience {info.resilience}, "
        f"pipe-run {_count(info.pipe_run, 'action')}, {abilities}, carries "
        f"{_count(info.carry_items, 'item')} of {_count(info.carry_totage, 'dot')} at most"
    )


def _life_stages(content: Content) -> list[str]:
    return [f"• {_stage_line(content, s)}" for s in content.life_stages.values()]


def _cost(cost: Cost) -> str:
    return "—" if cost is None else str(cost)


def _actions(content: Content) -> list[str]:
    lines = []
    for row in content.actions.values():
        needs = [x for x in (row.human_skill, row.alien_ability) if x is not None]
        extra = f" ({', '.join(n.value for n in needs)})" if needs else ""
        note = f"; {row.note}" if row.note else ""
        lines.append(
            f"• {row.label}: human {_cost(row.human)}, alien {_cost(row.alien)}{extra}{note}"
        )
    return lines


def _victory(content: Content) -> list[str]:
    lines = [f"• {r.points:+} {r.label}" for r in content.victory.schedule.values()]
    for band in content.victory.bands:
        if band.min is not None and band.max is not None:
            span = f"{band.min}–{band.max}"
        elif band.min is not None:
            span = f"{band.min} or more"
        else:
            span = f"{band.max} or less"
        lines.append(f"• {span}: {band.label}")
    return lines


def _named(rows: Iterable[tuple[str, str]]) -> list[str]:
    return [f"• {name}: {text}" for name, text in rows]


TABLES: dict[str, Callable[[Content], list[str]]] = {
    "life-stages": _life_stages,
    "actions": _actions,
    "victory": _victory,
    "skills": lambda c: _named((s.skill.value, s.summary) for s in c.skills.values()),
    "abilities": lambda c: _named((a.ability.value, a.summary) for a in c.abilities.values()),
    "gear": lambda c: _named(
        (g.name, g.summary) for g in c.gear.values() if g.id not in c.blueprints
    ),
    "devices": lambda c: _named(
        (c.gear[d].name, f"{b.skill.value}, {b.supplies.value}, {b.room.value}")
        for d, b in c.blueprints.items()
    ),
    "systems": lambda c: _named(
        (s.system.value + (" (critical)" if s.critical else ""), s.effect)
        for s in c.systems.values()
    ),
}

"""Finding a rules-help topic from what a player types, in one language.

An :class:`Index` holds every topic's words in that language, as tokens
(:mod:`engine.help.words`): its name, the words ``data/rules_words.toml`` gives it, a
command's title or the rooms a place covers, its kind, and what its answer says. A
question's tokens score each topic: how surely the field that holds the token names the
topic (a name more than a passing mention; a synonym a little less than the word itself),
times how rare the token is among all topics (a word every topic says, such as "alien",
weighs little; "feint" a lot). The best topic answers if the words it matches carry at
least half the question's weight and no other topic scores the same; a word no topic
knows weighs most, so "warp drive" finds nothing but still gets suggestions.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

from engine.board.floorplan import default_ship
from engine.content import ContentError
from engine.help.answers import ENGLISH, Voice, answer, label, shown_name
from engine.help.stems import fold as fold_accents
from engine.help.topic_data import load_topic_data
from engine.help.topics import KINDS, Topic, place_regions, topics
from engine.help.words import WORDS, Words

CHOICES_MAX = 25  # Discord's autocomplete limit

# How surely a token in each field names its topic.
NAME = 1.0  # the topic's name: a section's title, a command's verb, a thing's name
GIVEN = 0.9  # the words data/rules_words.toml gives the topic
TITLE = 0.9  # a command's title, the rooms a kind of place covers
KIND = 0.5  # "ability", "command": "venom ability" is Venom, not G.4
TEXT = 0.3  # what the topic's answer says
WEIGHTS = (NAME, GIVEN, TITLE, KIND, TEXT)
SYNONYM = 0.6  # a synonym counts this much of the word itself
MIN_COVERAGE = 0.5  # share of the question's weight the best topic must match
# A set-up command's verb is a noun of the rules ("injured", "dead", "larva"): a question
# with that word is about the rule more often than about the set-up step.
SETUP = 0.8
# An optional variant's words ("wound", "noise") are the printed game's too: a question
# with them is about the game everyone plays more often than about a variant.
VARIANT = 0.8

# Of two topics that score the same, a thing ("Larva", the life stage) before the command
# that shares its name ("larva", placing it), and either before the rulebook section it
# belongs to (the ToolKit before E.3.4 Toolkit): they explain more.
PRIORITY = {"command": 1, "section": 0}


@dataclass(frozen=True, slots=True)
class Entry:
    topic: Topic
    label: str  # in the index's language
    names: tuple[str, ...]  # the key, name and label, folded: what finds it outright
    fields: tuple[frozenset[str], ...]  # tokens, in the order of WEIGHTS
    phrase: str  # its name's words as written, " cooking ": the name said whole
    scale: float = 1.0  # SETUP for a set-up command


@dataclass(frozen=True, slots=True)
class Scored:
    """A topic's score for a question, and what breaks a tie: the question says the
    topic's name whole ("cooking": Cooking, not the Cook), then the kind's priority,
    then how much more the topic says of the words."""

    score: float
    coverage: float
    whole: bool
    priority: int
    depth: float
    topic: Topic


@dataclass(frozen=True, slots=True)
class Index:
    words: Words
    entries: tuple[Entry, ...]
    postings: Mapping[str, frozenset[int]]  # token: the entries that hold it anywhere

    def label(self, topic: Topic) -> str:
        return next(e.label for e in self.entries if e.topic == topic)

    def find(self, query: str) -> Topic | None:
        """The topic ``query`` names: a key or a name (any case, spaces optional);
        failing that, the topic its words name best, if surely and alone."""
        named = self.named(query)
        if named is not None:
            return named
        ranked = self.ranked(query)
        if not ranked or ranked[0].coverage < MIN_COVERAGE:
            return None
        best = ranked[0]
        if len(ranked) > 1 and _key(ranked[1]) == _key(best):
            return None  # a tie: the refusal lists both
        return best.topic

    def named(self, query: str) -> Topic | None:
        """The topic whose key, name or label ``query`` is."""
        key = next((e.topic for e in self.entries if e.topic.key == query.strip()), None)
        if key is not None:
            return key  # what the autocomplete sends: "Surge" the ability, "surge" the verb
        wanted = fold(query)
        if not wanted:
            return None
        hits = sorted(
            (e.topic for e in self.entries if wanted in e.names),
            key=lambda t: -_priority(t),
        )
        if len(hits) > 1 and _priority(hits[0]) == _priority(hits[1]):
            return None
        return hits[0] if hits else None

    def complete(self, typed: str, limit: int = CHOICES_MAX) -> list[Topic]:
        """Topics for an autocomplete list: what ``/rules typed`` would answer first, then
        those whose label starts with ``typed``, then those its words name, best first
        (the last word may be half typed)."""
        wanted = fold(typed)
        first = self.find(typed)
        starts = [e.topic for e in self.entries if fold(e.label).startswith(wanted)]
        named = [s.topic for s in self.ranked(typed, typing=not typed.endswith(" "))]
        chosen = [first] if first is not None else []
        return list(dict.fromkeys([*chosen, *starts, *named]))[:limit]

    def ranked(self, query: str, typing: bool = False) -> list[Scored]:
        """Topics that ``query``'s words name, best first; ``typing``: its last word may
        be half typed, so any token it begins counts."""
        wanted = self.concepts(query)
        if not wanted:
            return []
        weights = [self.weight(w) for w in wanted]
        total = sum(weights)
        scores: dict[int, list[float]] = {}
        for i, (token, weight) in enumerate(zip(wanted, weights, strict=True)):
            prefix = typing and i == len(wanted) - 1
            for number, (strength, depth) in self.matches(token, prefix).items():
                got = scores.setdefault(number, [0.0, 0.0, 0.0])
                scale = self.entries[number].scale
                got[0] += weight * strength * scale
                got[1] += weight
                got[2] += weight * depth * scale
        said = _phrase(query)
        found = []
        for number, (score, matched, depth) in scores.items():
            entry = self.entries[number]
            whole, priority = entry.phrase in said, _priority(entry.topic)
            found.append(Scored(score, matched / total, whole, priority, depth, entry.topic))
        return sorted(found, key=_key, reverse=True)

    def concepts(self, query: str) -> list[str]:
        """``query``'s tokens, a synonym of an earlier one left out ("energy stores" is
        one thing, not two)."""
        found: list[str] = []
        for token in self.words.tokens(query):
            if all(token not in self.words.group(t) for t in found):
                found.append(token)
        return found

    def weight(self, token: str) -> float:
        """How rare ``token`` and its synonyms are among the topics: rarer weighs more;
        a word no topic knows weighs most."""
        holders = set().union(*(self.postings.get(t, frozenset()) for t in self.words.group(token)))
        return math.log((len(self.entries) + 1) / (len(holders) + 0.5))

    def matches(self, token: str, prefix: bool = False) -> dict[int, tuple[float, float]]:
        """Each entry that holds ``token`` (or, less surely, a synonym): how surely (its
        surest field), and what its other fields holding it add."""
        exact = {token} | (self._begun(token) if prefix else set())
        others = self.words.group(token) - exact
        held: dict[int, list[float]] = {}
        for tokens, factor in ((exact, 1.0), (others, SYNONYM)):
            for entry in set().union(*(self.postings.get(t, frozenset()) for t in tokens)):
                fields = zip(WEIGHTS, self.entries[entry].fields, strict=True)
                strengths = held.setdefault(entry, [0.0] * len(WEIGHTS))
                for i, (w, f) in enumerate(fields):
                    if not f.isdisjoint(tokens):
                        strengths[i] = max(strengths[i], w * factor)
        return {e: (max(s), sum(s) - max(s)) for e, s in held.items()}

    def _begun(self, part: str) -> set[str]:
        """Tokens ``part`` begins ("hea" -> heal), or that it goes past ("mutati" ->
        mutat), for a word still being typed."""
        if len(part) < 2:
            return set()
        return {
            t for t in self.postings if t.startswith(part) or (len(t) > 3 and part.startswith(t))
        }


def _priority(topic: Topic) -> int:
    return PRIORITY.get(topic.kind, 2)


def _key(scored: Scored) -> tuple[float, bool, int, float]:
    return (round(scored.score, 9), scored.whole, scored.priority, round(scored.depth, 9))


def _phrase(text: str) -> str:
    """``text``'s words as written, between spaces: " what does cooking do "."""
    return " " + " ".join(re.findall(r"[^\W_]+", fold_accents(text.casefold()))) + " "


def fold(text: str) -> str:
    """``text`` as a name is compared: lower case, letters, digits and dots only."""
    return re.sub(r"[^\w.]|_", "", text.casefold())


def build_index(words: Words, voice: Voice = ENGLISH) -> Index:
    """Every topic's words in the language of ``words`` and ``voice``; refuses a words
    table naming a topic that does not exist."""
    found = topics()
    unknown = sorted(set(words.topics) - {t.key for t in found})
    if unknown:
        raise ContentError(WORDS, f"{words.lang}: no such rules topic: {unknown}")
    entries = tuple(_entry(topic, words, voice) for topic in found)
    postings: dict[str, set[int]] = {}
    for number, entry in enumerate(entries):
        for token in frozenset().union(*entry.fields):
            postings.setdefault(token, set()).add(number)
    return Index(words, entries, {t: frozenset(n) for t, n in postings.items()})


def _entry(topic: Topic, words: Words, voice: Voice) -> Entry:
    lines = answer(topic, voice=voice)
    see_also = voice.say("See also: ")
    said = [line for line in lines[1:] if not line.startswith(see_also)]
    own, shown = shown_name(topic, voice), label(topic, voice)
    # A command's title says what it does; what it adds in brackets ("(alien)",
    # "(set-up)") only says whose it is, so it weighs as its kind does. In another
    # language than the command language's, the title is the command's name there.
    title, _, aside = (voice.say(topic.title) if topic.title else "").partition(" (")
    name = f"{own} {title}" if title and voice.say(topic.title) != topic.title else own
    if topic.kind == "place":
        title += " " + " ".join(_rooms(topic))  # empty for a feature: its rooms hold more
    kind = voice.say(KINDS[topic.kind]) if topic.kind in KINDS else ""
    fields = (
        frozenset(words.tokens(name)),
        words.topics.get(topic.key, frozenset()),
        frozenset(words.tokens(title)),
        frozenset(words.tokens(f"{kind} {aside}")),
        frozenset(words.tokens(" ".join(said))),
    )
    names = tuple(fold(n) for n in (topic.key, topic.name, own, shown) if fold(n))
    setup = topic.kind == "command" and topic.rule.startswith("B")
    scale = SETUP if setup else VARIANT if topic.kind == "variant" else 1.0
    return Entry(topic, shown, names, fields, _phrase(own), scale)


def _rooms(topic: Topic) -> list[str]:
    """The rooms a kind of place is made of (not those that merely hold a locker)."""
    place = next(p for p in load_topic_data().place if p.name == topic.key)
    if place.feature is not None:
        return []
    return [r.name for r in place_regions(place, default_ship())]

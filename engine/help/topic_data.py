"""The rules-help topics that are not rulebook sections nor named in the counters:
every command of the command language, every kind of place on the ship, what every
crew role shares, and lines added to any topic (``data/rules_topics.toml``).

``load_topic_data()`` reads the file and checks each entry on its own: known fields,
sections well formed, numbers named as the gists name them (``{dice.target}``).
Checks across topics (every verb of :mod:`engine.commands` answered, each place
found on the ship, every "see" a topic) are :mod:`engine.help.topics`'.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationError, model_validator

from engine.board.ship import KNOWN_TAGS
from engine.content import DEFAULT_DATA_DIR, ContentError
from engine.content_models import Frozen, Text
from engine.help.rulebook import GIST_NAMES, SectionId, TableName, gist_names

TOPICS = "rules_topics.toml"


class Lines(Frozen):
    """Lines of an answer (numbers named as in a gist) and topics to see besides."""

    text: tuple[Text, ...] = ()
    see: tuple[Text, ...] = ()

    @model_validator(mode="after")
    def _numbers_known(self) -> Lines:
        unknown = sorted({n for line in self.text for n in gist_names(line)} - GIST_NAMES)
        if unknown:
            raise ValueError(f"numbers named unknown {unknown} (known: {sorted(GIST_NAMES)})")
        return self


class CommandTopic(Lines):
    verb: Text
    title: Text  # what the autocomplete shows beside the verb
    rule: SectionId
    text: tuple[Text, ...] = Field(min_length=1)
    tables: tuple[TableName, ...] = ()


class PlaceTopic(Lines):
    """A kind of place, found on the ship by exactly one of: region tags, the region
    kind (pod, corridor), a grid feature (locker, nexus), or ``plain`` (rooms with no
    tag)."""

    name: Text
    rule: SectionId
    tags: tuple[str, ...] = ()
    region_kind: Literal["pod", "corridor"] | None = None
    feature: Literal["locker", "nexus"] | None = None
    plain: bool = False
    text: tuple[Text, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _one_selector(self) -> PlaceTopic:
        chosen = [bool(self.tags), self.region_kind is not None, self.feature is not None]
        if sum(chosen) + self.plain != 1:
            raise ValueError("give exactly one of tags, region_kind, feature or plain")
        unknown = sorted(set(self.tags) - KNOWN_TAGS)
        if unknown:
            raise ValueError(f"unknown ship tags {unknown}")
        return self


class TopicData(Frozen):
    command: tuple[CommandTopic, ...]
    place: tuple[PlaceTopic, ...]
    roles: Lines  # under every crew role's answer
    more: dict[str, Lines] = Field(default_factory=dict)  # topic key: lines added to its answer


def load_topic_data(data_dir: Path | None = None) -> TopicData:
    """The file in ``data_dir`` (default: the project's ``data/``, read once)."""
    return _default() if data_dir is None else _load(data_dir)


@lru_cache(maxsize=1)
def _default() -> TopicData:
    return _load(DEFAULT_DATA_DIR)


def _load(data_dir: Path) -> TopicData:
    path = data_dir / TOPICS
    try:
        with path.open("rb") as handle:
            doc = tomllib.load(handle)
    except OSError as exc:
        raise ContentError(TOPICS, f"cannot read {path} ({exc.strerror})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(TOPICS, f"not valid TOML: {exc}") from exc
    try:
        return TopicData.model_validate(doc)
    except ValidationError as exc:
        problems = "; ".join(_where(doc, e["loc"]) + f": {e['msg']}" for e in exc.errors())
        raise ContentError(TOPICS, problems) from exc


def _where(doc: dict[str, object], loc: tuple[int | str, ...]) -> str:
    """``command 'attack': text`` rather than ``command.3.text``."""
    if len(loc) >= 2 and loc[0] in ("command", "place") and isinstance(loc[1], int):
        entries = doc.get(str(loc[0]))
        entry = entries[loc[1]] if isinstance(entries, list) else {}
        name = entry.get("verb") or entry.get("name") if isinstance(entry, dict) else None
        rest = ".".join(str(p) for p in loc[2:])
        return f"{loc[0]} {name or loc[1]!r}" + (f": {rest}" if rest else "")
    return ".".join(str(p) for p in loc)

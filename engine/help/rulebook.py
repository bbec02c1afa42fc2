"""The rulebook's index: every section's id and title, with a gist in our own words.

``load_rulebook()`` reads ``data/rulebook.toml`` and checks it: ids well formed, unique and
in the rulebook's order, each section's parent present, gists naming only numbers the
data tables hold (``{human.actions}``), known table names. A mistake raises
:class:`engine.content.ContentError` naming the entry. The project never reads the
rulebook itself; this index is what ``/rules``, ``help RULE`` and the coverage test use.
"""

from __future__ import annotations

import re
import string
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, ValidationError

from engine.content import DEFAULT_DATA_DIR, ContentError
from engine.content_models import Frozen, Text

RULEBOOK = "rulebook.toml"

SectionId = Annotated[str, Field(pattern=r"^[A-H](\.\d+)*$")]
TableName = Literal[
    "life-stages", "actions", "victory", "skills", "abilities", "gear", "devices", "systems"
]
# The names a gist may read numbers from (engine.help.rules_help formats them).
GIST_NAMES = frozenset(
    {
        "setup", "dice", "human", "alien", "ship", "gear", "ability", "skill", "supplies",
        "stage", "cost",
    }
)  # fmt: skip


class Section(Frozen):
    id: SectionId
    title: Text
    gist: Text
    tables: tuple[TableName, ...] = ()
    decisions: tuple[Text, ...] = ()

    @property
    def parent(self) -> str | None:
        return self.id.rsplit(".", 1)[0] if "." in self.id else None

    @property
    def key(self) -> tuple[int | str, ...]:
        """Sort key in the rulebook's order: C.10 after C.9."""
        letter, *numbers = self.id.split(".")
        return (letter, *(int(n) for n in numbers))


class Rulebook(Frozen):
    sections: tuple[Section, ...]

    def section(self, section_id: str) -> Section | None:
        wanted = section_id.strip().upper()
        return next((s for s in self.sections if s.id == wanted), None)


def load_rulebook(data_dir: Path | None = None) -> Rulebook:
    """The index in ``data_dir`` (default: the project's ``data/``, read once)."""
    return _default() if data_dir is None else _load(data_dir)


@lru_cache(maxsize=1)
def _default() -> Rulebook:
    return _load(DEFAULT_DATA_DIR)


def _load(data_dir: Path) -> Rulebook:
    path = data_dir / RULEBOOK
    try:
        with path.open("rb") as handle:
            doc = tomllib.load(handle)
    except OSError as exc:
        raise ContentError(RULEBOOK, f"cannot read {path} ({exc.strerror})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(RULEBOOK, f"not valid TOML: {exc}") from exc
    if set(doc) != {"section"}:
        raise ContentError(RULEBOOK, "the file holds only [[section]] entries")
    sections = []
    for number, raw in enumerate(doc["section"], 1):
        label = f"section {raw.get('id', f'#{number}')}"
        try:
            sections.append(Section.model_validate(raw))
        except ValidationError as exc:
            problems = "; ".join(f"{e['loc'][0]}: {e['msg']}" for e in exc.errors())
            raise ContentError(RULEBOOK, f"{label}: {problems}") from exc
    book = Rulebook(sections=tuple(sections))
    _check(book)
    return book


def _check(book: Rulebook) -> None:
    seen: set[str] = set()
    previous = None
    for section in book.sections:
        if section.id in seen:
            raise ContentError(RULEBOOK, f"section {section.id} appears twice")
        if previous is not None and section.key <= previous.key:
            problem = f"section {section.id} is out of order after {previous.id}"
            raise ContentError(RULEBOOK, problem)
        if section.parent is not None and section.parent not in seen:
            raise ContentError(RULEBOOK, f"section {section.id} has no parent {section.parent}")
        unknown = sorted(gist_names(section.gist) - GIST_NAMES)
        if unknown:
            known = ", ".join(sorted(GIST_NAMES))
            raise ContentError(
                RULEBOOK, f"section {section.id}: gist names unknown {unknown} (known: {known})"
            )
        seen.add(section.id)
        previous = section


def gist_names(text: str) -> set[str]:
    """The top names a gist's ``{…}`` fields read: ``{gear[Carbine].ferocity}`` -> gear."""
    names = set()
    for _, field, _, _ in string.Formatter().parse(text):
        if field is not None:
            names.add(re.split(r"[.\[]", field, maxsplit=1)[0])
    return names

"""Optional variants: the sister games' systems a game may be created with.

``data/variants.toml`` lists them (one table each, in the order every list of them is
written). A game's variants are chosen when it is created and never change: they are
``GameState.variants``, written in a script's ``variants …`` line and a scenario's, public
to every viewer. A variant whose rules are not all in yet (``built = false``) is known, so
its rules help answers, but cannot be chosen for a game (:func:`choose`). See
docs/rules-decisions.md, "Variants".
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Annotated

from pydantic import Field, ValidationError

from engine.content import DEFAULT_DATA_DIR, ContentError, describe_error
from engine.content_models import Frozen, Text
from engine.errors import GameError

VARIANTS = "variants.toml"
HEADER = "variants"  # the script and scenario line: ``variants noise halon``
_ID = r"^[a-z][a-z0-9-]*$"
_SPLIT = re.compile(r"[\s,]+")


class VariantInfo(Frozen):
    """One variant's catalogue entry (``data/variants.toml``)."""

    title: Text
    source: Text  # the sister game it adapts
    rule: Text  # the rulebook section it changes most, cited by its rules-help topic
    summary: Annotated[str, Field(min_length=1, max_length=100)]  # the help list's line
    built: bool = False
    text: tuple[Text, ...] = Field(min_length=1)  # its rules help, in our own words


class Catalogue(Frozen):
    """Every variant by id, in the file's order."""

    variants: dict[Annotated[str, Field(pattern=_ID)], VariantInfo]

    def ids(self, *, built_only: bool = False) -> tuple[str, ...]:
        return tuple(k for k, v in self.variants.items() if v.built or not built_only)

    def ordered(self, ids: Iterable[str]) -> tuple[str, ...]:
        """``ids`` in the catalogue's order: how every list of a game's variants is written."""
        chosen = set(ids)
        return tuple(k for k in self.variants if k in chosen)


class VariantError(GameError):
    """A variant name that is not one, or not one that can be chosen yet."""


def load_variants(data_dir: Path | None = None) -> Catalogue:
    """The catalogue in ``data_dir`` (default: the project's ``data/``, read once)."""
    return _default() if data_dir is None else _load(data_dir)


@lru_cache(maxsize=1)
def _default() -> Catalogue:
    return _load(DEFAULT_DATA_DIR)


def _load(data_dir: Path) -> Catalogue:
    path = data_dir / VARIANTS
    try:
        with path.open("rb") as handle:
            doc = tomllib.load(handle)
    except OSError as exc:
        raise ContentError(VARIANTS, f"cannot read {path} ({exc.strerror})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(VARIANTS, f"not valid TOML: {exc}") from exc
    try:
        return Catalogue.model_validate({"variants": doc})
    except ValidationError as exc:
        problems = "; ".join(describe_error(e) for e in exc.errors())
        raise ContentError(VARIANTS, problems) from exc


def words(text: str | Iterable[str]) -> list[str]:
    """The names in a list typed with spaces or commas (``"noise, halon"``)."""
    joined = text if isinstance(text, str) else " ".join(text)
    return [w for w in _SPLIT.split(joined.strip().lower()) if w]


def known(names: str | Iterable[str], catalogue: Catalogue | None = None) -> frozenset[str]:
    """The variants named, each one in the catalogue (a script's or scenario's line: the
    record of a game already made); :class:`VariantError` names any that is not."""
    return _checked(names, catalogue or load_variants(), built_only=False)


def choose(names: str | Iterable[str], catalogue: Catalogue | None = None) -> frozenset[str]:
    """The variants chosen for a new game, each one built; :class:`VariantError` names
    any that is unknown or not playable yet."""
    return _checked(names, catalogue or load_variants(), built_only=True)


def _checked(
    names: str | Iterable[str], catalogue: Catalogue, *, built_only: bool
) -> frozenset[str]:
    chosen = words(names)
    legal = catalogue.ids(built_only=built_only)
    for name in chosen:
        if name not in catalogue.variants:
            raise VariantError(f"no variant '{name}'", legal=legal)
        if name not in legal:
            raise VariantError(f"the variant '{name}' cannot be played yet", legal=legal)
    return frozenset(chosen)


def header(ids: Iterable[str], catalogue: Catalogue | None = None) -> str:
    """The script and scenario line for ``ids`` ('' for none): ``variants noise halon``."""
    ordered = (catalogue or load_variants()).ordered(ids)
    return " ".join((HEADER, *ordered)) if ordered else ""

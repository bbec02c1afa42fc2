"""The bot's words in other languages: one gettext catalogue per language.

English is the source language: the words in the code are the message ids, and a
person whose Discord language has no catalogue (or a message its catalogue lacks)
reads English. A language is ``bot/locale/<lang>/LC_MESSAGES/quicksilver.po``,
compiled with babel when first used, so a .po edit takes effect on the next start
and no compiled file can go stale.

Words for one person are chosen with :func:`speaking` around the code that words
them, and marked in that code with :func:`_`; outside :func:`speaking` (channel
posts, logs, the computer players) everything stays English.
"""

from __future__ import annotations

import functools
import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from babel.messages import mofile, pofile

# The marker and the source language are bot.language's (the desk uses them too); they
# are handed on here for the words' own modules and the client.
from bot.language import N_ as N_
from bot.language import SOURCE as SOURCE

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "quicksilver"

_speaking: ContextVar[str] = ContextVar("quicksilver_language", default=SOURCE)


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def languages() -> tuple[str, ...]:
    """The languages with a catalogue, besides English (read once: every interaction
    asks, and the slash commands' translations ask thousands of times at start-up)."""
    return tuple(
        sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    )


@functools.cache
def catalogue(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang``; English (or no catalogue) translates nothing."""
    path = po_path(lang)
    if lang == SOURCE or not path.is_file():
        return gettext.NullTranslations()
    with path.open("rb") as po:
        messages = pofile.read_po(po, locale=lang.replace("-", "_"), domain=DOMAIN)
    compiled = io.BytesIO()
    mofile.write_mo(compiled, messages)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def language_of(locale: str) -> str:
    """The catalogue for a Discord locale ("fr", "pt-BR", "en-US"): the locale's own,
    else its language's, else English."""
    available = languages()
    for candidate in (locale, locale.replace("_", "-").split("-")[0]):
        if candidate in available:
            return candidate
    return SOURCE


def translated(lang: str, message: str) -> str | None:
    """``message`` in ``lang``, or None when the catalogue does not translate it."""
    words = catalogue(lang).gettext(message)
    return words if words != message else None


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Word what runs inside in ``lang`` (this task only: a context variable)."""
    token = _speaking.set(lang)
    try:
        yield
    finally:
        _speaking.reset(token)


def _(message: str) -> str:
    """``message`` in the language being spoken; English where it is not translated.
    Formatted words are marked whole: ``_("Search {n}").format(n=2)``."""
    return catalogue(_speaking.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """``singular`` or ``plural`` as the spoken language counts ``n`` (its .po's
    Plural-Forms), formatted later like :func:`_`'s."""
    return catalogue(_speaking.get()).ngettext(singular, plural, n)

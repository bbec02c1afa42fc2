"""The English catalogue: the one place where events become words.

One function per event kind (:data:`SENTENCES`, keyed by record class) turns a record
into the sentence people read. They live by rule family, as the records do in
``engine/`` (``setup``, ``turns``, ``efforts``, ``moving``, ``hiding``, ``fighting``,
``escape``, ``growing``, ``equipment``), with the words they share (names, counts,
rolls) in ``words`` and the channel digest's lines in ``digest``. Every output (the
channel, DMs, the terminal table, scripts: :mod:`bot.present.events`) says the same.
Another language is a gettext catalogue of these sentences (:mod:`bot.present.locale`):
every one is marked ``_``, so words for one person in their language (their reply, their
panel, a tutorial's thread) are wholly in it; the channel stays English. Names of things
(humans, life stages, gear, systems, rooms) come from the records and the game's data, as
they are; units and markers are named, never shown by id (:mod:`bot.present.names`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.catalogue import (
    efforts,
    emergencies,
    equipment,
    escape,
    fighting,
    growing,
    halon,
    hiding,
    moving,
    noise,
    physiology,
    raids,
    reactions,
    setup,
    turns,
)
from bot.present.catalogue.digest import (
    digest_more,
    digest_moves,
    digest_nothing,
    digest_unseen,
    leftover_searches,
)
from bot.present.catalogue.words import modifier_text, roll_text
from engine.events import Event

__all__ = [
    "SENTENCES",
    "digest_more",
    "digest_moves",
    "digest_nothing",
    "digest_unseen",
    "leftover_searches",
    "modifier_text",
    "roll_text",
    "sentence",
]

# Every event kind's sentence, family by family (one module each, as in engine/).
SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    **setup.SENTENCES,
    **turns.SENTENCES,
    **efforts.SENTENCES,
    **moving.SENTENCES,
    **hiding.SENTENCES,
    **noise.SENTENCES,
    **emergencies.SENTENCES,
    **raids.SENTENCES,
    **reactions.SENTENCES,
    **halon.SENTENCES,
    **physiology.SENTENCES,
    **fighting.SENTENCES,
    **escape.SENTENCES,
    **growing.SENTENCES,
    **equipment.SENTENCES,
}


def sentence(event: Event) -> str:
    """The event in one English sentence."""
    return SENTENCES[type(event)](event)

"""What people call the things they choose between: names, never ids.

Commands name units and markers by id (``drop hyun gear7``, ``examine alien1
crate4``); people read names: a human's, an alien's life stage ("Larva 2" from the
second alien on: :func:`alien_label`), a marker by what
its reader knows of it (``engine.views.marker_names``: "Handgun", "Gear" face down,
"Supplies (food)"). Where two things offered together share a name, each gets a
number ("Gear 1", "Gear 2"), so a menu never shows two options alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from bot.present.locale import _
from engine.views import View


def alien_label(unit_id: str, stage: str) -> str:
    """An alien as people tell them apart: its life stage, numbered from the second
    alien on ("Larva", then "Larva 2" for the Queen's first spawn): never its id."""
    number = unit_id.removeprefix("alien")
    return stage if number in ("", "1") or not number.isdigit() else f"{stage} {number}"


def the_alien(unit_id: str, stage: str) -> str:
    """An alien in a sentence: "the Larva", "the Larva 2"."""
    return _("the {alien}").format(alien=alien_label(unit_id, stage))


def unit_labels(v: View) -> dict[str, str]:
    """Every unit of the view by the name people know it by: ``{"hyun": "Hyun",
    "alien2": "Larva 2"}``."""
    found = {line.id: line.name for line in v.crew}
    found.update({a.id: alien_label(a.id, a.stage) for a in v.aliens})
    return found


def numbered(ids: Iterable[str], names: Mapping[str, str]) -> dict[str, str]:
    """The name of each of ``ids`` (its own id where ``names`` has none), numbered in
    id order where several share one."""
    chosen = sorted(set(ids), key=_natural)
    named = {i: names.get(i, i) for i in chosen}
    found: dict[str, str] = {}
    for label in set(named.values()):
        alike = [i for i in chosen if named[i] == label]
        for number, i in enumerate(alike, 1):
            found[i] = f"{label} {number}" if len(alike) > 1 else label
    return found


def in_words(text: str, labels: Mapping[str, str]) -> str:
    """``text`` (a command's words) with each id in ``labels`` written as its name."""
    return " ".join(labels.get(word, word) for word in text.split(" "))


def _natural(item_id: str) -> tuple[str, int]:
    """``gear9`` before ``gear10``."""
    found = re.fullmatch(r"(.*?)([0-9]*)", item_id)
    assert found is not None
    return found[1], int(found[2] or 0)

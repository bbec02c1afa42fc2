"""The framing words of a ``/rules`` answer in the asker's language (issue 25).

The engine words the answer (:func:`engine.help.rules_help.answer`), in English, from
the rulebook's sections and data/: that text stays English in every language, like the
names it holds. Its framing (a name's heading, *See also*, *Our decision*) the engine
builds from its constants, which are marked here and said in the language being spoken.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.present.locale import N_, _
from engine.help import rules_help

# rules_help.KINDS, marked (tests/bot/client/test_private_french.py holds them equal).
KINDS = {
    "ability": N_("alien ability"),
    "skill": N_("skill"),
    "gear": N_("gear"),
    "device": N_("improvised device"),
    "life stage": N_("alien life stage"),
}
SEE_ALSO = N_("See also: ")
DECISION = N_("Our decision: ")


def framed(lines: Sequence[str]) -> list[str]:
    """``lines`` (an answer of the engine) with its framing words in the spoken language."""
    said = list(lines)
    for kind, english in rules_help.KINDS.items():
        ending = f"** — {english} ("
        if said and said[0].startswith("**") and ending in said[0]:
            name, _sep, rule = said[0].partition(ending)
            said[0] = f"{name}** — {_(KINDS[kind])} ({rule}"
            break
    for prefix, marked in ((rules_help.SEE_ALSO, SEE_ALSO), (rules_help.DECISION, DECISION)):
        said = [
            _(marked) + line[len(prefix) :] if line.startswith(prefix) else line for line in said
        ]
    return said


def unknown(query: str, near: Sequence[str]) -> str:
    """The refusal when no topic matches ``query``, with the nearest labels."""
    text = _("I know no rules topic '{query}'.").format(query=query)
    if near:
        text += " " + _("Did you mean: {topics}?").format(topics=", ".join(near))
    return text + " " + _("Type a few letters to see the list.")

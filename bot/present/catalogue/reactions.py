"""The ``reactions`` variant's events in words, and its table's lines for the status and
the hands (docs/rules-decisions.md, "Variants: reactions")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.catalogue.words import Name, name
from bot.present.locale import N_, _
from engine.events import Event
from engine.reactions.events import (
    Bloodlust,
    Hissed,
    ReactionDrawn,
    Regenerating,
    Retreats,
    Slain,
    Transformed,
)
from engine.views import View

# W.3: each card's title and what it does, as the drawn card's sentence says it
CARDS = {
    "regeneration": (N_("Regeneration"), N_("a die for a Regeneration token")),
    "ferocious": (N_("Ferocious"), N_("+1 ferocity and +1 resilience for good")),
    "rage": (N_("Rage!"), N_("+3 on its next attack")),
    "fear": (N_("Fear"), N_("+3 resilience against the next crew attack, and it retreats")),
    "bloodlust": (N_("Bloodlust"), N_("it charges the nearest hurt human")),
    "adaptation": (N_("Adaptation Under Pressure"), N_("one more ability marker")),
    "transformation": (N_("Sudden Transformation"), N_("its ability markers are replaced")),
    "engineered": (
        N_("Engineered To Slay"),
        N_("its next hit on a well human kills outright"),
    ),
    "flee": (N_("Flee!"), N_("it vanishes into the pipes")),
    "critical": (N_("Critical Hit!"), N_("-1 ferocity and -1 resilience for good; it retreats")),
    "good-aim": (N_("Good Aim!"), N_("one more injury, and it dies")),
    "hssssss": (N_("Hssssss!"), N_("its attacker steps back")),
}


def card_title(card: str) -> str:
    return _(CARDS[card][0])


def _drawn(e: ReactionDrawn) -> str:
    title, effect = CARDS[e.card]
    said = _("{who}'s wound draws a reaction: {card}: {effect}")
    text = said.format(who=Name(e.who), card=_(title), effect=_(effect))
    if e.shuffled:
        text = _("The reaction discards are shuffled into a new deck (W.1)") + ". " + text
    return text


def _regenerating(e: Regenerating) -> str:
    if e.gained:
        said = _("Regeneration: d6 {die} ({need}+ needed): {who} gains a token ({tokens} in all)")
    else:
        said = _("Regeneration: d6 {die} ({need}+ needed): no token ({tokens} in all)")
    return said.format(die=e.die, need=e.need, who=name(e.who), tokens=e.tokens)


def _bloodlust(e: Bloodlust) -> str:
    steps = sum(e.dice)
    if e.target is None:
        said = _("Bloodlust: d6 {a} + d6 {b} = {steps} steps, but no human to reach")
        return said.format(a=e.dice[0], b=e.dice[1], steps=steps)
    said = _("Bloodlust: d6 {a} + d6 {b} = {steps} steps toward {target}")
    return said.format(a=e.dice[0], b=e.dice[1], steps=steps, target=name(e.target))


def _transformed(e: Transformed) -> str:
    shed = ", ".join(e.abilities) or _("none")
    said = _("{who} transforms: its ability markers ({abilities}) are removed, as many drawn")
    return said.format(who=Name(e.who), abilities=shed)


def _slain(e: Slain) -> str:
    said = _("Engineered To Slay: {by} kills {who} outright")
    return said.format(by=name(e.by), who=Name(e.who))


def _hissed(e: Hissed) -> str:
    if e.grid is None:
        return _("Hssssss! {who} has nowhere to step back to").format(who=Name(e.who))
    return _("Hssssss! {who} steps back to {grid}").format(who=Name(e.who), grid=e.grid)


def _retreats(e: Retreats) -> str:
    if e.hidden:
        said = _("{who} flees behind the pipes, up to {n} steps, at no cost")
    else:
        said = _("{who} retreats up to {n} steps, away from its attacker")
    return said.format(who=Name(e.who), n=e.steps)


SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    ReactionDrawn: _drawn,
    Regenerating: _regenerating,
    Bloodlust: _bloodlust,
    Transformed: _transformed,
    Slain: _slain,
    Hissed: _hissed,
    Retreats: _retreats,
}

_MARKS = {
    "rage": N_("Rage! on its next attack"),
    "fear": N_("Fear against the next crew attack"),
    "ferocious": N_("Ferocious ×{n}"),
    "critical": N_("Critical Hit! ×{n}"),
}


def reaction_lines(v: View) -> list[str]:
    """The reactions variant's public table, or nothing without it: the active card,
    the Regeneration tokens, and what the cards left on each alien."""
    r = v.reactions
    if r is None:
        return []
    active = _("none yet")
    if r.active:
        active = _("{card} (W.3 #{number})").format(card=card_title(r.active), number=r.number)
    said = _("🩸 Reaction: {card} · Regeneration tokens: {tokens} · {deck} cards in the deck")
    lines = [said.format(card=active, tokens=r.tokens, deck=r.deck)]
    names = {a.id: a.stage for a in v.aliens}
    for alien, mark, n in r.marks:
        lines.append(f"  {names.get(alien, alien)}: " + _(_MARKS[mark]).format(n=n))
    return lines

"""The ``noise`` variant's events in words (README, "Variants")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.catalogue.words import Name
from bot.present.locale import _
from engine.events import Event
from engine.noise.events import (
    AlienNoise,
    AmbushOrder,
    Encounter,
    NoiseHeard,
    NoiseRolled,
    NothingAnswers,
    SurpriseAttack,
    TokensReturned,
)


def _noise_rolled(e: NoiseRolled) -> str:
    if not e.door:
        said = _("{who} enters the {room}: noise die {die}, silence")
    elif e.marked:
        said = _("{who} enters the {room}: noise die {die}, a noise marker at door {door}")
    else:
        said = _("{who} enters the {room}: noise die {die}, noise again at {door}: an encounter!")
    return said.format(who=Name(e.who), room=e.room, die=e.die, door=e.door)


def _encounter(e: Encounter) -> str:
    if e.token != "Blank":
        said = _("Encounter in the {room}: its markers are cleared and token {token} drawn: a call")
        return said.format(room=e.room, token=e.token)
    said = _("Encounter in the {room}: the Blank is drawn, noise at every door: {doors}")
    text = said.format(room=e.room, doors=", ".join(e.marked))
    if e.added:
        text += _(" (a reserve token {token} joins the bag)").format(token=e.added)
    return text


def _nothing_answers(e: NothingAnswers) -> str:
    return _("Nothing answers the noise {who} made").format(who=e.who.name)


def _surprise(e: SurpriseAttack) -> str:
    said = _("Surprise attack! Token {token} beats {victim}'s alertness {alertness}")
    return said.format(token=e.token, victim=e.victim.name, alertness=e.alertness)


def _alien_noise(e: AlienNoise) -> str:
    if e.noisy:
        said = _("{who} crosses {door}: die {die}, noisy: the crew hears it as the phase ends")
    else:
        said = _("{who} crosses {door}: die {die}, quiet")
    return said.format(who=Name(e.who), door=e.door, die=e.die)


def _heard(e: NoiseHeard) -> str:
    return _("Noise heard in the pipes at {doors}").format(doors=", ".join(e.doors))


def _ambush_order(e: AmbushOrder) -> str:
    if e.on:
        return _("Standing order: a hidden alien in reach answers an encounter's call")
    return _("Standing order: no hidden alien answers an encounter's call")


def _returned(e: TokensReturned) -> str:
    said = _("An alien went into the pipes: the tokens set aside go back into the bag ({tokens})")
    return said.format(tokens=", ".join(e.tokens))


SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    NoiseRolled: _noise_rolled,
    Encounter: _encounter,
    NothingAnswers: _nothing_answers,
    SurpriseAttack: _surprise,
    TokensReturned: _returned,
    AmbushOrder: _ambush_order,
    AlienNoise: _alien_noise,
    NoiseHeard: _heard,
}

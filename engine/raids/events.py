"""What the ``raids`` variant's rules tell, as records. All public (R's "who learns
what") but each side's own standing orders and the name of a face-down ability the Opari
damaged, the alien's alone. The deck's order is nobody's: a flip draws the top card."""

from __future__ import annotations

from dataclasses import dataclass

from engine.events import Audience, Event, Who


@dataclass(frozen=True, slots=True, kw_only=True)
class RaidBegins(Event):
    """R.3(a): the raid step opens the alien phase: both Military values, from public
    facts alone (R.2), and the repulse value."""

    kind = "raid-begins"
    gunners: int
    helms: int
    crew: int  # the crew's Military
    alien: int  # the alien's
    repulse: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Repulsed(Event):
    """R.3(b): the two Military values reach R: the raids end for good; ``admiral`` is
    "crew", "alien" or "both" (R.9)."""

    kind = "raids-repulsed"
    crew: int
    alien: int
    repulse: int
    admiral: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RaidCards(Event):
    """R.3(c): the two cards flipped and who gets each; ``tie``: the Military values were
    equal and the tie order's top side took the higher card (the order then swapped);
    ``reshuffled``: the wave-3 discard became the deck to finish the flip."""

    kind = "raid-cards"
    crew_card: str
    alien_card: str
    tie: bool = False
    reshuffled: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class RaidDefence(Event):
    """R.3(d)-(e): one side against its card: ``military`` (+ ``bunker`` bought with
    ``paid``: a crate's id, or "energy") against ``strength``; defended when more;
    ``awards`` gained."""

    kind = "raid-defence"
    side: str
    card: str
    strength: int
    military: int
    bunker: int = 0
    paid: str = ""
    defended: bool = False
    awards: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomDamaged(Event):
    """R.4-R.5: the crew failed; the Opari damaged ``room`` ('' : every world already was)."""

    kind = "raid-room-damaged"
    room: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AbilityDamaged(Event):
    """R.5: the alien failed; ``ability`` damaged on ``who``: '' while it is face down
    (everyone reads "one face-down ability"), '' with ``none`` when nothing was left."""

    kind = "raid-ability-damaged"
    who: Who | None = None
    ability: str = ""
    none: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class AbilityDamagedName(Event):
    """R.5: the name of the face-down ability the Opari damaged, the alien's alone."""

    kind = "raid-ability-named"
    audience: Audience = Audience.ALIEN
    who: Who
    ability: str


@dataclass(frozen=True, slots=True, kw_only=True)
class EmpireDefeated(Event):
    """R.7: both sides failed ``defeats`` times: the raids end and the parting volley
    damages ``system`` ('' : no critical system was left face down)."""

    kind = "empire-defeated"
    defeats: int
    system: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Contributed(Event):
    """R.8: a side gave to the war effort (a crate by id, or an energy store): R falls."""

    kind = "raid-contributed"
    who: Who
    paid: str
    repulse: int
    chips: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RaidRepaired(Event):
    """R.6: a damaged room or ability mended (``paid``: a crate's id, "energy", or ''
    when an Engineer's roll did it)."""

    kind = "raid-repaired"
    who: Who
    room: str = ""
    ability: str = ""
    paid: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class RaidOrder(Event):
    """R.3(d), R.5: a side's standing order, its own alone: ``bunker`` on or off, or the
    damage order (``targets``; empty: the default)."""

    kind = "raid-order"
    side: str
    bunker: bool | None = None
    targets: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class AdmiralDecided(Event):
    """R.9: the game ended with the raids running: Greatest Admiral goes to the side with
    the higher Military now ("both" on a tie)."""

    kind = "raid-admiral"
    crew: int
    alien: int
    admiral: str

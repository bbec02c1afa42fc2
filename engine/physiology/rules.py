"""P.1-P.4: the damage-modifier cards (docs/rules-decisions.md, "Variants: physiology").

Four cards lie face down, one for each damage type (Melee, Ballistic, Biochemical, Fire),
hidden from both sides. The first crew attack of a type turns its card up before the die
is rolled (P.2); the card then changes every attack of that type on an alien: the roll
(Vulnerable, Resistant) and the harm of a hit (P.3). A successful autopsy lets the crew
study one face-down card (P.4). The attack code calls :func:`declare` for the roll's terms
and :func:`strike` to roll and apply; both do nothing new without the variant.
"""

from __future__ import annotations

from engine.consult import Secret, consult
from engine.content_models import Gear, GearKind
from engine.context import Ctx
from engine.dice import Modifier, Rng, Roll, Term
from engine.errors import RuleError
from engine.events import Attempt, Effort
from engine.fighting import regeneration
from engine.fighting.events import Death
from engine.fighting.ferocity import carried_gear
from engine.fighting.ferocity import strike as plain_strike
from engine.fighting.injury import kill_alien, store_burnt, wound
from engine.growing.mutation import draw_ability
from engine.physiology.events import (
    CardSeen,
    CardStudied,
    CardTurnedUp,
    HarmChanged,
    MarkerMutated,
    SensitivityRolled,
)
from engine.state import GameState, Human
from engine.variants import PhysiologyInfo, load_variants

EXTREMELY_VULNERABLE = "Extremely Vulnerable"
VULNERABLE = "Vulnerable"
SENSITIVITY = "Sensitivity"
MUTAGENIC = "Mutagenic"
RESISTANT = "Resistant"
IMMUNE = "Immune"
REGENERATIVE = "Regenerative"
NEVER = -12  # a weapon whose hit would injure nothing: below any real choice


def info() -> PhysiologyInfo:
    return load_variants().physiology


# --- P.1 set-up ----------------------------------------------------------------------
def deal(ctx: Ctx) -> None:
    """P.1: as set-up ends, the cards shuffled from the game's dice, one face down to each
    type in the data's order, the rest set aside (0.2's order: after raids and
    emergencies, before reactions and noise)."""
    table = ctx.state.physiology
    if table is None or table.cards:
        return
    deck: list[str] = ctx.state.rng.shuffled(list(info().cards))
    table.cards = dict(zip(info().types, deck, strict=False))
    table.aside = deck[len(info().types) :]


# --- which type an attack is ---------------------------------------------------------
def damage_type(ctx: Ctx, human: Human, weapon: Gear | None) -> str | None:
    """The design's table: bare hands are Melee; a firearm is Ballistic, or Biochemical
    when its human carries Toxic Ammo (G.2.4); the Flame Caster is Fire. None without the
    variant, or for a weapon of no type."""
    if ctx.state.physiology is None:
        return None
    if weapon is None:
        return info().unarmed
    if weapon.firearm and any(g.id is GearKind.TOXIC_AMMO for g in carried_gear(ctx, human.id)):
        return info().toxic
    return info().weapons.get(weapon.id.value)


def known_card(state: GameState, damage: str | None, *, crew: bool) -> str | None:
    """The card of ``damage`` as a side knows it: face up for all, or studied for the crew."""
    table = state.physiology
    if table is None or damage is None:
        return None
    if damage in table.up or (crew and damage in table.studied):
        return table.cards.get(damage)
    return None


def roll_terms(card: str | None) -> list[Modifier]:
    """P.3(1): Vulnerable or Resistant as a named term of the attack's total."""
    if card == VULNERABLE:
        return [Modifier(Term.PHYSIOLOGY, info().vulnerable, card)]
    if card == RESISTANT:
        return [Modifier(Term.PHYSIOLOGY, -info().resistant, card)]
    return []


def known_terms(ctx: Ctx, human: Human, weapon: Gear | None, target_id: str) -> list[Modifier]:
    """The roll's terms the crew can see before declaring (the odds and the choice of
    weapon): only a card face up or studied."""
    if ctx.state.is_human(target_id):
        return []
    card = known_card(ctx.state, damage_type(ctx, human, weapon), crew=True)
    return roll_terms(card)


def weapon_worth(ctx: Ctx, human: Human, weapon: Gear | None, target_id: str) -> int:
    """How the crew's known cards weigh a weapon when it picks one (engine.fighting.combat):
    the roll's terms, and a weapon whose hit would injure nothing never preferred."""
    if ctx.state.is_human(target_id):
        return 0
    card = known_card(ctx.state, damage_type(ctx, human, weapon), crew=True)
    futile = NEVER if card in (IMMUNE, REGENERATIVE) else 0
    return sum(m.value for m in roll_terms(card)) + futile


# --- P.2: declaring an attack ------------------------------------------------------------
def turn_up(ctx: Ctx, damage: str | None) -> str | None:
    """P.2: the card of ``damage`` face up for all if it was not (before the die is
    rolled); returns the card, None without the variant or a type."""
    table = ctx.state.physiology
    if table is None or damage is None:
        return None
    if damage not in table.up:
        consult(Secret.PHYSIOLOGY, ("crew",) if damage in table.studied else ())
        table.up.add(damage)
        ctx.say(CardTurnedUp(damage=damage, card=table.cards[damage]))
    return table.cards[damage]


def declare(ctx: Ctx, human: Human, weapon: Gear | None, target_id: str) -> list[Modifier]:
    """P.2, P.3(1): a crew attack on an alien turns its type's card up; the roll's terms."""
    if ctx.state.is_human(target_id):
        return []
    return roll_terms(turn_up(ctx, damage_type(ctx, human, weapon)))


def strike(
    ctx: Ctx, human: Human, target_id: str, mods: list[Modifier], weapon: Gear | None
) -> Roll:
    """Roll a crew attack and apply it: through P.3 when it hits an alien with the
    variant on, as D.5 says otherwise."""
    damage = damage_type(ctx, human, weapon)
    if damage is None or ctx.state.is_human(target_id):
        return plain_strike(ctx, human.id, target_id, mods, weapon)
    attempt = Attempt(
        effort=Effort.ATTACK,
        who=ctx.who(human.id),
        target=ctx.who(target_id),
        weapon=weapon.id.value if weapon is not None else "",
    )
    roll = ctx.roll(attempt, mods)
    if roll.success and not store_burnt(ctx, target_id, roll):  # P.3(2): D.5 as today
        harm(ctx, target_id, damage, 1, Death.SECOND_INJURY)
    return roll


# --- P.3: the harm of a hit --------------------------------------------------------------
def harm(ctx: Ctx, alien_id: str, damage: str, base: int, death: Death) -> None:
    """P.3(3)-(5): the harm changed by the card, tokens absorbing injuries one for one,
    then Mutagenic. Two injuries or more kill a well alien at once (``death``)."""
    table = ctx.state.physiology
    assert table is not None
    consult(Secret.PHYSIOLOGY, ())  # the card is face up by now: nobody learns more
    card = table.cards[damage]
    alien = ctx.state.alien(alien_id)
    who = ctx.who(alien_id)
    injuries = base
    if card == EXTREMELY_VULNERABLE:
        injuries = base * 2
    elif card in (IMMUNE, REGENERATIVE):
        injuries = 0
    if injuries != base:
        ctx.say(HarmChanged(who=who, damage=damage, card=card, base=base, harm=injuries))
    if card == REGENERATIVE:
        regeneration.gain(ctx, alien_id, base)
    if card == SENSITIVITY and injuries:
        die = ctx.state.rng.d6()
        ctx.say(SensitivityRolled(who=who, die=die))
        injuries += die % 2 == 0
    while injuries and regeneration.absorb(ctx, alien_id):  # P.3(4)
        injuries -= 1
    if injuries >= 2 or (injuries and alien.injured):
        kill_alien(ctx, alien, death if injuries >= 2 else Death.SECOND_INJURY)
        return
    if injuries:
        wound(ctx, alien_id, None)
        if card == MUTAGENIC:
            mutate(ctx, alien_id)


def mutate(ctx: Ctx, alien_id: str) -> None:
    """P.3(5) Mutagenic: one of the alien's markers, at random, turned face up and
    removed; a new one drawn face down (the crew counts it, the alien reads it)."""
    alien = ctx.state.alien(alien_id)
    if not alien.abilities:
        draw_ability(ctx, alien)
        return
    lost = alien.abilities[ctx.state.rng.below(len(alien.abilities))]
    ctx.say(MarkerMutated(who=ctx.who(alien_id), ability=lost))
    draw_ability(ctx, alien)  # drawn while the lost one is still held: never it again
    alien.abilities.remove(lost)
    ctx.state.alien_secrets.revealed_abilities.discard(lost)


# --- G.2.2: the Poison Bait ----------------------------------------------------------------
def bait_type(ctx: Ctx) -> str | None:
    """The bait's type (Biochemical), None without the variant."""
    if ctx.state.physiology is None:
        return None
    return info().weapons.get(GearKind.POISON_BAIT.value)


def bait_harm(ctx: Ctx, alien_id: str, roll: Roll, damage: str) -> None:
    """P.3 for the bait: 1 injury on a failure, 2 on a success, 1 when an exact 7 burns a
    store (D.5); then the card."""
    base = 2 if roll.success else 1
    if roll.success and store_burnt(ctx, alien_id, roll, bait=True):
        base = 1
    harm(ctx, alien_id, damage, base, Death.POISON_BAIT)


# --- P.4: study after an autopsy -----------------------------------------------------------
def studyable(state: GameState) -> list[str]:
    """The face-down cards the crew has not studied, in P.4's default order."""
    table = state.physiology
    if table is None:
        return []
    return [t for t in info().study_order if t not in table.up and t not in table.studied]


def study_choice(ctx: Ctx, word: str) -> str | None:
    """The type an autopsy will study: the one named, or P.4's default; None when there
    is nothing to study. Checked before the roll: a bad name changes nothing."""
    table = ctx.state.physiology
    if table is None:
        if word:
            raise RuleError("only the physiology variant has damage cards to study", rule="P.4")
        return None
    left = studyable(ctx.state)
    if not word:
        return left[0] if left else None
    named = next((t for t in info().types if t.casefold() == word.casefold()), None)
    if named is None or named not in left:
        said = f"'{word}' is not a damage type" if named is None else f"{named} is known already"
        raise RuleError(f"{said}: study a face-down card", rule="P.4", legal=left)
    return named


def study(ctx: Ctx, damage: str | None) -> None:
    """P.4: the crew looks at the card; the alien hears only which type."""
    table = ctx.state.physiology
    if table is None or damage is None:
        return
    consult(Secret.PHYSIOLOGY, ())
    table.studied.add(damage)
    ctx.say(CardStudied(damage=damage))
    ctx.say(CardSeen(damage=damage, card=table.cards[damage]))


# --- twins (engine.secrecy) ----------------------------------------------------------------
def redeal(state: GameState, rng: Rng, *, keep_studied: bool) -> None:
    """A twin's cards: every card its side cannot see (face down, and not studied when
    ``keep_studied``, the crew's twins) dealt anew among those types and the cards set
    aside, which nobody sees either."""
    table = state.physiology
    if table is None or not table.cards:
        return
    hidden = [
        t for t in table.cards if t not in table.up and not (keep_studied and t in table.studied)
    ]
    pile = rng.shuffled([table.cards[t] for t in hidden] + table.aside)
    for damage, card in zip(hidden, pile, strict=False):
        table.cards[damage] = card
    table.aside = sorted(pile[len(hidden) :])

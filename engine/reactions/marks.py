"""What the ``reactions`` cards leave on an alien, read by the fight's arithmetic and the
injury rules (W.2, W.3): the terms they add to a roll, each named for its card so the
roll shows it ("+3 Rage!"), and the Regeneration tokens that absorb injuries. Pure
reads and writes of the state: the cards themselves are :mod:`engine.reactions.rules`.
"""

from __future__ import annotations

from engine.dice import Modifier, Term
from engine.state import GameState
from engine.variants import load_variants


def _title(card: str) -> str:
    return load_variants().reactions.card(card).title


def note_injury(state: GameState, alien_id: str, by: str | None) -> None:
    """W.2: an injury that did not kill waits for its card (drawn once the rule that
    injured has finished: :func:`engine.reactions.rules.react`)."""
    if state.reactions is not None:
        state.reactions.pending.append((alien_id, by or ""))


def ferocity_terms(state: GameState, alien_id: str, base: int) -> list[Modifier]:
    """W.3.2, W.3.3, W.3.10: Ferocious +1 each, Critical Hit! -1 each (the ferocity not
    below 0), Rage! on the next attack."""
    table = state.reactions
    if table is None:
        return []
    info = load_variants().reactions
    return _lasting(state, alien_id, base) + (
        [Modifier(Term.REACTION, info.rage, _title("rage"))] if alien_id in table.rage else []
    )


def resilience_terms(state: GameState, alien_id: str, base: int) -> list[Modifier]:
    """W.3.2, W.3.4, W.3.10 as resilience terms (negative, as every resilience term is):
    Ferocious, Critical Hit! (not below 0), Fear against the next crew attack."""
    table = state.reactions
    if table is None:
        return []
    info = load_variants().reactions
    lasting = [Modifier(m.term, -m.value, m.name) for m in _lasting(state, alien_id, base)]
    fear = [Modifier(Term.REACTION, -info.fear, _title("fear"))] if alien_id in table.fear else []
    return lasting + fear


def _lasting(state: GameState, alien_id: str, base: int) -> list[Modifier]:
    table = state.reactions
    assert table is not None
    up = table.ferocious.get(alien_id, 0)
    down = min(table.critical.get(alien_id, 0), base + up)
    mods = [Modifier(Term.REACTION, up, _title("ferocious"))] if up else []
    return mods + ([Modifier(Term.REACTION, -down, _title("critical"))] if down else [])


def spend_rage(state: GameState, alien_id: str) -> None:
    """W.3.3: Rage! lasts one attack (each of its targets)."""
    if state.reactions is not None:
        state.reactions.rage.discard(alien_id)


def spend_fear(state: GameState, alien_id: str) -> None:
    """W.3.4: Fear lasts one crew attack on the alien."""
    if state.reactions is not None:
        state.reactions.fear.discard(alien_id)


def slays(state: GameState, alien_id: str) -> bool:
    """W.3.8: Engineered To Slay is the active card, drawn by this alien's wound, and has
    not killed yet: its next successful attack on a well human kills outright. True
    also marks it spent."""
    table = state.reactions
    if table is None or table.active != "engineered" or table.active_alien != alien_id:
        return False
    if table.slay_spent:
        return False
    table.slay_spent = True
    return True

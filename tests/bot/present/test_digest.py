"""A calmer channel (issue 9): the phase digest and the folded leftover searches (C.8)."""

from __future__ import annotations

from bot.present.digest import DIGEST_LINES, digest, fold_leftover_searches

NAMES = ["Hyun", "Mehta", "Ortiz", "Okeke", "Haddad", "Lindqvist"]


def _phase() -> list[str]:
    lines = [f"{n} moves 1-F5 → 1-F6 (1 action)" for n in NAMES]
    lines += [f"{n} searches 2 grids from 1-F6: nothing found (C.8)" for n in NAMES]
    lines += ["Mehta searches 3 from 1-F6 and spots the alien!", "The Larva is tallied at 2-I5"]
    lines += ["Ortiz is injured (D.5)", *(f"{n} is done for this phase." for n in NAMES)]
    return lines


def test_a_phase_digest_holds_counts_and_the_lines_that_matter() -> None:
    shown = digest(_phase())
    assert len(shown) <= DIGEST_LINES
    assert "6 moves; 6 searches found nothing" in shown[0] and "/game log" in shown[0]
    assert "Mehta searches 3 from 1-F6 and spots the alien!" in shown
    assert "Ortiz is injured (D.5)" in shown
    assert not any("is done for this phase" in line for line in shown)


def test_a_short_phase_is_shown_whole() -> None:
    lines = ["Hyun moves 1-F5 → 1-F6 (1 action)", "Hyun is done for this phase."]
    assert digest(lines) == lines


def test_c8_leftover_searches_of_a_phase_end_come_as_one_line() -> None:
    lines = ["Turn 2: the alien phase begins (C)"]
    lines[0:0] = [
        f"{n} searches with leftover actions 2 grids from 1-F{i}: nothing found (C.8)"
        for i, n in enumerate(NAMES, 1)
    ]
    folded = fold_leftover_searches(lines)
    assert len(folded) == 2 and folded[-1] == lines[-1]
    assert folded[0].startswith("Leftover searches (Hyun 2 from 1-F1, Mehta 2 from 1-F2")
    assert folded[0].endswith("nothing found (C.8)")

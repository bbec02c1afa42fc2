"""Random and garbled command strings on positions of both sides, drawn from a whole
game-controlled game, garbled with all of Unicode: a refusal of the
engine's own error type that changes nothing, or a legal change; never any other
exception. ``QUICKSILVER_FUZZ_EXAMPLES`` runs it longer (the benchmark
``benchmarks/bench_reliability.py --fuzz N`` counts a long run)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.commands import VERBS
from engine.state import Side
from tests import fuzzing

EXAMPLES = int(os.environ.get("QUICKSILVER_FUZZ_EXAMPLES", "300"))


@st.composite
def inputs(draw: st.DrawFn) -> tuple[int, Side, str]:
    index = draw(st.integers(0, len(fuzzing.positions()) - 1))
    side = draw(st.sampled_from((Side.CREW, Side.ALIEN)))
    words = st.sampled_from(fuzzing.vocabulary())
    legal = st.sampled_from(fuzzing.legal_texts(index, side))
    garbled = st.builds(
        fuzzing.garble, legal, st.randoms(use_true_random=False), st.just(fuzzing.vocabulary())
    )
    unit = st.sampled_from(fuzzing.units(index))
    typed = st.builds(
        lambda verb, head, rest: " ".join([verb, *head, *rest]),
        st.sampled_from(sorted(VERBS)),
        st.lists(unit, max_size=1),
        st.lists(words | st.text(max_size=6), max_size=4),
    )
    return index, side, draw(legal | garbled | typed | st.text(max_size=30))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(inputs())
def test_any_command_string_is_refused_cleanly_or_played_legally(
    case: tuple[int, Side, str],
) -> None:
    fuzzing.check(*case)


def test_the_fuzzer_reaches_the_inputs_that_crashed_before() -> None:
    """The crash fuzzing found (an alien-only order naming a human) is among the
    inputs the random driver makes, and is now a refusal."""
    crew_phase = next(
        i
        for i in range(len(fuzzing.positions()))
        if fuzzing.position(i).state.phase.value == "crew"
    )
    for order in ("surface", "piperun", "feint"):
        assert not fuzzing.check(crew_phase, Side.CREW, f"{order} hyun").played
    played, crashes = fuzzing.run(300, seed=5)
    assert crashes == [] and played > 0

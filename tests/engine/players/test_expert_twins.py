"""The advisor and the expert players decide the same in twins, at the budgets people
meet (C.3, C.7; README, "Secrets"; :mod:`engine.players.expert.audit`).

Positions where the crew's belief is narrow (2 to 40 grids) and the advisor searches:
the hidden alien moved to other grids of the belief must leave the advisor's answer and
the expert crew's decision unchanged, searched record and all; and in the alien's phase
that follows, the crew's face-down secrets dealt anew must leave the expert alien's. The
advisor searches its own budget, the experts the play budget's iterations (no time
limit, so a busy machine decides the same); ``test_secrecy_mutations.py`` shows these
twins catch an advisor that narrows its belief to the true grid or weighs it more.
"""

from __future__ import annotations

from engine.players.expert import audit
from engine.players.expert.params import PLAY


def test_c3_c7_the_advisor_and_the_experts_decide_the_same_in_twins_at_the_play_budget() -> None:
    assert (
        audit.AT_PLAY.budget.iterations == PLAY.iterations and audit.AT_PLAY.budget.seconds is None
    )
    pairs = audit.pairs(seed=1, positions=2, twins=2)
    assert {pair.who for pair in pairs} == {"advisor", "expert crew", "expert alien"}
    assert len(pairs) >= 10
    assert [pair for pair in pairs if pair.differs] == []
    assert all("searched=Outcome" in pair.here for pair in pairs if pair.who != "expert alien")

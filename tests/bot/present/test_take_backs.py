"""The undo refusal's reason is data from the engine (engine.take_backs.NoUndo), worded
in the reader's language by the bot (bot.present.take_backs)."""

from __future__ import annotations

import pytest

from bot.present.locale import speaking
from bot.present.take_backs import SECRETS, no_undo_text
from engine.consult import Secret
from engine.state import Side
from engine.take_backs import Bar, NoUndo

BLOCKS = [
    NoUndo(Bar.NOTHING),
    NoUndo(Bar.IRREVERSIBLE),
    NoUndo(Bar.STANDING, verb="drive", other=Side.ALIEN),
    NoUndo(Bar.STANDING, verb="order", other=Side.CREW),
    *(NoUndo(Bar.CONSULTED, secret=s) for s in Secret),
]


def test_every_secret_a_rule_may_consult_has_words_for_the_refusal() -> None:
    assert set(SECRETS) == set(Secret)


@pytest.mark.parametrize("block", BLOCKS, ids=str)
def test_the_english_reason_is_the_engines_own(block: NoUndo) -> None:
    assert no_undo_text(block) == str(block)


@pytest.mark.parametrize("block", BLOCKS, ids=str)
def test_a_french_reader_reads_the_reason_in_french(block: NoUndo) -> None:
    with speaking("fr"):
        said = no_undo_text(block)
    assert said != str(block)
    if block.verb:
        assert f"`{block.verb}`" in said

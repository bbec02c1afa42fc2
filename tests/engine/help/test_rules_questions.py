"""Rules help answers plain questions (README "Rules help"): each question of
questions.toml lands on its topic, in the answer and in the autocomplete's first choice,
and the answer cites the topic's section. The French questions are checked with the
bot's catalogue (tests/bot/present/test_rules_french.py)."""

from __future__ import annotations

import pytest

from engine.content import DEFAULT_DATA_DIR
from engine.help.rules_help import answer, complete, find
from tests.engine.help.questions import questions

ENGLISH = questions("en")


def test_the_list_holds_at_least_sixty_questions_in_each_language() -> None:
    assert len(ENGLISH) >= 60 and len(questions("fr")) >= 60
    assert len({q for q, _ in ENGLISH}) == len(ENGLISH)


@pytest.mark.parametrize(("question", "key"), ENGLISH)
def test_an_english_question_lands_on_its_topic_and_first_in_the_autocomplete(
    question: str, key: str
) -> None:
    found = find(question)
    assert found is not None and found.key == key, (question, found)
    assert complete(question)[0].key == key
    assert f"({found.rule})" in answer(found)[0] or answer(found)[0].startswith(f"**{key} ")


def test_the_index_is_not_built_from_the_test_questions() -> None:
    """No question is written into the data the index reads: it finds them from words."""
    data = " ".join(
        (DEFAULT_DATA_DIR / name).read_text(encoding="utf-8").casefold()
        for name in ("rules_words.toml", "rules_topics.toml")
    )
    multiword = [q for lang in ("en", "fr") for q, _ in questions(lang) if " " in q]
    assert [q for q in multiword if q.casefold() in data] == []

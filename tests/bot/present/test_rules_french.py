"""/rules in French (README "Languages"): the plain questions of
tests/engine/help/questions.toml land on their topic, in the answer and the autocomplete's
first choice, and every answer is wholly French: its framing and its text come from the
catalogue, and no sentence of the catalogue is left in English."""

from __future__ import annotations

import re
import string

import pytest
from babel.messages import pofile

from bot.present import locale
from bot.present import rules as words
from engine.help.rules_help import topics
from tests.engine.help.questions import questions

FRENCH = questions("fr")


def _english_sentences() -> list[str]:
    """Every English sentence of the French catalogue that it translates otherwise, cut
    at its placeholders: the pieces of two words or more ("See also: ", "A total of 16
    counts as a Decisive Human Victory.")."""
    with locale.po_path("fr").open("rb") as po:
        catalogue = [m for m in pofile.read_po(po) if m.id and isinstance(m.id, str)]
    found = []
    for message in catalogue:
        if message.string == message.id:
            continue  # a name, the same in both languages
        for literal, *_ in string.Formatter().parse(message.id):
            piece = literal.strip(" :;,.()")
            if len(re.findall(r"[A-Za-z]{2,}", piece)) >= 2:
                found.append(piece)
    return found


ENGLISH_SENTENCES = _english_sentences()


@pytest.mark.parametrize(("question", "key"), FRENCH)
def test_a_french_question_lands_on_its_topic_and_first_in_the_autocomplete(
    question: str, key: str
) -> None:
    found = words.find(question, "fr")
    assert found is not None and found.key == key, (question, found)
    assert words.choices(question, "fr")[0][0] == key


@pytest.mark.parametrize("topic", topics(), ids=lambda t: t.key)
def test_no_french_answer_holds_an_english_sentence_of_the_catalogue(topic) -> None:
    french = "\n".join(words.answer(topic, "fr"))
    left = [s for s in ENGLISH_SENTENCES if s in french]
    assert left == [], left
    assert len(french) <= 2000 and "{" not in french


def test_the_check_finds_an_english_sentence_left_in_a_french_answer() -> None:
    """The check above can fail: the English answer is full of catalogue sentences."""
    english = "\n".join(words.answer(next(t for t in topics() if t.key == "F.1"), "en"))
    assert "See also" in ENGLISH_SENTENCES
    assert [s for s in ENGLISH_SENTENCES if s in english]


def test_the_framing_and_the_text_are_french_the_names_stay() -> None:
    venom = words.answer(words.find("venin", "fr") or topics()[0], "fr")
    assert venom[0] == "**Venom** — capacité de l'alien (G.4)"
    assert "Notre décision : Venom : l'humain que l'alien non blessé blesse" in "\n".join(venom)
    f1 = "\n".join(words.answer(words.find("comment gagner", "fr") or topics()[0], "fr"))
    assert f1.startswith("**F.1 Déterminer la victoire**")
    assert "• 16 ou plus : Decisive Human Victory" in f1  # the bands are names
    assert "Notre décision : Un total de 16 compte comme une Decisive Human Victory." in f1
    attack = "\n".join(words.answer(words.find("comment attaquer", "fr") or topics()[0], "fr"))
    assert "Lancez un d6, ajoutez la férocité de l'attaquant" in attack
    assert "`attack UNIT TARGET|GRID|door" in attack  # the command language stays


def test_the_autocomplete_labels_are_french() -> None:
    labels = [label for _key, label in words.choices("C.7", "fr")]
    assert "C.7.2 Fin d'une course dans les conduits" in labels
    assert ("Venom", "Venom (capacité de l'alien)") in words.choices("ven", "fr")
    half_typed = [label for _key, label in words.choices("fouil", "fr")[:2]]
    assert half_typed == ["search — Fouiller à la recherche de l'alien (équipage)", "C.8 Fouiller"]


def test_an_english_question_asked_in_french_is_answered_from_the_english_words() -> None:
    found = words.find("how do I win", "fr")
    assert found is not None and found.key == "F.1"
    assert words.choices("how do I win", "fr")[0] == ("F.1", "F.1 Déterminer la victoire")


def test_the_refusal_is_french_and_suggests_french_labels() -> None:
    with locale.speaking("fr"):
        text = words.unknown("warp drive", words.suggestions("warp drive", "fr"))
    assert text.startswith("Je ne connais aucun sujet de règles « warp drive ».")
    assert "drive — Où les Ultrasonics poussent l'alien (ordre de l'équipage)" in text

"""Rules help finds what a player types (README "Rules help"): tokens of whole words,
stems and lemmas in English and French, synonyms and topic words from
data/rules_words.toml, weighed by how rare they are; a broken table is refused."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.content import DEFAULT_DATA_DIR, ContentError
from engine.help.rules_help import answer, complete, find, word_index
from engine.help.stems import stem_fr
from engine.help.words import load_words


def test_english_words_are_compared_without_plurals_endings_or_irregular_forms() -> None:
    words = load_words("en")
    assert words.tokens("Pipe-Runs") == words.tokens("pipe run piperun")
    assert words.tokens("doors") == words.tokens("door")
    assert words.tokens("Mutating") == words.tokens("mutated") == words.tokens("mutate")
    assert words.tokens("how does the alien hide") == ["alien", *words.tokens("hid")]
    assert words.tokens("set-up") == words.tokens("set up setup")
    assert words.tokens("the alien") == ["alien"]  # no "heal" in it


def test_french_words_lose_their_endings_and_accents_but_not_their_meaning() -> None:
    words = load_words("fr")
    assert len({stem_fr(w) for w in ("gagner", "gagné", "gagnant", "gagne")}) == 1
    assert len({stem_fr(w) for w in ("attaquer", "attaques", "attaquant")}) == 1
    assert words.tokens("qu'est-ce qu'une feinte") == words.tokens("feinte")
    assert words.tokens("casier") != words.tokens("case")  # a locker is no grid
    assert words.tokens("portée") != words.tokens("porte")  # a range is no door
    assert words.tokens("dés") == words.tokens("d6")


def test_a_name_wins_over_words_and_a_half_typed_word_is_completed() -> None:
    medical = find("medical")
    assert medical is not None and medical.kind == "skill"
    assert complete("hea")[0].key == "heal"
    assert complete("mutati")[0].key == "mutate"
    assert complete("how do I att")[0].key == "attack"


def test_a_question_with_a_word_no_topic_knows_finds_nothing_but_suggests() -> None:
    assert find("warp drive") is None
    assert "drive" in [t.key for t in complete("warp drive")[:3]]


def test_a_synonym_of_a_word_already_asked_counts_once() -> None:
    """ "energy stores" is one thing: C.10.1 may not win twice over for it."""
    assert find("how many energy stores to mutate") is not None
    assert [t.key for t in complete("energy stores")][:1] == ["C.10.1"]


def test_heal_explains_healing_for_both_sides_with_the_numbers() -> None:
    found = find("heal")
    assert found is not None and found.key == "heal"
    text = "\n".join(answer(found))
    assert "A human with the Medical skill heals" in text and "a roll of 7" in text
    assert "The alien heals only itself" in text


def _table(tmp_path: Path, old: str, new: str) -> Path:
    shutil.copy(DEFAULT_DATA_DIR / "rules_words.toml", tmp_path / "rules_words.toml")
    path = tmp_path / "rules_words.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('"shoot", "fight"', '"shoot", "heal"', "'heal' is in synonym groups"),
        ('"F.1" = [', '"F.9" = [', "no such rules topic: ['F.9']"),
        ('"autopsy", "dissect"', '"autopsy", "Dissect"', "topics.E.2.2"),
        ('"a", "an",', '"a", "win",', "ignored words also lead somewhere: ['win']"),
    ],
)
def test_a_broken_words_table_is_refused_naming_the_entry(
    tmp_path: Path, old: str, new: str, problem: str
) -> None:
    with pytest.raises(ContentError, match=r"rules_words\.toml") as caught:
        word_index(load_words("en", _table(tmp_path, old, new)))
    assert problem in str(caught.value)

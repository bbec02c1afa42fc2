"""Rules help finds what a new player asks (issue 23): whole words, titles and the
synonyms of data/rules_words.toml, in the answer and the autocomplete alike."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.content import DEFAULT_DATA_DIR, ContentError
from engine.help.rules_help import answer, complete, find, word_index
from engine.help.words import load_words, split

# The questions a new player asks first, and the section that must answer each.
NEW_PLAYER_QUESTIONS = [
    ("how do I win", "F.1"),
    ("win", "F.1"),
    ("victory", "F.1"),
    ("score", "F.1"),
    ("points", "F.1"),
    ("attack", "D"),
    ("fight", "D"),
    ("shoot", "E.3.8"),
    ("heal", "D.5"),
    ("how do I heal someone", "D.5"),
    ("what happens when I die", "D.5"),
    ("autopsy", "E.2.2"),
    ("mutate", "C.10"),
    ("forage", "C.10.1"),
    ("eat", "C.10.1"),
    ("dice", "C.1"),
    ("roll", "C.1"),
    ("how do I move", "C.4"),
    ("how many actions", "C.2"),
    ("search", "C.8"),
    ("how does the alien hide", "C.7"),
    ("lift", "C.4.5"),
    ("can the alien open doors", "C.4.3"),
    ("escape", "E.2.4"),
    ("setup", "B.1"),
    ("line of sight", "D.4"),
    ("carry", "E.3.2"),
    ("blueprint", "E.4.1"),
]


@pytest.mark.parametrize(("question", "section"), NEW_PLAYER_QUESTIONS)
def test_a_new_players_question_lands_on_its_section(question: str, section: str) -> None:
    found = find(question)
    assert found is not None and found.key == section, (question, found)
    assert complete(question)[0].key == section  # the autocomplete's first choice too
    assert answer(found)[0].startswith(f"**{section} ")


def test_heal_gives_the_healing_rules_not_a_word_hidden_inside_the_alien() -> None:
    found = find("heal")
    assert found is not None and found.key != "E.5"
    assert "Healing takes a Medical human" in "\n".join(answer(found))
    assert "E.5" not in [t.key for t in complete("heal")[:3]]


def test_words_are_whole_words_with_plurals_and_ing_taken_off() -> None:
    assert split("Pipe-Runs") == split("pipe run")
    assert split("doors") == split("door")
    assert split("Mutating") == split("mutate")
    assert split("the alien") == ["the", "alien"]  # no "heal" in it


def test_a_name_still_wins_over_words_and_a_half_typed_word_is_completed() -> None:
    medical = find("medical")
    assert medical is not None and medical.kind == "skill"
    assert complete("hea")[0].key == "D.5"
    assert complete("mutati")[0].key == "C.10"


def test_a_question_with_a_word_no_topic_knows_finds_nothing_but_suggests() -> None:
    assert find("warp drive") is None
    assert complete("warp drive")[0].key == "C.9.1"  # "drive": the G-Core Drive


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
        word_index(load_words(_table(tmp_path, old, new)))
    assert problem in str(caught.value)

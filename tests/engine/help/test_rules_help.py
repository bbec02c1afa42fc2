"""Rules help (/rules, help RULE): every topic answers from data/, numbers included."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.content import DEFAULT_DATA_DIR, Content, load_content
from engine.help.rulebook import load_rulebook
from engine.help.rules_help import CHOICES_MAX, answer, complete, find, topics


def _text(query: str, content: Content | None = None) -> str:
    found = find(query)
    assert found is not None, query
    return "\n".join(answer(found, content))


def test_every_section_ability_skill_gear_and_life_stage_is_a_topic() -> None:
    content = load_content()
    keys = {t.key for t in topics()}
    assert {s.id for s in load_rulebook().sections} <= keys
    assert {a.value for a in content.abilities} <= keys
    assert {s.value for s in content.skills} <= keys
    assert {g.value for g in content.gear} <= keys
    assert {s.value for s in content.life_stages} <= keys


@pytest.mark.parametrize("topic", topics(), ids=lambda t: t.key)
def test_every_topic_answers_within_one_discord_message(topic) -> None:
    lines = answer(topic)
    assert lines and all(line.strip() for line in lines)
    assert len("\n".join(lines)) <= 2000
    assert "{" not in "\n".join(lines)  # every number was filled in


@pytest.mark.parametrize(
    ("query", "key"),
    [
        ("venom", "Venom"),
        ("C.7.2", "C.7.2"),
        ("c.7.2", "C.7.2"),
        ("acid spit", "Acid Spit"),
        ("AcidSpit", "Acid Spit"),
        ("flame caster", "FlameCaster"),
        ("body armour", "BodyArmour"),
        ("Royal", "Royal"),
        ("ending a pipe", "C.7.2"),
    ],
)
def test_topics_are_found_by_id_name_or_a_unique_part(query: str, key: str) -> None:
    found = find(query)
    assert found is not None and found.key == key


def test_an_ambiguous_or_unknown_query_finds_nothing() -> None:
    assert find("examples") is None  # C.7.4 and D.4.1
    assert find("warp drive") is None
    assert find("") is None


def test_autocomplete_puts_what_starts_with_the_text_first_and_stays_within_25() -> None:
    assert [t.key for t in complete("C.7")][:5] == ["C.7", "C.7.1", "C.7.2", "C.7.3", "C.7.4"]
    assert complete("ven")[0].key == "Venom"
    assert len(complete("")) == CHOICES_MAX


def test_g4_venom_answer_has_the_summary_and_our_decision() -> None:
    text = _text("venom")
    assert "unconscious" in text and "(G.4)" in text
    assert "Our decision: Venom" in text


def test_c72_answer_names_each_way_a_pipe_run_ends_and_our_decision() -> None:
    text = _text("C.7.2")
    assert "C.7.2 Ending A Pipe-Run" in text
    assert "search" in text and "attacks" in text
    assert "Our decision: Walking into the hidden alien" in text


def test_numbers_are_read_from_the_data_tables(tmp_path: Path) -> None:
    for name in ("roster.toml", "counters.toml", "tables.toml"):
        shutil.copy(DEFAULT_DATA_DIR / name, tmp_path / name)
    tables = tmp_path / "tables.toml"
    text = tables.read_text(encoding="utf-8")
    tables.write_text(text.replace("actions = 4 ", "actions = 5 ", 1), encoding="utf-8")
    changed = load_content(tmp_path)
    assert "every human earns 4 actions" in _text("C.2")
    assert "every human earns 5 actions" in _text("C.2", changed)
    hunter = _text("hunter")
    assert "ferocity 3, resilience 1, pipe-run 2 actions" in hunter  # the G.5 row


def test_f1_answer_prints_the_schedule_and_the_bands() -> None:
    text = _text("F.1")
    assert "+2 per human who survives aboard the Quicksilver" in text
    assert "16 or more: Decisive Human Victory" in text
    assert "3 or less: Decisive Alien Victory" in text

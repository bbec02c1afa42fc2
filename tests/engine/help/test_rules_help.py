"""Rules help (/rules, help RULE): every section, command, ability, skill, gear, life
stage, crew role and kind of place is a topic, and answers from data/, numbers included."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.board.floorplan import default_ship
from engine.board.ship import KNOWN_TAGS, RegionKind
from engine.commands import VERBS
from engine.content import DEFAULT_DATA_DIR, Content, ContentError, load_content
from engine.help.rulebook import load_rulebook
from engine.help.rules_help import CHOICES_MAX, answer, complete, find, topics
from engine.help.topic_data import load_topic_data
from engine.help.topics import build_topics, place_regions


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
    assert set(VERBS) <= keys  # every command of the command language
    assert {r.name for r in content.roles} <= keys


def test_every_kind_of_place_the_ship_defines_is_a_topic() -> None:
    """Every region tag, life pods, corridors and lockers; every room is in one of them."""
    ship, places = default_ship(), load_topic_data().place
    assert {t for p in places for t in p.tags} >= KNOWN_TAGS
    assert {RegionKind.POD.value, RegionKind.CORRIDOR.value} <= {p.region_kind for p in places}
    assert "locker" in {p.feature for p in places}
    covered = {r.key for p in places if p.feature is None for r in place_regions(p, ship)}
    assert covered == set(ship.regions)


@pytest.mark.parametrize("topic", topics(), ids=lambda t: t.key)
def test_every_topic_answers_within_one_discord_message(topic) -> None:
    lines = answer(topic)
    assert lines and all(line.strip() for line in lines)
    assert len("\n".join(lines)) <= 2000
    assert "{" not in "\n".join(lines)  # every number was filled in


@pytest.mark.parametrize("topic", [t for t in topics() if t.kind != "section"], ids=lambda t: t.key)
def test_every_named_topic_gives_more_than_a_line_and_cites_its_section(topic) -> None:
    """No one-line stub: a heading citing the section, then at least two lines."""
    lines = answer(topic)
    assert lines[0].endswith(f"({topic.rule})")
    assert len(lines) >= 3 and sum(len(line) for line in lines[1:]) >= 80


def test_d_attack_explains_both_sides_the_roll_and_the_tables_numbers() -> None:
    text = _text("how do I attack")
    assert text.startswith("**attack** — command (D)")
    assert "Roll a d6, add the attacker's ferocity" in text and "a total of 7 or more" in text
    assert "**Crew:**" in text and "**Alien:**" in text and "**Resilience:**" in text
    assert "Larva 2, Hunter 3, Guard 4, Royal 5" in text  # the G.5 table
    assert "Handgun (+2" in text and "resilience 6" in text  # counters.toml, tables.toml
    assert "d6 + 3 + 2 − 1" in text  # the example, from the tables
    assert "D.1 Resilience And Ferocity" in text  # see also


def test_c71_feint_and_g4_spawn_are_topics_of_their_own() -> None:
    feint = _text("feint")
    assert "only for a pipe-running alien on a lift or hatch grid" in feint.casefold()
    assert "(C.7.1)" in feint.splitlines()[0]
    spawn = _text("spawn")
    assert "Queen" in spawn and "4 energy stores" in spawn and "(G.4)" in spawn.splitlines()[0]


def test_a_place_says_where_it_is_on_the_ship() -> None:
    assert "On the ship: Air Lock (Deck 02)." in _text("air lock")
    lockers = _text("lockers")
    assert "• Workshop (Deck 00): ToolKit" in lockers
    assert "Starts in a locker: Workshop (Deck 00) (B.1.1)." in _text("ToolKit")


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
        ("feint", "feint"),
        ("SPAWN", "spawn"),
        ("Master Chief Petty Officer", "Master Chief Petty Officer"),
        ("command deck", "Command Deck"),
    ],
)
def test_topics_are_found_by_id_name_or_a_unique_part(query: str, key: str) -> None:
    found = find(query)
    assert found is not None and found.key == key


def test_an_ambiguous_or_unknown_query_finds_nothing() -> None:
    assert find("examples") is None  # C.7.4 and D.4.1
    assert find("warp drive") is None
    assert find("") is None


def test_autocomplete_puts_the_answer_then_what_starts_with_the_text_first_within_25() -> None:
    assert [t.key for t in complete("C.7")][:5] == ["C.7", "C.7.1", "C.7.2", "C.7.3", "C.7.4"]
    assert complete("ven")[0].key == "Venom"
    assert complete("what is a feint")[0].key == "feint"  # what /rules would answer
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


def _topics_file(tmp_path: Path, old: str, new: str) -> Path:
    shutil.copy(DEFAULT_DATA_DIR / "rules_topics.toml", tmp_path / "rules_topics.toml")
    path = tmp_path / "rules_topics.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('verb = "feint"', 'verb = "fient"', "commands missing ['feint'], unknown ['fient']"),
        ('see = ["C.7.3", "lift"', 'see = ["C.7.9", "lift"', "no such rules topic: ['C.7.9']"),
        (
            'tags = ["galley"]',
            'tags = ["kitchen"]',
            "place 'Galley': Value error, unknown ship tags ['kitchen']",
        ),
        ("{cost[lift].human} action", "{costs[lift].human} action", "numbers named unknown"),
    ],
)
def test_a_broken_topics_file_is_refused_naming_the_entry(
    tmp_path: Path, old: str, new: str, problem: str
) -> None:
    data_dir = _topics_file(tmp_path, old, new)
    with pytest.raises(ContentError, match=r"rules_topics\.toml") as caught:
        build_topics(load_rulebook(), load_content(), load_topic_data(data_dir), default_ship())
    assert problem in str(caught.value)

"""Input from outside that is almost right: numbers are exactly ASCII digits
everywhere (``²``, ``³`` and other scripts' digits pass ``str.isdigit`` but are refused
with the usual error, never a crash), and item ids with spaces, ``#`` or quotes written
into a scenario read back as they were."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.board.grid import Grid, GridParseError
from engine.commands import parse
from engine.errors import GameError, ParseError
from engine.records.scenario import ScenarioError, parse_scenario
from engine.records.scenario_writer import write_scenario
from engine.records.script import ScriptError, read_script

# Characters str.isdigit or str.isdecimal accept that are not 0-9: superscripts, other
# scripts' digits (Arabic-Indic, Devanagari, fullwidth…).
NOT_ASCII_DIGITS = st.characters(categories=("Nd", "No"), exclude_characters="0123456789").filter(
    lambda ch: ch.isdigit() or ch.isdecimal()
)
ODD_NUMBERS = (
    st.lists(NOT_ASCII_DIGITS | st.sampled_from("12"), min_size=1, max_size=4)
    .map("".join)
    .filter(lambda text: not text.isascii())
)


@given(ODD_NUMBERS)
def test_commands_take_only_ascii_digits_for_actions_and_boosts(number: str) -> None:
    """C.8 search, C.10.1 forage and C.1's +N: refused with the parser's error."""
    for text in (
        f"search hyun {number}",
        f"forage alien {number}",
        f"attack hyun alien +{number}",
        f"move hyun {number}-F6",
    ):
        with pytest.raises(ParseError):
            parse(text)


def test_superscripts_are_refused_where_they_used_to_crash() -> None:
    for text in ("search hyun ²", "forage alien ³", "heal hyun +²"):
        with pytest.raises(ParseError):
            parse(text)


def test_numbers_too_long_to_be_actions_are_refused_not_converted() -> None:
    """Python refuses to convert integers of over 4,300 digits: never try."""
    with pytest.raises(ParseError):
        parse("search hyun " + "9" * 5000)
    with pytest.raises(ParseError):
        parse("attack hyun alien +" + "9" * 5000)


@given(ODD_NUMBERS)
def test_grids_take_only_ascii_digits(number: str) -> None:
    with pytest.raises(GridParseError):
        Grid.parse(f"{number}-F6")
    with pytest.raises(GridParseError):
        Grid.parse(f"1-F{number}")


@given(ODD_NUMBERS)
def test_scenarios_take_only_ascii_digits(number: str) -> None:
    for line in (f"turn {number} crew", f"rng {number}", f"crew-side autopsies={number}"):
        with pytest.raises(ScenarioError):
            parse_scenario(f"scenario\nseed 7\n{line}\nend\n")
    with pytest.raises(ScenarioError):
        parse_scenario(f"scenario\nseed {number}\nend\n")


@given(ODD_NUMBERS)
def test_scripts_take_only_ascii_digits_for_their_seed(number: str) -> None:
    with pytest.raises((ScriptError, GameError)):
        read_script(f"seed {number}\ncrew: quick\n")


# --- item ids that need quotes ---------------------------------------------------------
FLAGS = {"in-locker", "active", "out-of-play"}
# What a scenario line can hold as a word once quoted: no line breaks (a scenario is
# read line by line), no ',' (it separates a carries= list) nor '=' (an option).
ID_TEXT = st.text(
    st.characters(
        blacklist_categories=("Cc", "Cs", "Zl", "Zp"),
        blacklist_characters=",=\x1c\x1d\x1e\x85",
    ),
    min_size=1,
    max_size=24,
).filter(lambda text: text == text.strip() and text == text.lower() and text.lower() not in FLAGS)


@given(ID_TEXT)
def test_item_ids_with_spaces_hashes_and_quotes_round_trip(item_id: str) -> None:
    """An item (and a crate) named with a space, '#', a quote or a backslash is written
    quoted and reads back the same."""
    for head in (
        f'item "{_escaped(item_id)}" Carbine 1-F6',
        f'supplies "{_escaped(item_id)}" food 0-M2',
    ):
        state = parse_scenario(f"scenario\nseed 7\n{head}\nend\n")
        assert item_id in state.items
        text = write_scenario(state)
        assert parse_scenario(text) == state, text


def test_the_ids_that_used_to_break_round_trip() -> None:
    for item_id in ("my gun", "gun#2", 'the "big" one', "it's", "back\\slash"):
        line = f'item "{_escaped(item_id)}" Carbine 1-F6'
        state = parse_scenario(f"scenario\nseed 7\n{line}\nend\n")
        assert parse_scenario(write_scenario(state)) == state


def _escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def test_a_very_long_command_or_line_is_refused_before_it_is_read():
    """Reading a word of a million characters takes minutes (the shell-like splitter is
    quadratic): a command, a script line and a scenario line have a length limit."""
    with pytest.raises(ParseError, match="at most 1000 characters"):
        parse("drive" * 200_000)
    with pytest.raises(ScriptError, match="line 2: a line is at most"):
        read_script("seed 7\ncrew: " + "x" * 100_000 + "\n")
    with pytest.raises(ScenarioError, match="at most"):
        parse_scenario("scenario\nseed 7\nresult " + "x" * 100_000 + "\nend\n")

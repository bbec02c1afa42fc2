"""The variants framework: chosen at creation, kept in the state, written in scripts and
scenarios, public, and invisible to a game that has none (docs/rules-decisions.md,
"Variants")."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.content import DEFAULT_DATA_DIR, ContentError
from engine.game import Game
from engine.records import snapshot
from engine.records.scenario import (
    ScenarioError,
    opening_game,
    parse_scenario,
    setup_opening,
    setup_variants,
)
from engine.records.scenario_writer import write_scenario
from engine.records.script import ScriptError, read_script
from engine.state import HalonState
from engine.variants import VariantError, VariantInfo, choose, known, load_variants, words
from engine.views import Viewer, view
from tests.games import quick_game

CATALOGUE = load_variants()
IDS = CATALOGUE.ids()


def test_the_catalogue_lists_the_six_designed_variants_in_their_writing_order() -> None:
    assert IDS == ("raids", "emergencies", "halon", "physiology", "reactions", "noise")


def test_a_variant_not_built_cannot_be_chosen_for_a_game() -> None:
    """A variant half-built must not be selectable: ``choose`` (the bot's and the
    terminal's road) refuses it, naming only the playable ones."""
    unbuilt = [v for v in IDS if not CATALOGUE.variants[v].built]
    for name in unbuilt:
        with pytest.raises(VariantError, match="cannot be played yet") as caught:
            choose(name)
        assert name not in caught.value.legal
    assert set(CATALOGUE.ids(built_only=True)) == set(IDS) - set(unbuilt)


def test_noise_is_built_and_can_be_chosen_for_a_game() -> None:
    assert choose("noise") == {"noise"}
    assert Game.new(3, variants=choose("noise")).state.noise is not None


FLAGS = re.compile(r"(\[halon\][^\[]*?)built = (true|false)\n(balanced = (true|false)\n)?")


@pytest.mark.parametrize(
    ("built", "balanced", "unbalanced"),
    [(True, False, True), (True, True, False), (False, False, False)],
)
def test_a_built_variant_without_its_balance_gate_is_unbalanced(
    tmp_path: Path, built: bool, balanced: bool, unbalanced: bool
) -> None:
    """A built variant that failed its gate stays playable and is named "unbalanced"."""
    halon = _halon(tmp_path, built, balanced)
    assert (halon.built, halon.balanced, halon.unbalanced) == (built, balanced, unbalanced)


def test_a_variant_is_balanced_only_once_built(tmp_path: Path) -> None:
    """The balance gate plays a built variant: ``balanced`` on one not built is a
    mistake of the file, named."""
    with pytest.raises(ContentError, match=r"\[halon\] a variant is balanced only once built"):
        _halon(tmp_path, built=False, balanced=True)


def _halon(tmp_path: Path, built: bool, balanced: bool) -> VariantInfo:
    shutil.copytree(DEFAULT_DATA_DIR, tmp_path / "data")
    path = tmp_path / "data" / "variants.toml"
    flags = f"built = {str(built).lower()}\nbalanced = {str(balanced).lower()}"
    text, found = FLAGS.subn(lambda m: f"{m.group(1)}{flags}\n", path.read_text(), count=1)
    assert found == 1, "the [halon] table's flags"
    path.write_text(text)
    return load_variants(tmp_path / "data").variants["halon"]


def test_an_unknown_variant_is_refused_with_the_known_ones_listed() -> None:
    with pytest.raises(VariantError, match="no variant 'lasers'") as caught:
        known("noise lasers")
    assert caught.value.legal == IDS


def test_a_list_of_variants_may_be_split_by_spaces_or_commas() -> None:
    assert words("Noise, halon  raids,") == ["noise", "halon", "raids"]
    assert known(["noise,halon"]) == {"noise", "halon"}


def test_a_mistake_in_the_variants_file_names_the_entry(tmp_path: Path) -> None:
    shutil.copytree(DEFAULT_DATA_DIR, tmp_path / "data")
    path = tmp_path / "data" / "variants.toml"
    path.write_text(path.read_text().replace("[noise]\n", "[noise]\nloud = 3\n"))
    with pytest.raises(ContentError, match=r"variants.toml: \[noise\] unknown field 'loud'"):
        load_variants(tmp_path / "data")


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.sets(st.sampled_from(IDS)))
def test_set_up_deals_the_same_dice_whatever_variants_are_chosen(
    seed: int, chosen: set[str]
) -> None:
    """0.2: no variant draws a die in set-up, so B.1.1 and a game with no variant are
    exactly as before; only the variants' own tables are added."""
    plain, varied = Game.new(seed), Game.new(seed, variants=frozenset(chosen))
    assert varied.state.variants == chosen
    assert (varied.state.noise is not None) == ("noise" in chosen)
    assert (varied.state.emergencies is not None) == ("emergencies" in chosen)
    assert (varied.state.reactions is not None) == ("reactions" in chosen)
    assert (varied.state.halon is not None) == ("halon" in chosen)
    assert (varied.state.physiology is not None) == ("physiology" in chosen)
    varied.state.variants, varied.state.noise = frozenset(), None
    varied.state.emergencies = varied.state.reactions = varied.state.halon = None
    varied.state.physiology = None  # dealt as set-up ends (P.1), not before
    assert varied.state == plain.state


def test_a_game_without_variants_writes_its_script_exactly_as_before() -> None:
    game = quick_game(5)
    assert game.script().splitlines()[:2] == ["seed 5", "crew: quick"]


def test_the_variants_line_follows_the_seed_and_replay_rebuilds_the_game() -> None:
    game = Game.new(5, variants=frozenset({"noise", "raids"}))
    game.play("crew", "quick")
    game.play("alien", "quick")
    script = game.script()
    assert script.splitlines()[:2] == ["seed 5", "variants raids noise"]
    read = read_script(script)
    assert read.game.state == game.state
    assert read.scenario == "variants raids noise"


def test_a_script_naming_an_unknown_variant_stops_at_that_line() -> None:
    with pytest.raises(ScriptError, match="line 2: no variant 'lasers'"):
        read_script("seed 5\nvariants lasers\ncrew: quick\n")


def test_a_scenario_keeps_its_variants_and_takes_the_scripts_when_it_names_none() -> None:
    state = quick_game(7).state
    state.variants, state.halon = frozenset({"halon"}), HalonState()  # its panel, charged
    block = write_scenario(state)
    assert block.splitlines()[1:3] == ["seed 7", "variants halon"]
    assert parse_scenario(block) == state
    bare = "scenario\nturn 1 alien\nend\n"
    read = read_script(f"seed 9\nvariants noise\n{bare}")
    assert read.game.state.variants == {"noise"}
    assert "variants noise" in read.scenario


def test_a_scenario_whose_variants_differ_from_the_scripts_is_refused() -> None:
    with pytest.raises(ScenarioError, match="not the script's 'variants' line"):
        parse_scenario("scenario\nseed 1\nvariants halon\nend\n", variants=frozenset({"noise"}))


def test_a_stored_opening_rebuilds_a_set_up_game_with_its_variants() -> None:
    chosen = frozenset({"emergencies", "noise"})
    assert setup_opening(frozenset()) == ""
    opening = setup_opening(chosen)
    assert setup_variants(opening) == chosen
    assert opening_game(11, opening).state == Game.new(11, variants=chosen).state
    assert setup_variants(write_scenario(quick_game(2).state)) is None


def test_a_snapshot_keeps_the_variants() -> None:
    game = Game.new(3, variants=frozenset({"reactions"}))
    assert snapshot.load(snapshot.dump(game.state)) == game.state


def test_every_viewer_sees_the_same_variants_in_the_catalogues_order() -> None:
    game = Game.new(4, variants=frozenset({"noise", "emergencies"}))
    game.play("crew", "quick")
    shown = {v: view(game.state, v, game.ship, game.content).variants for v in Viewer}
    assert set(shown.values()) == {("emergencies", "noise")}

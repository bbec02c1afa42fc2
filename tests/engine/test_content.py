"""The game's content (data/roster.toml, counters.toml, tables.toml), one test per rule.

Decisions where the rulebook is silent are recorded in docs/rules-decisions.md and
pinned here; the second half feeds broken copies of the data to the loader.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from pydantic import ValidationError

from engine.board.ship import KNOWN_TAGS
from engine.content import (
    COUNTERS,
    MCPO,
    ROSTER,
    TABLES,
    Content,
    ContentError,
    load_content,
)
from engine.content_models import (
    Ability,
    Activity,
    GearKind,
    LifeStage,
    Outcome,
    ScoreItem,
    ShipSystem,
    Skill,
    SupplyKind,
    Workroom,
)

DATA = Path(__file__).resolve().parents[2] / "data"


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


# --- the crew (B.1.2, E.1, G.3) ----------------------------------------------------


def test_e1_twelve_humans_and_twelve_roles(content: Content) -> None:
    assert content.setup.humans == 12
    assert len(content.humans) == 12
    assert len(content.roles) == 12


def test_b12_humans_have_unique_names_incl_hyun_ortiz_okeke(content: Content) -> None:
    names = [h.name for h in content.humans]
    assert len(set(names)) == 12
    assert {"Hyun", "Ortiz", "Okeke"} <= set(names)
    assert content.human("Okeke").name == "Okeke"
    with pytest.raises(KeyError):
        content.human("Ripley")


def test_b12_every_human_has_pronouns_and_a_one_line_description(content: Content) -> None:
    for human in content.humans:
        assert human.pronouns in {"she/her", "he/him", "they/them"}
        assert human.description and "\n" not in human.description


def test_d41_hyun_is_she(content: Content) -> None:
    assert content.human("Hyun").pronouns == "she/her"


def test_e1_every_role_imparts_one_known_skill(content: Content) -> None:
    spread = Counter(role.skill for role in content.roles)
    assert spread == {
        Skill.COMMAND: 1,
        Skill.COOKING: 1,
        Skill.ENGINEER: 2,
        Skill.MEDICAL: 2,
        Skill.OPERATIONS: 2,
        Skill.SCIENCE: 2,
        Skill.TACTICAL: 2,
    }
    assert len({role.name for role in content.roles}) == 12


@pytest.mark.parametrize(
    ("role", "skill"),
    [
        ("Captain", Skill.COMMAND),
        ("Chief Engineer", Skill.ENGINEER),
        ("Ship's Surgeon", Skill.MEDICAL),
        ("Science Officer", Skill.SCIENCE),
        ("Operations Officer", Skill.OPERATIONS),
        ("Security Chief", Skill.TACTICAL),
        ("Cook", Skill.COOKING),
        (MCPO, Skill.TACTICAL),
    ],
)
def test_e1_role_skill(content: Content, role: str, skill: Skill) -> None:
    assert content.role(role).skill is skill


def test_e38_mcpo_starts_with_handgun(content: Content) -> None:
    assert content.mcpo.name == "Master Chief Petty Officer"
    assert content.mcpo.gear == (GearKind.HANDGUN,)
    assert [r.name for r in content.roles if r.gear] == [MCPO]


def test_e38_five_firearms_four_in_the_tackit_one_with_the_mcpo(content: Content) -> None:
    tackit = Counter(content.gear[GearKind.TACKIT].contents)
    assert tackit[GearKind.CARBINE] + tackit[GearKind.HANDGUN] == 4
    assert content.gear[GearKind.CARBINE].count + content.gear[GearKind.HANDGUN].count == 5
    assert content.gear[GearKind.HANDGUN].count == tackit[GearKind.HANDGUN] + 1


# --- skill markers (B.1.2, G.3; gap 3) -------------------------------------------


def test_b12_eight_of_the_skill_markers_are_drawn_possible(content: Content) -> None:
    assert content.setup.skill_markers_drawn == 8 == content.setup.survivors
    assert len(content.skill_marker_pool) >= 8


def test_b12_skill_marker_pool(content: Content) -> None:
    pool = Counter(content.skill_marker_pool)
    doubled = {Skill.ENGINEER, Skill.MEDICAL, Skill.SCIENCE, Skill.TACTICAL}
    assert pool == {skill: 2 if skill in doubled else 1 for skill in Skill}
    assert len(content.skill_marker_pool) == 15


def test_g3_every_skill_is_described(content: Content) -> None:
    assert set(content.skills) == set(Skill)
    assert all(info.summary for info in content.skills.values())


def test_g3_skill_modifiers(content: Content) -> None:
    skills = content.skills
    assert skills[Skill.TACTICAL].ferocity == 1
    assert skills[Skill.COOKING].melee_ferocity == 1
    assert skills[Skill.POWERFUL].resilience == 1
    assert skills[Skill.ATHLETE].actions == 1
    others = set(Skill) - {Skill.TACTICAL, Skill.COOKING, Skill.POWERFUL, Skill.ATHLETE}
    for skill in others:
        info = skills[skill]
        assert (info.ferocity, info.melee_ferocity, info.resilience, info.actions) == (0, 0, 0, 0)


def test_e1_roles_grant_working_skills_never_traits(content: Content) -> None:
    traits = {Skill.HUMOID, Skill.ATHLETE, Skill.AGENT, Skill.POWERFUL}
    assert not traits & {role.skill for role in content.roles}


# --- gear (E.3; gaps 5, 9) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "totage"),
    [
        (GearKind.AIDKIT, 1),
        (GearKind.SCIKIT, 1),
        (GearKind.TOOLKIT, 2),
        (GearKind.DUNSEL, 0),
        (GearKind.BODY_ARMOUR, 0),
        (GearKind.CARBINE, 2),
        (GearKind.HANDGUN, 1),
        (GearKind.FLAME_CASTER, 2),
        (GearKind.POISON_BAIT, 1),
        (GearKind.SCANNER, 1),
        (GearKind.TOXIC_AMMO, 1),
        (GearKind.ULTRASONICS, 1),
    ],
)
def test_e31_totage_of_each_gear(content: Content, kind: GearKind, totage: int) -> None:
    gear = content.gear[kind]
    assert gear.portable
    assert gear.totage == totage


@pytest.mark.parametrize(
    ("kind", "count"),
    [
        (GearKind.AIDKIT, 1),
        (GearKind.SCIKIT, 1),
        (GearKind.TOOLKIT, 1),
        (GearKind.TACKIT, 1),
        (GearKind.DUNSEL, 2),
        (GearKind.BODY_ARMOUR, 1),
        (GearKind.CARBINE, 2),
        (GearKind.HANDGUN, 3),
    ],
)
def test_e3_gear_marker_counts(content: Content, kind: GearKind, count: int) -> None:
    assert content.gear[kind].count == count


def test_e36_tackit_cannot_be_carried_and_holds_armour_and_firearms(content: Content) -> None:
    tackit = content.gear[GearKind.TACKIT]
    assert not tackit.portable
    assert tackit.totage is None
    assert Counter(tackit.contents) == {
        GearKind.BODY_ARMOUR: 1,
        GearKind.CARBINE: 2,
        GearKind.HANDGUN: 2,
    }


def test_e37_body_armour_is_worn_for_one_resilience(content: Content) -> None:
    armour = content.gear[GearKind.BODY_ARMOUR]
    assert armour.worn
    assert armour.totage == 0
    assert armour.resilience == 1


def test_e38_firearm_ferocity(content: Content) -> None:
    assert content.gear[GearKind.CARBINE].ferocity == 1
    assert content.gear[GearKind.HANDGUN].ferocity == 2
    firearms = {kind for kind, gear in content.gear.items() if gear.firearm}
    assert firearms == {GearKind.CARBINE, GearKind.HANDGUN}


@pytest.mark.parametrize(
    ("distance", "penalty"), [(0, 0), (1, 0), (2, 0), (3, 1), (5, 1), (6, 2), (9, 3)]
)
def test_e38_carbine_range_penalty_per_full_three_grids(
    content: Content, distance: int, penalty: int
) -> None:
    assert content.gear[GearKind.CARBINE].range_penalty(distance) == penalty


@pytest.mark.parametrize("kind", [GearKind.HANDGUN, GearKind.FLAME_CASTER])
def test_e38_g21_handgun_and_flame_caster_add_the_range(content: Content, kind: GearKind) -> None:
    assert [content.gear[kind].range_penalty(d) for d in range(5)] == [0, 1, 2, 3, 4]


def test_d3_only_ranged_gear_has_a_range_penalty(content: Content) -> None:
    ranged = {kind for kind, gear in content.gear.items() if gear.ranged}
    assert ranged == {GearKind.CARBINE, GearKind.HANDGUN, GearKind.FLAME_CASTER}
    with pytest.raises(ValueError, match="not a ranged weapon"):
        content.gear[GearKind.AIDKIT].range_penalty(1)


def test_g2_device_effects(content: Content) -> None:
    flame = content.gear[GearKind.FLAME_CASTER]
    assert (flame.ferocity, flame.area) == (6, True)
    assert content.gear[GearKind.SCANNER].search_range == 2
    assert content.gear[GearKind.TOXIC_AMMO].firearm_ferocity == 2


# --- improvised devices (E.4, G.2) -------------------------------------------------


@pytest.mark.parametrize(
    ("device", "skill", "supplies", "room"),
    [
        (GearKind.FLAME_CASTER, Skill.ENGINEER, SupplyKind.CHEMICALS, Workroom.WORKSHOP),
        (GearKind.POISON_BAIT, Skill.COOKING, SupplyKind.CHEMICALS, Workroom.GALLEY),
        (GearKind.SCANNER, Skill.SCIENCE, SupplyKind.ELECTRONICS, Workroom.LAB),
        (GearKind.TOXIC_AMMO, Skill.MEDICAL, SupplyKind.CHEMICALS, Workroom.INFIRMARY),
        (GearKind.ULTRASONICS, Skill.ENGINEER, SupplyKind.ELECTRONICS, Workroom.WORKSHOP),
    ],
)
def test_g2_blueprints(
    content: Content, device: GearKind, skill: Skill, supplies: SupplyKind, room: Workroom
) -> None:
    blueprint = content.blueprints[device]
    assert (blueprint.skill, blueprint.supplies, blueprint.room) == (skill, supplies, room)
    assert device.is_device


def test_g23_scanner_needs_science_in_the_lab_not_the_e41_engineer(content: Content) -> None:
    scanner = content.blueprints[GearKind.SCANNER]
    assert scanner.skill is Skill.SCIENCE
    assert scanner.room is Workroom.LAB


def test_g2_fabrication_rooms_are_floorplan_tags() -> None:
    assert {room.value for room in Workroom} <= KNOWN_TAGS


def test_e41_one_id_marker_per_device_enough_for_every_cadaver(content: Content) -> None:
    assert Counter(content.device_pool) == {kind: 1 for kind in GearKind if kind.is_device}
    assert len(content.device_pool) >= content.setup.deceased == 4


# --- supplies (B.1.2, E.4.2, C.10.1; gap 4) -----------------------------------------


def test_b12_nine_supplies_three_of_each_kind(content: Content) -> None:
    assert Counter(content.supply_pool) == {kind: 3 for kind in SupplyKind}
    setup = content.setup
    assert len(content.supply_pool) == setup.supplies_in_cargo_hold + setup.supplies_in_store == 9


def test_e42_every_blueprint_buildable_even_if_all_are_drawn(content: Content) -> None:
    needed = Counter(b.supplies for b in content.blueprints.values())
    have = Counter(content.supply_pool)
    assert all(have[kind] >= number for kind, number in needed.items())


def test_c101_food_exists_to_forage(content: Content) -> None:
    assert SupplyKind.FOOD in content.supply_pool


def test_e31_a_supplies_crate_and_a_carried_body_are_two_dots(content: Content) -> None:
    assert content.supplies.totage == 2
    assert content.human_stats.body_totage == 2


# --- systems (C.9) -----------------------------------------------------------------


def test_c9_six_systems_three_critical(content: Content) -> None:
    assert set(content.systems) == set(ShipSystem)
    critical = {s for s, info in content.systems.items() if info.critical}
    assert critical == {
        ShipSystem.G_CORE_DRIVE,
        ShipSystem.REACTOR_COOLANT,
        ShipSystem.LIFE_SUPPORT,
    }
    assert content.ship.critical_countdown_turns == 4


@pytest.mark.parametrize(
    ("system", "kills_humans", "kills_aliens"),
    [
        (ShipSystem.G_CORE_DRIVE, True, False),
        (ShipSystem.REACTOR_COOLANT, True, True),
        (ShipSystem.LIFE_SUPPORT, True, False),
        (ShipSystem.HOLO_DISPLAY, False, False),
        (ShipSystem.TREADMILL, False, False),
        (ShipSystem.COFFEE_MAKER, False, False),
    ],
)
def test_c9_system_effects(
    content: Content, system: ShipSystem, kills_humans: bool, kills_aliens: bool
) -> None:
    info = content.systems[system]
    assert (info.kills_humans, info.kills_aliens) == (kills_humans, kills_aliens)


def test_d2_nexus_and_closed_door_resilience(content: Content) -> None:
    assert content.ship.nexus_resilience == 0
    assert content.ship.closed_door_resilience == 6


# --- the alien (G.4, G.5, E.3.1) ---------------------------------------------------


def test_g4_one_marker_per_ability(content: Content) -> None:
    assert list(content.abilities) == list(Ability)
    assert len(content.abilities) == 8


def test_g4_ability_modifiers(content: Content) -> None:
    abilities = content.abilities
    assert abilities[Ability.ACID_SPIT].attack_range == 2
    assert abilities[Ability.AGILE].pipe_run_discount == 1
    assert abilities[Ability.CARAPACE].resilience == 1
    assert abilities[Ability.SURGE].surge_actions == 2


def test_g5_life_stage_table(content: Content) -> None:
    table = [
        (s.stage, s.ferocity, s.resilience, s.pipe_run, s.abilities)
        for s in content.life_stages.values()
    ]
    assert table == [
        (LifeStage.LARVA, 2, 0, 1, 1),
        (LifeStage.HUNTER, 3, 1, 2, 2),
        (LifeStage.GUARD, 4, 2, 3, 3),
        (LifeStage.ROYAL, 5, 3, 4, 4),
    ]


def test_c10_a_mutation_moves_one_stage_up(content: Content) -> None:
    assert content.next_stage(LifeStage.LARVA) is LifeStage.HUNTER
    assert content.next_stage(LifeStage.HUNTER) is LifeStage.GUARD
    assert content.next_stage(LifeStage.GUARD) is LifeStage.ROYAL
    assert content.next_stage(LifeStage.ROYAL) is None
    assert content.alien_stats.mutate_energy == 4


def test_e31_alien_carry_limits_by_life_stage(content: Content) -> None:
    limits = [(s.carry_items, s.carry_totage) for s in content.life_stages.values()]
    assert limits == [(1, 1), (1, 2), (2, 3), (2, 4)]


def test_e31_human_carries_three_items_of_three_dots(content: Content) -> None:
    assert (content.human_stats.carry_items, content.human_stats.carry_totage) == (3, 3)


# --- base numbers (C.1, C.2, D.1, D.5, C.6) ----------------------------------------


def test_c1_seven_plus_on_one_die(content: Content) -> None:
    assert (content.dice.sides, content.dice.target) == (6, 7)


def test_c2_d1_base_actions_ferocity_resilience(content: Content) -> None:
    human = content.human_stats
    assert (human.actions, human.ferocity, human.resilience) == (4, 1, 0)
    assert content.alien_stats.actions == 6
    larva = content.life_stages[LifeStage.LARVA]
    assert (larva.ferocity, larva.resilience) == (2, 0)


def test_d5_injured_human_loses_two_actions(content: Content) -> None:
    assert content.human_stats.injured_action_loss == 2


def test_c6_four_humans_per_grid(content: Content) -> None:
    assert content.human_stats.per_grid == 4


# --- action costs (G.1) ------------------------------------------------------------


@pytest.mark.parametrize(
    ("activity", "human", "alien"),
    [
        (Activity.PICK_UP, 1, 1),
        (Activity.DROP, 0, 0),
        (Activity.BOOST, 1, 1),
        (Activity.MOVE_OPEN, 1, 1),
        (Activity.MOVE_OBSTRUCTED, 2, 1),
        (Activity.DOOR_ADJACENT, 1, 1),
        (Activity.DOOR_REMOTE, 3, None),
        (Activity.POD_ADJACENT, 1, 1),
        (Activity.POD_REMOTE, 3, None),
        (Activity.LIFT, 1, 1),
        (Activity.HATCH_UP, 4, 1),
        (Activity.HATCH_DOWN, 2, 1),
        (Activity.PIPE_RUN, None, "X"),
        (Activity.SEARCH, "X", None),
        (Activity.HEAL, 1, 1),
        (Activity.ATTACK, 1, 1),
        (Activity.ATTACK_NEXUS, None, 1),
        (Activity.ATTACK_DOOR, None, 1),
        (Activity.REPAIR, 1, None),
        (Activity.AUTOPSY, 1, None),
        (Activity.MUTATE, None, 1),
        (Activity.FABRICATE, 1, None),
        (Activity.SPAWN, None, 1),
    ],
)
def test_g1_action_cost_table(
    content: Content, activity: Activity, human: int | str | None, alien: int | str | None
) -> None:
    cost = content.actions[activity]
    assert (cost.human, cost.alien) == (human, alien)


def test_g1_what_each_side_needs(content: Content) -> None:
    needs = {
        a: (c.human_skill, c.alien_ability)
        for a, c in content.actions.items()
        if c.human_skill or c.alien_ability
    }
    assert needs == {
        Activity.DOOR_ADJACENT: (None, Ability.CLEVER),
        Activity.DOOR_REMOTE: (Skill.OPERATIONS, None),
        Activity.POD_ADJACENT: (None, Ability.CLEVER),
        Activity.POD_REMOTE: (Skill.OPERATIONS, None),
        Activity.HEAL: (Skill.MEDICAL, None),
        Activity.REPAIR: (Skill.ENGINEER, None),
        Activity.AUTOPSY: (Skill.SCIENCE, None),
        Activity.SPAWN: (None, Ability.QUEEN),
    }


# --- victory (F.1; gap 6) ----------------------------------------------------------


def test_f1_victory_schedule(content: Content) -> None:
    points = {item: rule.points for item, rule in content.victory.schedule.items()}
    assert points == {
        ScoreItem.HUMAN_ABOARD: 2,
        ScoreItem.HUMAN_IN_POD: 1,
        ScoreItem.AUTOPSY: 1,
        ScoreItem.ROYAL_MUTATION: -1,
        ScoreItem.AGENT_SURVIVES: -4,
    }


def test_f1_every_score_has_exactly_one_band(content: Content) -> None:
    for score in range(-60, 61):
        holders = [band for band in content.victory.bands if band.contains(score)]
        assert len(holders) == 1, score
        assert content.victory.band_for(score) is holders[0]


@pytest.mark.parametrize(
    ("score", "outcome"),
    [
        (-8, Outcome.DECISIVE_ALIEN),
        (3, Outcome.DECISIVE_ALIEN),
        (4, Outcome.MARGINAL_ALIEN),
        (7, Outcome.MARGINAL_ALIEN),
        (8, Outcome.DRAW),
        (11, Outcome.DRAW),
        (12, Outcome.MARGINAL_HUMAN),
        (15, Outcome.MARGINAL_HUMAN),
        (17, Outcome.DECISIVE_HUMAN),
        (24, Outcome.DECISIVE_HUMAN),
    ],
)
def test_f1_band_edges(content: Content, score: int, outcome: Outcome) -> None:
    assert content.victory.band_for(score).outcome is outcome


def test_f1_score_of_16_is_a_decisive_human_victory(content: Content) -> None:
    band = content.victory.band_for(16)
    assert band.outcome is Outcome.DECISIVE_HUMAN
    assert band.label == "Decisive Human Victory"


# --- loading -----------------------------------------------------------------------


def test_load_content_default_is_cached() -> None:
    assert load_content() is load_content()


def test_load_content_reads_the_given_directory(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    roster = data / ROSTER
    roster.write_text(roster.read_text().replace("Unflappable", "Imperturbable"))
    assert load_content(data).human("Hyun").description.startswith("Imperturbable")
    assert load_content().human("Hyun").description.startswith("Unflappable")


def test_content_is_frozen(content: Content) -> None:
    with pytest.raises(ValidationError):
        content.human("Hyun").name = "Ripley"  # type: ignore[misc]


def test_engine_content_imports_no_bot_or_io_frameworks() -> None:
    code = (
        "import sys, engine.content; "
        "bad = [m for m in ('discord', 'PIL', 'aiosqlite', 'bot', 'render') if m in sys.modules]; "
        "print(','.join(bad))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


# --- broken data fails naming the file and the entry -------------------------------


def _copy_data(tmp_path: Path) -> Path:
    for name in (ROSTER, COUNTERS, TABLES):
        shutil.copy(DATA / name, tmp_path / name)
    return tmp_path


def _break(tmp_path: Path, *edits: tuple[str, str, str]) -> Path:
    """A copy of data/ with each (file, old, new) edit applied to every occurrence."""
    data = _copy_data(tmp_path)
    for file, old, new in edits:
        path = data / file
        text = path.read_text()
        assert old in text, f"{old!r} not in {file}: the test no longer matches the data"
        path.write_text(text.replace(old, new))
    return data


COOK_ROLE = """[[role]]
name = "Cook"
skill = "Cooking"
description = "Rules the Galley with a cleaver and a stock of dubious chemicals."
"""

SPAWN_ACTION = """[[action]]
activity = "spawn"
label = "Spawn a Larva"
human = "-"
alien = 1
alien_ability = "Queen"
note = "needs 4 energy stores"
"""

BROKEN = {
    "role-unknown-skill": (
        [(ROSTER, 'skill = "Cooking"', 'skill = "Cookery"')],
        ["roster.toml: role 'Cook'", "unknown skill 'Cookery'", "known: 'Command'"],
    ),
    "role-field-typo": (
        [(ROSTER, 'name = "Cook"\nskill', 'name = "Cook"\nskil')],
        ["roster.toml: role 'Cook'", "unknown field 'skil'", "missing field 'skill'"],
    ),
    "rulebook-human-renamed": (
        [(ROSTER, 'name = "Okeke"', 'name = "Okafor"')],
        ["roster.toml: no human named Okeke"],
    ),
    "duplicate-human": (
        [(ROSTER, 'name = "Rahimi"', 'name = "Haddad"')],
        ["roster.toml: human 'Haddad': duplicate entry"],
    ),
    "unknown-pronouns": (
        [(ROSTER, 'name = "Tanaka"\npronouns = "they/them"', 'name = "Tanaka"\npronouns = "it"')],
        ["roster.toml: human 'Tanaka'", "pronouns"],
    ),
    "mcpo-unarmed": (
        [(ROSTER, 'gear = ["Handgun"]', "gear = []")],
        ["roster.toml: role 'Master Chief Petty Officer': must start with a Handgun"],
    ),
    "cook-armed": (
        [(ROSTER, 'skill = "Cooking"', 'skill = "Cooking"\ngear = ["Handgun"]')],
        ["roster.toml: role 'Cook': may not start with a Handgun"],
    ),
    "eleven-roles": (
        [(ROSTER, COOK_ROLE, "")],
        ["roster.toml: 11 roles for 12 humans"],
    ),
    "unknown-section": (
        [(ROSTER, '[[role]]\nname = "Cook"', '[[human_note]]\nname = "Cook"')],
        ["roster.toml: unknown section(s) human_note"],
    ),
    "carbine-three-dots": (
        [(COUNTERS, "count = 2\ntotage = 2\nferocity = 1", "count = 2\ntotage = 3\nferocity = 1")],
        ["counters.toml: gear 'Carbine'", "totage"],
    ),
    "portable-without-totage": (
        [(COUNTERS, 'name = "Scanner"\ncount = 1\ntotage = 1', 'name = "Scanner"\ncount = 1')],
        ["counters.toml: gear 'Scanner': portable gear needs a totage"],
    ),
    "four-handguns": (
        [(COUNTERS, "count = 3  # two in the TacKit", "count = 4  # two in the TacKit")],
        ["counters.toml: gear 'Handgun': count 4", "hand out 3"],
    ),
    "skill-markers-too-few": (
        [(COUNTERS, "markers = 2", "markers = 0")],
        ["counters.toml: skill markers: 7 in all, but set-up draws 8"],
    ),
    "blueprint-unknown-room": (
        [(COUNTERS, 'room = "lab"', 'room = "bridge"')],
        ["counters.toml: blueprint 'Scanner'", "unknown room 'bridge'"],
    ),
    "blueprint-unknown-supplies": (
        [(COUNTERS, 'supplies = "electronics"\nroom = "lab"', 'supplies = "wires"\nroom = "lab"')],
        ["counters.toml: blueprint 'Scanner'", "unknown supplies 'wires'"],
    ),
    "blueprint-skill-nobody-has": (
        [
            (ROSTER, 'skill = "Cooking"', 'skill = "Command"'),
            (COUNTERS, 'skill = "Cooking"\nmarkers = 1', 'skill = "Cooking"\nmarkers = 0'),
        ],
        ["counters.toml: blueprint 'PoisonBait': no role or skill marker gives Cooking"],
    ),
    "too-few-chemicals": (
        [(COUNTERS, "food = 3\n", "food = 5\n"), (COUNTERS, "chemicals = 3", "chemicals = 1")],
        ["counters.toml: [supplies]: 1 chemicals cannot build the 3 blueprints"],
    ),
    "no-food": (
        [(COUNTERS, "food = 3\n", "food = 0\n"), (COUNTERS, "electronics = 3", "electronics = 6")],
        ["counters.toml: [supplies]: no food"],
    ),
    "ten-supplies": (
        [(COUNTERS, "food = 3\n", "food = 4\n")],
        ["counters.toml: [supplies]: 10 markers; set-up places 9"],
    ),
    "life-support-not-critical": (
        [
            (
                COUNTERS,
                'critical = true\nkills_humans = true\nrule = "C.9.3"',
                'critical = false\nrule = "C.9.3"',
            )
        ],
        ["counters.toml: system 'Life Support': C.9 says it is critical"],
    ),
    "critical-system-harmless": (
        [
            (
                COUNTERS,
                'critical = true\nkills_humans = true\nrule = "C.9.1"',
                'critical = true\nrule = "C.9.1"',
            )
        ],
        ["counters.toml: system 'G-Core Drive'", "kills_humans"],
    ),
    "unknown-ability": (
        [(COUNTERS, 'ability = "Venom"', 'ability = "Poison"')],
        ["counters.toml: ability 'Poison'", "unknown ability 'Poison'"],
    ),
    "six-cadavers-five-id-markers": (
        [(TABLES, "deceased = 4 ", "deceased = 6 "), (TABLES, "drawn = 8 ", "drawn = 6 ")],
        ["counters.toml: 5 ID markers for 6 cadavers"],
    ),
    "skill-draw-not-one-per-survivor": (
        [(TABLES, "drawn = 8 ", "drawn = 7 ")],
        ["tables.toml: [setup]: 7 skill markers drawn for 8 survivors"],
    ),
    "life-stages-out-of-order": (
        [
            (TABLES, 'stage = "Hunter"', 'stage = "TEMP"'),
            (TABLES, 'stage = "Guard"', 'stage = "Hunter"'),
            (TABLES, 'stage = "TEMP"', 'stage = "Guard"'),
        ],
        ["tables.toml: life stage 'Guard': the Hunter belongs here"],
    ),
    "royal-no-fiercer-than-guard": (
        [(TABLES, 'stage = "Royal"\nferocity = 5', 'stage = "Royal"\nferocity = 4')],
        ["tables.toml: life stage 'Royal': ferocity must exceed the Guard's"],
    ),
    "action-unknown-skill": (
        [(TABLES, 'human_skill = "Engineer"', 'human_skill = "Engineering"')],
        ["tables.toml: action 'repair'", "unknown human_skill 'Engineering'"],
    ),
    "band-literal-greater-than-16": (
        [(TABLES, "min = 16", "min = 17")],
        ["tables.toml: band 'decisive-human': no band holds 16 (F.1)"],
    ),
    "band-overlap": (
        [(TABLES, "min = 12\nmax = 15", "min = 11\nmax = 15")],
        ["tables.toml: band 'marginal-human': overlaps band 'draw' at 11 (F.1)"],
    ),
    "worst-band-bounded": (
        [
            (
                TABLES,
                'label = "Decisive Alien Victory"\nmax = 3',
                'label = "Decisive Alien Victory"\nmin = 0\nmax = 3',
            )
        ],
        ["tables.toml: band 'decisive-alien': the worst band must have no min"],
    ),
    "action-missing": (
        [(TABLES, SPAWN_ACTION, "")],
        ["tables.toml: no action entry for spawn"],
    ),
    "not-toml": (
        [(TABLES, "sides = 6", "sides = = 6")],
        ["tables.toml: not valid TOML", "line"],
    ),
}


@pytest.mark.parametrize(("edits", "fragments"), list(BROKEN.values()), ids=list(BROKEN))
def test_broken_data_names_the_file_and_the_entry(
    tmp_path: Path, edits: list[tuple[str, str, str]], fragments: list[str]
) -> None:
    with pytest.raises(ContentError) as caught:
        load_content(_break(tmp_path, *edits))
    message = str(caught.value)
    for fragment in fragments:
        assert fragment in message


def test_missing_file_is_named(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    (data / TABLES).unlink()
    with pytest.raises(ContentError, match=r"^tables\.toml: cannot read"):
        load_content(data)

"""Autopsies (E.2.2, E.3.5, E.4.1) and fabrication (E.4.2, G.2) on the real ship."""

from __future__ import annotations

from bot.present.events import dm_lines
from engine.content_models import GearKind
from engine.context import Ctx
from engine.equipment.science import undrawn_devices
from engine.events import Event
from engine.legal import legal_commands
from engine.setup import add_item
from engine.state import Condition, Fate, GameState, Phase, Side
from tests.positions import CONTENT, SHIP, Beast, Crew, g, play, position, public, refused, rolls

DEAD = Condition.DECEASED
SCIENTIST = "Science Officer"
ENGINEER = "Chief Engineer"
DEVICE_NAMES = [name for d in CONTENT.blueprints for name in (d.value, CONTENT.gear[d].name)]

LAB = "1-H8"  # an open Lab grid
LAB_TABLE = "1-H10"  # an obstructed Lab grid
QUARANTINE_TABLE = "1-M10"  # an obstructed Lab Quarantine grid
QUARANTINE_FLOOR = "1-M8"  # an open Lab Quarantine grid
WORKSHOP_BENCH = "0-H1"  # an obstructed Workshop grid
WORKSHOP_FLOOR = "0-H2"


def crew_only(events: list[Event]) -> str:
    """What the crew alone reads of the events (bot.present words them)."""
    return "\n".join(dm_lines(events, "crew"))


def names_a_device(text: str) -> bool:
    return any(name in text for name in DEVICE_NAMES)


def carry_crate(state: GameState, human: str, supply: str) -> str:
    crate = add_item(state, "Supplies", holder=human, supply=supply, examined_by={"crew"})
    return crate.id


# --- E.2.2 the Lab, E.3.5 the SciKit ------------------------------------------------------------


def test_e22_autopsy_in_the_lab_draws_a_secret_blueprint() -> None:
    crew = {"hyun": Crew(LAB, role=SCIENTIST), "ortiz": Crew(QUARANTINE_TABLE, condition=DEAD)}
    state = position(crew, dice=(6,))
    after, events = play(state, "crew", "autopsy hyun ortiz")
    assert rolls(events) == ["Hyun autopsies Ortiz in the Lab: d6 6 +1 Science = 7: success"]
    ortiz = after.humans["ortiz"]
    assert (ortiz.fate, ortiz.grid) == (Fate.LOST, None)  # removed from play (E.2.2)
    assert after.autopsies == 1
    (drawn,) = after.crew_secrets.blueprints
    assert GearKind(drawn).is_device
    assert CONTENT.gear[GearKind(drawn)].name in crew_only(events)  # the crew sees it (C.3)
    assert "blueprint" in public(events)
    assert not names_a_device(public(events))  # the alien does not
    assert after.humans["hyun"].actions == 3
    assert "role" in after.humans["hyun"].revealed  # E.1: the Science role is shown


def test_e22_the_lab_reaches_only_obstructed_lab_and_quarantine_grids() -> None:
    for lying in (LAB_TABLE, QUARANTINE_TABLE):
        crew = {"hyun": Crew(LAB, role=SCIENTIST), "ortiz": Crew(lying, condition=DEAD)}
        play(position(crew, dice=(6,)), "crew", "autopsy hyun ortiz")
    for lying in (QUARANTINE_FLOOR, "1-F5", "1-M1"):  # open floor, corridor, Infirmary bed
        crew = {"hyun": Crew(LAB, role=SCIENTIST), "ortiz": Crew(lying, condition=DEAD)}
        assert refused(position(crew), "crew", "autopsy hyun ortiz").rule == "E.2.2, E.3.5"
    outside = {"hyun": Crew("1-F5", role=SCIENTIST), "ortiz": Crew(LAB_TABLE, condition=DEAD)}
    assert refused(position(outside), "crew", "autopsy hyun ortiz").rule == "E.2.2, E.3.5"


def test_e35_scikit_autopsy_anywhere() -> None:
    crew = {
        "hyun": Crew("2-H5", role=SCIENTIST, items=("SciKit",)),
        "ortiz": Crew("2-H5", condition=DEAD),
        "okeke": Crew("2-I5", condition=DEAD),
    }
    state = position(crew, dice=(6,))
    after, events = play(state, "crew", "autopsy hyun")  # the only cadaver in reach
    assert rolls(events)[0].startswith("Hyun autopsies Ortiz with the SciKit")
    assert after.humans["ortiz"].fate is Fate.LOST
    assert after.humans["okeke"].fate is Fate.ABOARD
    error = refused(state, "crew", "autopsy hyun okeke")  # the next grid: out of reach
    assert error.rule == "E.2.2, E.3.5"


def test_e22_autopsy_needs_science_skill() -> None:
    crew = {
        "hyun": Crew("2-H5", role=ENGINEER, items=("SciKit",)),
        "ortiz": Crew("2-H5", condition=DEAD),
    }
    assert refused(position(crew), "crew", "autopsy hyun ortiz").rule == "E.2.2, G.3"
    skilled = {**crew, "hyun": Crew("2-H5", role=ENGINEER, skill="Science", items=("SciKit",))}
    after, _ = play(position(skilled, dice=(6,)), "crew", "autopsy hyun ortiz")
    assert after.autopsies == 1


def test_e22_only_a_cadaver_is_autopsied() -> None:
    crew = {
        "hyun": Crew("2-H5", role=SCIENTIST, items=("SciKit",)),
        "ortiz": Crew("2-H5", condition=Condition.INJURED),
    }
    state = position(crew)
    assert "alive" in refused(state, "crew", "autopsy hyun ortiz").message
    assert refused(state, "crew", "autopsy hyun").legal == ()
    assert refused(state, "crew", "autopsy hyun alien1").rule == "E.2.2"


def test_e22_failed_autopsy_costs_the_committed_actions() -> None:
    crew = {"hyun": Crew(LAB, role=SCIENTIST), "ortiz": Crew(LAB_TABLE, condition=DEAD)}
    after, events = play(position(crew, dice=(1,)), "crew", "autopsy hyun ortiz +2")
    assert rolls(events) == [
        "Hyun autopsies Ortiz in the Lab: d6 1 +2 actions +1 Science = 4: failure"
    ]
    assert after.humans["hyun"].actions == 1
    assert after.humans["ortiz"].fate is Fate.ABOARD
    assert (after.autopsies, after.crew_secrets.blueprints) == (0, [])


def test_g3_humoid_leaves_no_cadaver_to_autopsy() -> None:
    crew = {
        "hyun": Crew("2-H5", role=SCIENTIST, items=("SciKit",)),
        "ortiz": Crew("2-H5", skill="Humoid", condition=DEAD),
    }
    assert refused(position(crew), "crew", "autopsy hyun ortiz").rule == "G.3"


def test_e41_blueprints_are_drawn_without_replacement() -> None:
    crew = {"hyun": Crew(LAB, role=SCIENTIST), "ortiz": Crew(LAB_TABLE, condition=DEAD)}
    state = position(crew, dice=(6,))
    held = ["FlameCaster", "PoisonBait", "Scanner"]
    state.crew_secrets.blueprints = list(held)
    add_item(state, "ToxicAmmo", grid=g("2-H5"))  # fabricated already: not in the pile
    state.autopsies = 4
    after, _ = play(state, "crew", "autopsy hyun ortiz")
    assert after.crew_secrets.blueprints == [*held, "Ultrasonics"]


def test_e41_no_blueprint_once_the_pile_is_empty() -> None:
    crew = {"hyun": Crew(LAB, role=SCIENTIST), "ortiz": Crew(LAB_TABLE, condition=DEAD)}
    state = position(crew, dice=(6,))
    state.crew_secrets.blueprints = [d.value for d in CONTENT.device_pool]
    state.autopsies = 5
    after, events = play(state, "crew", "autopsy hyun ortiz")
    assert after.autopsies == 6  # still scores (F.1)
    assert len(after.crew_secrets.blueprints) == 5
    assert "No improvised device markers are left" in public(events)


def test_e22_the_alien_does_not_autopsy() -> None:
    crew = {"ortiz": Crew("0-J11", condition=DEAD), "hyun": Crew("2-H5")}
    state = position(crew, Beast("0-J11"), phase=Phase.ALIEN)
    assert refused(state, "alien", "autopsy alien1 ortiz").rule == "G.1"


# --- E.4.2 fabrication ---------------------------------------------------------------------------


def _workshop(dice: tuple[int, ...] = (), **crew_spec: object) -> GameState:
    spec = {"grid": WORKSHOP_BENCH, "role": ENGINEER, **crew_spec}
    state = position({"hyun": Crew(**spec)}, dice=dice)  # type: ignore[arg-type]
    state.crew_secrets.blueprints = ["Ultrasonics"]
    return state


def test_e42_fabrication_needs_skill_supplies_and_room() -> None:
    ready = _workshop(dice=(6,))
    crate = carry_crate(ready, "hyun", "electronics")
    after, events = play(ready, "crew", "fabricate hyun ultrasonics")
    assert rolls(events) == ["Hyun fabricates an improvised device: d6 6 +1 Engineer = 7: success"]
    (made,) = [i for i in after.items.values() if i.kind == "Ultrasonics"]
    assert (made.grid, made.holder) == (g(WORKSHOP_BENCH), None)
    assert crate not in after.items  # the supplies are consumed
    assert after.crew_secrets.blueprints == []  # no longer a blueprint (E.4.2)
    assert after.humans["hyun"].actions == 3
    assert not names_a_device(public(events))
    assert "Ultrasonics" in crew_only(events)

    no_blueprint = _workshop()
    carry_crate(no_blueprint, "hyun", "electronics")
    no_blueprint.crew_secrets.blueprints = []
    assert refused(no_blueprint, "crew", "fabricate hyun ultrasonics").rule == "E.4.1"
    no_skill = _workshop(role=SCIENTIST)
    carry_crate(no_skill, "hyun", "electronics")
    assert refused(no_skill, "crew", "fabricate hyun ultrasonics").rule == "E.4.2, G.2"
    for grid in (WORKSHOP_FLOOR, "1-G10"):  # open Workshop floor; obstructed, but the Lab
        elsewhere = _workshop(grid=grid)
        carry_crate(elsewhere, "hyun", "electronics")
        assert refused(elsewhere, "crew", "fabricate hyun ultrasonics").rule == "E.4.2, G.2"
    wrong_crate = _workshop()
    carry_crate(wrong_crate, "hyun", "chemicals")
    assert refused(wrong_crate, "crew", "fabricate hyun ultrasonics").rule == "E.4.2"
    on_the_floor = _workshop()
    add_item(on_the_floor, "Supplies", grid=g(WORKSHOP_BENCH), supply="electronics")
    assert refused(on_the_floor, "crew", "fabricate hyun ultrasonics").rule == "E.4.2"
    assert refused(ready, "crew", "fabricate hyun laser").rule == "G.2"


def test_e42_failed_fabrication_costs_only_actions() -> None:
    state = _workshop(dice=(1,))
    crate = carry_crate(state, "hyun", "electronics")
    after, events = play(state, "crew", "fabricate hyun ultrasonics +1")
    assert rolls(events) == [
        "Hyun fabricates an improvised device: d6 1 +1 actions +1 Engineer = 3: failure"
    ]
    assert after.humans["hyun"].actions == 2
    assert after.items[crate].holder == "hyun"
    assert after.crew_secrets.blueprints == ["Ultrasonics"]
    assert not any(i.kind == "Ultrasonics" for i in after.items.values())


def test_e41_fabrication_example_on_the_authored_ship() -> None:
    """E.4.1: "an engineer with an electronics supplies marker in the same obstructed
    grid in the workshop" - in our G.2 data that recipe is the Ultrasonics' (G.2.5);
    the Scanner, which the example names, is Science in the Lab (G.2.3)."""
    workshop = SHIP.region_tagged("workshop")
    bench = min(grid for grid in workshop.grids if SHIP.is_obstructed(grid))
    state = position({"hyun": Crew(str(bench), role=ENGINEER)}, dice=(6,))
    state.crew_secrets.blueprints = ["Ultrasonics", "Scanner"]
    carry_crate(state, "hyun", "electronics")
    assert refused(state, "crew", "fabricate hyun scanner").rule == "E.4.2, G.2"
    after, _ = play(state, "crew", "fabricate hyun ultrasonics")
    assert [i.kind for i in after.items.values() if i.grid == bench] == ["Ultrasonics"]
    assert after.crew_secrets.blueprints == ["Scanner"]


def test_e42_devices_of_every_blueprint_in_their_rooms() -> None:
    for device, blueprint in CONTENT.blueprints.items():
        room = SHIP.region_tagged(blueprint.room.value)
        bench = min(grid for grid in room.grids if SHIP.is_obstructed(grid))
        role = next(r.name for r in CONTENT.roles if r.skill is blueprint.skill)
        state = position({"hyun": Crew(str(bench), role=role)}, dice=(6,))
        state.crew_secrets.blueprints = [device.value]
        carry_crate(state, "hyun", blueprint.supplies.value)
        after, _ = play(state, "crew", f"fabricate hyun {CONTENT.gear[device].name}")
        assert [i.kind for i in after.items.values() if i.grid == bench] == [device.value]


# --- the legal-command lists ---------------------------------------------------------------------


def test_candidates_offer_autopsy_fabricate_and_switch() -> None:
    crew = {
        "hyun": Crew(WORKSHOP_BENCH, role=ENGINEER, items=("Ultrasonics",)),
        "ortiz": Crew(WORKSHOP_BENCH, role=SCIENTIST, items=("SciKit",)),
        "okeke": Crew(WORKSHOP_BENCH, condition=DEAD),
    }
    state = position(crew)
    state.crew_secrets.blueprints = ["Ultrasonics"]
    carry_crate(state, "hyun", "electronics")
    hyun = [c.notation() for c in legal_commands(state, Side.CREW, SHIP, CONTENT, "hyun")]
    assert "fabricate hyun ultrasonics" in hyun
    assert "fabricate hyun ultrasonics +3" in hyun
    assert any(c.startswith("switch hyun gear") and c.endswith(" on") for c in hyun)
    assert not any(c.startswith("autopsy") for c in hyun)  # no Science
    ortiz = [c.notation() for c in legal_commands(state, Side.CREW, SHIP, CONTENT, "ortiz")]
    assert "autopsy ortiz okeke" in ortiz
    assert not any(c.startswith("fabricate") for c in ortiz)


def test_e41_a_built_device_never_returns_to_the_pile() -> None:
    """E.4.1: each marker is drawn once; a device built and then lost (eaten bait, a
    launched pod) leaves its marker out of the face-down pile for good."""
    state = position({"hyun": Crew("1-H8")})
    state.crew_secrets.fabricated = ["PoisonBait"]
    pile = undrawn_devices(Ctx(state, SHIP, CONTENT))
    assert GearKind.POISON_BAIT not in pile
    assert len(pile) == len(CONTENT.device_pool) - 1

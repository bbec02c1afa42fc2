"""What ``pip install`` ships (README, first lines): every package and every file the
code reads at run time, with no "Package would be ignored" warning.

setuptools warns for each folder Python could import (the French catalogue's
``bot/locale/fr/LC_MESSAGES``) that holds shipped files but is not a declared package,
and a package left out of a hand-kept list (``bot.present.catalogue`` once was) is
missing from a regular install while an editable one still works. This reads the
packaging configuration in ``pyproject.toml`` and finds what setuptools would.
"""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

from setuptools import find_namespace_packages

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ("bot", "engine", "render", "data")
DATA_SUFFIXES = {".po", ".sql", ".toml", ".txt"}


def _config() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        tool: dict[str, object] = tomllib.load(handle)["tool"]["setuptools"]
    return tool


def _packages() -> set[str]:
    found = _config()["packages"]
    assert isinstance(found, dict), "packages are found, not listed by hand"
    find = found["find"]
    return set(find_namespace_packages(where=str(ROOT), include=find["include"]))


def _shipped_files() -> list[Path]:
    return [
        path
        for top in SHIPPED
        for path in (ROOT / top).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    ]


def test_every_folder_with_code_or_data_is_a_package():
    """A folder that is not a package is the warning (or a missing module)."""
    packages = _packages()
    folders = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in _shipped_files()
        if path.suffix == ".py" or path.suffix in DATA_SUFFIXES
    }
    assert sorted(folders - packages) == []
    assert {"bot.present.catalogue", "engine.players.expert"} <= packages
    assert "bot.locale.fr.LC_MESSAGES" in packages
    assert not any(p.startswith(("tests", "benchmarks")) for p in packages)


def test_every_data_file_the_code_reads_is_package_data():
    """The catalogues, migrations, ship and tables: matched by a package-data pattern
    of their own package or one above it."""
    patterns = _config()["package-data"]
    assert isinstance(patterns, dict)
    missing = []
    for path in _shipped_files():
        if path.suffix not in DATA_SUFFIXES:
            continue
        parts = path.relative_to(ROOT).parts
        covered = any(
            fnmatch("/".join(parts[depth:]), pattern)
            for depth in range(1, len(parts))
            for pattern in patterns.get(".".join(parts[:depth]), [])
        )
        if not covered:
            missing.append("/".join(parts))
    assert missing == []

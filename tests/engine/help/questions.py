"""The plain-words questions of questions.toml, for the tests and the benchmark."""

from __future__ import annotations

import tomllib
from pathlib import Path

QUESTIONS = Path(__file__).with_name("questions.toml")


def questions(lang: str) -> list[tuple[str, str]]:
    """(question, topic key) pairs in ``lang`` ("en" or "fr")."""
    with QUESTIONS.open("rb") as handle:
        return [(row["q"], row["topic"]) for row in tomllib.load(handle)[lang]]

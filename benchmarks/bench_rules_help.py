"""Rules help on plain questions (README "Rules help"): of the questions of
tests/engine/help/questions.toml, how many ``/rules`` answers with the right topic and how
many get it as the autocomplete's first choice, in English and in French; then what an
index and a lookup cost (CPU beside wall).

    .venv/bin/python benchmarks/bench_rules_help.py

Prints ``rules questions answered: N/M (en), N/M (fr); first autocomplete right: N/M
(en), N/M (fr)``, then the misses, if any, with what was found instead.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.present import rules as words
from bot.present.locale import speaking
from engine.help.search import build_index
from engine.help.words import load_words
from tests.engine.help.questions import questions

LANGUAGES = ("en", "fr")


def score(lang: str) -> tuple[int, int, int, list[str]]:
    """(answered right, first choice right, asked, misses) for ``lang``'s questions."""
    asked = questions(lang)
    answered = first = 0
    misses = []
    for question, key in asked:
        found = words.find(question, lang)
        choices = words.choices(question, lang)
        answered += found is not None and found.key == key
        first += bool(choices) and choices[0][0] == key
        if found is None or found.key != key or not choices or choices[0][0] != key:
            got = found.key if found else None
            misses.append(f"  {lang} {question!r}: wanted {key}, got {got}, first {choices[:1]}")
    return answered, first, len(asked), misses


def timed(work: Callable[[], object], times: int = 1) -> tuple[float, float]:
    """Milliseconds of CPU and of wall time per run of ``work``."""
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(times):
        work()
    return (
        (time.process_time() - cpu) * 1000 / times,
        (time.perf_counter() - wall) * 1000 / times,
    )


def main() -> None:
    results = {lang: score(lang) for lang in LANGUAGES}
    answered = ", ".join(f"{r[0]}/{r[2]} ({lang})" for lang, r in results.items())
    first = ", ".join(f"{r[1]}/{r[2]} ({lang})" for lang, r in results.items())
    print(f"rules questions answered: {answered}; first autocomplete right: {first}")
    for _, _, _, misses in results.values():
        for miss in misses:
            print(miss)
    for lang in LANGUAGES:
        build = timed(lambda lang=lang: _build(lang))
        asked = [q for q, _ in questions(lang)]
        lookup = timed(lambda lang=lang, asked=asked: [words.choices(q, lang) for q in asked])
        per = [t / len(asked) for t in lookup]
        print(
            f"{lang}: index built in {build[0]:.0f} ms CPU ({build[1]:.0f} ms wall); "
            f"a question and its autocomplete {per[0]:.2f} ms CPU ({per[1]:.2f} ms wall)"
        )


def _build(lang: str) -> None:
    """An index of ``lang`` built afresh, as a restarted bot builds it on first use."""
    if lang == "en":
        build_index(load_words("en"))
        return
    with speaking(lang):
        build_index(load_words(lang), words.voice())


if __name__ == "__main__":
    main()

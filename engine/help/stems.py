"""Word stems for rules help, one light stemmer per language.

A stem only has to be the same on both sides of a comparison: the words of a question
and the words of the topics go through the same function, so "doors" meets "door",
"attaquer" meets "attaque" and "gagné" meets "gagner". Irregular forms, and forms a
stemmer would wrongly merge ("porter" to carry, "porte" a door), are mapped first by the
lemmas of data/rules_words.toml.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

# A French ending is taken off (the longest that fits) only if at least FR_STEM letters
# stay: "muter", "mute" and "mutation" all give "mut".
FR_ENDINGS = tuple(
    sorted(
        {
            "issements", "issement", "eraient", "assions", "erions", "ations", "ateurs",
            "atrices", "ements", "aient", "ation", "ateur", "atrice", "ement", "erons",
            "eront", "erait", "euses", "euse", "eurs", "ions", "antes", "ante", "ants", "ant",
            "ees", "ies", "ier", "iers", "ait", "eur", "ons", "ent", "ez", "er", "ir", "es",
            "ee", "ie", "it", "e",
        },
        key=len,
        reverse=True,
    )
)  # fmt: skip
FR_STEM = 3


def fold(word: str) -> str:
    """``word`` without accents or ligatures: "créé" -> "cree", "cœur" -> "coeur"."""
    word = word.replace("œ", "oe").replace("æ", "ae")
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def stem_en(word: str) -> str:
    """A word without a plural "s", an "-ing" or an "-ed", so "doors" meets "door",
    "mutating" and "mutated" meet "mutate": crude, but the same on both sides."""
    if word.endswith("ing") and len(word) > 5:
        return _undouble(word[:-3]).removesuffix("e")
    if word.endswith("ed") and len(word) > 4:
        return _undouble(word[:-2]).removesuffix("e")
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        word = word[:-1]
    return word.removesuffix("e") if len(word) > 3 else word


def _undouble(word: str) -> str:
    """running -> run, stopped -> stop; but not "fall" or "pass"."""
    if len(word) > 2 and word[-1] == word[-2] and word[-1] not in "lsz":
        return word[:-1]
    return word


def stem_fr(word: str) -> str:
    """A French word, accents folded, without its plural and its commonest verb and
    adjective endings: "attaquer", "attaques", "attaquant" -> "attaqu"."""
    word = fold(word)
    if len(word) > 3 and word[-1] in "sx" and not word.endswith("ss"):
        word = word[:-1]
    for ending in FR_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= FR_STEM:
            return word[: -len(ending)]
    return word


STEMMERS: dict[str, Callable[[str], str]] = {"en": stem_en, "fr": stem_fr}

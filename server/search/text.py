"""Text rules shared by indexing and querying, so the engines, the vocabulary and the typo correction all
see the same words: accents dropped, case folded, split on anything that is not a letter or a digit."""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Iterator
from functools import cache

# Longer "words" are noise (pasted codes, run-together text); no shopper types them.
MAX_WORD_LENGTH = 40
# Keeps a document well inside the engines' limits (PostgreSQL positions stop at 16,383).
MAX_FIELD_WORDS = 4000
MAX_INGREDIENT_NAME = 80
MAX_INGREDIENTS = 60

_WORD = re.compile(r"[^\W_]+")
_PARENTHESISED = re.compile(r"\([^()]*\)")
_SPACES = re.compile(r"\s+")


@cache
def _combining_marks() -> dict[int, None]:
    return {point: None for point in range(sys.maxunicode + 1) if unicodedata.combining(chr(point))}


def fold(text: str) -> str:
    """Drop accents and fold case: "Naïve Ærø" -> "naive ærø"."""
    if text.isascii():
        return text.lower()
    return unicodedata.normalize("NFKD", text).translate(_combining_marks()).casefold()


def words(text: str, *, limit: int = MAX_FIELD_WORDS) -> list[str]:
    return [word for word in _WORD.findall(fold(text)) if len(word) <= MAX_WORD_LENGTH][:limit]


def ingredient_names(text: str) -> list[str]:
    """The names in an ingredients text, without what parentheses add:
    "Magnesium citrate (as magnesium), rice flour." -> ["Magnesium citrate", "rice flour"]."""
    previous = None
    while previous != text:
        previous, text = text, _PARENTHESISED.sub(" ", text)
    text = text.replace("(", " ").replace(")", " ")
    names: list[str] = []
    for part in text.split(","):
        name = _SPACES.sub(" ", part).strip(" .;:*-\u2013\u2014")
        if name and len(name) <= MAX_INGREDIENT_NAME and any(char.isalnum() for char in name):
            names.append(name)
            if len(names) >= MAX_INGREDIENTS:
                break
    return names


def ingredient_key(name: str) -> str:
    """Two spellings that differ only in case, accents or spacing count as one ingredient."""
    return " ".join(words(name))


def one_edit_apart(a: str, b: str) -> bool:
    """True when `b` is `a` with exactly one letter substituted, inserted, deleted, or two neighbouring
    letters swapped (optimal string alignment distance 1)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        differ = [i for i in range(len(a)) if a[i] != b[i]]
        if len(differ) == 1:
            return True
        first = differ[0]
        return differ == [first, first + 1] and a[first] == b[first + 1] and a[first + 1] == b[first]
    shorter, longer = (a, b) if len(a) < len(b) else (b, a)
    i = 0
    while i < len(shorter) and shorter[i] == longer[i]:
        i += 1
    return shorter[i:] == longer[i + 1 :]


def deletions(word: str) -> Iterator[str]:
    """The word and every form of it with one letter left out (the keys of a symmetric-delete index)."""
    yield word
    for i in range(len(word)):
        yield word[:i] + word[i + 1 :]

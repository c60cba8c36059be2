"""What a search back end does, and the ranking both back ends compute the same way.

A query is a list of terms that must all match. Each term is one typed word, matched exactly, as a
prefix (the last word, for search-as-you-type) or through its typo corrections. Every term scores by the
best field it occurs in, fields weighing 8, 4, 2, 1 in priority order (name, ingredients, brand,
description by default); the score is twice the weight, plus one when the word itself (not a longer word
it starts, not a correction) is there. A match's rank is its total score, then fewer words in the product
name, then the newer product (higher id). The back end returns every match as one 64-bit number that sorts
in rank order: score and name length above bit 40, the product id below.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from server.search.snapshot import Snapshot

Packed = npt.NDArray[np.int64]

ID_BITS = 40
ID_MASK = (1 << ID_BITS) - 1
# A term scores at most 2 * 8 + 1; with at most MAX_TERMS terms the score stays below 256.
NAME_WORDS_CAP = 255
FIELD_WEIGHTS = (8, 4, 2, 1)


class Field(StrEnum):
    NAME = "name"
    INGREDIENTS = "ingredients"
    BRAND = "brand"
    DESCRIPTION = "description"


DEFAULT_ORDER = (Field.NAME, Field.INGREDIENTS, Field.BRAND, Field.DESCRIPTION)


@dataclass(frozen=True)
class Lexeme:
    word: str
    prefix: bool = False


@dataclass(frozen=True)
class Term:
    """One word of the query: `exact` forms score a bonus point over `loose` ones (prefix or typo)."""

    exact: tuple[str, ...] = ()
    loose: tuple[Lexeme, ...] = ()

    @property
    def lexemes(self) -> tuple[Lexeme, ...]:
        return (*(Lexeme(word) for word in self.exact), *self.loose)


@dataclass(frozen=True)
class Branch:
    """One step of a term's score: when the term's `lexemes` occur in `field`, it scores `score`."""

    field: Field
    lexemes: tuple[Lexeme, ...]
    score: int


def score_branches(term: Term, order: Sequence[Field]) -> list[Branch]:
    """The term's scores from best to worst; the last one needs no test (the term matched somewhere)."""
    branches: list[Branch] = []
    for field, weight in zip(order, FIELD_WEIGHTS, strict=True):
        if term.exact:
            branches.append(Branch(field, tuple(Lexeme(word) for word in term.exact), 2 * weight + 1))
        if term.loose:
            branches.append(Branch(field, term.loose, 2 * weight))
    return branches


class SearchBackend(Protocol):
    # Whether the snapshot's vocabulary must carry the symmetric-delete index (typo correction in
    # this process rather than in the database).
    corrects_in_memory: bool

    def corrections(self, word: str, snapshot: Snapshot) -> list[tuple[str, int]]:
        """Vocabulary words one edit away from `word`, with the number of documents holding each."""
        ...

    def match(self, terms: Sequence[Term], order: Sequence[Field]) -> Packed:
        """Every document matching all terms, packed as described above, in no particular order."""
        ...

"""PostgreSQL: a weighted tsvector per product (GIN index) and a trigram index on the vocabulary.

The tsvector is a generated column of `search_productdocument` (see the migration), weights A name,
B ingredients, C brand, D description, built with the 'simple' configuration from words already
normalised in Python. A term's field is tested with a weight-restricted tsquery (`'zinc':A`), so the
score needs no ts_rank. Every match comes back as one bytea of packed big-endian int64s: one row, one
buffer copy, whatever the number of matches.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from server.core.db_router import read_connection
from server.search.backends.base import (
    ID_BITS,
    NAME_WORDS_CAP,
    Field,
    Lexeme,
    Packed,
    Term,
    score_branches,
)
from server.search.text import one_edit_apart

if TYPE_CHECKING:
    from server.search.snapshot import Snapshot

WEIGHT_LETTER = {Field.NAME: "A", Field.INGREDIENTS: "B", Field.BRAND: "C", Field.DESCRIPTION: "D"}
# Trigram similarity of a word of five or more letters and any one-edit variant of it is at least 0.2
# (the worst case is two letters swapped in a five-letter word), so this threshold misses none of them.
# The candidates are then checked exactly in Python.
TRIGRAM_THRESHOLD = "0.19"


def _literal(lexeme: Lexeme, weight: str = "") -> str:
    word = lexeme.word.replace("\\", "\\\\").replace("'", "''")
    label = ("*" if lexeme.prefix else "") + weight
    return f"'{word}':{label}" if label else f"'{word}'"


def tsquery(lexemes: Sequence[Lexeme], weight: str = "") -> str:
    return " | ".join(_literal(lexeme, weight) for lexeme in lexemes)


class PostgresBackend:
    corrects_in_memory = False

    def corrections(self, word: str, snapshot: Snapshot) -> list[tuple[str, int]]:
        with read_connection().cursor() as cursor:
            # Session-wide, set each time: a rolled-back transaction would take an earlier SET with it.
            cursor.execute(
                "SELECT set_config('pg_trgm.similarity_threshold', %s, false)", [TRIGRAM_THRESHOLD]
            )
            cursor.execute(
                "SELECT word, doc_count FROM search_searchword "
                "WHERE word %% %s AND char_length(word) BETWEEN %s AND %s",
                [word, len(word) - 1, len(word) + 1],
            )
            rows = cursor.fetchall()
        return [(str(found), int(count)) for found, count in rows if one_edit_apart(word, str(found))]

    def match(self, terms: Sequence[Term], order: Sequence[Field]) -> Packed:
        params: list[str] = []
        scores: list[str] = []
        for term in terms:
            branches = score_branches(term, order)
            cases: list[str] = []
            for branch in branches[:-1]:
                cases.append(f"WHEN document @@ %s::tsquery THEN {branch.score}")
                params.append(tsquery(branch.lexemes, WEIGHT_LETTER[branch.field]))
            scores.append(f"(CASE {' '.join(cases)} ELSE {branches[-1].score} END)")
        params.append(" & ".join(f"({tsquery(term.lexemes)})" for term in terms))
        sql = (
            f"SELECT string_agg(int8send(((({' + '.join(scores)}) * 256 "  # noqa: S608 (no input in the text)
            f"+ ({NAME_WORDS_CAP} - LEAST(name_words, {NAME_WORDS_CAP})))::bigint << {ID_BITS}) "
            f"| product_id), ''::bytea) FROM search_productdocument WHERE document @@ %s::tsquery"
        )
        with read_connection().cursor() as cursor:
            cursor.execute(sql, params)
            row = cursor.fetchone()
        if row is None or row[0] is None:
            return np.empty(0, dtype=np.int64)
        return np.frombuffer(bytes(row[0]), dtype=">i8").astype(np.int64)

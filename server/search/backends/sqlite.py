"""SQLite: an FTS5 table over the search documents, and the vocabulary held in memory.

FTS5's bm25 cannot rank by field tiers (its per-column weights multiply a term frequency that saturates),
so a term's field is found the same way as on PostgreSQL: one column-filtered MATCH per score step, each a
sub-select SQLite runs once and probes per row. Typo correction uses the in-memory symmetric-delete
index of the snapshot (see `server.search.snapshot.Vocabulary`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
from django.db import connection

from server.search.backends.base import (
    ID_BITS,
    NAME_WORDS_CAP,
    Field,
    Lexeme,
    Packed,
    Term,
    score_branches,
)

if TYPE_CHECKING:
    from server.search.snapshot import Snapshot

COLUMN = {
    Field.NAME: "name_text",
    Field.INGREDIENTS: "ingredients_text",
    Field.BRAND: "brand_text",
    Field.DESCRIPTION: "description_text",
}


_COLUMN_MATCH = "SELECT rowid FROM search_fts WHERE search_fts MATCH %s"


def _phrase(lexeme: Lexeme) -> str:
    quoted = '"' + lexeme.word.replace('"', '""') + '"'
    return quoted + "*" if lexeme.prefix else quoted


def fts_query(lexemes: Sequence[Lexeme], field: Field | None = None) -> str:
    alternatives = "(" + " OR ".join(_phrase(lexeme) for lexeme in lexemes) + ")"
    return f"{COLUMN[field]} : {alternatives}" if field else alternatives


class SqliteBackend:
    corrects_in_memory = True

    def corrections(self, word: str, snapshot: Snapshot) -> list[tuple[str, int]]:
        return snapshot.vocabulary.corrections(word)

    def match(self, terms: Sequence[Term], order: Sequence[Field]) -> Packed:
        params: list[str] = []
        scores: list[str] = []
        for term in terms:
            branches = score_branches(term, order)
            cases: list[str] = []
            for branch in branches[:-1]:
                cases.append(f"WHEN search_fts.rowid IN ({_COLUMN_MATCH}) THEN {branch.score}")
                params.append(fts_query(branch.lexemes, branch.field))
            scores.append(f"(CASE {' '.join(cases)} ELSE {branches[-1].score} END)")
        params.append(" AND ".join(fts_query(term.lexemes) for term in terms))
        sql = (
            f"SELECT ((({' + '.join(scores)}) * 256 "  # noqa: S608 (no input in the text)
            f"+ ({NAME_WORDS_CAP} - min(document.name_words, {NAME_WORDS_CAP}))) << {ID_BITS}) "
            "| document.product_id FROM search_fts "
            "JOIN search_productdocument AS document ON document.product_id = search_fts.rowid "
            "WHERE search_fts MATCH %s"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return np.fromiter((row[0] for row in cursor.fetchall()), dtype=np.int64)

"""From typed words to the terms a back end matches: exact words, the last word as a prefix, and typo
corrections for words the vocabulary does not know."""

from __future__ import annotations

from dataclasses import dataclass

from server.search.backends.base import Lexeme, SearchBackend, Term
from server.search.snapshot import Snapshot

# Shorter words are not corrected: one edit in a four-letter word is a quarter of it ("zinx" could be
# zinc or jinx), and corrections of short words would flood the results.
MIN_CORRECTED_LENGTH = 5
MAX_CORRECTIONS = 8
MAX_TERMS = 12
# Corrections per process, for the misspellings every shopper makes; emptied when full.
MAX_REMEMBERED_CORRECTIONS = 10_000
_corrections: dict[tuple[str, str], list[tuple[str, int]]] = {}


@dataclass(frozen=True)
class Plan:
    terms: tuple[Term, ...]
    # The query with each unknown word replaced by its most common correction, when there was one.
    did_you_mean: str | None
    # Some word matches nothing in the vocabulary, so nothing can match all words.
    hopeless: bool


def _corrections_of(word: str, *, backend: SearchBackend, snapshot: Snapshot) -> list[tuple[str, int]]:
    if len(word) < MIN_CORRECTED_LENGTH:
        return []
    key = (snapshot.token, word)
    found = _corrections.get(key)
    if found is None:
        if len(_corrections) >= MAX_REMEMBERED_CORRECTIONS:
            _corrections.clear()
        # The most common correction first; alphabetical among equals, so the answer is repeatable.
        found = sorted(backend.corrections(word, snapshot), key=lambda found: (-found[1], found[0]))
        _corrections[key] = found
    return found


def plan_query(words: list[str], *, backend: SearchBackend, snapshot: Snapshot) -> Plan:
    words = words[:MAX_TERMS]
    last = len(words) - 1
    vocabulary = snapshot.vocabulary
    terms: list[Term] = []
    suggested = list(words)
    corrected = hopeless = False
    for position, word in enumerate(words):
        is_last = position == last
        if word in vocabulary:
            terms.append(Term(exact=(word,), loose=(Lexeme(word, prefix=True),) if is_last else ()))
            continue
        if is_last and vocabulary.has_prefix(word):
            terms.append(Term(loose=(Lexeme(word, prefix=True),)))
            continue
        candidates = _corrections_of(word, backend=backend, snapshot=snapshot)
        if candidates:
            suggested[position] = candidates[0][0]
            corrected = True
            alternatives = candidates[:MAX_CORRECTIONS]
            terms.append(Term(loose=tuple(Lexeme(found, prefix=is_last) for found, _ in alternatives)))
        else:
            hopeless = True
            terms.append(Term(loose=(Lexeme(word, prefix=is_last),)))
    return Plan(
        terms=tuple(terms), did_you_mean=" ".join(suggested) if corrected else None, hopeless=hopeless
    )

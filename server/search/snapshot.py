"""What each process keeps in memory for search, rebuilt when `SearchVersion`'s token changes (every
`search_reindex` sets a new one); a process looks at the token at most once per
CATALOG_INDEX_CHECK_SECONDS, like the listing index.

- The ingredients of every product, as row -> ingredient lists, so the ingredients most frequent among
  the matches are a gather and a bincount instead of reading and splitting text per match.
- The vocabulary, so knowing whether a typed word (or the start of one) exists costs no query.
- On SQLite, where typo correction runs here, a symmetric-delete index of the vocabulary: every word of
  four or more letters is filed under itself and each form of it with one letter left out. Two words
  are one edit apart only if they share such a form, so the candidates of a typed word are the words
  filed under its own n + 1 forms: n + 1 dictionary lookups, then an exact check. (PostgreSQL finds
  them with its trigram index instead; see `backends.postgres`.)
"""

from __future__ import annotations

import threading
import time
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from django.conf import settings

from server.search.models import ProductDocument, SearchVersion, SearchWord
from server.search.text import deletions, ingredient_key, one_edit_apart

# A typed word of five letters or more may be corrected: its neighbours have four or more.
SHORTEST_CORRECTED = 4


@dataclass(frozen=True)
class Incidence:
    """Rows (products) to the options they have, in compressed sparse rows: the options of row r are
    `options[starts[r]:starts[r + 1]]`."""

    starts: npt.NDArray[np.int64]
    options: npt.NDArray[np.int32]
    option_count: int

    @classmethod
    def from_lists(cls, lists: list[list[int]], option_count: int) -> Incidence:
        lengths = np.fromiter((len(items) for items in lists), dtype=np.int64, count=len(lists))
        starts = np.zeros(len(lists) + 1, dtype=np.int64)
        np.cumsum(lengths, out=starts[1:])
        options = np.fromiter(
            (item for items in lists for item in items), dtype=np.int32, count=int(starts[-1])
        )
        return cls(starts=starts, options=options, option_count=option_count)

    def counts(self, rows: npt.NDArray[np.intp]) -> npt.NDArray[np.int64]:
        """How many of `rows` have each option (one count per option)."""
        begins = self.starts[rows]
        lengths = self.starts[rows + 1] - begins
        total = int(lengths.sum())
        if not total:
            return np.zeros(self.option_count, dtype=np.int64)
        # The entry indexes of all rows at once: each row's begin, repeated over its length, plus 0..n-1.
        shift = np.repeat(begins - (np.cumsum(lengths) - lengths), lengths)
        entries = self.options[shift + np.arange(total)]
        return np.bincount(entries, minlength=self.option_count)


@dataclass(frozen=True)
class IngredientIndex:
    product_ids: npt.NDArray[np.int64]
    incidence: Incidence
    names: list[str]
    # Each name's place in alphabetical order, for ties between equally frequent ingredients.
    name_rank: npt.NDArray[np.int64]

    def most_frequent(self, product_ids: npt.NDArray[np.int64], limit: int) -> list[str]:
        if not len(self.product_ids) or not len(product_ids):
            return []
        found = np.minimum(np.searchsorted(self.product_ids, product_ids), len(self.product_ids) - 1)
        rows = found[self.product_ids[found] == product_ids]
        counts = self.incidence.counts(rows)
        present = np.flatnonzero(counts)
        ranked = present[np.lexsort((self.name_rank[present], -counts[present]))][:limit]
        return [self.names[i] for i in ranked]


@dataclass(frozen=True)
class Vocabulary:
    counts: dict[str, int]
    ordered: list[str]
    # Empty unless built for in-process typo correction.
    by_deletion: dict[str, list[str]]

    def __contains__(self, word: str) -> bool:
        return word in self.counts

    def has_prefix(self, prefix: str) -> bool:
        i = bisect_left(self.ordered, prefix)
        return i < len(self.ordered) and self.ordered[i].startswith(prefix)

    def corrections(self, word: str) -> list[tuple[str, int]]:
        candidates = {found for key in deletions(word) for found in self.by_deletion.get(key, ())}
        return [(found, self.counts[found]) for found in candidates if one_edit_apart(word, found)]


@dataclass(frozen=True)
class Snapshot:
    token: str
    ingredients: IngredientIndex
    vocabulary: Vocabulary
    with_deletions: bool


def build_ingredients() -> IngredientIndex:
    keys: dict[str, int] = {}
    key_of_name: dict[str, str] = {}
    spellings: list[Counter[str]] = []
    product_ids: list[int] = []
    lists: list[list[int]] = []
    rows = ProductDocument.objects.order_by("product_id").values_list("product_id", "ingredient_names")
    for product_id, text in rows.iterator(chunk_size=5000):
        options: list[int] = []
        for name in text.split("\n"):
            key = key_of_name.get(name)
            if key is None:
                key = key_of_name[name] = ingredient_key(name)
            if not key:
                continue
            option = keys.get(key)
            if option is None:
                option = keys[key] = len(spellings)
                spellings.append(Counter())
            if option not in options:
                options.append(option)
                spellings[option][name] += 1
        product_ids.append(product_id)
        lists.append(options)
    # The most used spelling names the ingredient ("Magnesium citrate" over "magnesium Citrate").
    names = [spelled.most_common(1)[0][0] for spelled in spellings]
    alphabetical = sorted(range(len(names)), key=lambda i: names[i].casefold())
    name_rank = np.empty(len(names), dtype=np.int64)
    name_rank[alphabetical] = np.arange(len(names))
    return IngredientIndex(
        product_ids=np.asarray(product_ids, dtype=np.int64),
        incidence=Incidence.from_lists(lists, len(names)),
        names=names,
        name_rank=name_rank,
    )


def build_vocabulary(*, with_deletions: bool) -> Vocabulary:
    counts = dict(SearchWord.objects.values_list("word", "doc_count").iterator(chunk_size=5000))
    by_deletion: dict[str, list[str]] = {}
    for word in counts if with_deletions else ():
        if len(word) >= SHORTEST_CORRECTED:
            for key in deletions(word):
                by_deletion.setdefault(key, []).append(word)
    return Vocabulary(counts=counts, ordered=sorted(counts), by_deletion=by_deletion)


def build_snapshot(token: str, *, with_deletions: bool) -> Snapshot:
    return Snapshot(
        token=token,
        ingredients=build_ingredients(),
        vocabulary=build_vocabulary(with_deletions=with_deletions),
        with_deletions=with_deletions,
    )


_lock = threading.Lock()
_current: Snapshot | None = None
_checked_at = 0.0


def current_snapshot(*, with_deletions: bool) -> Snapshot:
    global _current, _checked_at
    now = time.monotonic()
    snapshot = _current
    if (
        snapshot is not None
        and snapshot.with_deletions == with_deletions
        and now - _checked_at < settings.CATALOG_INDEX_CHECK_SECONDS
    ):
        return snapshot
    token = SearchVersion.objects.using("default").filter(pk=1).values_list("token", flat=True).first() or ""
    _checked_at = now
    if snapshot is not None and snapshot.with_deletions == with_deletions and snapshot.token == token:
        return snapshot
    with _lock:
        if _current is None or _current.with_deletions != with_deletions or _current.token != token:
            _current = build_snapshot(token, with_deletions=with_deletions)
        return _current

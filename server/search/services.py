"""Writes to the search index. Callers say when: after a catalogue write that changes what products are
called or made of (with those product ids), and after loading a catalogue (with none, rebuilding all)."""

from __future__ import annotations

import uuid
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from itertools import batched

from django.db import transaction
from django.db.models import F
from django.db.models.functions import Greatest

from server.catalog.models import Product
from server.search.models import ProductDocument, SearchVersion, SearchWord
from server.search.text import ingredient_names, words

BATCH = 2000
_TEXT_FIELDS = ("name_text", "ingredients_text", "brand_text", "description_text")

ProductRow = tuple[int, str, str, str, str]


def _product_rows(*, ids: Sequence[int] | None = None) -> Iterator[ProductRow]:
    """The searchable text of the given products, or of every product."""
    queryset = Product.objects.order_by("id")
    if ids is not None:
        queryset = queryset.filter(pk__in=ids)
    yield from queryset.values_list("id", "name", "ingredients", "description", "brand__name").iterator(
        chunk_size=BATCH
    )


def _document(row: ProductRow) -> ProductDocument:
    product_id, name, ingredients, description, brand = row
    name_words = words(name)
    return ProductDocument(
        product_id=product_id,
        name_text=" ".join(name_words),
        ingredients_text=" ".join(words(ingredients)),
        brand_text=" ".join(words(brand or "")),
        description_text=" ".join(words(description)),
        name_words=len(name_words),
        ingredient_names="\n".join(ingredient_names(ingredients)),
    )


def _vocabulary_of(document: ProductDocument) -> set[str]:
    return {word for name in _TEXT_FIELDS for word in getattr(document, name).split()}


def _lock_version() -> SearchVersion:
    """Every reindex holds this row until it commits, so two never interleave their vocabulary counts."""
    version = SearchVersion.objects.select_for_update().filter(pk=1).first()
    if version is None:
        SearchVersion.objects.get_or_create(pk=1)
        version = SearchVersion.objects.select_for_update().get(pk=1)
    return version


def _rebuild_all() -> int:
    ProductDocument.objects.all().delete()
    SearchWord.objects.all().delete()
    counts: Counter[str] = Counter()
    written = 0
    for rows in batched(_product_rows(), BATCH):
        documents = [_document(row) for row in rows]
        ProductDocument.objects.bulk_create(documents)
        for document in documents:
            counts.update(_vocabulary_of(document))
        written += len(documents)
    SearchWord.objects.bulk_create(
        (SearchWord(word=word, doc_count=count) for word, count in counts.items()), batch_size=BATCH
    )
    return written


def _apply_vocabulary(delta: Counter[str]) -> None:
    by_change: dict[int, list[str]] = defaultdict(list)
    for word, change in delta.items():
        if change:
            by_change[change].append(word)
    added = [word for change, found in by_change.items() if change > 0 for word in found]
    for chunk in batched(added, 500):
        SearchWord.objects.bulk_create([SearchWord(word=word) for word in chunk], ignore_conflicts=True)
    for change, found in by_change.items():
        for chunk in batched(found, 500):
            SearchWord.objects.filter(word__in=chunk).update(doc_count=Greatest(F("doc_count") + change, 0))
    removed = [word for change, found in by_change.items() if change < 0 for word in found]
    for chunk in batched(removed, 500):
        SearchWord.objects.filter(word__in=chunk, doc_count=0).delete()


def _reindex_some(product_ids: Sequence[int]) -> int:
    written = 0
    for chunk in batched(sorted(set(product_ids)), BATCH):
        delta: Counter[str] = Counter()
        old = ProductDocument.objects.filter(product_id__in=chunk)
        for document in old:
            delta.subtract(_vocabulary_of(document))
        old.delete()
        documents = [_document(row) for row in _product_rows(ids=chunk)]
        ProductDocument.objects.bulk_create(documents)
        for document in documents:
            delta.update(_vocabulary_of(document))
        _apply_vocabulary(delta)
        written += len(documents)
    return written


@transaction.atomic
def search_reindex(*, product_ids: Sequence[int] | None = None) -> int:
    """(Re)write the search documents and vocabulary of the given products, or of every product when
    `product_ids` is None. Ids of deleted products remove their documents. Returns how many documents
    were written."""
    version = _lock_version()
    written = _rebuild_all() if product_ids is None else _reindex_some([int(pk) for pk in product_ids])
    version.token = uuid.uuid4().hex
    version.save(update_fields=["token"])
    return written

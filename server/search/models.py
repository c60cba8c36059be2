"""The search index: one document per product, the vocabulary of every indexed word, and a version token.

The document holds each searchable field already normalised into space-separated words (`server.search.text`),
so the full-text engines index exactly the words the vocabulary knows. The engine-specific parts are
added by the migration and never touched through the ORM:
- PostgreSQL: a generated `document` tsvector column (name A, ingredients B, brand C, description D) with a
  GIN index, and a trigram GIN index on the vocabulary.
- SQLite: an FTS5 table `search_fts` over this table (external content), kept in step by triggers.
"""

from __future__ import annotations

from django.db import models

from server.catalog.models import Product


class ProductDocument(models.Model):
    # No database constraint and no cascade: the document outlives its product until `search_reindex`
    # removes it, so the vocabulary counts can be taken back. A document whose product is gone is
    # never shown (the listing index does not know the id).
    product = models.OneToOneField(
        Product,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        primary_key=True,
        related_name="search_document",
    )
    name_text = models.TextField(blank=True)
    ingredients_text = models.TextField(blank=True)
    brand_text = models.TextField(blank=True)
    description_text = models.TextField(blank=True)
    # Fewer words in the name rank first among equally good matches ("Magnesium" before "Magnesium
    # Citrate Powder").
    name_words = models.PositiveSmallIntegerField(default=0)
    # The ingredient names of the product, one a line, for the unique_ingredients of a search.
    ingredient_names = models.TextField(blank=True)

    def __str__(self) -> str:
        return f"search document of product {self.product_id}"


class SearchWord(models.Model):
    """A word of the indexed text and how many documents hold it: the vocabulary typo correction and
    did-you-mean choose from."""

    word = models.CharField(max_length=64, unique=True)
    doc_count = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return self.word


class SearchVersion(models.Model):
    """One row whose token changes on every reindex, so each process knows when its in-memory search
    snapshot (ingredients, and on SQLite the vocabulary) is stale."""

    token = models.CharField(max_length=32, default="")

    def __str__(self) -> str:
        return f"search version {self.token}"

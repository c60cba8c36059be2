"""The search tables, and the parts only one database engine has, created by vendor so the same file
applies on SQLite and on PostgreSQL."""

import django.db.models.deletion
from django.db import migrations, models

# Both engines index the words `server.search.text` wrote into the *_text columns. 'simple' keeps them as
# they are (no stemming, no stop words): the vocabulary, prefix search and typo correction then all speak
# about the same words, and both engines give the same answers.
POSTGRES_FORWARD = [
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    """ALTER TABLE search_productdocument ADD COLUMN document tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple'::regconfig, name_text), 'A')
        || setweight(to_tsvector('simple'::regconfig, ingredients_text), 'B')
        || setweight(to_tsvector('simple'::regconfig, brand_text), 'C')
        || setweight(to_tsvector('simple'::regconfig, description_text), 'D')
    ) STORED""",
    "CREATE INDEX search_document_gin ON search_productdocument USING gin (document)",
    "CREATE INDEX search_word_trgm ON search_searchword USING gin (word gin_trgm_ops)",
]
POSTGRES_BACKWARD = [
    "DROP INDEX IF EXISTS search_word_trgm",
    "DROP INDEX IF EXISTS search_document_gin",
    "ALTER TABLE search_productdocument DROP COLUMN IF EXISTS document",
]

SQLITE_FORWARD = [
    """CREATE VIRTUAL TABLE search_fts USING fts5(
        name_text, ingredients_text, brand_text, description_text,
        content='search_productdocument', content_rowid='product_id',
        tokenize='unicode61 remove_diacritics 0', prefix='2 3')""",
    """CREATE TRIGGER search_fts_insert AFTER INSERT ON search_productdocument BEGIN
        INSERT INTO search_fts(rowid, name_text, ingredients_text, brand_text, description_text)
        VALUES (new.product_id, new.name_text, new.ingredients_text, new.brand_text, new.description_text);
        END""",
    """CREATE TRIGGER search_fts_delete AFTER DELETE ON search_productdocument BEGIN
        INSERT INTO search_fts(search_fts, rowid, name_text, ingredients_text, brand_text, description_text)
        VALUES ('delete', old.product_id, old.name_text, old.ingredients_text, old.brand_text, old.description_text);
        END""",
    """CREATE TRIGGER search_fts_update AFTER UPDATE ON search_productdocument BEGIN
        INSERT INTO search_fts(search_fts, rowid, name_text, ingredients_text, brand_text, description_text)
        VALUES ('delete', old.product_id, old.name_text, old.ingredients_text, old.brand_text, old.description_text);
        INSERT INTO search_fts(rowid, name_text, ingredients_text, brand_text, description_text)
        VALUES (new.product_id, new.name_text, new.ingredients_text, new.brand_text, new.description_text);
        END""",
]
SQLITE_BACKWARD = [
    "DROP TRIGGER IF EXISTS search_fts_update",
    "DROP TRIGGER IF EXISTS search_fts_delete",
    "DROP TRIGGER IF EXISTS search_fts_insert",
    "DROP TABLE IF EXISTS search_fts",
]


def _run(schema_editor, statements_by_vendor):
    for statement in statements_by_vendor.get(schema_editor.connection.vendor, []):
        schema_editor.execute(statement)


def engine_parts_forward(apps, schema_editor):
    _run(schema_editor, {"postgresql": POSTGRES_FORWARD, "sqlite": SQLITE_FORWARD})


def engine_parts_backward(apps, schema_editor):
    _run(schema_editor, {"postgresql": POSTGRES_BACKWARD, "sqlite": SQLITE_BACKWARD})


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("catalog", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="ProductDocument",
            fields=[
                (
                    "product",
                    models.OneToOneField(
                        db_constraint=False,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        primary_key=True,
                        related_name="search_document",
                        serialize=False,
                        to="catalog.product",
                    ),
                ),
                ("name_text", models.TextField(blank=True)),
                ("ingredients_text", models.TextField(blank=True)),
                ("brand_text", models.TextField(blank=True)),
                ("description_text", models.TextField(blank=True)),
                ("name_words", models.PositiveSmallIntegerField(default=0)),
                ("ingredient_names", models.TextField(blank=True)),
            ],
        ),
        migrations.CreateModel(
            name="SearchVersion",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("token", models.CharField(default="", max_length=32)),
            ],
        ),
        migrations.CreateModel(
            name="SearchWord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("word", models.CharField(max_length=64, unique=True)),
                ("doc_count", models.PositiveIntegerField(default=0)),
            ],
        ),
        migrations.RunPython(engine_parts_forward, engine_parts_backward),
    ]

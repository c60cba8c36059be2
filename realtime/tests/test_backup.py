"""Backups (docs/operations.md, "Backups"): `scripts/backup create` of a shop with the demo's
orders, ledger, protocols and pictures, then `scripts/backup restore` into an empty PostgreSQL and empty
folders, finds every order, ledger entry and protocol again, and every file, byte for byte. A restore into
a database that has tables is refused. Runs in the PostgreSQL + Redis pass of the test command (it starts
PostgreSQL servers of its own)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from pathlib import Path

import pytest

from realtime.tests.yroom import manage
from scripts.cluster import REPO, migrate
from scripts.services import start_postgres

pytestmark = pytest.mark.cluster

# What a restore must give back, row for row.
REPORT = """
import json
from server.earnings.models import LedgerEntry
from server.orders.models import Order, OrderLine
from server.protocols.models import Protocol, ProtocolItem
from server.accounts.models import User
from server.catalog.models import ProductAsset
print(json.dumps({
    "orders": list(Order.objects.order_by("id").values_list("number", "state", "total", "buyer__email")),
    "lines": list(OrderLine.objects.order_by("id").values_list("order__number", "sku", "quantity", "total")),
    "ledger": list(LedgerEntry.objects.order_by("id").values_list("practitioner__email", "kind", "amount")),
    "protocols": list(Protocol.objects.order_by("id").values_list("id", "name", "owner__email")),
    "items": list(ProtocolItem.objects.order_by("id").values_list("protocol_id", "variant_id", "quantity")),
    "users": list(User.objects.order_by("id").values_list("email", "password")),
    "images": ProductAsset.objects.count(),
}, default=str))
"""


def shop_env(database_url: str, root: Path) -> dict[str, str]:
    return {
        "DATABASE_URL": database_url,
        "MEDIA_ROOT": str(root / "media"),
        "PRIVATE_MEDIA_ROOT": str(root / "private"),
        "REDIS_URL": "",
    }


def backup(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(REPO / "scripts" / "backup"), *args],
        cwd=REPO,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
    )


def files(root: Path) -> dict[str, str]:
    return {
        str(path.relative_to(root)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }


def report(env: dict[str, str]) -> dict[str, object]:
    result: dict[str, object] = json.loads(manage(env, "shell", "-c", REPORT).strip().splitlines()[-1])
    return result


def test_a_backup_restored_into_an_empty_database_gives_back_every_order_ledger_entry_protocol_and_file(
    tmp_path,
):
    shop = start_postgres()
    empty = start_postgres()
    try:
        # Given a shop with the demo's orders, ledger, protocols and pictures, and a private certificate
        original = shop_env(shop.url, tmp_path / "shop")
        migrate(original)
        manage(original, "seed_demo")
        private = tmp_path / "shop" / "private" / "certificates"
        private.mkdir(parents=True)
        (private / "cert.pdf").write_bytes(b"%PDF-1.7 a certificate %%EOF")
        before = report(original)
        assert before["orders"] and before["ledger"] and before["protocols"] and before["images"]

        # When it is backed up
        made = backup(original, "create", "--to", str(tmp_path / "backup"))
        assert made.returncode == 0, made.stderr
        manifest = json.loads((tmp_path / "backup" / "manifest.json").read_text())
        assert manifest["engine"] == "postgresql" and manifest["files"]["private"] == 1

        # and restored into an empty database and empty folders
        restored = shop_env(empty.url, tmp_path / "restored")
        done = backup(restored, "restore", str(tmp_path / "backup"))
        assert done.returncode == 0, done.stderr

        # Then every row and every file is there again, and no restored row names a missing file
        assert "missing file" not in done.stderr
        assert report(restored) == before
        for folder in ("media", "private"):
            assert files(tmp_path / "restored" / folder) == files(tmp_path / "shop" / folder)
        assert len(files(tmp_path / "restored" / "media")) > 10

        # and a restore over a database that has tables is refused, changing nothing.
        again = backup(restored, "restore", str(tmp_path / "backup"))
        assert again.returncode != 0
        assert "the configured database has tables; restore into an empty one" in again.stderr
        assert report(restored) == before
    finally:
        shop.stop()
        empty.stop()

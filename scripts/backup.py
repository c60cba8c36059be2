"""Back up and restore the shop: its database and its two file folders (docs/operations.md, "Backups").

    scripts/backup create [--to DIR]     the database, then the media and the private files, into DIR
                                         (default var/backups/<UTC time>), with a manifest
    scripts/backup restore DIR           into the configured database, which must be empty, and file
                                         folders, which must be empty or missing

It reads the same environment as the server (DATABASE_URL, MEDIA_ROOT, PRIVATE_MEDIA_ROOT). PostgreSQL is
dumped with pg_dump's custom format (one consistent snapshot, taken while the shop runs) and restored with
pg_restore in one transaction; SQLite is copied with its online backup API.

The database is dumped before the files are copied. Files are written under fresh random names before
the rows that name them commit, so every file a dumped row names is already on disk when the files are
copied; a file replaced in between is the only one that can be missing, and `restore` lists any such.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tarfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from scripts.cluster import REPO
from scripts.services import postgres_bin_dir

FOLDERS = ("media", "private")


class BackupError(SystemExit):
    def __init__(self, message: str) -> None:
        super().__init__(f"backup: {message}")


def _django() -> Any:
    sys.path.insert(0, str(REPO))
    from server.config.env import default_settings_module

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", default_settings_module())
    import django
    from django.conf import settings

    django.setup()
    return settings


def _folders(settings: Any) -> dict[str, Path]:
    return {"media": Path(settings.MEDIA_ROOT), "private": Path(settings.PRIVATE_MEDIA_ROOT)}


def _postgres_env(database: dict[str, Any]) -> dict[str, str]:
    return {
        **os.environ,
        "PGHOST": str(database["HOST"] or "localhost"),
        "PGPORT": str(database["PORT"] or "5432"),
        "PGUSER": str(database["USER"]),
        "PGPASSWORD": str(database["PASSWORD"]),
        "PGDATABASE": str(database["NAME"]),
    }


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def create(to: Path) -> Path:
    settings = _django()
    database = settings.DATABASES["default"]
    to.mkdir(parents=True, exist_ok=False)
    started = time.monotonic()
    if database["ENGINE"].endswith("postgresql"):
        dump = to / "database.dump"
        subprocess.run(
            [
                str(postgres_bin_dir() / "pg_dump"),
                "--format=custom",
                "--no-owner",
                "--no-privileges",
                f"--file={dump}",
            ],
            env=_postgres_env(database),
            check=True,
        )
        engine = "postgresql"
    else:
        dump = to / "database.sqlite3"
        with sqlite3.connect(database["NAME"]) as source, sqlite3.connect(dump) as target:
            source.backup(target)
        engine = "sqlite"
    files: dict[str, int] = {}
    for name, folder in _folders(settings).items():
        with tarfile.open(to / f"{name}.tar.gz", "w:gz") as archive:
            if folder.is_dir():
                archive.add(folder, arcname=".")
        files[name] = sum(1 for path in folder.rglob("*") if path.is_file()) if folder.is_dir() else 0
    manifest = {
        "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "engine": engine,
        "database": dump.name,
        "database_sha256": _sha256(dump),
        "files": files,
        "seconds": round(time.monotonic() - started, 1),
    }
    (to / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    return to


def _database_is_empty() -> bool:
    from django.db import connection

    return not connection.introspection.table_names()


def restore(source: Path) -> list[str]:
    """Restore a backup; answers the names of files the restored rows name that are not on disk."""
    manifest = json.loads((source / "manifest.json").read_text())
    dump = source / manifest["database"]
    if _sha256(dump) != manifest["database_sha256"]:
        raise BackupError(f"{dump} is not the file the backup wrote (its checksum differs)")
    settings = _django()
    database = settings.DATABASES["default"]
    engine = "postgresql" if database["ENGINE"].endswith("postgresql") else "sqlite"
    if engine != manifest["engine"]:
        raise BackupError(f"the backup is of {manifest['engine']}, the configured database is {engine}")
    if not _database_is_empty():
        raise BackupError("the configured database has tables; restore into an empty one")
    folders = _folders(settings)
    for name, folder in folders.items():
        if folder.is_dir() and any(folder.iterdir()):
            raise BackupError(f"{name} folder {folder} is not empty; restore into an empty one")
    from django.db import connections

    connections.close_all()
    if engine == "postgresql":
        subprocess.run(
            [
                str(postgres_bin_dir() / "pg_restore"),
                "--no-owner",
                "--no-privileges",
                "--single-transaction",
                "--exit-on-error",
                f"--dbname={database['NAME']}",
                str(dump),
            ],
            env=_postgres_env(database),
            check=True,
        )
    else:
        shutil.copyfile(dump, database["NAME"])
    for name, folder in folders.items():
        folder.mkdir(parents=True, exist_ok=True)
        with tarfile.open(source / f"{name}.tar.gz", "r:gz") as archive:
            archive.extractall(folder, filter="data")
    return _missing_files(folders)


def _missing_files(folders: dict[str, Path]) -> list[str]:
    from django.apps import apps
    from django.db.models import FileField

    missing = []
    for model in apps.get_models():
        for field in model._meta.get_fields():
            if not isinstance(field, FileField):
                continue
            root = (
                folders["private"] if "private" in type(field.storage).__name__.lower() else folders["media"]
            )
            for name in model._default_manager.exclude(**{field.name: ""}).values_list(field.name, flat=True):
                if name and not (root / name).is_file():
                    missing.append(f"{model._meta.label}.{field.name}: {name}")
    return missing


def main() -> None:
    parser = argparse.ArgumentParser(prog="scripts/backup", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    made = commands.add_parser("create", help="back up the database and the files")
    made.add_argument("--to", type=Path, help="a new folder (default var/backups/<UTC time>)")
    back = commands.add_parser("restore", help="restore a backup into an empty database and empty folders")
    back.add_argument("source", type=Path)
    args = parser.parse_args()
    if args.command == "create":
        to = args.to or REPO / "var" / "backups" / datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        folder = create(to)
        manifest = json.loads((folder / "manifest.json").read_text())
        print(f"Backed up the {manifest['engine']} database and {manifest['files']} files to {folder}")
    else:
        missing = restore(args.source)
        print(f"Restored {args.source}")
        for name in missing:
            print(f"missing file: {name}", file=sys.stderr)


if __name__ == "__main__":
    main()

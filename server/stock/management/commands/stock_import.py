from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from server.stock.importing import ImportRefused, import_text, stock_import


class Command(BaseCommand):
    help = (
        "Set on-hand stock from a warehouse export, a CSV with the columns sku,quantity and optionally "
        "back_order (true/false/1/0/yes/no; empty keeps it). Each change is an adjustment; variants not "
        "counted before are counted from now on. A file with any bad row changes nothing."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the CSV file (UTF-8, comma or semicolon separated)")

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        try:
            data = path.read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror or error}") from error
        try:
            result = stock_import(text=import_text(data), source_name=path.name)
        except ImportRefused as refused:
            problems = "\n".join(f"  {problem}" for problem in refused.problems)
            raise CommandError(f"{path.name} was not imported; nothing changed:\n{problems}") from refused
        self.stdout.write(
            f"{path.name} imported; variants changed: {result.changed}, unchanged: {result.unchanged}, "
            f"newly counted: {result.newly_counted}"
        )

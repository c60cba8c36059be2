"""A monthly statement as a file, in the practitioner's language
(docs/decisions/0020-practitioner-earnings.md): CSV for a spreadsheet, PDF to keep. The texts are
`locales/<lng>/statement.json` (English for a language without them); amounts are written as the region writes
them in the PDF, and as plain numbers in the CSV so a spreadsheet adds them."""

from __future__ import annotations

import csv
import io
from datetime import date
from decimal import Decimal

from django.conf import settings
from django.core.cache import cache
from django.template.loader import render_to_string

from server.accounts.models import User
from server.core.locales import locale_texts
from server.core.pdf import html_pdf
from server.core.pricing import money_text
from server.core.spreadsheet import csv_safe
from server.earnings.selectors import Statement, ledger_version, statement


def statement_texts(language: str) -> dict[str, str]:
    english = locale_texts("en", "statement")
    chosen = locale_texts(language, "statement") if language in settings.SHOP_LANGUAGES else {}
    return {**english, **chosen}


def statement_csv(data: Statement, language: str) -> str:
    t = statement_texts(language)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow((t["title"], csv_safe(data["practitioner"]), data["month"], data["currency"]))
    for key in ("opening", "earned", "reversed", "paid", "adjusted", "closing"):
        writer.writerow((t[key], data[key]))
    writer.writerow(())
    writer.writerow((t["orders"],))
    writer.writerow((t["order"], t["client"], t["earned"], t["reversed"]))
    for order in data["orders"]:
        writer.writerow(
            (order["order_number"], csv_safe(order["client"]), order["earned"], order["reversed"])
        )
    writer.writerow(())
    writer.writerow((t["entries"],))
    writer.writerow((t["date"], t["kind"], t["amount"], t["order"], t["client"], t["reason"]))
    for entry in data["entries"]:
        writer.writerow(
            (
                entry["at"].date().isoformat(),
                t[f"kind_{entry['kind']}"],
                entry["amount"],
                entry["order_number"] or "",
                csv_safe(entry["client"] or ""),
                csv_safe(entry["reason"]),
            )
        )
    return out.getvalue()


def money(amount: str, currency: str) -> str:
    return money_text(Decimal(amount), currency)


def statement_pdf(data: Statement, language: str) -> bytes:
    """The statement as an A4 PDF (WeasyPrint: HTML and CSS to PDF, fonts from the system's fontconfig)."""
    t = statement_texts(language)
    currency = data["currency"]
    context = {
        "language": language.replace("_", "-"),
        "t": t,
        "s": data,
        "shop_name": locale_texts("en", "emails").get("common", {}).get("shop_name", ""),
        "m": {
            key: money(data[key], currency)
            for key in ("opening", "earned", "reversed", "paid", "adjusted", "closing")
        },
        "orders": [
            {
                **order,
                "earned": money(order["earned"], currency),
                "reversed": money(order["reversed"], currency),
            }
            for order in data["orders"]
        ],
        "entries": [
            {
                **entry,
                "date": entry["at"].date().isoformat(),
                "kind": t[f"kind_{entry['kind']}"],
                "amount": money(entry["amount"], currency),
            }
            for entry in data["entries"]
        ],
    }
    html = render_to_string("earnings/statement.html", context)
    return html_pdf(
        html,
        unavailable="Statements as PDF cannot be made on this server right now; download the CSV instead.",
    )


STATEMENT_CACHE_SECONDS = 7 * 24 * 3600


def statement_file(*, practitioner: User, month: date, currency: str, format: str) -> bytes:
    """The statement as CSV or PDF bytes. A PDF takes WeasyPrint about a quarter of a second a page, and a
    statement changes only with a new entry of its practitioner, so files are cached under the ledger's
    version and the language (a past month's statement is the same file for good)."""
    version = ledger_version(practitioner.pk)
    key = (
        f"earnings:statement:{practitioner.pk}:{month:%Y-%m}:{currency}:{format}:"
        f"{practitioner.language}:{version}"
    )
    cached: bytes | None = cache.get(key)
    if cached is not None:
        return cached
    data = statement(practitioner=practitioner, month=month, currency=currency)
    if format == "csv":
        made = statement_csv(data, practitioner.language).encode()
    else:
        made = statement_pdf(data, practitioner.language)
    cache.set(key, made, STATEMENT_CACHE_SECONDS)
    return made

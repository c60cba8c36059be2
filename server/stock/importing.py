"""Stock from a warehouse export (docs/decisions/0040-stock-a-ledger-below-orders.md): a CSV of `sku,quantity`
and an optional `back_order` sets what is on the shelf, each change an adjustment naming the file.

All or nothing: the whole file is read and checked before anything is written, and every bad row is named
with its line and why, so a wrong export is fixed once rather than row by row; the rows are then counted in
one transaction, holding the counted levels from the check to the last write, so a refusal while writing
would undo the rows counted before it."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction

from server.catalog.models import ProductVariant
from server.core.errors import DomainError, InvalidInput
from server.stock.models import StockLevel
from server.stock.services import MAX_QUANTITY, stock_count

REQUIRED_COLUMNS = ("sku", "quantity")
BACK_ORDER_COLUMN = "back_order"
# Spreadsheets export with a comma or, where the comma is the decimal mark, a semicolon (or a tab).
DELIMITERS = (",", ";", "\t")
YES = frozenset({"true", "1", "yes"})
NO = frozenset({"false", "0", "no"})
# Digits only: int() would also take "+5", "1_000", " 5" and other scripts' digits.
WHOLE_NUMBER = re.compile(r"[0-9]+")


@dataclass(frozen=True)
class Problem:
    """Why the file or one of its rows cannot be imported; `line` is None for the file as a whole."""

    line: int | None
    why: str

    def __str__(self) -> str:
        return self.why if self.line is None else f"line {self.line}: {self.why}"


class ImportRefused(InvalidInput):
    message = "The stock file was not imported; nothing changed."

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        errors: dict[str, list[str]] = {}
        for problem in self.problems:
            errors.setdefault("file" if problem.line is None else f"line {problem.line}", []).append(
                problem.why
            )
        super().__init__(errors=errors)


@dataclass(frozen=True)
class ImportResult:
    """What an import did, each variant in one of the three: counted before and now different, counted
    before and the same, or counted for the first time."""

    changed: int
    unchanged: int
    newly_counted: int


@dataclass(frozen=True)
class _Row:
    line: int
    sku: str
    quantity: int
    back_order: bool | None  # None: keep the variant's back-order as it is


def import_text(data: bytes) -> str:
    """A file's bytes as the text `stock_import` reads: UTF-8, with or without a byte order mark."""
    if b"\0" in data:
        raise ImportRefused([Problem(None, "this is not a text file; export the sheet as CSV (UTF-8)")])
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ImportRefused(
            [Problem(None, f"this is not UTF-8 text (byte {error.start}); export the sheet as CSV UTF-8")]
        ) from error


def _delimiter(header: str) -> str:
    """The delimiter that splits the header into the required columns (a comma when none does, so the
    missing columns are named)."""
    for delimiter in DELIMITERS:
        columns = {cell.strip().lower() for cell in next(csv.reader([header], delimiter=delimiter), [])}
        if set(REQUIRED_COLUMNS) <= columns:
            return delimiter
    return ","


def _quantity(value: str) -> int | str:
    """The quantity, or why it is not one."""
    if not value:
        return "no quantity"
    if value.startswith("-") and WHOLE_NUMBER.fullmatch(value[1:]):
        return f"the quantity {value} is negative"
    if not WHOLE_NUMBER.fullmatch(value):
        return f"the quantity {value!r} is not a whole number"
    # Counting the digits first: int() of thousands of digits is slow, and refused past 4300.
    if len(value.lstrip("0")) > len(str(MAX_QUANTITY)) or int(value) > MAX_QUANTITY:
        return f"the quantity {value} is more than {MAX_QUANTITY}"
    return int(value)


def _back_order(value: str) -> bool | str | None:
    """The back-order switch (None: unchanged), or why it is not one."""
    value = value.lower()
    if not value:
        return None
    if value in YES:
        return True
    if value in NO:
        return False
    return f"back_order {value!r} is not one of true, false, 1, 0, yes, no or empty"


def _cell(cells: Sequence[str], at: dict[str, int], name: str) -> str:
    """The row's cell of the column `name`, "" when the row is short of it or the file has no such column."""
    return cells[at[name]].strip() if name in at and at[name] < len(cells) else ""


def _header_problems(header: Sequence[str]) -> list[Problem]:
    twice = sorted({name for name in header if name and header.count(name) > 1})
    return [Problem(1, f"the column {name!r} appears twice") for name in twice] + [
        Problem(1, f"no column {name!r} (the columns are sku,quantity and optionally back_order)")
        for name in REQUIRED_COLUMNS
        if name not in header
    ]


def _parse(text: str) -> tuple[list[_Row], list[Problem]]:
    text = text.removeprefix("\ufeff")
    lines = text.splitlines()
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(lines[0] if lines else ""))
    header = [cell.strip().lower() for cell in next(reader, [])]
    if not any(header):
        return [], [Problem(None, "the file is empty; its first line names the columns, sku,quantity")]
    problems = _header_problems(header)
    if problems:
        return [], problems
    at = {name: header.index(name) for name in (*REQUIRED_COLUMNS, BACK_ORDER_COLUMN) if name in header}
    rows: list[_Row] = []
    first_line: dict[str, int] = {}
    while True:
        try:
            cells = next(reader, None)
        except csv.Error as error:  # e.g. a cell past the csv module's size limit
            problems.append(Problem(reader.line_num, f"not readable as CSV ({error})"))
            break
        if cells is None:
            break
        line = reader.line_num
        if not any(cell.strip() for cell in cells):
            continue  # blank lines, e.g. at the end of the file
        if len(cells) > len(header):
            # Most likely a decimal comma ("2,5") or a name holding the delimiter: the cells have moved.
            problems.append(Problem(line, f"{len(cells)} cells, but the header names {len(header)} columns"))
            continue
        sku = _cell(cells, at, "sku")
        quantity = _quantity(_cell(cells, at, "quantity"))
        back_order = _back_order(_cell(cells, at, BACK_ORDER_COLUMN))
        whys = [why for why in (quantity, back_order) if isinstance(why, str)]
        if not sku:
            whys.insert(0, "no SKU")
        elif sku in first_line:
            whys.insert(0, f"the SKU {sku} is on line {first_line[sku]} already")
        else:
            first_line[sku] = line
        problems.extend(Problem(line, why) for why in whys)
        if not whys and isinstance(quantity, int) and not isinstance(back_order, str):
            rows.append(_Row(line, sku, quantity, back_order))
    if not rows and not problems:
        problems.append(Problem(None, "the file has no rows below its header"))
    return rows, problems


def _checked(rows: Sequence[_Row], problems: list[Problem]) -> tuple[dict[str, int], dict[int, StockLevel]]:
    """Each row's variant and the levels of those counted already, adding to the problems the rows whose
    SKU is unknown or whose count is below what unpaid orders hold. The levels stay locked until the
    import ends (PostgreSQL's row locks; SQLite's write lock is taken when the transaction begins), so what
    was checked here still holds when it is written."""
    variant_ids = dict(
        ProductVariant.objects.filter(sku__in=[row.sku for row in rows]).values_list("sku", "pk")
    )
    levels = {
        level.pk: level
        for level in StockLevel.objects.select_for_update()
        .filter(pk__in=variant_ids.values())
        .order_by("pk")  # in variant order, as checkouts take them
    }
    for row in rows:
        if row.sku not in variant_ids:
            problems.append(Problem(row.line, f"no variant has the SKU {row.sku}"))
            continue
        level = levels.get(variant_ids[row.sku])
        back_order = row.back_order if row.back_order is not None else level is not None and level.back_order
        if level is not None and not back_order and row.quantity < level.reserved:
            problems.append(
                Problem(
                    row.line, f"{level.reserved} units are held by unpaid orders; count at least that many"
                )
            )
    return variant_ids, levels


@transaction.atomic
def stock_import(*, text: str, source_name: str) -> ImportResult:
    """Set the on-hand counts of a warehouse export (CSV: `sku,quantity[,back_order]`), each change an
    adjustment with the reason "stock import <source_name>"; a variant not counted before is counted from
    now on. Refuses the whole file, changing nothing, with every bad row named (ImportRefused)."""
    rows, problems = _parse(text)
    variant_ids, levels = _checked(rows, problems) if rows else ({}, {})
    if problems:
        raise ImportRefused(sorted(problems, key=lambda problem: problem.line or 0))
    changed = unchanged = newly_counted = 0
    reason = f"stock import {source_name}"
    for row in sorted(rows, key=lambda row: variant_ids[row.sku]):  # in variant order, as checkouts lock
        variant_id = variant_ids[row.sku]
        level = levels.get(variant_id)
        if level is not None and level.on_hand == row.quantity and row.back_order in (None, level.back_order):
            unchanged += 1
            continue
        try:
            stock_count(
                variant_id=variant_id, on_hand=row.quantity, by=None, reason=reason, back_order=row.back_order
            )
        except DomainError as error:
            # Not expected, the check above holding under the locks; should the service refuse anyway, the
            # file is refused on this row and raising undoes the rows written before it.
            raise ImportRefused([Problem(row.line, error.message.rstrip("."))]) from error
        if level is None:
            newly_counted += 1
        else:
            changed += 1
    return ImportResult(changed=changed, unchanged=unchanged, newly_counted=newly_counted)

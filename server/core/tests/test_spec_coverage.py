"""docs/spec-coverage.md stays true: every row has a stable anchor that code and docs cite, names files that
exist, symbols and tests that are in them, and a status with a reason wherever it is not done."""

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
TABLE = ROOT / "docs" / "spec-coverage.md"
STATUSES = ("done", "partial:", "missing:", "not shown:")
# A backticked reference: a repository path with a known extension, optionally `::` and a name in it.
REFERENCE = re.compile(r"`([\w./-]+\.(?:py|ts|tsx|mjs|md|json|css|toml|html|txt))(?:::([^`]+))?`")
# The anchor that opens each row's Item cell: `<a id="s9-vat-rates"></a>`, its section first.
ANCHOR = re.compile(r'^<a id="(s(\d)-[a-z0-9]+(?:-[a-z0-9]+)*)"></a>')
TEST_FILE = re.compile(r"(/tests/test_[\w]+\.py|\.test\.tsx?|\.e2e\.mjs)$")


@dataclass(frozen=True)
class Row:
    section: str
    line: int
    anchor: str
    item: str
    where: str
    proof: str
    status: str


def rows() -> list[Row]:
    found: list[Row] = []
    section = ""
    for number, text in enumerate(TABLE.read_text(encoding="utf-8").splitlines(), start=1):
        heading = re.match(r"^## (\d)\.", text)
        if heading:
            section = heading.group(1)
        if not text.startswith("|") or re.match(r"^\|\s*(Item|-)", text):
            continue
        cells = [cell.strip() for cell in text.strip().strip("|").split("|")]
        assert len(cells) == 4, f"line {number}: a row has four cells (Item, Where, Proof, Status): {text}"
        anchor = ANCHOR.match(cells[0])
        assert anchor, f'line {number}: the Item cell opens with <a id="sN-name"></a>: {text}'
        assert anchor.group(2) == section, f"line {number}: {anchor.group(1)} is not of section {section}"
        found.append(Row(section, number, anchor.group(1), cells[0][anchor.end() :], *cells[1:]))
    return found


def references(cell: str) -> list[tuple[str, str | None]]:
    return [(path, name) for path, name in REFERENCE.findall(cell)]


def test_the_table_covers_sections_1_to_9_with_a_row_for_each_item():
    table = rows()
    assert {row.section for row in table} == {str(number) for number in range(1, 10)}
    assert len(table) >= 200


def test_every_row_has_its_own_anchor():
    seen: dict[str, int] = {}
    for row in rows():
        assert row.anchor not in seen, f"line {row.line}: {row.anchor} is also on line {seen[row.anchor]}"
        seen[row.anchor] = row.line
        assert row.item.strip(), f"line {row.line}: the Item cell has text after its anchor"


@pytest.mark.parametrize("row", rows(), ids=lambda row: f"line{row.line}")
def test_each_row_has_a_known_status_and_a_reason_unless_done(row):
    status = row.status
    assert status.startswith(STATUSES), f"line {row.line}: unknown status {status!r}"
    if status != "done":
        assert status.split(":", 1)[1].strip(), f"line {row.line}: {status!r} needs its reason"
    else:
        assert references(row.where), f"line {row.line}: a done row names where it is built"
        assert references(row.proof), f"line {row.line}: a done row names the test that proves it"


@pytest.mark.parametrize("row", rows(), ids=lambda row: f"line{row.line}")
def test_each_named_file_exists_and_holds_the_named_symbol_or_test(row):
    for cell, must_be_test in ((row.where, False), (row.proof, True)):
        for path, name in references(cell):
            file = ROOT / path
            assert file.is_file(), f"line {row.line}: {path} does not exist"
            if must_be_test:
                assert TEST_FILE.search(path), f"line {row.line}: {path} is not a test file"
            if name is not None:
                assert name in file.read_text(encoding="utf-8"), f"line {row.line}: {name!r} is not in {path}"

"""References in code and docs resolve inside the repository.

The product specification is not in the repository: code and docs cite it through the rows of
docs/spec-coverage.md, as `docs/spec-coverage.md#s9-vat-rates` (in Markdown, as a link to that anchor). The
reasons for our choices are the decision files under docs/decisions/. So this fails on:

- a "spec section N" citation that is not a link to a row (or section) of docs/spec-coverage.md;
- a link to an anchor of docs/spec-coverage.md that no row or section has;
- a mention of a tracker issue by number (what it decided is in docs/decisions/);
- a path or link to a Markdown file under docs/ that does not exist.

Drafts under docs/decisions/drafts/ are their authors' until taken, and are not read.
"""

import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SCANNED = (
    *("server", "realtime", "scripts", "bench", "web/src", "web/e2e", "docs", "README.md"),
    *("web/README.md", "web/vite.config.ts", "web/eslint.config.js", "deploy", "conftest.py"),
)
SKIPPED_DIRS = {"node_modules", ".venv", "__pycache__", "dist", "var", ".pytest_cache"}
SKIPPED = ("docs/decisions/drafts/",)
TEXT = {".py", ".ts", ".tsx", ".mjs", ".js", ".css", ".md", ".json", ".html", ".txt", ".toml", ".sh", ""}
COVERAGE = "docs/spec-coverage.md"

# Between two words of a citation: spaces, or a line break and the next line's comment prefix.
GAP = r"(?:[ \t]+|[ \t]*\n[ \t]*(?:#|\*|//)?[ \t]*)"
SPEC_CITATION = re.compile(r"\b[Ss]pec(?:ification)?(?:'s)?" + GAP + r"sections?" + GAP + r"\d+")
COVERAGE_ANCHOR = re.compile(r"spec-coverage\.md#([A-Za-z0-9_-]+)")
ISSUE = re.compile(r"\bissues?\s+#?\d+", re.IGNORECASE)
# A repository path to a Markdown file under docs/, as code and docs write it.
DOCS_PATH = re.compile(r"(?<![\w./-])(docs/[\w./-]+?\.md)\b")
# A relative Markdown link to a .md file: [text](../spec-coverage.md#s5-quantity).
MD_LINK = re.compile(r"\]\((?!https?:|mailto:|#)([^)\s#]+\.md)(?:#[^)\s]*)?\)")


@cache
def files() -> tuple[Path, ...]:
    found: list[Path] = []
    for entry in SCANNED:
        base = ROOT / entry
        candidates = [base] if base.is_file() else sorted(base.rglob("*"))
        for path in candidates:
            rel = path.relative_to(ROOT).as_posix()
            if not path.is_file() or SKIPPED_DIRS & set(path.relative_to(ROOT).parts):
                continue
            if path.suffix in TEXT and not rel.startswith(SKIPPED):
                found.append(path)
    return tuple(found)


@cache
def text_of(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return ""


def where(path: Path, text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    shown = text[offset : offset + 70].split("\n")[0]
    return f"{path.relative_to(ROOT).as_posix()}:{line}: {shown}"


@cache
def coverage_anchors() -> frozenset[str]:
    return frozenset(re.findall(r'<a id="([^"]+)"></a>', (ROOT / COVERAGE).read_text(encoding="utf-8")))


def test_the_scan_reads_the_code_and_the_docs():
    names = {path.relative_to(ROOT).as_posix() for path in files()}
    expected = {COVERAGE, "README.md", "docs/decisions/README.md", "server/core/tests/test_references.py"}
    assert expected <= names
    assert len(coverage_anchors()) >= 200


def test_every_spec_citation_links_to_its_row_of_the_coverage_table():
    unlinked = []
    for path in files():
        text = text_of(path)
        for match in SPEC_CITATION.finditer(text):
            # In Markdown the words may be the link itself: [spec section 5](...spec-coverage.md#...).
            after = text[match.end() : match.end() + 200]
            if re.match(r"\]\([^)]*spec-coverage\.md#", after):
                continue
            unlinked.append(where(path, text, match.start()))
    assert not unlinked, "cite the spec by its row, spec-coverage.md#<anchor>:\n" + "\n".join(unlinked)


def test_every_link_into_the_coverage_table_names_an_anchor_it_has():
    anchors = coverage_anchors()
    broken = []
    for path in files():
        text = text_of(path)
        for match in COVERAGE_ANCHOR.finditer(text):
            if match.group(1) not in anchors:
                broken.append(where(path, text, match.start()))
    assert not broken, "no row or section of docs/spec-coverage.md has this anchor:\n" + "\n".join(broken)


def test_no_issue_numbers():
    found = []
    for path in files():
        text = text_of(path)
        found += [where(path, text, match.start()) for match in ISSUE.finditer(text)]
    assert not found, "name the decision (docs/decisions/), not the issue:\n" + "\n".join(found)


@pytest.mark.parametrize("kind", ["paths", "markdown links"])
def test_every_docs_file_named_exists(kind):
    missing = []
    for path in files():
        text = text_of(path)
        if kind == "paths":
            for match in DOCS_PATH.finditer(text):
                if not (ROOT / match.group(1)).is_file():
                    missing.append(where(path, text, match.start()))
        elif path.suffix == ".md":
            for match in MD_LINK.finditer(text):
                target = (path.parent / match.group(1)).resolve()
                if not target.is_file():
                    missing.append(where(path, text, match.start()))
    assert not missing, "these Markdown files do not exist:\n" + "\n".join(missing)


def test_decisions_are_one_file_each_with_their_parts_and_listed_in_the_index():
    folder = ROOT / "docs" / "decisions"
    decisions = sorted(folder.glob("[0-9][0-9][0-9][0-9]-*.md"))
    assert decisions, "docs/decisions/ holds the decisions"
    assert not (ROOT / "docs" / "decisions.md").exists(), "the decisions live in docs/decisions/"
    index = (folder / "README.md").read_text(encoding="utf-8")
    numbers = [decision.name[:4] for decision in decisions]
    assert len(numbers) == len(set(numbers)), f"two decisions share a number: {numbers}"
    for decision in decisions:
        assert re.fullmatch(r"\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*\.md", decision.name), decision.name
        text = decision.read_text(encoding="utf-8")
        headings = re.findall(r"(?m)^## (.+)$", text)
        parts = ["Status", "Context", "Decision", "Consequences"]
        assert headings[:4] == parts, f"{decision.name}: {headings}"
        assert f"]({decision.name})" in index, f"{decision.name} is not in docs/decisions/README.md"

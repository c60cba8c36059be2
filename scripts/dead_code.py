"""Fail when the Python code has a function, class, method, import or argument that nothing uses.

    .venv/bin/python -m scripts.dead_code

Runs vulture with the configuration in pyproject.toml ([tool.vulture]), whose paths take in
scripts/dead_code_whitelist.py (what the frameworks reach by a dotted path or by name). It leaves out
two kinds of finding that are not code: names of data (model and schema fields, settings, admin options,
enum members, attributes set for the ORM), which Django, Pydantic and the web read by name, so vulture
can only guess at them (60% confidence); and anything in tests, whose fixtures, test functions and fakes
pytest and the code under test find by name.
"""

from __future__ import annotations

import sys
from pathlib import Path

from vulture.config import make_config
from vulture.core import Item, Vulture

BASE_DIR = Path(__file__).resolve().parents[1]
DATA = {"variable", "attribute"}


def unused_code(root: Path) -> list[Item]:
    """What vulture finds unused under `root`, by `root`'s pyproject.toml, less data and tests."""
    config = make_config(["--config", str(root / "pyproject.toml")])
    vulture = Vulture(ignore_names=config["ignore_names"], ignore_decorators=config["ignore_decorators"])
    vulture.scavenge([root / path for path in config["paths"]], exclude=config["exclude"])
    return [
        item
        for item in vulture.get_unused_code(config["min_confidence"])
        if "tests" not in Path(item.filename).relative_to(root).parts
        and (item.typ not in DATA or item.confidence == 100)
    ]


def main() -> int:
    unused = unused_code(BASE_DIR)
    for item in unused:
        print(item.get_report())
    return 1 if unused else 0


if __name__ == "__main__":
    sys.exit(main())

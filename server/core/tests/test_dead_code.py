"""The dead-code check (scripts/dead_code.py) with the project's vulture configuration, on a small tree."""

import re
from pathlib import Path

from scripts.dead_code import unused_code
from server.config.env import BASE_DIR

SERVICES = """\
from ninja import Router, Schema

router = Router()


class ThingOut(Schema):
    name: str
    shown_on_the_web: int


def used() -> ThingOut:
    return ThingOut(name="a", shown_on_the_web=1)


def forgotten() -> None:
    pass


@router.get("/things")
def things(request: object) -> ThingOut:
    return used() if request else ThingOut(name="", shown_on_the_web=0)
"""


def _tree(root: Path) -> None:
    pyproject = (BASE_DIR / "pyproject.toml").read_text()
    paths_line = re.search(r"^paths = \[.*\]$", pyproject[pyproject.index("[tool.vulture]") :], re.MULTILINE)
    assert paths_line is not None
    (root / "pyproject.toml").write_text(pyproject.replace(paths_line[0], 'paths = ["shop"]'))
    (root / "shop" / "tests").mkdir(parents=True)
    (root / "shop" / "__init__.py").touch()
    (root / "shop" / "services.py").write_text(SERVICES)
    (root / "shop" / "tests" / "conftest.py").write_text("def _fake_clock() -> int:\n    return 0\n")


def test_a_function_nothing_calls_is_the_only_finding(tmp_path: Path) -> None:
    # given an app with a used function, an API operation, a schema field the web reads, a test helper and
    # one function nothing calls
    _tree(tmp_path)

    # when
    unused = unused_code(tmp_path)

    # then
    assert [(item.typ, item.name, item.first_lineno) for item in unused] == [("function", "forgotten", 15)]

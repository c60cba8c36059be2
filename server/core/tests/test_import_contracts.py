"""The import contracts (pyproject.toml, [tool.importlinter]) cover what is added later: each test runs
lint-imports on a copy of server/ and realtime/ with one change and reads which contracts broke."""

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps

from server.config.env import BASE_DIR

LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"
ALL_KEPT = {
    "layers": "KEPT",
    "server-below-realtime": "KEPT",
    "realtime-below-demo": "KEPT",
    "no-app-cycles": "KEPT",
}


def _contracts() -> dict[str, dict[str, Any]]:
    config = tomllib.loads((BASE_DIR / "pyproject.toml").read_text())
    return {contract["id"]: contract for contract in config["tool"]["importlinter"]["contracts"]}


def _only_python(directory: str, names: list[str]) -> set[str]:
    return {
        name
        for name in names
        if name == "__pycache__" or (not name.endswith(".py") and not os.path.isdir(Path(directory, name)))
    }


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    for package in ("server", "realtime"):
        shutil.copytree(BASE_DIR / package, tmp_path / package, ignore=_only_python)
    shutil.copy(BASE_DIR / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def _add_module(tree: Path, name: str, source: str) -> None:
    path = tree.joinpath(*name.split(".")).with_suffix(".py")
    path.parent.mkdir(parents=True, exist_ok=True)
    for package in path.relative_to(tree).parents:
        if package != Path("."):
            (tree / package / "__init__.py").touch()
    path.write_text(source)


def _add_layer_below(tree: Path, upper: str, layer: str) -> None:
    pyproject = tree / "pyproject.toml"
    text = pyproject.read_text()
    line = f'    "{upper}",\n'
    assert text.count(line) == 1
    pyproject.write_text(text.replace(line, f'{line}    "{layer}",\n'))


def _lint_imports(tree: Path) -> tuple[dict[str, str], str]:
    result = subprocess.run(
        [LINT_IMPORTS, "--no-cache", "--config", "pyproject.toml"],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode in (0, 1), result.stdout + result.stderr
    ids_by_name = {contract["name"]: contract_id for contract_id, contract in _contracts().items()}
    statuses = {
        ids_by_name[match["name"]]: match["status"]
        for match in re.finditer(r"^(?P<name>.+) (?P<status>KEPT|BROKEN)\b", result.stdout, re.MULTILINE)
    }
    return statuses, result.stdout


def test_the_copied_tree_keeps_every_contract(tree: Path) -> None:
    # given the tree as it is

    # when
    statuses, _ = _lint_imports(tree)

    # then
    assert statuses == ALL_KEPT


def test_an_app_missing_from_the_layers_breaks_the_layers_contract(tree: Path) -> None:
    # given a new app that no layer names
    _add_module(tree, "server.loyalty.models", "from server.core import money\n")

    # when
    statuses, output = _lint_imports(tree)

    # then
    assert statuses == {**ALL_KEPT, "layers": "BROKEN"}
    assert "The following modules are not listed as layers:\n\n- server.loyalty\n" in output


def test_an_app_added_as_one_layer_line_keeps_every_contract(tree: Path) -> None:
    # given a new app above orders and payments, listed by one line
    _add_module(tree, "server.loyalty.services", "from server.payments import models\n")
    _add_layer_below(tree, "demo", "loyalty")

    # when
    statuses, _ = _lint_imports(tree)

    # then
    assert statuses == ALL_KEPT


def test_a_layered_app_importing_realtime_breaks_the_server_below_realtime_contract(tree: Path) -> None:
    # given a new app, in the layers, that imports the socket layer
    _add_module(tree, "server.loyalty.services", "from realtime import groups\n")
    _add_layer_below(tree, "demo", "loyalty")

    # when
    statuses, output = _lint_imports(tree)

    # then
    assert statuses == {**ALL_KEPT, "server-below-realtime": "BROKEN"}
    assert (
        "server is not allowed to import realtime:\n\n"
        "-   server.loyalty.services -> realtime.groups (l.1)\n" in output
    )


def test_realtime_importing_the_demo_app_breaks_the_realtime_below_demo_contract(tree: Path) -> None:
    # given the socket layer importing an app above it
    _add_module(tree, "realtime.seeding", "from server.demo import commands\n")

    # when
    statuses, output = _lint_imports(tree)

    # then
    assert statuses == {**ALL_KEPT, "realtime-below-demo": "BROKEN"}
    assert (
        "realtime is not allowed to import server.demo:\n\n"
        "-   realtime.seeding -> server.demo.commands (l.1)\n" in output
    )


def test_every_installed_app_of_the_project_is_placed_by_a_contract() -> None:
    # given the apps the contracts place: the layers under server/, and realtime beside them
    contracts = _contracts()
    layered = {
        f"server.{tail.strip()}" for layer in contracts["layers"]["layers"] for tail in layer.split("|")
    }
    placed = layered | set(contracts["realtime-below-demo"]["source_modules"])

    # when
    installed = {
        config.name
        for config in apps.get_app_configs()
        if config.name.startswith("server.") or config.name == "realtime"
    }

    # then
    assert installed - placed == set()
    assert {"realtime", "server.core", "server.demo"} <= installed

"""pyproject.toml's dependencies: every one bounded below and above, the suite runs against
versions inside those bounds, and the server (app/, engine/) imports only its runtime
dependencies: test-only packages such as httpx stay in the `test` extra."""

from __future__ import annotations

import ast
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
RUNTIME = [Requirement(text) for text in PROJECT["dependencies"]]
TEST = [Requirement(text) for text in PROJECT["optional-dependencies"]["test"]]


@pytest.mark.parametrize("requirement", RUNTIME + TEST, ids=str)
def test_each_dependency_has_both_bounds_and_the_installed_version_is_inside(requirement):
    operators = {spec.operator for spec in requirement.specifier}
    assert operators & {">=", "~=", "=="}, f"{requirement}: no lower bound"
    assert operators & {"<", "~=", "=="}, f"{requirement}: no upper bound"
    installed = metadata.version(requirement.name)
    assert requirement.specifier.contains(installed, prereleases=True), (
        f"{requirement.name} {installed} is installed, outside {requirement.specifier}: "
        "the suite would not be run against what pyproject.toml promises"
    )


def imported_top_level_names(folder: Path) -> set[str]:
    names: set[str] = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names


def runtime_distributions() -> set[str]:
    """The runtime requirements and everything they pull in (by distribution name)."""
    seen: set[str] = set()
    todo = [req.name for req in RUNTIME] + ["starlette", "pydantic"]
    extras = {req.name.lower(): req.extras for req in RUNTIME}
    while todo:
        name = todo.pop().lower().replace("_", "-")
        if name in seen:
            continue
        seen.add(name)
        try:
            requires = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue
        for text in requires:
            requirement = Requirement(text)
            wanted = extras.get(name, set())
            env = {"extra": next(iter(wanted))} if wanted else {"extra": ""}
            if requirement.marker is None or requirement.marker.evaluate(env):
                todo.append(requirement.name)
    return seen


def test_the_server_imports_only_its_runtime_dependencies():
    imported = imported_top_level_names(ROOT / "app") | imported_top_level_names(ROOT / "engine")
    third_party = imported - set(sys.stdlib_module_names) - {"app", "engine", "__future__"}
    providers = metadata.packages_distributions()
    allowed = runtime_distributions()
    for module in sorted(third_party):
        dists = {dist.lower().replace("_", "-") for dist in providers.get(module, [])}
        assert dists & allowed, f"app/engine import {module!r}, which no runtime dependency provides"
    test_only = {req.name.lower() for req in TEST}
    assert "httpx" in test_only and "httpx" not in {req.name.lower() for req in RUNTIME}

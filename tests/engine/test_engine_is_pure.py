"""Everything under games/engine is pure Python: no Django, and the games no I/O or clock."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from games.engine import registry

ENGINE = Path(__file__).resolve().parents[2] / "games" / "engine"
MODULES = sorted(ENGINE.rglob("*.py"))
# The game packages also keep away from the clock, randomness outside the state's
# generator, and I/O (playout tools and bots may time themselves).
GAME_PACKAGES = {
    type(registry.get(slug)).__module__.split(".")[2] for slug in registry.engine_slugs()
}
GAME_MODULES = [path for path in MODULES if path.relative_to(ENGINE).parts[0] in GAME_PACKAGES]
FORBIDDEN_IN_GAMES = {"random", "time", "datetime", "os", "io", "pathlib", "socket", "secrets"}


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return {name.split(".")[0] for name in names}


def test_the_engine_has_modules_to_check():
    assert len(MODULES) > 5 and "silk_road" in GAME_PACKAGES
    assert any(path.parent.name == "silk_road" for path in GAME_MODULES)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_no_engine_module_imports_django(path):
    assert "django" not in imported(path)


@pytest.mark.parametrize("path", GAME_MODULES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_game_modules_use_no_clock_io_or_global_random(path):
    assert not imported(path) & FORBIDDEN_IN_GAMES

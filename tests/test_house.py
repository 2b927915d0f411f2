"""The house rules of the code base, checked on its source:

- everything that knows one game lives in that game's package: no module outside
  ``ogames/games/`` names a game id or a game's display name in code, or imports a game
  module (docstrings, comments and help texts may name games as examples): the registry
  finds the games by listing ``ogames/games/``, and names none either;
- no import cycle anywhere in ``ogames/`` or in ``bench/`` (type-only and function-level
  imports included);
- no function over 60 lines.

The checks read the syntax trees, so they see code, not prose.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import ogames

from .conftest import GAME_IDS, about_of

PACKAGE = Path(ogames.__file__).resolve().parent
ROOT = PACKAGE.parent
BENCH = ROOT / "bench"
MAX_FUNCTION_LINES = 60


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module of ``package`` by dotted name (a package by its ``__init__``)."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _resolve(module: str, node: ast.ImportFrom, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(module: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The ogames modules ``module`` imports, wherever the import statement stands."""
    out: set[str] = set()
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(module, node, is_package)
            names = [f"{target}.{a.name}" if f"{target}.{a.name}" in known else target
                     for a in node.names]
        else:
            continue
        for name in names:
            # ``from . import rules`` names a module; ``from .x import f`` names x
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module:
                out.add(name)
    return out


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the list of modules around it, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_find_cycle_finds_a_cycle_and_only_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


@pytest.mark.parametrize("package", [PACKAGE, BENCH], ids=lambda p: p.name)
def test_no_import_cycle(package: Path) -> None:
    known = modules(package)
    graph = {name: imports_of(name, path, known) for name, path in known.items()}
    # a package's __init__ importing its own submodules is the usual re-export, not a
    # cycle, unless a submodule imports the package back: keep those edges
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " → ".join(cycle or [])


#: the layers that must not import the ones above them: the engines and the shared layer
#: know no table, search, screen or network; the table (the turn flow) knows no screen, no
#: network and no command line; online play knows no screen
LOWER_LAYERS = {
    "ogames.core": ("ogames.table", "ogames.net", "ogames.ui", "ogames.cli"),
    "ogames.ai": ("ogames.table", "ogames.net", "ogames.ui", "ogames.cli"),
    "ogames.table": ("ogames.net", "ogames.ui", "ogames.cli"),
    "ogames.net": ("ogames.ui", "ogames.cli"),
}


def test_layers_import_only_downwards() -> None:
    known = modules()
    wrong = []
    for name, path in known.items():
        for layer, above in LOWER_LAYERS.items():
            if name == layer or name.startswith(layer + "."):
                wrong += [f"{name} imports {target}" for target in sorted(imports_of(
                    name, path, known)) if target.startswith(above)]
    assert wrong == []


def _game_words() -> set[str]:
    """The ids, names and aliases of every game, the tests' own included."""
    words: set[str] = set()
    for about in map(about_of, GAME_IDS):
        words |= {about.id, about.name, *about.aliases}
    return {w.casefold() for w in words}


def _prose_nodes(tree: ast.AST) -> set[int]:
    """ids of the string constants that are prose: docstrings and ``help=`` texts."""
    prose: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                prose.add(id(body[0].value))
        if isinstance(node, ast.keyword) and node.arg == "help":
            prose |= {id(n) for n in ast.walk(node.value) if isinstance(n, ast.Constant)}
    return prose


def game_names_in_code(path: Path, words: set[str]) -> Iterator[str]:
    """Each string constant or identifier in ``path``'s code that names a game."""
    tree = ast.parse(path.read_text("utf-8"))
    prose = _prose_nodes(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose:
            text = node.value.casefold()
            for word in words:
                if word in text:
                    yield f"line {node.lineno}: {node.value[:60]!r}"
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
            if any(n.startswith(("ogames.games", "games.")) or ".games." in n for n in names):
                yield f"line {node.lineno}: imports a game module"
        elif isinstance(node, ast.Name) and node.id.casefold() in words:
            yield f"line {node.lineno}: {node.id}"


def test_game_word_detector_sees_code_not_prose(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('"""Ordo is an example here."""\n'
                      'import click\n'
                      '@click.option("--x", help="as in Ordo")\n'
                      'def f():\n'
                      '    """Onitama, in prose."""\n'
                      '    return "ordo"\n'
                      'from ogames.games.ordo import RULES\n', "utf-8")
    found = sorted(game_names_in_code(sample, {"ordo", "onitama"}))
    assert found == ["line 6: 'ordo'", "line 7: imports a game module"]


def outside_games() -> list[Path]:
    games = PACKAGE / "games"
    return [p for p in sorted(PACKAGE.rglob("*.py")) if games not in p.parents]


@pytest.mark.parametrize("path", outside_games(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_outside_games_names_a_game(path: Path) -> None:
    assert list(game_names_in_code(path, _game_words())) == []


def long_functions(path: Path) -> Iterator[str]:
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            if lines > MAX_FUNCTION_LINES:
                yield f"{node.name} ({lines} lines)"


def test_no_function_over_60_lines() -> None:
    found = {str(p.relative_to(ROOT)): list(long_functions(p))
             for p in sorted(PACKAGE.rglob("*.py"))}
    assert {k: v for k, v in found.items() if v} == {}

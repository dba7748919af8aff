"""The engine's shape follows its pipeline: each stage imports only the stages before it (no circle,
not even a lazy import inside a function), so any stage can be read, tested or replaced alone."""

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "engine"


def engine_imports() -> dict[str, set[str]]:
    graph = {}
    for path in ENGINE.glob("*.py"):
        deps = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    deps.add(node.module.split(".")[0])
                else:  # from . import x
                    deps.update(alias.name for alias in node.names)
        graph[path.stem] = deps
    return graph


def test_engine_modules_import_each_other_without_a_circle():
    graph = engine_imports()
    done, path = set(), []

    def visit(module):
        if module in path:
            raise AssertionError("import circle: " + " -> ".join([*path[path.index(module) :], module]))
        if module in done:
            return
        path.append(module)
        for dep in sorted(graph.get(module, ())):
            visit(dep)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)


def test_no_engine_module_is_a_catch_all():
    # The rule cascade once held its cue tables, FAQ matching and unknown-object detection in one
    # 1.7k-line module; cue tables live in cues.py / lexicon.py, which hold data, not logic.
    data_modules = {"cues", "lexicon"}
    for path in ENGINE.glob("*.py"):
        if path.stem not in data_modules:
            assert len(path.read_text().splitlines()) < 1000, path.name

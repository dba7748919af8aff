"""No import circle between the project's modules (outside the assistant's engine, which has its own
test: assistant/tests/test_engine_shape.py).

Read with ``ast`` from the source, like the engine's shape test: the imports a module runs when it is
loaded (its body, class bodies, ``try`` / ``if`` blocks; not function bodies, which run later, nor
``if TYPE_CHECKING:`` blocks) between our apps' modules. A circle there means no module of it can be
read, tested or loaded alone; a seam (a dotted path in settings, like ``WHATSAPP_RESPONDER`` or
``CONVERSATION_TRANSPORT``) breaks it, or at worst an import inside the function that needs it.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SKIPPED_PARTS = {"tests", "migrations", "node_modules", "frontend", "static", "templates", "bench"}
ENGINE = ("assistant", "engine")


def _apps() -> set[str]:
    return {
        path.parent.name
        for path in ROOT.glob("*/__init__.py")
        if not path.parent.name.startswith(".") and path.parent.name not in SKIPPED_PARTS
    }


def _modules() -> dict[str, Path]:
    modules = {}
    for app in _apps():
        for path in (ROOT / app).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if SKIPPED_PARTS.intersection(parts) or parts[:2] == ENGINE:
                continue
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            modules[name] = path
    return modules


def _loaded_imports(tree: ast.Module):
    """The import statements a module runs while it loads."""
    pending = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", "")
            if name != "TYPE_CHECKING":
                pending.extend(node.body)
            pending.extend(node.orelse)
        elif isinstance(node, ast.Try):
            pending.extend(node.body + node.orelse + node.finalbody)
            for handler in node.handlers:
                pending.extend(handler.body)
        elif isinstance(node, ast.ClassDef | ast.With):
            pending.extend(node.body)


def _package(name: str, path: Path) -> str:
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)

    def resolve(target: str) -> str | None:
        while target and target not in known:
            target = target.rpartition(".")[0]
        return target or None

    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        deps = set()
        for node in _loaded_imports(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    package = _package(name, path)
                    for _ in range(node.level - 1):
                        package = package.rpartition(".")[0]
                    base = f"{package}.{base}" if base else package
                # ``from package import module`` loads that module; ``from module import name`` the module.
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
            for target in targets:
                resolved = resolve(target)
                if resolved and resolved != name:
                    deps.add(resolved)
        graph[name] = deps
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle per strongly connected group of modules (Tarjan), each shown as a path."""
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for dep in sorted(graph.get(module, ())):
            if dep not in index:
                visit(dep)
                low[module] = min(low[module], low[dep])
            elif dep in on_stack:
                low[module] = min(low[module], index[dep])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return groups


def test_the_graph_reads_the_project():
    graph = import_graph()
    # The seams this test guards: the core names no channel, and the channel reaches the core.
    assert "conversations.core" in graph and "integrations.whatsapp.transport" in graph
    assert not any(dep.startswith("integrations") for dep in graph["conversations.core"])
    assert "conversations.transport" in graph["integrations.whatsapp.transport"]
    assert "conversations.core" in graph["integrations.whatsapp.services"]
    assert not any(name.startswith("assistant.engine") for name in graph)


def test_a_circle_is_found():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_module_circle_outside_the_engine():
    found = circles(import_graph())
    assert not found, "import circles: " + "; ".join(" <-> ".join(group) for group in found)


def test_conversations_never_imports_a_channel():
    """Not even lazily: the channel is a transport found through settings."""
    for path in (ROOT / "conversations").rglob("*.py"):
        if "tests" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom | ast.Import):
                names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
                assert not any(name.startswith("integrations") for name in names), path

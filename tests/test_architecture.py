"""The house's shape, read from every import (docs/ARCHITECTURE.md).

Each package's docstring ends with a line ``May import: a, b, ...`` naming
the packages its modules may import besides their own package (``*`` for
the top, which may import anything). These tests read every ``import`` of
every module — at the top, inside a function, under ``TYPE_CHECKING`` — and
fail on an import a package did not declare, on a cycle of files, and on a
private name (``_x``) taken from another module.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# source folder -> the import name it is installed as (pyproject's package-dir)
FOLDERS = {"cli": "waybill", "spec": "waybill.spec", "dsl": "waybill.dsl", "compiler": "waybill.compiler",
           "runtime": "waybill.runtime", "bots": "waybill.bots", "content": "waybill.content"}

MAY_IMPORT = re.compile(r"^May import: (.+?)\.?$", re.MULTILINE)


@dataclass(frozen=True)
class Import:
    source: str        # the importing module
    target: str        # the module imported (or the module a name is taken from)
    name: str | None   # the name taken from it, if any
    line: int

    def __str__(self) -> str:
        what = f"{self.target}.{self.name}" if self.name else self.target
        return f"{self.source}:{self.line} imports {what}"


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


class House:
    """Every module under ``root``'s folders, and what each imports."""

    def __init__(self, root: Path, folders: dict[str, str]):
        self.modules: dict[str, Path] = {}
        for folder, name in folders.items():
            for path in (root / folder).rglob("*.py"):
                if not (path.parent / "__init__.py").exists():
                    continue                # a script beside the package, not a module of it
                parts = list(path.relative_to(root / folder).with_suffix("").parts)
                if parts[-1] == "__init__":
                    parts.pop()
                self.modules[".".join([name, *parts])] = path
        self.packages = {m for m, p in self.modules.items() if p.name == "__init__.py"}
        self.trees = {m: ast.parse(p.read_text(encoding="utf-8")) for m, p in self.modules.items()}
        self.imports = {m: self._imports_of(m) for m in self.modules}

    def package_of(self, module: str) -> str:
        return module if module in self.packages else module.rpartition(".")[0]

    def _known(self, name: str) -> str:
        """The longest prefix of a dotted name that is one of our modules."""
        while name not in self.modules and "." in name:
            name = name.rpartition(".")[0]
        return name

    def _from_target(self, module: str, node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        base = self.package_of(module).split(".")
        base = base[:len(base) - node.level + 1]
        return ".".join(base + ([node.module] if node.module else []))

    def _imports_of(self, module: str) -> list[Import]:
        out = []
        for node in ast.walk(self.trees[module]):
            if isinstance(node, ast.Import):
                out += [Import(module, self._known(a.name), None, node.lineno)
                        for a in node.names if a.name.split(".")[0] == "waybill"]
            elif isinstance(node, ast.ImportFrom):
                target = self._from_target(module, node)
                if target.split(".")[0] != "waybill":
                    continue
                for a in node.names:
                    sub = f"{target}.{a.name}"
                    if sub in self.modules:
                        out.append(Import(module, sub, None, node.lineno))
                    else:
                        out.append(Import(module, self._known(target), a.name, node.lineno))
        return out

    def declared(self, package: str) -> list[str] | None:
        """The packages ``package`` says its modules may import, or None if it says nothing."""
        found = MAY_IMPORT.findall(ast.get_docstring(self.trees[package]) or "")
        if not found:
            return None
        return [p.strip() for p in found[-1].split(",") if p.strip() and p.strip() != "nothing"]

    def undeclared_imports(self) -> list[str]:
        problems = []
        for module, found in self.imports.items():
            own = self.package_of(module)
            allowed = self.declared(own) or []
            for imp in found:
                if "*" in allowed or self.package_of(imp.target) == own or imp.target == own:
                    continue
                if not any(_inside(imp.target, p) for p in allowed):
                    problems.append(f"{imp}, which {own} does not declare "
                                    f"(May import: {', '.join(allowed) or 'nothing'})")
        return problems

    def cycles(self) -> list[list[str]]:
        """Groups of modules that import each other in a loop (Tarjan's
        strongly connected components over the import graph)."""
        graph = {m: sorted({i.target for i in found if i.target in self.modules and i.target != m})
                 for m, found in self.imports.items()}
        index: dict[str, int] = {}
        low: dict[str, int] = {}
        stack: list[str] = []
        on_stack: set[str] = set()
        out = []

        def visit(v: str) -> None:
            index[v] = low[v] = len(index)
            stack.append(v)
            on_stack.add(v)
            for w in graph[v]:
                if w not in index:
                    visit(w)
                    low[v] = min(low[v], low[w])
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
            if low[v] == index[v]:
                group = []
                while (w := stack.pop()) != v:
                    on_stack.discard(w)
                    group.append(w)
                on_stack.discard(v)
                if group:
                    out.append(sorted([v, *group]))

        for m in sorted(graph):
            if m not in index:
                visit(m)
        return out

    def private_names(self) -> list[str]:
        """Private names used outside their module: ``from m import _x``, and
        ``m._x`` where ``m`` names one of our modules."""
        problems = []
        for module, found in self.imports.items():
            problems += [f"{i}, a private name" for i in found if i.name and _is_private(i.name)]
            aliases = self._module_aliases(module)
            for node in ast.walk(self.trees[module]):
                if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                        and node.value.id in aliases and _is_private(node.attr)):
                    problems.append(f"{module}:{node.lineno} reads {aliases[node.value.id]}.{node.attr}, "
                                    f"a private name")
        return problems

    def _module_aliases(self, module: str) -> dict[str, str]:
        out = {}
        for node in ast.walk(self.trees[module]):
            if isinstance(node, ast.Import):
                out.update({a.asname: a.name for a in node.names if a.asname and a.name in self.modules})
            elif isinstance(node, ast.ImportFrom):
                target = self._from_target(module, node)
                out.update({a.asname or a.name: f"{target}.{a.name}" for a in node.names
                            if f"{target}.{a.name}" in self.modules})
        return out


HOUSE = House(ROOT, FOLDERS)


# --- the tests ------------------------------------------------------------------------


def test_every_package_says_what_it_may_import():
    silent = sorted(p for p in HOUSE.packages if HOUSE.declared(p) is None)
    assert not silent, "packages whose docstring has no `May import:` line: " + ", ".join(silent)


def test_no_package_imports_what_it_did_not_declare():
    problems = HOUSE.undeclared_imports()
    assert not problems, "imports that point up or sideways:\n  " + "\n  ".join(problems)


def test_no_cycle_of_files():
    found = HOUSE.cycles()
    assert not found, "files that import each other in a loop:\n  " + "\n  ".join(" <-> ".join(c) for c in found)


def test_no_private_name_crosses_a_module():
    problems = HOUSE.private_names()
    assert not problems, "private names used from another module:\n  " + "\n  ".join(problems)


def test_the_checks_find_what_is_planted(tmp_path):
    """An upward import, a cycle and a private name, each planted once, are found."""
    files = {
        "spec/__init__.py": '"""Ground.\n\nMay import: nothing\n"""\n',
        "spec/a.py": "from .b import _hidden\nfrom waybill.runtime import c\n",
        "spec/b.py": "from . import a\n_hidden = 1\n",
        "runtime/__init__.py": '"""Kernel.\n\nMay import: waybill.spec\n"""\n',
        "runtime/c.py": "x = 1\n",
        "runtime/d.py": "from waybill.spec import b\nb._hidden\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(text)
    house = House(tmp_path, {"spec": "waybill.spec", "runtime": "waybill.runtime"})
    assert [p.split(",")[0] for p in house.undeclared_imports()] == ["waybill.spec.a:2 imports waybill.runtime.c"]
    assert house.cycles() == [["waybill.spec.a", "waybill.spec.b"]]
    assert sorted(p.split(",")[0].split(" ")[0] for p in house.private_names()) == ["waybill.runtime.d:2",
                                                                                   "waybill.spec.a:1"]

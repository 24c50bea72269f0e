"""The package's imports flow forward through the pipeline's stages (docs/architecture.md):
a stage imports only stages below it, never through a function-level import, and no
module or class grows past the size a reader can hold."""

import ast
import os

import pytest

from paths import ROOT

PACKAGE = os.path.join(ROOT, "srcdiff")

# lowest first; a module may import its own stage and the stages before it
LAYERS = [
    ("errors", "version", "types", "leaves"),
    ("runtime", "runtime_memory", "runtime_snapshots", "runtime_checks", "runtime_array_api",
     "runtime_numba_checks"),
    ("compiler.ir",),
    ("rules",),
    ("compiler.front",),
    ("compiler.analysis",),
    ("compiler.optimize", "compiler.reverse", "compiler.forward"),
    ("compiler.emit",),
    ("compiler.driver",),
    ("api",),
    ("train", "cli"),
    ("optimizers", "__init__", "__main__"),
]
RANK = {stage: k for k, stages in enumerate(LAYERS) for stage in stages}

# function-level imports of srcdiff modules allowed (each could hide a cycle): only the numba
# backend's, deferred so that `import srcdiff` does not import numba (an optional extra)
LAZY_ALLOWED = {("api.backends", "compiler.emit.numba_emit")}

MAX_MODULE_LINES = 600
MAX_CLASS_LINES = 550
RULE_TABLES = {"rules.numpy_rules", "rules.shape_rules", "rules.linalg_rules",
               "rules.scipy_rules", "rules.product_rules", "rules.reduction_rules",
               "rules.fft_rules", "rules.runtime_rules"}


def modules():
    for folder, _, files in os.walk(PACKAGE):
        for f in sorted(files):
            if f.endswith(".py"):
                path = os.path.join(folder, f)
                name = os.path.relpath(path, PACKAGE)[:-3].replace(os.sep, ".")
                yield name, path


def stage(module):
    parts = module.split(".")
    if parts[0] == "compiler" and len(parts) > 2:
        return "compiler." + parts[1]
    if parts[0] == "compiler" and parts[1:] == ["driver"]:
        return "compiler.driver"
    if parts[-1] == "__init__" and len(parts) > 1:  # a package's own stage
        return "compiler.ir" if parts[:-1] == ["compiler"] else stage(".".join(parts[:-1]) + ".x")
    return parts[0] if parts[0] in RANK else module


def imports(path):
    """``(imported module relative to srcdiff, at top level?)`` for each srcdiff import."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    inner = {id(n) for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.ClassDef))
             for n in ast.walk(f)}  # (module level includes try/if blocks: optional imports)
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                and node.module.split(".")[0] == "srcdiff":
            base = node.module[len("srcdiff"):].lstrip(".")
            for a in node.names:
                sub = f"{base}.{a.name}" if base else a.name
                full = os.path.join(PACKAGE, *sub.split("."))
                names.append(sub if os.path.exists(full + ".py") or os.path.isdir(full)
                             else base or "__init__")
        elif isinstance(node, ast.Import):
            names = [a.name[len("srcdiff."):] for a in node.names
                     if a.name.startswith("srcdiff.")]
        elif isinstance(node, ast.ImportFrom) and node.level:
            raise AssertionError(f"{path}: relative import (write srcdiff.<stage>.<module>)")
        for n in names:
            yield n, id(node) not in inner


@pytest.mark.parametrize("module,path", list(modules()), ids=lambda x: str(x))
def test_imports_flow_forward(module, path):
    here = stage(module)
    assert here in RANK, f"{module}: not in a stage of LAYERS (docs/architecture.md)"
    for target, top in imports(path):
        there = stage(target)
        assert there in RANK, f"{module} imports {target}, which is in no stage"
        assert RANK[there] <= RANK[here], (
            f"{module} ({here}) imports {target} ({there}): a later stage")
        if not top:
            assert (module, target) in LAZY_ALLOWED, (
                f"{module} imports {target} inside a function (a hidden cycle?)")


def test_stages_have_no_cycles_between_modules():
    graph = {m: {t for t, _ in imports(p)} for m, p in modules()}
    graph = {m.removesuffix(".__init__"): {t.removesuffix(".__init__") for t in ts}
             for m, ts in graph.items()}
    seen, stack = {}, []

    def visit(m):
        seen[m] = "open"
        stack.append(m)
        for t in sorted(graph.get(m, ())):
            if (m, t) in LAZY_ALLOWED or t == m:
                continue
            if seen.get(t) == "open":
                raise AssertionError("import cycle: " + " -> ".join(stack[stack.index(t):] + [t]))
            if t not in seen:
                visit(t)
        stack.pop()
        seen[m] = "done"

    for m in sorted(graph):
        if m not in seen:
            visit(m)


@pytest.mark.parametrize("module,path", list(modules()), ids=lambda x: str(x))
def test_modules_and_classes_stay_readable(module, path):
    text = open(path, encoding="utf-8").read()
    if module not in RULE_TABLES:
        n = text.count("\n")
        assert n <= MAX_MODULE_LINES, f"{module}: {n} lines (split it along a seam)"
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ClassDef):
            n = node.end_lineno - node.lineno + 1
            assert n <= MAX_CLASS_LINES, f"{module}.{node.name}: {n} lines"


def test_the_checks_can_fail(tmp_path):
    """A backward import and a function-level import are caught."""
    bad = tmp_path / "bad.py"
    bad.write_text("from srcdiff.api import higher\n\n"
                   "def f():\n    from srcdiff.compiler import driver\n")
    found = list(imports(str(bad)))
    assert ("api.higher", True) in found and ("compiler.driver", False) in found
    assert RANK[stage("api.higher")] > RANK[stage("compiler.ir.syntax")]
    assert stage("compiler.reverse.adjoint") == "compiler.reverse"
    assert stage("compiler.driver") == "compiler.driver"

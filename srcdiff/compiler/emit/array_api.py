"""Generated code for array-API arrays (``array_api_strict``): what it may call, checked
before it runs, and the errors it may still meet while running, made SrcdiffErrors.

For arguments of an array-API library, generated code runs with ``np`` bound to the
allowlist namespace of runtime_array_api.py. :func:`refuse_numpy_only` reads every
generated function before anything runs and refuses, located at the user's line:

* ``np.NAME`` outside the allowlist (``np.einsum``, ``np.add.at``, ``np.linalg...``);
* another module's functions (``scipy.special...``) and calls of Python functions
  other than generated ones, the rebound run-time helpers and builtins (a rule's
  helper or a user's function the gradient calls as it is: their bodies run NumPy);
* attributes only NumPy's arrays have (``x.mean()``, ``x.reshape(...)``, ``x.flat``):
  an array-API array has operators, ``.T``, ``.mT``, ``.shape``, ``.ndim``, ``.size``,
  ``.dtype``, ``.device`` only.

What the code cannot know before running (an integer array where NumPy promotes, an
index array, ``.T`` of a 3-d array) fails inside the array library with a TypeError,
AttributeError or IndexError, or inside the namespace with a SrcdiffError;
:func:`converting` turns the former into a SrcdiffError at the generated line.
"""

import builtins
import inspect
import linecache
import sys
import textwrap
import types

import gast
import numpy as np

from srcdiff.compiler.ir import syntax as S
from srcdiff.errors import InternalError, SrcdiffError
from srcdiff.runtime_array_api import ALLOWED, HINTS, helpers_for

_CONTAINER_ATTRIBUTES = set().union(*(dir(t) for t in (list, dict, set, tuple, str)))
_ARRAY_API_ATTRIBUTES = {"T", "mT", "shape", "ndim", "size", "dtype", "device", "to_device"}
NUMPY_ONLY_ATTRIBUTES = frozenset(
    a for a in dir(np.ndarray) if not a.startswith("_")) - _ARRAY_API_ATTRIBUTES \
    - _CONTAINER_ATTRIBUTES
_ALLOWED_MODULES = {"math"}  # (on a 0-d array: its float; on others a TypeError)


def refuse_numpy_only(nodes, parsed, namespaces, module):
    """Raise a located SrcdiffError at the first NumPy-only call or attribute in the
    generated functions ``nodes`` (for arrays of ``module``), before anything runs;
    ``namespaces``: the one each node runs in (parallel lists); ``parsed`` is the
    differentiated function's (callees' come from their generators). The rules' helpers
    the code calls are checked the same way and, when they pass, bound to the namespace
    in every one of ``namespaces``."""
    check = _Checker(module, {n.name for n in nodes if isinstance(n, gast.FunctionDef)})
    if len(nodes) != len(namespaces):
        raise InternalError("refuse_numpy_only: one namespace per generated function")
    for fn, namespace in zip(nodes, namespaces):
        gen = getattr(fn, "_srcdiff_generator", None)
        where = gen.parsed if gen is not None else parsed
        for stmt in _statements(fn):
            why = check.statement(stmt, namespace)
            if why is not None:
                message, hint = why
                raise where.error(stmt, message, hint=hint) \
                    if getattr(stmt, "lineno", None) is not None \
                    else where.error(where.node, message, hint=hint)
    for ns in namespaces:
        ns.update(check.bound)


def _statements(fn):
    for stmt in gast.walk(fn):
        if isinstance(stmt, gast.stmt) and not isinstance(stmt, gast.FunctionDef):
            yield stmt


class _Checker:
    """What generated code (or a rule's helper) may do on ``module``'s arrays."""

    def __init__(self, module, generated):
        self.module = module
        self.generated = set(generated)
        self.helpers = helpers_for(module)  # (allowed where the name is bound to them)
        self.bound = {}  # a rule helper's name -> its version bound to the namespace
        self.seen = {}  # rule helper -> None (passed) or (message, hint)

    def statement(self, stmt, namespace):
        for node in gast.walk(stmt):
            why = self.node(node, namespace, stmt)
            if why is not None:
                return why
        return None

    def node(self, node, namespace, stmt):
        """``(message, hint)`` when ``node`` is NumPy-only, else None."""
        module = self.module
        if isinstance(node, gast.Attribute):
            chain = S.dotted_parts(node)
            if chain is not None and chain[0] == "np":  # (the longest chain is judged)
                if _is_prefix(node, stmt) or len(chain) == 2 and chain[1] in ALLOWED:
                    return None
                return _refused(".".join(chain[1:]), module)
            obj = namespace.get(chain[0]) if chain is not None else None
            if isinstance(obj, types.ModuleType) and obj.__name__ not in _ALLOWED_MODULES:
                return (f"{'.'.join(chain)} is {obj.__name__}'s, which runs on NumPy arrays: "
                        f"it cannot run on {module} arrays", "run this function on NumPy arrays")
            if node.attr in NUMPY_ONLY_ATTRIBUTES and not isinstance(obj, types.ModuleType):
                return (f"`.{node.attr}` is an attribute of NumPy arrays only: {module} arrays "
                        "have operators, .T, .mT, .shape, .ndim, .size and .dtype",
                        f"write it with a function: np.{node.attr}(x, ...)"
                        if node.attr in ALLOWED else "run this function on NumPy arrays")
        if isinstance(node, gast.Call) and isinstance(node.func, gast.Name):
            return self.call(node.func.id, namespace)
        if isinstance(node, gast.BinOp) and any(isinstance(side, gast.Compare)
                                                for side in (node.left, node.right)):
            return (f"arithmetic on a comparison's booleans (NumPy counts True as 1; "
                    f"{module} refuses arithmetic on booleans)",
                    "np.maximum's and np.minimum's gradients count ties so: write "
                    "np.where(x > y, x, y) for them" if _in_rule(stmt) else
                    "write np.where(condition, 1.0, 0.0)")
        return None

    def call(self, name, namespace):
        obj = namespace.get(name)
        if obj is None or name in self.generated or obj is self.helpers.get(name) \
                or getattr(builtins, name, None) is obj:
            return None
        if isinstance(obj, types.FunctionType) \
                and (obj.__module__ or "").startswith("srcdiff.rules."):
            why = self.rule_helper(obj)
            if why is None:
                self.bound[name] = _rule_env(obj.__module__, self.module)[obj.__name__]
                return None
            path, message, hint = why
            return (f"the gradient calls srcdiff's rule helper {' -> '.join(path)}, in which "
                    f"{message}", hint)
        what = f"{getattr(obj, '__module__', None) or '?'}.{getattr(obj, '__qualname__', name)}"
        return (f"the gradient calls {name} ({what}) as it is, and its code runs NumPy's "
                f"functions, not {self.module}'s", "differentiate it on NumPy arrays, or "
                "inline it into the function srcdiff differentiates")

    def rule_helper(self, fn):
        """None when the rule helper ``fn`` (and the helpers it calls) pass, else
        ``(path of helpers, message, hint)``."""
        if fn in self.seen:
            return self.seen[fn]
        self.seen[fn] = None  # (a recursive call passes while its body is read)
        tree = gast.parse(textwrap.dedent(inspect.getsource(fn)))
        env = _rule_env(fn.__module__, self.module)  # (its helpers bound: as it will run)
        for stmt in _statements(tree):
            for node in gast.walk(stmt):
                if isinstance(node, gast.Call) and isinstance(node.func, gast.Name) and \
                        isinstance(env.get(node.func.id), types.FunctionType) and \
                        (env[node.func.id].__module__ or "").startswith("srcdiff.rules."):
                    inner = self.rule_helper(env[node.func.id])
                    if inner is not None:  # (the innermost helper's reason, with the path)
                        self.seen[fn] = ([fn.__name__] + inner[0],) + inner[1:]
                        return self.seen[fn]
                why = self.node(node, env, stmt)
                if why is not None:
                    self.seen[fn] = ([fn.__name__], why[0], why[1])
                    return self.seen[fn]
        return None


def _rule_env(name, module):
    """The globals of rules module ``name`` with ``np`` and the run-time helpers bound to
    ``module``'s namespace, its functions made again in them (once per pair)."""
    key = (name, module)
    if key not in _RULE_ENVS:
        env = dict(vars(sys.modules[name]))
        env.update(helpers_for(module))
        for k, f in list(env.items()):
            if isinstance(f, types.FunctionType) and f.__module__ == name:
                env[k] = types.FunctionType(f.__code__, env, f.__name__, f.__defaults__,
                                            f.__closure__)
        _RULE_ENVS[key] = env
    return _RULE_ENVS[key]


_RULE_ENVS = {}


def _in_rule(stmt):
    """True for a statement srcdiff made (an adjoint), not the user's own line."""
    role = getattr(getattr(stmt, "_srcdiff_origin", None), "role", None)
    return role is not None and role != "primal"


def _refused(name, module):
    head = name.split(".")[0]
    hint = HINTS.get(name) or HINTS.get(head) or "run this function on NumPy arrays"
    return (f"np.{name} has no exact array-API equivalent in srcdiff's allowlist (it runs "
            f"on NumPy arrays only), so this gradient cannot run on {module} arrays", hint)


def _is_prefix(node, stmt):
    """True when ``node`` is the inner part of a longer chain (``np.linalg`` of
    ``np.linalg.norm``): the longest chain is the one judged."""
    return any(isinstance(n, gast.Attribute) and n.value is node for n in gast.walk(stmt))


def converting(fn, module):
    """``fn`` with the TypeError, AttributeError or IndexError the array library raises
    on a NumPy-only operation (and a ValueError raised inside the library, such as a
    write into a read-only broadcast) made a SrcdiffError located at the generated line;
    srcdiff's own ValueErrors (a ``grad_ys`` of the wrong shape) stay as they are."""

    def call(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except (TypeError, AttributeError, IndexError) as e:
            raise _located(e, module) from e
        except ValueError as e:
            if not _raised_in(e, module):
                raise
            raise _located(e, module) from e

    return call


def _raised_in(error, module):
    """True when the innermost frame of ``error`` is in the package ``module``."""
    tb = error.__traceback__
    while tb.tb_next is not None:
        tb = tb.tb_next
    name = tb.tb_frame.f_globals.get("__name__", "")
    return name == module or name.startswith(module + ".")


def _located(error, module):
    filename = lineno = line = None
    tb = error.__traceback__
    while tb is not None:  # the innermost frame of generated code
        name = tb.tb_frame.f_code.co_filename
        if name.startswith("<srcdiff"):
            filename, lineno = name, tb.tb_lineno
            line = linecache.getline(name, lineno)
        tb = tb.tb_next
    return SrcdiffError(f"the generated code met NumPy behaviour {module} arrays do not "
                        f"have: {type(error).__name__}: {error}", filename=filename,
                        lineno=lineno, line=line or None,
                        hint="run this function on NumPy arrays (or write the line with "
                             "functions both libraries have)")

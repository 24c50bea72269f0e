"""``srcdiff --backend numba``: a written module whose gradients numba compiles.

Each target's gradient is generated as for the NumPy module, then rewritten for numba as
``sd.grad(f, backend="numba")`` rewrites it (compiler/emit/numba_emit.py: typed tapes,
numba versions of the run-time helpers). The module defines two functions per target:

- ``_grad_f_numba``, the rewritten gradient under ``@numba.njit(cache=True,
  boundscheck=True)`` (an index past an array's end raises IndexError as NumPy does): the
  user globals it reads are parameters after ``grad_ys`` (numba would freeze a global's
  value into its machine code);
- ``grad_f(<f's parameters>, grad_ys=None)``, plain Python, which refuses arguments
  holding floats other than float64 (``float64_arguments``, srcdiff/runtime_numba_checks.py,
  as ``sd.grad(f, backend="numba")`` does: a float32 array would give a float64 gradient
  or mix precisions in compiled stores), then passes those globals as the module has them
  at the call and lists of floats read by index as arrays.

The module imports numpy, numba and the numba helpers from srcdiff
(``srcdiff.compiler.emit.numba_helpers``, ``numba_math``): unlike the NumPy module it
needs srcdiff installed. Not specialized on argument types (none are known when it is
written, but for parameters annotated ``float``/``int``, checked by its Python entry:
cli/annotations.py), numba compiles the gradient on its first call for each argument types and
caches the machine code next to the module; what numba cannot type is then numba's
TypingError, at that call. What the numba backend refuses while rewriting (calls of
other user functions, helpers without a numba version, lists read as globals, tapes in
branches) is refused here, when the module is written.
"""

import ast

from srcdiff.compiler.analysis.effects import changed_parameters
from srcdiff.compiler.emit import numba_cache, numba_emit, standalone


def pieces(text, parsed, namespace, fn, callees, registry, guard=()):
    """The standalone pieces (api: compiler/emit/standalone.py) of one target's numba
    gradient: the compiled core and its Python entry. ``text``: the generated gradient
    (one function, NumPy backend); ``namespace``: where its names resolve; ``fn``: the
    user function; ``callees``: the adjoints of user functions it calls (refused);
    ``guard``: the entry's first statements, the checks of parameters annotated
    ``float``/``int`` (cli/annotations.py), run in Python before numba's code."""
    where = numba_emit._Where(fn)
    if callees:
        raise where.error("the numba backend compiles one function; the gradient calls "
                          "the generated adjoints of other user functions",
                          'inline the called functions, or leave out --backend numba')
    if changed_parameters(parsed, registry):
        raise where.error("the numba backend does not compile functions that change an "
                          "argument in place", "leave out --backend numba")
    entry = ast.parse(text).body[0]
    source, names, lists = numba_emit.numba_source(text, entry.name, namespace, where)
    core_name = f"_{entry.name}_numba"
    core = ast.parse(source)
    core.body[0].name = core_name
    # (numba's options as sd.grad(f, backend="numba") compiles with them: numba_cache._JIT)
    options = "".join(f", {k}={v!r}" for k, v in sorted(numba_cache._JIT.items()))
    core_text = f"@numba.njit(cache=True{options})\n" + ast.unparse(core) + "\n"
    params = [a.arg for a in entry.args.args]
    passed = [f"float_array({p})" if k in lists else p for k, p in enumerate(params)]
    doc = (f'"""The gradient of {fn.__name__} ({core_name} runs it under numba; it '
           'compiles on the first call for each argument types)."""')
    named = ", ".join(f"({p!r}, {p})" for p in params if p != "grad_ys")  # (f's)
    precision = f"float64_arguments({fn.__name__!r}, [{named}])"  # (runtime_numba_checks)
    checks = "".join(f"    {line}\n" for line in list(guard) + [precision])
    wrapper = (f"def {entry.name}({ast.unparse(entry.args)}):\n    {doc}\n{checks}"
               f"    return {core_name}({', '.join(passed + list(names))})\n")
    helpers = numba_emit.helpers()
    imports = {name: f"from {obj.__module__} import {name}" for name, obj in helpers.items()}
    imports["numba"] = "import numba"
    imports["float_array"] = "from srcdiff.compiler.emit.numba_helpers import float_array"
    imports["float64_arguments"] = "from srcdiff.runtime_numba_checks import float64_arguments"
    core_ns = numba_emit.namespace_for(namespace)
    return [standalone.generated_piece(wrapper, parsed, namespace, imports=imports),
            standalone.generated_piece(core_text, parsed, core_ns, imports=imports)]

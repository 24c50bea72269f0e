"""The names the numba backend writes into a gradient, kept apart from the gradient's own.

numba_emit rewrites the NumPy backend's gradient for numba and binds names of its own:
trip counters ``_kN`` and totals ``_nN``, tapes ``_tapeN``, ``_entryN``, ``_savedN``,
``_restoredN``, rows ``_<list>_row``, scratch buffers ``_scrN``, the fused groups'
functions ``_fusedN...`` and, inside a group's loop function, ``_n``, ``_m``, ``_i``,
``_j``, ``_row``, ``_tK``, ``_aK``, ``_vK``, ``_s_<name>``, ``_e_<name>``; and it calls
its helpers by name
(``tape_put``, ``int_mul``, ``max_axis``). A name of the gradient equal to one of those
was silently shared with it: a user's local ``_k0`` changed in a loop moved the tape
counter, and the gradient read other rows (a wrong gradient, the NumPy backend right).

So, before the rewrite (:func:`keep_apart`):

- a name a gradient function binds (a parameter or a local) in that space is renamed in
  the whole function (``_k0`` -> ``u_k0_``): a local's name is the function's own
  business, and numba_emit calls the compiled function with positional arguments;
- a global it reads in that space is refused (its name is how its value is found).

And after it (:func:`check_introduced`), every name the rewrite bound that the gradient
did not must be in the space: a new kind of name added to the rewrite without adding it
here is an error there, never a silent clash.
"""

import ast
import re

STACK = "_stack"  # the NumPy backend's stack, which the rewrite replaces by its tapes

# the names the rewrite binds (in a gradient function or a fused group's functions)
OWN = re.compile(r"_(k|n|tape|entry|saved|restored|scr|t|a|v|w)\d*|_[ijm]|_row|_fused\w*"
                 r"|_[se]_\w+|_\w*_row|_i\d+|_[bc]\d+_\d+")


def _names(fn):
    """``(bound, every)``: the names ``fn`` binds (parameters included) and every name in it."""
    params = {a.arg for a in ast.walk(fn) if isinstance(a, ast.arg)}
    names = [n for n in ast.walk(fn) if isinstance(n, ast.Name)]
    bound = params | {n.id for n in names if not isinstance(n.ctx, ast.Load)}
    bound |= {d.name for d in ast.walk(fn) if isinstance(d, ast.FunctionDef) and d is not fn}
    return bound, bound | {n.id for n in names}


def _reserved(name, helpers):
    return name != STACK and (OWN.fullmatch(name) is not None or name in helpers)


def keep_apart(defs, helpers, where):
    """Rename, in each function of ``defs`` (gradient functions, NumPy backend), the names
    it binds that the rewrite uses (``helpers``: the helpers' names); refuse a global it
    reads of such a name. Returns every name of ``defs`` after the renaming."""
    seen = set()
    for fn in defs:
        bound, every = _names(fn)
        renames = {}
        for name in sorted(n for n in bound if _reserved(n, helpers)):
            new = f"u{name}_"
            while new in every or new in renames.values():
                new += "_"
            renames[name] = new
        for node in ast.walk(fn):
            if isinstance(node, ast.Name) and node.id in renames:
                node.id = renames[node.id]
            elif isinstance(node, ast.arg) and node.arg in renames:
                node.arg = renames[node.arg]
        free = sorted(n for n in every - bound if _reserved(n, helpers) and n not in helpers)
        if free:
            raise where.error(f"the gradient reads the global `{free[0]}`, a name the numba "
                              "backend gives its own variables",
                              f'rename the global `{free[0]}`, or use backend="numpy"')
        seen |= _names(fn)[1] | {fn.name}
    return seen


def check_introduced(tree, before, helpers):
    """Every name the functions of ``tree`` (after the rewrite) bind that is not in
    ``before`` (:func:`keep_apart`'s answer) is one of the rewrite's own (``OWN``) or a
    helper's."""
    for fn in [d for d in tree.body if isinstance(d, ast.FunctionDef)]:
        bound = _names(fn)[0] | {fn.name}
        stray = sorted(n for n in bound - before if not _reserved(n, helpers))
        if stray:
            raise AssertionError(f"srcdiff's numba rewrite bound `{stray[0]}`, which "
                                 "numba_names.OWN does not reserve: it could clash with a "
                                 "name of the gradient")

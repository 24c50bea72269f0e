"""Whole-array views under ``backend="numba"``: a read ``X[...]`` written as ``X``.

The generated code reads ``X[...]`` where the function writes into an array with
``out=`` (``np.multiply(xs, 0.5, out=u)`` is lowered to ``u[...] = result``, its adjoint
reads ``np.copy(b_u[...])``); numba has no ``getitem`` of an Ellipsis alone (a typing
error at compile time), though it stores through one. Invariant: for a NumPy array ``X``,
``X[...]`` is a view of all of ``X`` (same shape, dtype and memory), so reading its
entries, or writing them through it, is reading or writing ``X``'s; only the object's
identity differs, which generated code never tests. Stores ``X[...] = v`` are left as
they are. tests/numba/test_numba_views.py checks gradients through ``out=`` against the
NumPy backend and finite differences.
"""

import ast


def whole_reads(tree):
    """Every load ``X[...]`` of ``tree`` as ``X`` (in place)."""
    replace_children(tree, _plain)


def replace_children(tree, replace):
    """Every child ``e`` of a node of ``tree`` as ``replace(e)`` (``e`` itself or another
    node), in place; a replacement's own children are then visited."""
    for node in ast.walk(tree):
        for field, value in ast.iter_fields(node):
            if isinstance(value, list):
                value[:] = [replace(v) for v in value]
            elif isinstance(value, ast.expr):
                setattr(node, field, replace(value))


def _plain(node):
    if (isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load)
            and isinstance(node.slice, ast.Constant) and node.slice.value is Ellipsis):
        return _plain(node.value)
    return node

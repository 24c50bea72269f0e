"""Shallow copies of dicts (and ``.copy()`` of lists) share their entries.

``dict(d)``, ``{k: v for k, v in d.items()}`` and ``d.copy()`` make a new dict holding the
same objects, so ``d2["a"] += 1.0`` on an array entry changes ``d["a"]`` too. The sharing
analysis did not see the entries through ``dict_of(keys, values)`` (what the normalizer
lowers those to), and took ``d.copy()`` for NumPy's copy of an array (a new object): the
gradients were silently wrong, and ``d2 = d.copy(); d2["a"] = ...`` crashed in generated
code (``index_add`` of a dict). A dict comprehension putting one object under two keys
(``{i: base for i in range(2)}``) was not seen either (``d[0] *= x`` changes ``d[1]``). Such
in-place changes are now refused (every name that may see them is named), and a store into
the copy, which changes no entry, is differentiated.

A written module (the command line: no argument facts) took ``p.copy()`` of a parameter for
an array's copy whatever ``p`` was: of a list or dict it now stops at run time with a
SrcdiffError instead of returning a wrong gradient.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad, numeric_jvp
from pipelines import PIPELINES


def copied_by_dict(x):
    d = {"a": x * 2.0}
    d2 = dict(d)
    d2["a"] += 1.0
    return np.sum(d["a"] * d2["a"])


def copied_by_comprehension(x):
    d = {"a": x * 2.0}
    d2 = {k: v for k, v in d.items()}
    d2["a"] += 1.0
    return np.sum(d["a"] * x)


def copied_by_method(x):
    d = {"a": x * 2.0}
    d2 = d.copy()
    d2["a"] += 1.0
    return np.sum(d["a"] * x)


def list_copied_by_method(x):
    lst = [x * 2.0, x]
    l2 = lst.copy()
    l2[0] *= x
    return np.sum(lst[0] * x)


def one_object_under_two_keys(x):
    base = x * 1.0
    d = {i: base for i in range(2)}
    d[0] *= x
    return np.sum(d[1] * x)


X = np.array([0.7, -1.3, 0.4])


@pytest.mark.parametrize("f", [copied_by_dict, copied_by_comprehension, copied_by_method,
                               list_copied_by_method, one_object_under_two_keys])
@pytest.mark.parametrize("options", PIPELINES)
def test_an_entry_changed_in_place_through_a_shallow_copy_is_refused(f, options):
    with pytest.raises(sd.SrcdiffError, match=r"changes an array in place that `(d|d2|lst|l2)`"):
        sd.grad(f, **options)(X.copy())


@pytest.mark.parametrize("f", [copied_by_dict, copied_by_method])
def test_forward_mode_refuses_it_too(f):
    with pytest.raises(sd.SrcdiffError, match=r"changes an array in place that `(d|d2)` also"):
        sd.jvp(f)(X.copy(), tangents=np.ones(3))


def store_into_dict_copy(x):
    d = {"a": x * 2.0}
    d2 = dict(d)
    d2["a"] = d2["a"] + 1.0
    return np.sum(d["a"] * d2["a"])


def store_into_method_copy(x):
    d = {"a": x * 2.0}
    d2 = d.copy()
    d2["a"] = x ** 3
    return np.sum(d["a"] * d2["a"])


def new_key_in_copy(x):
    d = {"a": x * 2.0}
    d2 = dict(d)
    d2["b"] = x ** 2
    return np.sum(d["a"] * d2["a"] * d2["b"])


def store_into_list_copy(x):
    lst = [x * 2.0, x]
    l2 = lst.copy()
    l2[0] = x ** 3
    return np.sum(lst[0] * l2[0] + l2[1])


def comprehension_of_new_values(x):
    d = {"a": x * 2.0}
    d2 = {k: v * 2.0 for k, v in d.items()}
    d2["a"] += 1.0
    return np.sum(d["a"] * d2["a"])


def new_object_under_each_key(x):
    d = {i: x * (i + 1.0) for i in range(2)}
    d[0] *= x
    return np.sum(d[1] * x + d[0])


ACCEPTED = [store_into_dict_copy, store_into_method_copy, new_key_in_copy,
            store_into_list_copy, comprehension_of_new_values, new_object_under_each_key]


@pytest.mark.parametrize("f", ACCEPTED)
@pytest.mark.parametrize("options", PIPELINES)
def test_stores_into_a_copy_are_differentiated(f, options):
    assert_close(sd.grad(f, **options)(X.copy()), numeric_grad(f, (X,), 0))


@pytest.mark.parametrize("f", ACCEPTED)
def test_forward_mode_of_stores_into_a_copy(f):
    t = np.array([0.3, -0.7, 0.2])
    _, tangent = sd.jvp(f)(X.copy(), tangents=t)
    assert_close(tangent, numeric_jvp(f, (X,), (0,), (t,)))


MODULE = """import numpy as np


def entry_scaled(x, d):
    e = d.copy()
    e["a"] *= x
    return np.sum(d["a"] * x)


def array_copied(x, w):
    u = w.copy()
    u[0] = u[1] * x[0]
    return np.sum(u * x)
"""


def _written(tmp_path, func):
    import importlib.util

    from srcdiff.cli import commands
    src = tmp_path / "shallow.py"
    src.write_text(MODULE)
    out = tmp_path / f"grad_{func}.py"
    assert commands.main([f"{src}:{func}", "--wrt", "x", "-o", str(out)]) in (0, None)
    spec = importlib.util.spec_from_file_location(f"grad_{func}", out)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, f"grad_{func}")


def test_written_module_stops_at_a_dict_parameters_copy(tmp_path):
    grad = _written(tmp_path, "entry_scaled")
    with pytest.raises(Exception, match=r"`.copy\(\)` was compiled as an array's, and it is "
                                        r"called on a dict"):
        grad(X.copy(), {"a": X * 2.0})


def test_written_module_still_copies_arrays(tmp_path):
    grad = _written(tmp_path, "array_copied")
    w = np.array([0.3, -0.2, 0.9])

    def f(x):
        u = w.copy()
        u[0] = u[1] * x[0]
        return np.sum(u * x)
    assert_close(grad(X.copy(), w.copy()), numeric_grad(f, (X,), 0))

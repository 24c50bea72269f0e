"""``del d[k]`` on a local dict and the statements ``L.insert(i, v)`` and ``L.extend(items)``
(front/entry_removals.py; ``L.extend`` since session 49, refused before as ``insert`` was).

Both were refused ("`del x[...]` ... is not supported", "the call `.insert(...)` as a
statement would change a value in place"). ``L.insert(i, v)`` is now an append and the
entries from ``i`` moved up one place (Python's clamping of ``i``), ``del d[k]`` a new dict
without ``k`` where no other reference to the old dict can be used. Gradients against
central differences in every pipeline, forward mode and the Hessian-vector product; the
near cases (a dict parameter, another name or container holding the dict, a deletion in a
loop over the dict, ``del`` of a list's entry or a slice, an insert into an array) are
refused."""

import numpy as np
import pytest

import srcdiff as sd
from pipelines import check_every_mode, refusal_message

X = np.array([0.3, -1.2, 0.8])


def dict_entry_deleted(x):
    d = {"a": x * 2.0, "b": np.sin(x), "c": x[0] * x}
    del d["b"]
    s = 0.0
    for k, v in d.items():
        s = s + np.sum(v * v) * len(k)
    return s + np.sum(d.get("c") * ("b" in d))


def deleted_in_a_loop(x):
    d = {"w0": x * 1.0, "w1": x ** 2, "w2": np.cos(x)}
    for i in range(2):
        del d[f"w{i}"]
        d["w2"] = d["w2"] * np.tanh(x * (i + 1.0))
    return sum(np.sum(d[k] * x) for k in d) * len(d)


def inserted_numbers(x):
    L = [x[0], x[1]]
    L.insert(1, x[2] * x[0])
    L.insert(-1, np.sin(x[1]))
    L.insert(-10, x[2] ** 2)
    L.insert(10, x[0] * 3.0)
    return L[0] * L[1] + L[2] * L[3] + L[4] * L[5] * L[1]


def inserted_arrays_in_a_loop(x):
    rows = [x * 1.0]
    for i in range(3):
        rows.insert(i % 2, np.tanh(rows[0] * (i + 0.5)))
    return np.sum(rows[0] * rows[1] + rows[2] ** 2) + np.sum(rows[3])


def extended_lists(x):
    xs = [x[0]]
    xs.extend([x[1] * 2.0, x[2]])
    xs.extend(v ** 2 for v in x)
    xs.extend(xs)  # (Python's: the entries as they were before the call)
    ys = xs
    ys.extend((np.sin(x[0]),))
    return sum(v * (i + 1.0) for i, v in enumerate(xs)) * len(xs)


def extended_rows_in_a_loop(x):
    rows = []
    for k in range(3):
        rows.extend([x * k, np.sin(x * rows[-1][0]) if rows else np.cos(x)])
    rows.extend(np.outer(x, x))  # (an array's rows)
    return np.sum(np.stack(rows) ** 2)


CASES = [dict_entry_deleted, deleted_in_a_loop, inserted_numbers, inserted_arrays_in_a_loop,
         extended_lists, extended_rows_in_a_loop]


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_removals_and_insertions_in_every_mode(f):
    check_every_mode(f, X.copy(), hvp=True)


def test_a_missing_key_raises_as_del_does():
    def missing(x):
        d = {"a": x}
        del d["b"]
        return np.sum(d["a"])
    with pytest.raises(KeyError):
        sd.grad(missing)(X.copy())


def parameter_dict(d, x):
    del d["a"]
    return np.sum(d["b"] * x)


def held_elsewhere(x):
    d = {"a": x * 1.0, "b": x * 2.0}
    e = d
    del d["a"]
    return np.sum(e["b"]) * len(e)


def held_in_a_list(x):
    d = {"a": x * 1.0, "b": x * 2.0}
    t = [d]
    del d["a"]
    return np.sum(t[0]["b"]) * len(t[0])


def deleted_while_looping(x):
    d = {"a": x * 1.0, "b": x * 2.0}
    for k in d:
        del d[k]
        break
    return np.sum(d["b"])


def list_entry_deleted(x):
    L = [x * 1.0, x * 2.0]
    del L[0]
    return np.sum(L[0])


def slice_deleted(x):
    d = {"a": x * 1.0, "b": x * 2.0}
    del d["a":"b"]
    return np.sum(d["b"])


@pytest.mark.parametrize("f", [held_elsewhere, held_in_a_list, deleted_while_looping,
                               list_entry_deleted, slice_deleted], ids=lambda f: f.__name__)
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_other_deletions_stay_refused(f, mode):
    message = refusal_message(f, X, mode)
    assert "`del x[...]`" in message and "test_entry_removals.py" in message, message


def test_a_dict_parameter_entry_deletion_stays_refused():
    with pytest.raises(sd.SrcdiffError, match=r"`del x\[...\]`"):
        sd.grad(parameter_dict, 1)({"a": X.copy(), "b": X.copy()}, X.copy())


def into_an_array(x):
    a = x * 1.0
    a.insert(0, 1.0)
    return np.sum(a)


def test_an_insert_into_an_array_stops():
    with pytest.raises(sd.SrcdiffError, match=r"`.insert\(\)` in place is followed for a list"):
        sd.grad(into_an_array)(X.copy())


def extended_array(x):
    a = x * 2.0
    a.extend([1.0])
    return np.sum(a)


def test_an_extend_of_an_array_stops():
    with pytest.raises(sd.SrcdiffError, match=r"`.extend\(\)` in place is followed for a list; "
                                              r"this one is called on a ndarray"):
        sd.grad(extended_array)(X.copy())

"""Issue 17, slices of one array: operands whose lengths are unknown but provably equal
(analysis/sameshape.py) need no ``unbroadcast`` (a Python call per operand per loop trip).

Each case checks the generated source, central differences in the three pipelines
(optimized, verification mode, where each dropped unbroadcast is checked by
``verify_shape``, and the unoptimized reference), and the near misses that must keep it.
"""

import gast
import numpy as np
import pytest

import srcdiff as sd
from pipelines import check_pipelines
from srcdiff.compiler.analysis import sameshape
from srcdiff.errors import VerificationError
from srcdiff.runtime_checks import verify_shape

check = check_pipelines


def loop_body(f, args, wrt, **options):
    src = sd.source(f, wrt=wrt, args=args, **options)
    return src[src.index("reversed("):]


def burgers(u0, nu, steps):
    u = u0
    for t in range(steps):
        un = u.copy()
        un[1:-1] = (u[1:-1] - 0.3 * u[1:-1] * (u[1:-1] - u[:-2])
                    + nu * (u[2:] - 2 * u[1:-1] + u[:-2]))
        u = un
    return np.sum(u ** 2)


def test_a_stencil_has_no_unbroadcast_of_its_slices():
    args = (np.sin(np.linspace(0.0, 3.0, 9)) + 0.5, 0.2, 4)
    body = loop_body(burgers, args, (0, 1))
    # the one left sums over the scalar nu's broadcast (a product summed in one pass:
    # optimize/contractions.py)
    assert body.count("unbroadcast(") + body.count("sum_product(") == 1 and (
        "unbroadcast(b_add1 * add, " in body or "sum_product(b_add1, add, " in body), body
    assert "np.copy(b_u[1:-1])" in body  # the store's part, taken as it is
    checked = loop_body(burgers, args, (0, 1), verify=True)
    assert checked.count("verify_shape(") >= 8, checked
    check(burgers, args, (0, 1))


def test_short_arrays_where_the_slices_are_empty():
    for n in (0, 1, 2, 3):
        args = (np.linspace(0.1, 0.9, n), 0.3, 2)
        check(burgers, args, (0, 1))


def broadcast_slices(u):
    a = u[:1] * u[1:]  # lengths 1 and n - 1: the first broadcasts
    return np.sum(a * u[:-1] ** 2)


def rebound_between(u):
    a = u[1:]
    u = u[:2] * 1.5
    b = u[1:]  # another u: length 1 where a has 4
    return np.sum(a * b)


def from_the_last_trip(u, n):
    prev = u[:1]
    s = 0.0
    for t in range(n):
        c = u[1:] * prev  # prev: last trip's u[:1] (length 1), not this trip's u[1:]
        s = s + np.sum(c ** 2)
        prev = u[:1] * 0.5
        u = u * 0.9
    return s


@pytest.mark.parametrize("f, args, kept", [
    (broadcast_slices, (np.array([0.3, -0.2, 0.5, 0.1, 0.7]),), "u_i"),
    (rebound_between, (np.array([0.3, -0.2, 0.5, 0.1, 0.7]),), "b"),
    (from_the_last_trip, (np.array([0.3, -0.2, 0.5, 0.1]), 3), "prev"),
])
def test_near_misses_keep_their_unbroadcast(f, args, kept):
    src = sd.source(f, wrt=0, args=args)
    assert any("unbroadcast(" in ln and kept in ln.split("unbroadcast(")[1]
               for ln in src.splitlines()), src
    check(f, args, 0)


def test_a_store_of_slices_of_the_array_stored_into():
    def smooth(w, c, n):
        w = w.copy()
        for i in range(n):
            w[1:-1] = w[1:-1] * 0.5 + (w[2:] - w[:-2]) * c
        return np.sum(np.sin(w))

    args = (np.array([0.3, -0.2, 0.5, 0.1, 0.7, -0.4]), 0.3, 3)
    assert "verify_shape(np.copy(b_w[1:-1]), " in sd.source(smooth, wrt=(0, 1), args=args,
                                                             verify=True)
    check(smooth, args, (0, 1))


def _slice(text):
    return gast.parse(f"x[{text}]").body[0].value.slice


@pytest.mark.parametrize("a, b, same", [
    ("1:-1", ":-2", True), ("1:-1", "2:", True), (":-2", "2:", True), ("0:3", ":3", True),
    ("1:", ":-1", True), ("1:", ":-2", False), (":1", "1:2", False), (":1", "-1:", True),
    (":1", ":2", False),
    ("3:1", "5:5", True), ("1:-1", "1:-1:1", True), (":", "0:", True),
])
def test_slice_lengths_equal_for_every_axis_length(a, b, same):
    la, lb = sameshape._slice_length(_slice(a)), sameshape._slice_length(_slice(b))
    assert (la == lb) is same

    def length(text, n):
        return len(range(n)[slice(*[int(p) if p else None for p in text.split(":")[:2]])])

    assert all(length(a, n) == length(b, n) for n in range(300)) is same


@pytest.mark.parametrize("text", ["::2", "1:40", "i:", ":-k", "::-1"])
def test_slices_without_a_key(text):
    assert sameshape._slice_length(_slice(text)) is None


def test_verify_shape():
    g = np.ones(3)
    assert verify_shape(g, np.zeros(3)) is g
    with pytest.raises(VerificationError, match="has shape \\(1, 3\\)"):
        verify_shape(np.ones((1, 3)), np.zeros(3))

"""tf.gradients semantics on NumPy (SPEC §1): summed outputs, grad_ys, unconnected, stops."""

import numpy as np
import pytest

import srcdiff as sd
import tf_cases as T
from fd import assert_close, numeric_grad


def test_tuple_outputs_are_summed():
    xs = [np.array([1.0, 2.0, 3.0]) * (k + 1) for k in range(4)]
    g = sd.grad(T.two_outputs, wrt=(0, 1, 2, 3))(*xs)
    ones = np.ones(3)
    for got, want in zip(g, [ones, ones, 2 * ones, ones]):
        np.testing.assert_array_equal(got, want)


def test_tuple_outputs_with_grad_ys():
    xs = [np.array([1.0, 2.0, 3.0]) * (k + 1) for k in range(4)]
    gy = (np.array([2.0, 2.0, 3.0]), np.array([3.0, 2.0, 4.0]))
    g = sd.grad(T.two_outputs, wrt=(0, 1, 2, 3))(*xs, grad_ys=gy)
    want = [[2, 2, 3], [2, 2, 3], [5, 4, 7], [3, 2, 4]]
    for got, w in zip(g, want):
        np.testing.assert_array_equal(got, np.array(w, dtype=float))


def test_grad_ys_shape_mismatch_names_output_and_shapes():
    x = np.array([[3.0, 4.0]])
    with pytest.raises(ValueError) as info:
        sd.grad(T.matmul_21)(x, grad_ys=np.array([[1.0, 2.0]]))
    msg = str(info.value)
    assert "(1, 2)" in msg and "(1, 1)" in msg and "output" in msg


def test_grad_ys_matching_shape():
    x = np.array([[3.0, 4.0]])
    g = sd.grad(T.matmul_21)(x, grad_ys=np.array([[2.0]]))
    np.testing.assert_array_equal(g, np.array([[4.0, 2.0]]))


def test_grad_ys_count_checked():
    xs = [np.ones(3)] * 4
    with pytest.raises(ValueError, match="2 outputs"):
        sd.grad(T.two_outputs)(*xs, grad_ys=(np.ones(3),))


def test_grad_ys_shape_checked_per_output():
    xs = [np.ones(3)] * 4
    with pytest.raises(ValueError, match="output 1"):
        sd.grad(T.two_outputs)(*xs, grad_ys=(np.ones(3), np.ones(2)))


def test_grad_ys_must_be_float():
    with pytest.raises(ValueError, match="dtype"):
        sd.grad(T.array_output)(np.ones(2), grad_ys=np.array(["a", "b"]))


def test_grad_ys_scalar_and_0d_match():
    assert sd.grad(T.a_plus_b)(1.0, grad_ys=2.0) == 6.0
    assert sd.grad(T.a_plus_b)(1.0, grad_ys=np.array(2.0)) == 6.0


def test_wrt_local_and_stop_gradients():
    assert sd.grad(T.a_plus_b, wrt=("a", "b"))(1.5) == (3.0, 1.0)
    assert sd.grad(T.a_plus_b, wrt=("a", "b"), stop_gradients=("a", "b"))(1.5) == (1.0, 1.0)


def test_stop_gradients_on_local_only():
    # b = 2a is a constant: only the direct path a -> a + b remains
    assert sd.grad(T.a_plus_b, stop_gradients=("b",))(1.5) == 1.0


def test_w_x_x_and_clip():
    gw, gx = sd.grad(T.w_x_x, wrt=(0, 1))(2.0, 3.0)
    assert (gw, gx) == (9.0, 12.0)
    assert float(sd.clip_by_norm(gw, 5.0)) == pytest.approx(5.0)
    assert float(sd.clip_by_norm(gx, 5.0)) == pytest.approx(5.0)


def test_unconnected_none_and_zero():
    a, b = np.ones(2), np.ones(3)
    ga, gb = sd.grad(T.unconnected, wrt=(0, 1))(a, b)
    assert gb is None
    np.testing.assert_array_equal(ga, 3.0 * np.ones(2))
    ga, gb = sd.grad(T.unconnected, wrt=(0, 1), unconnected_gradients="zero")(a, b)
    np.testing.assert_array_equal(gb, np.zeros(3))
    assert gb.dtype == float


def test_stop_gradient_in_code():
    a, b = 1.5, 0.5
    ga, gb = sd.grad(T.with_stop_gradient, wrt=(0, 1))(a, b)
    # c is a constant equal to a*b: d/da (c*a + b) = c, d/db = 1
    assert ga == pytest.approx(a * b) and gb == pytest.approx(1.0)


def _frozen_fd(f, x, frozen):
    """Central differences of ``f`` with every ``sd.stop_gradient`` value frozen at ``x``
    (``frozen(x, x0)`` is ``f`` written with the stopped values computed from ``x0``)."""
    return numeric_grad(lambda z: frozen(z.copy(), x.copy()), (x,), 0)


def test_stop_gradient_result_is_known_to_hold_floats():
    # sd.stop_gradient(a) is `a` at run time: a float array whose stores keep their value;
    # it was refused with "cannot prove holds floats" (its result had no known kind)
    x = np.array([1.5, 2.0, -0.7])
    t = np.array([0.3, -1.0, 2.0])

    def frozen_copy(z, z0):
        y = z0.copy()
        y[0] = z[1] * 2.0
        return np.sum(y * z)

    def frozen_sum(z, z0):
        y = z0 + 0.0
        for i in range(2):
            y[i] = y[i] * z[i]
        return np.sum(y)

    for f, frozen in ((T.store_into_stopped_copy, frozen_copy),
                      (T.stores_into_stopped_sum, frozen_sum)):
        want = _frozen_fd(f, x, frozen)
        assert_close(sd.grad(f)(x.copy()), want)  # [4, 5, -0.7] and [1.5, 2, 0]
        _, tangent = sd.jvp(f)(x.copy(), tangents=t)
        assert tangent == pytest.approx(float(np.dot(want, t)), rel=1e-8)


def test_stop_gradient_and_stop_names_first_wins():
    a = 0.7
    # c is constant; d = 2 a^2 -> 4a
    assert sd.grad(T.stop_then_names)(a) == pytest.approx(4 * a)
    # stopping d too leaves nothing
    assert sd.grad(T.stop_then_names, stop_gradients=("d",))(a) is None
    assert sd.grad(T.stop_then_names, stop_gradients=("d",),
                   unconnected_gradients="zero")(a) == 0.0


def test_wrt_local_last_assignment():
    x = np.array([0.2, -0.4])
    (gh,) = sd.grad(T.local_wrt, wrt=("h",))(x)
    h = np.tanh(x) * 2.0
    np.testing.assert_allclose(gh, 2 * h)


@pytest.mark.parametrize("fn, name", [(T.local_in_branches, "y"),
                                       (T.local_maybe_reassigned, "z")])
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_wrt_local_last_assigned_in_a_branch_is_refused(fn, name, mode):
    # Which assignment is "last" depends on the branch taken. Reverse mode captured the
    # gradient at the first assignment its backward sweep met: right when that branch ran,
    # UnboundLocalError otherwise (flag=False); forward mode refused. Both refuse now, at
    # the assignment, with its file and line.
    if mode == "reverse":
        make = lambda: sd.grad(fn, wrt=name)(2.0, False)  # noqa: E731
    else:
        make = lambda: sd.jvp(fn, wrt=name)(2.0, False, tangents=1.0)  # noqa: E731
    with pytest.raises(sd.SrcdiffError, match=f"last assignment of '{name}' at the top") as e:
        make()
    assert "tf_cases.py:" in str(e.value) and f"{name} = x *" in str(e.value)


@pytest.mark.parametrize("name, line", [("y", "y = x * i"), ("i", "for i in range(3):")])
def test_wrt_local_assigned_in_a_loop_is_refused_at_the_assignment(name, line):
    # SPEC §7: the file, line and source of the assignment (the message had none).
    for make in (lambda: sd.grad(T.local_in_a_loop, wrt=name)(1.0),
                 lambda: sd.jvp(T.local_in_a_loop, wrt=name)(1.0, tangents=1.0)):
        with pytest.raises(sd.SrcdiffError, match="assigned inside a loop") as e:
            make()
        assert "tf_cases.py:" in str(e.value) and line in str(e.value)


def test_wrt_local_assigned_twice_has_the_last_values_dtype():
    # The gradient's shape and dtype are those of the value of the last assignment (float32
    # here); finish() was given the value the backward sweep had restored (the value before
    # the first assignment, None), so a float64 gradient came back, and for a large array
    # a read-only broadcast view.
    x = np.array([1.0, -2.0, 0.5], np.float32)
    c = np.array([0.1, 0.2, 0.3])
    g = sd.grad(T.local_twice_float32, wrt="z")(x, c)
    assert g.dtype == np.float32 and g.shape == (3,)
    np.testing.assert_allclose(g, c.astype(np.float32))
    big = sd.grad(T.local_twice_float32, wrt="z")(np.ones(5000), 1.5)
    assert big.flags.writeable and big.strides == (8,)
    np.testing.assert_array_equal(big, np.full(5000, 1.5))


@pytest.mark.parametrize("bad, got", [({"a": 1.0}, "got keys 'a'"),
                                      ({"a": 1.0, "b": 1.0, "c": 5.0}, "'b', 'c'"),
                                      ((1.0, 1.0), "got tuple")])
def test_grad_ys_of_a_dict_output_needs_its_keys(bad, got):
    # A missing key raised a bare KeyError, a tuple a TypeError from the generated code,
    # and an unknown key was silently ignored.
    with pytest.raises(ValueError, match="must be a dict with the output's keys 'a', 'b'") \
            as e:
        sd.grad(T.dict_output)(3.0, grad_ys=bad)
    assert got in str(e.value)
    assert sd.grad(T.dict_output)(3.0, grad_ys={"b": 1.0, "a": 2.0}) == 2 * 3.0 + 6.0


def test_python_float_argument_gets_a_python_float():
    # A Python float is a float64; its gradient came back np.float32 when the other
    # factor was a float32 array (the sum is float32 in the primal too).
    x = np.array([1.0, 2.0, 3.5], np.float32)
    gx, gy = sd.grad(T.scaled_sum, wrt=(0, 1))(x, 2.0)
    assert type(gy) is float and gy == 6.5
    assert gx.dtype == np.float32
    assert type(sd.grad(T.scaled_sum, wrt=1)(x, np.float32(2.0))) is np.float32


def test_integer_arguments_are_constants():
    assert sd.grad(T.int_argument, wrt=1)(2.0, 3) is None
    assert sd.grad(T.int_argument)(2.0, 3) == 3.0


def test_integer_and_boolean_entries_are_constants():
    # As for a top-level int (None above), an int or bool entry of a dict, list or tuple
    # argument is a constant; it got a float gradient: {'a': 4.0, 'b': 6.0} for b=2,
    # 6.0 for b=True, [6.0, 6.0] for an int array.
    for b in (2, True, np.int64(2), np.array([1, 2])):
        g = sd.grad(T.product_of_entries)({"a": 3.0, "b": b})
        assert g["b"] is None
        np.testing.assert_allclose(g["a"], 2.0 * np.sum(b))
        z = sd.grad(T.product_of_entries, unconnected_gradients="zero")({"a": 3.0, "b": b})
        assert np.shape(z["b"]) == np.shape(b) and np.all(z["b"] == 0.0)
        assert np.asarray(z["b"]).dtype == np.float64
    g = sd.grad(T.product_of_items)([3.0, 2, (np.array([1, 2]), 0.5)])
    assert g[1] is None and g[2][0] is None
    assert g[0] == 2 * 3.0 * 0.5 and g[2][1] == 3.0 * 2 * 3.0


def test_integer_entries_tangents_are_ignored():
    # Forward mode: an int or bool entry's tangent was used (the top-level int's was not):
    # jvp of 2ab at a=3, b=2 along (1, 5) gave 34.0 for 4.0; hvp of a^2 b along (1, 5)
    # gave 26.0 for 2b = 6.0 at a=2, b=3.
    _, t = sd.jvp(T.product_of_entries)({"a": 3.0, "b": 2}, tangents={"a": 1.0, "b": 5})
    assert t == 2 * 2 * 1.0
    _, t = sd.jvp(T.product_of_entries)({"a": 3.0, "b": True}, tangents={"a": 1.0, "b": 1.0})
    assert t == 2 * 1 * 1.0
    hv = sd.hvp(T.square_times_entry)({"a": 2.0, "b": 3}, vector={"a": 1.0, "b": 5})
    assert hv["a"] == 2 * 3 * 1.0


def test_stop_gradients_must_be_names():
    # An int (a position) failed with "'int' object is not iterable" from deep inside.
    for make in (lambda: sd.grad(T.add_two, stop_gradients=(0,)),
                 lambda: sd.jvp(T.add_two, stop_gradients=0)):
        with pytest.raises(TypeError, match=r"stop_gradients must be names .*got 0"):
            make()(1.0, 2.0)
    assert sd.grad(T.add_two, stop_gradients=None)(1.0, 2.0) == 1.0


def test_float32_gradient_dtype():
    x = np.ones(3, dtype=np.float32)
    g = sd.grad(T.array_output)(x)
    assert g.dtype == np.float32 and g.shape == (3,)
    assert_close(g, numeric_grad(T.array_output, (x.astype(np.float64),), 0), rtol=1e-5,
                 atol=1e-6)


def test_vjp_pullback():
    x = np.array([0.1, 0.2])
    value, pullback = sd.vjp(T.array_output)(x)
    np.testing.assert_allclose(value, np.sin(x) * 2.0)
    np.testing.assert_allclose(pullback(np.array([1.0, 3.0])), 2 * np.cos(x) * [1.0, 3.0])


def test_decorator_forms():
    @sd.differentiate
    def plain(x):
        return x * x

    @sd.differentiate(wrt=("a", "b"))
    def both(a, b):
        return a * b

    assert plain(3.0) == 9.0
    assert plain.grad(3.0) == 6.0
    assert plain.value_and_grad(3.0) == (9.0, 6.0)
    assert both.grad(2.0, 5.0) == (5.0, 2.0)
    assert "def grad_plain" in plain.source


def test_value_and_grad_matches():
    x = np.array([0.3, 0.1])
    value, g = sd.value_and_grad(T.array_output)(x)
    np.testing.assert_allclose(value, np.sin(x) * 2)
    assert_close(g, numeric_grad(T.array_output, (x,), 0))

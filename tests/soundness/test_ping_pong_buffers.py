"""Ping-pong buffers: two (or more) new arrays whose names are swapped every step, as a
stencil or a time-stepper keeps them (analysis/buffers.py).

``u, w = w, u`` made sharing.py link ``u`` and ``w`` for the whole function, so a store
into ``w`` while ``u`` was live was refused ("changes an array in place that `u` also
refers to"). The names never refer to one array: each holds a new array of its own and a
permutation keeps them apart. Those programs are differentiated now, in every pipeline,
against central differences; the near misses, where the names (or a view kept across a
swap) do share an array, or a buffer is the caller's argument, stay refused.
"""

import numpy as np
import pytest

import srcdiff as sd
from buffer_cases import (
    X,
    a_list_of_the_buffers,
    a_new_array_each_trip_handed_on,
    a_new_array_every_trip_swapped,
    a_reversed_view,
    a_view_kept_across_the_swap,
    a_view_kept_from_before_the_loop,
    a_view_of_the_other_buffer,
    checkpointed_heat,
    entries_updated_in_place,
    handed_on_and_changed_in_the_loop,
    handed_on_and_kept,
    handed_on_and_taken_back,
    heat,
    in_a_while_loop,
    in_nested_loops,
    into_an_empty_buffer,
    one_array_two_names,
    one_run_makes_both,
    one_statement_makes_both,
    read_before_the_other_writes,
    returning_the_buffer,
    swapped_in_a_branch,
    the_argument_itself,
    three_names_two_arrays,
    three_rotating,
    through_a_helper,
    through_a_temporary,
    updated_in_place,
)
from fd import assert_close, numeric_grad
from pipelines import check_every_mode, check_pipelines, refusal_message

SUPPORTED = [heat, through_a_temporary, into_an_empty_buffer, three_rotating,
             swapped_in_a_branch, in_nested_loops, returning_the_buffer, in_a_while_loop,
             updated_in_place, a_new_array_every_trip_swapped, entries_updated_in_place,
             read_before_the_other_writes, one_statement_makes_both,
             a_new_array_each_trip_handed_on, handed_on_and_changed_in_the_loop]


@pytest.mark.parametrize("f", SUPPORTED, ids=lambda f: f.__name__)
def test_every_mode_against_central_differences(f):
    x = X.copy()
    check_every_mode(f, x, hvp=True)
    np.testing.assert_array_equal(x, X)  # (the argument is left as passed)


@pytest.mark.parametrize("f", SUPPORTED, ids=lambda f: f.__name__)
def test_value_and_grad(f):
    value, grad = sd.value_and_grad(f)(X.copy())
    np.testing.assert_allclose(value, f(X.copy()), rtol=1e-12)
    assert_close(grad, numeric_grad(f, (X.copy(),), 0))


def test_buffers_of_a_helper_called_in_a_loop():
    """The helper's adjoint (its callee record kept by the caller's loop) and its tangent."""
    check_pipelines(through_a_helper, (X.copy(),), 0)
    _, tangent = sd.jvp(through_a_helper)(X.copy(), tangents=np.ones_like(X))
    np.testing.assert_allclose(tangent, numeric_grad(through_a_helper, (X.copy(),), 0).sum(),
                               rtol=1e-7)


def test_the_returned_buffer_is_not_restored_in_place():
    """The backward sweep undoes the stores into the arrays the buffers trade: the value
    returned (the array ``u`` holds last) is a copy taken before."""
    value, _ = sd.value_and_grad(returning_the_buffer)(X.copy())
    np.testing.assert_allclose(value, returning_the_buffer(X.copy()), rtol=1e-12)


@pytest.mark.parametrize("f", [heat, through_a_temporary, into_an_empty_buffer,
                               three_rotating, returning_the_buffer, in_a_while_loop,
                               swapped_in_a_branch,  # (a tape per arm since session 42)
                               in_nested_loops],  # (lists of nested saves since session 43)
                         ids=lambda f: f.__name__)
def test_numba_backend(f):
    pytest.importorskip("numba")
    got = sd.grad(f, backend="numba")(X.copy())
    assert_close(got, numeric_grad(f, (X.copy(),), 0))
    assert_close(got, sd.grad(f)(X.copy()), rtol=1e-12, atol=1e-14)


def test_written_module(tmp_path):
    """The module the command line writes computes the same gradient."""
    import importlib.util
    import inspect

    from srcdiff.cli import commands
    src = tmp_path / "stencil.py"
    src.write_text("import numpy as np\n\n\n" + inspect.getsource(heat))
    out = tmp_path / "grad_stencil.py"
    assert commands.main([f"{src}:heat", "-o", str(out)]) in (0, None)
    spec = importlib.util.spec_from_file_location("grad_stencil", out)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert_close(module.grad_heat(X.copy()), numeric_grad(heat, (X.copy(),), 0))


# ------------------------------------------------------------------ near misses: refused


REFUSED = {
    one_array_two_names: "`w[1:] = u[:-1] * 2.0` changes an array in place that `u` also "
                         "refers to",
    a_reversed_view: "`w[1:] = u[:-1] * 2.0` changes an array in place that `u` also refers to",
    the_argument_itself: "`w[:] = u * 2.0` changes an array in place that `u` also refers to",
    a_view_kept_from_before_the_loop: "`w[:] = u * 2.0 + 1.0` changes an array in place that "
                                      "`v` also refers to",
    a_view_kept_across_the_swap: "`w[0] = 3.0` changes an array in place that `v` also "
                                 "refers to",
    # (the store into u before the swap is differentiated: v views the other array then)
    a_view_of_the_other_buffer: "`u[0] = 1.5` changes an array in place that `v` also "
                                "refers to",
    three_names_two_arrays: "`c[:] = a * 2.0` changes an array in place that",
    a_list_of_the_buffers: "`w[:] = u * 2.0` changes an array in place that `bufs` also "
                           "refers to",
    handed_on_and_kept: "`t += 0.3 * a` changes an array in place that `w` also refers to",
    handed_on_and_taken_back: "`t += 0.3 * a` changes an array in place that `a` also "
                              "refers to",
    one_run_makes_both: "`w[0] = 5.0` changes an array in place that `u` also refers to",
}


@pytest.mark.parametrize("mode", ["reverse", "forward"])
@pytest.mark.parametrize("f", list(REFUSED), ids=lambda f: f.__name__)
def test_near_misses_stay_refused(f, mode):
    message = refusal_message(f, X.copy(), mode)
    assert REFUSED[f] in message, message
    assert "is used afterwards" in message or "is an argument" in message, message
    assert "srcdiff cannot follow the change" in message


def test_arrays_of_two_runs_of_one_statement_are_told_apart():
    """``w = np.zeros_like(u)`` in the loop, then swapped: ``u`` holds the array of the
    statement's latest run and ``w`` that of an earlier one (buffers.py's ages), two arrays;
    the store into ``w`` is differentiated (refused before: one statement counted as one
    array). Where one run's array gets both names (``u = w``), the store stays refused
    (``one_run_makes_both`` above); so does ``a, t = t + a * 0.1, a`` where ``a`` may take
    ``t``'s array back, or another name keeps it (``handed_on_and_taken_back``,
    ``handed_on_and_kept``)."""
    for f in (one_statement_makes_both, a_new_array_each_trip_handed_on):
        assert_close(sd.grad(f)(X.copy()), numeric_grad(f, (X.copy(),), 0))
        # (a checkpointed function does not tell buffers apart: refused as before)
        with pytest.raises(sd.SrcdiffError, match="changes an array in place that"):
            sd.grad(f, checkpoint=2)(X.copy())


@pytest.mark.parametrize("schedule", ["sqrt", 1, "binomial"])
def test_checkpointed_swaps_stay_refused(schedule):
    """A checkpointed loop's snapshots keep the arrays its body changes in place by the
    names that change them, and put them back into what those names hold
    (reverse/checkpoint.py), which swapped names trade: let through, ``through_a_temporary``
    with ``checkpoint="sqrt"`` had a gradient off by 70% (relative to its largest entry).
    With checkpointing asked for, the stores stay refused, as before."""
    with pytest.raises(sd.SrcdiffError, match="changes an array in place that `u` also"):
        sd.grad(through_a_temporary, checkpoint=schedule)(X.copy())
    with pytest.raises(sd.SrcdiffError, match="changes an array in place that `u` also"):
        sd.grad(checkpointed_heat)(X.copy())
    assert_close(sd.grad(checkpointed_heat, checkpoint=False)(X.copy()),
                 numeric_grad(checkpointed_heat, (X.copy(),), 0))

"""A checkpointed loop that draws random numbers.

Checkpointing keeps snapshots of a loop's state and runs its segments again on the way
back. A random generator's state is not part of a snapshot, so a run again drew new
numbers (an Euler-Maruyama step with ``rng.standard_normal()``, a minibatch index from
``rng.integers``): the gradient belonged to other noise than the value's, with no error
(0.081 for 0.150 with checkpoint="sqrt", also through ``# srcdiff: checkpoint``). Such a
loop is refused with the line of the draw; without checkpointing, and with the noise drawn
before the loop, the gradient is right.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

RNG = np.random.default_rng(0)


def local_generator(x0, s):
    rng = np.random.default_rng(3)
    x = x0
    for _ in range(6):
        x = x - 0.1 * x ** 3 + s * 0.3 * rng.standard_normal()
    return x ** 2


def module_generator(x0, s):
    x = x0
    for _ in range(6):
        x = x - 0.1 * x ** 3 + s * 0.3 * RNG.standard_normal()
    return x ** 2


def legacy_global_state(x0, s):
    x = x0
    for _ in range(6):
        x = x - 0.1 * x ** 3 + s * 0.3 * np.random.randn()
    return x ** 2


def marked_loop(x0, s):
    rng = np.random.default_rng(3)
    x = x0
    # srcdiff: checkpoint 2
    for _ in range(6):
        x = x - 0.1 * x ** 3 + s * 0.3 * rng.normal(0.0, 1.0)
    return x ** 2


def _step(x, s, gen):
    return x - 0.1 * x ** 3 + s * 0.3 * gen.normal()


def generator_passed_to_a_helper(x0, s):
    rng = np.random.default_rng(4)
    same = rng
    x = x0
    for _ in range(6):
        x = _step(x, s, same)
    return x ** 2


def _module_step(x, s):
    return x - 0.1 * x ** 3 + s * 0.3 * RNG.normal()


def helper_drawing_from_a_global(x0, s):
    x = x0
    for _ in range(6):
        x = _module_step(x, s)
    return x ** 2


def _made():
    return np.random.default_rng(9)


def generator_made_by_a_helper(x0, s):
    rng = _made()
    x = x0
    for _ in range(6):
        x = x - 0.1 * x ** 3 + s * 0.3 * rng.standard_normal()
    return x ** 2


def minibatches(w, s):
    rng = np.random.default_rng(1)
    data = np.linspace(-1.0, 1.0, 10).reshape(5, 2)
    for _ in range(4):
        idx = rng.integers(0, 5, size=2)
        w = w - 0.1 * s * data[idx].T @ (data[idx] @ w)
    return np.sum(w ** 2)


def drawn_before_the_loop(x0, s):
    rng = np.random.default_rng(4)
    z = rng.standard_normal(6)
    x = x0
    for t in range(6):
        x = x - 0.1 * x ** 3 + s * 0.3 * z[t]
    return x ** 2


REFUSED = [local_generator, module_generator, legacy_global_state,
           generator_passed_to_a_helper, helper_drawing_from_a_global,
           generator_made_by_a_helper]


def _at(f):
    return (np.array([0.3, -0.2]), 0.7) if f is minibatches else (0.5, 0.7)


@pytest.mark.parametrize("f", REFUSED + [minibatches], ids=lambda f: f.__name__)
@pytest.mark.parametrize("checkpoint", ["sqrt", 2, "binomial"])
def test_refused_when_checkpointed(f, checkpoint):
    with pytest.raises(sd.SrcdiffError, match="draws random numbers") as info:
        sd.grad(f, checkpoint=checkpoint)(*_at(f))
    assert "test_checkpoint_random_draws.py" in str(info.value)


def test_a_marked_loop_is_refused_without_the_option():
    with pytest.raises(sd.SrcdiffError, match="draws random numbers"):
        sd.grad(marked_loop)(0.5, 0.7)


def _replayed(f, state):
    """``f`` run from the module generator's state ``state`` each time (its draws equal)."""
    def g(*args):
        RNG.bit_generator.state = state
        try:
            return f(*args)
        finally:
            RNG.bit_generator.state = state
    return g


@pytest.mark.parametrize("f", REFUSED + [minibatches], ids=lambda f: f.__name__)
def test_right_without_checkpointing(f):
    if f is legacy_global_state:
        pytest.skip("np.random's global state: its draws are not replayed here")
    state = RNG.bit_generator.state
    args = _at(f)
    got = _replayed(sd.grad(f), state)(*args)
    assert_close(got, numeric_grad(_replayed(f, state), args, 0))


@pytest.mark.parametrize("checkpoint", ["sqrt", 2])
def test_noise_drawn_before_the_loop_is_checkpointed(checkpoint):
    args = (0.5, 0.7)
    assert_close(sd.grad(drawn_before_the_loop, checkpoint=checkpoint)(*args),
                 numeric_grad(drawn_before_the_loop, args, 0))

"""Benchmark workloads for srcdiff.

Each module defines

    WRT                  positions of the differentiated arguments (tuple of int)
    make_inputs(rng)     the arguments, float64 NumPy / Python floats, from `rng`
    primal(*args)        scalar loss: plain NumPy code that srcdiff differentiates
    hand_grad(*args)     tuple of gradients w.r.t. WRT, written by hand (reference)

and, where the library is installed, peers taking the same arguments (NumPy,
or the library's own arrays) and returning a tuple of NumPy arrays:

    autograd_grad, jax_eager_grad, jax_jit_grad, torch_grad

A peer raises ImportError when its library is missing.  Loop workloads also
define LOOP = (position of the int loop-length argument, default length) and
accept `make_inputs(rng, n=...)`.
"""

NAMES = ("mlp", "logreg", "rnn", "scalar_loop", "vec20", "ode")

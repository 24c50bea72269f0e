"""Realistic benchmark workloads (issue 17): code written the way people write it,
not tuned for srcdiff.  Same module contract as bench/workloads (see its docstring):
WRT, make_inputs(rng), primal, hand_grad (an expert's NumPy gradient, checked by
`bench/run.py --family realistic --selfcheck`), and autograd_grad / torch_grad /
jax_* peers.

    python bench/run.py --family realistic [--quick] [--only attention]
"""

NAMES = ("attention", "einsum_conv", "nbody", "gmm", "burgers", "kalman", "gp",
         "softmax_reg", "mlp_ln", "lotka_rk4", "conv1d_taps", "negbin", "vae", "garch", "heat2d")

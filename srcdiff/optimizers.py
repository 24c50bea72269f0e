"""``sd.optimizers``: the public name of :mod:`srcdiff.train.optimizers` (SPEC §5)."""

from srcdiff.train.optimizers import Adam, GradientDescent, Momentum, Optimizer, RMSProp  # noqa: F401

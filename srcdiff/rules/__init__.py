"""The default rule table: NumPy, Python operators and srcdiff's own primitives."""

from .registry import Registry, Rule, primitive_name  # noqa: F401

DEFAULT = Registry()

from . import numpy_rules  # noqa: E402,F401  (fills DEFAULT)

"""The default rule table: NumPy, Python operators and srcdiff's own primitives.

The tables are grouped by subject: numpy_rules (arithmetic, elementwise; the
methods, views and non-differentiable lists), reduction_rules, nan_rules, product_rules,
shape_rules (shapes, joins, selections, constructors), linalg_rules
(numpy.linalg), fft_rules (numpy.fft), math_rules (Python's ``math`` module and the
builtins of scalar code: ``min``, ``max``, ``pow``) and, when SciPy can be imported,
scipy_rules (scipy.special, scipy.linalg), scipy_stats_rules (scipy.stats'
distributions) and scipy_signal_rules (scipy.signal.convolve). SciPy is never
required. The last two are loaded when the program imports scipy.stats /
scipy.signal (``Registry.load_when_imported``): importing those takes a second.
"""

from srcdiff.rules.registry import DEFAULT, Registry, Rule, primitive_name  # noqa: F401

# each table registers into DEFAULT when imported (numpy first: later tables may refine)
from srcdiff.rules import numpy_rules, product_rules, reduction_rules, shape_rules  # noqa: F401
from srcdiff.rules import nan_rules  # noqa: F401  (after reduction_rules, whose helpers it uses)
from srcdiff.rules import fft_rules, linalg_rules, math_rules  # noqa: F401
from srcdiff.rules import runtime_rules  # noqa: F401  (srcdiff's own helpers: higher order)
from srcdiff.rules import container_rules, curve_rules, fused_rules  # noqa: F401
from srcdiff.rules import assembly_rules  # noqa: F401
from srcdiff.rules import statistic_composites  # noqa: F401  (np.linalg.cond, np.nanmedian)
from srcdiff.rules import array_composites  # noqa: F401  (np.delete, np.resize, np.unwrap...)

try:
    import scipy.linalg  # noqa: F401
    import scipy.special  # noqa: F401
except ImportError:  # pragma: no cover - scipy is optional
    pass
else:
    from srcdiff.rules import scipy_composites, scipy_rules  # noqa: E402,F401

    DEFAULT.load_when_imported("scipy.stats", "srcdiff.rules.scipy_stats_rules")
    DEFAULT.load_when_imported("scipy.signal", "srcdiff.rules.scipy_signal_rules")

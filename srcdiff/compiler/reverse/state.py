"""What the reverse generator knows at a point of the backward sweep (which gradients are
defined, owned, uniform), and the options of one reverse-mode compilation.
"""




class ReverseOptions:
    def __init__(self, wrt, stop=(), unconnected="none", return_value=False, name=None,
                 zero_gradients=False, internal=False, reference=False, verify=False,
                 has_aux=False):
        self.wrt = list(wrt)  # names (parameters or locals), in the order returned
        self.stop = set(stop)
        self.unconnected = unconnected
        self.return_value = return_value
        self.name = name
        self.zero_gradients = zero_gradients  # user-call adjoints: zeros instead of None
        self.internal = internal  # called by generated code: grad_ys None means zero
        # the reference pipeline (optimize=False): the plainest correct adjoint (every
        # overwritten value saved, nothing recomputed, no uniform gradients, no deferral,
        # no in-place accumulation, no rewrites of the generated code)
        self.reference = reference
        self.verify = verify  # place markers for verify.py in the primal sweep
        self.has_aux = has_aux  # f returns (value, aux): only value is differentiated


class AdjointState:
    """Which gradients are defined (possibly non-zero), which arrays we own, and which
    are *uniform*: a scalar standing for that scalar repeated over the variable's shape
    (the gradient of a full sum or mean), kept as a scalar while only elementwise rules
    read it and spread into an array (``spread``) before anything else does.
    Uniform gradients never cross a block boundary: every block ends without any."""

    def __init__(self, defined=(), owned=(), uniform=(), own=True):
        self.defined = set(defined)
        self.owned = set(owned) if own else OwnsNothing()
        self.uniform = set(uniform)
        self.own = own

    def copy(self):
        return AdjointState(self.defined, self.owned, self.uniform, self.own)


class OwnsNothing(set):
    """The reference pipeline's ownership: no gradient array is ever updated in place."""

    def add(self, item):
        pass

    def update(self, *items):
        pass

    def __ior__(self, other):
        return self

"""What the reverse generator knows at a point of the backward sweep (which gradients are
defined, owned, uniform), and the options of one reverse-mode compilation.
"""




class ReverseOptions:
    def __init__(self, wrt, stop=(), unconnected="none", return_value=False, name=None,
                 zero_gradients=False, internal=False, reference=False, verify=False,
                 has_aux=False, checkpoint=None, into=()):
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
        self.checkpoint = checkpoint  # None, "sqrt", "binomial[:c]" or k: outermost loops
        # parameters whose gradient the caller passes in to accumulate into (calls.py):
        # each starts defined and owned, and the function returns it
        self.into = list(into)
        # the function may make complex values (analysis/complex_values.py): gradients are
        # then added out of place (a complex contribution into a real buffer cannot go in)
        self.complex_values = True
        self.complex_outputs = True  # (only the first reason: an output's seed may be complex)
        # compiled for grad_ys=None only (api/seeded.py): a float scalar output's seed is
        # the literal 1.0 and no other output's seed reads grad_ys (optimize/seed.py folds it)
        self.seed_one = False
        # wrt names reaching the outputs only through free shifts: zeros, not None
        self.zero_for = set()


class Needed:
    """The names the backward sweep reads (the fixpoint of adjoint.Reverse.run), answering
    only membership (``v in needed``) and intersection (``needed & names``), and keeping
    every name asked about (``asked``): what a round of generation learned of the set.
    Any other use fails (no such method), so no question goes unrecorded."""

    __slots__ = ("names", "asked")

    def __init__(self, names):
        self.names = frozenset(names)
        self.asked = set()

    def __contains__(self, v):
        self.asked.add(v)
        return v in self.names

    def __and__(self, other):
        other = set(other)
        self.asked |= other
        return other & self.names

    __rand__ = __and__

    @staticmethod
    def agree(asked, old, new):
        """Do the name sets ``old`` and ``new`` answer every question in ``asked`` alike?"""
        return all((v in old) == (v in new) for v in asked)


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


class SweepView:
    """What the sweep's helpers (uniform.py, deferral.py, calls.py) may read of the reverse
    generator where they are called: its analysis, the statement being processed, the
    names of gradients and of values restored for it, and where to get fresh names and the
    adjoints of called functions. They get this, never the generator itself."""

    __slots__ = ("a", "fn", "params", "parsed", "current", "adj", "renamed", "names",
                 "ever_uniform", "context", "error", "top", "records",
                 "may_record", "inverse", "state", "real")

    def __init__(self, rev):
        self.a = rev.a  # the analysis (activity, kinds, shapes, ops)
        self.fn, self.params, self.parsed = rev.fn, rev.params, rev.parsed
        self.current = rev.current  # the statement whose adjoint is being made
        self.adj = rev.adj  # primal name -> gradient name
        self.renamed = rev.renamed  # pre-value name -> primal name, for this statement
        self.names = rev.names  # fresh names
        self.ever_uniform = rev.ever_uniform  # gradients that held a uniform scalar
        self.context = getattr(rev, "context", None)  # compiles called functions' adjoints
        self.error = rev.error
        self.top = rev.top  # the function's top-level statements, indexed (uniform.TopLevel)
        self.records = rev.call_records  # S.key(call) -> (record, bwd_g, tape, into): calls.py
        self.state = getattr(rev, "state", None)  # defined, owned, uniform gradients (read)
        self.may_record = rev.may_record  # calls may keep their callee's record
        self.inverse = rev.inverse  # gradient name -> primal name (names.Inverse)
        self.real = not rev.opt.complex_values  # no value is complex (complex_values.py)

    def primal_of(self, bv):
        """The primal name whose gradient ``bv`` is."""
        v = self.inverse.key_of(self.adj, bv)
        if v is None:
            raise KeyError(bv)
        return v

    def gradient_of(self, bv):
        """The primal name whose gradient ``bv`` is, or None when ``bv`` is no gradient."""
        return self.inverse.key_of(self.adj, bv)

"""LLVM's optimization level for the code srcdiff generates for ``backend="numba"``.

numba optimizes every function it compiles at ``NUMBA_OPT`` (3 unless the user sets it):
function passes on each function as it is lowered, then module passes on the function's
final module, into which the code of every function it calls is linked. For a generated
gradient (thousands of LLVM instructions, the helpers it calls inlined into it) these
passes and the machine code emitted from their output are most of a new gradient's first
call. At level 1 (loop and SLP vectorization kept: numba's pipeline tuning options ask for
them at every level) the passes are cheaper, but some gradients are slower
(bench/results/numba_first_call_2026-12-05.md, srcdiff's helpers cached, CPU time: the
ODE's first call 3.6 -> 2.9 s, the RNN's 3.4 -> 2.9 s, Burgers' 4.4 -> 4.1 s; the Kalman
filter's gradient 6-8% slower, the ODE's 2-8%). So it is the user's choice, off by
default: ``SRCDIFF_NUMBA_OPT=1`` (or 2; unset, or 3 and above: numba's own level).

Only the modules of srcdiff's generated functions get the lower level: a module whose
own functions (external linkage: linked-in callees are ``linkonce_odr``) are named in a
module ``srcdiff_numba_<digest>`` (numba_cache.py; the fused loops run in its namespace).
numba's own implementations, srcdiff's helpers (cached by numba, shared by every gradient)
and the user's other numba code are optimized as numba does; the level is never raised
above numba's ``NUMBA_OPT``. The invariant is numba's: the optimization
level changes how fast the machine code is, not what it computes (the generated code uses
no fast-math flags). It is part of numba_cache's key (this module's source and the level).

How: numba has no per-function level; ``CPUCodeLibrary._optimize_functions`` and
``_optimize_final_module`` (numba 0.68) read ``numba.core.config.OPT`` when they make
their pass managers, so for srcdiff's modules it is lowered for the duration of those two
calls (made with numba's compiler lock held: no other compilation sees it). Nothing is
patched unless ``SRCDIFF_NUMBA_OPT`` asks for a lower level, nor without those methods
(another numba).
"""

import os

MARK = "srcdiff_numba_"  # (the generated modules' name prefix, numba_cache.jit)
_ORIGINAL = {}  # numba's two methods, as found (a test wraps them to see the level)


def level():
    """The optimization level asked for srcdiff's generated functions, or None (numba's)."""
    raw = os.environ.get("SRCDIFF_NUMBA_OPT", "").strip()
    return int(raw) if raw in ("0", "1", "2") else None


def install(numba):
    """Patch numba's code library (once, when a lower level is asked for) to optimize
    srcdiff's modules at :func:`level`. Returns whether the patch is in place."""
    if level() is None and not _ORIGINAL:
        return False
    try:
        from llvmlite import binding
        from numba.core import codegen, config
    except ImportError:  # pragma: no cover  (another numba layout)
        return False
    cls = getattr(codegen, "CPUCodeLibrary", None)
    if cls is None or not all(hasattr(cls, m) for m in ("_optimize_functions",
                                                         "_optimize_final_module")):
        return False  # pragma: no cover
    if _ORIGINAL:
        return True
    _ORIGINAL.update(functions=cls._optimize_functions, final=cls._optimize_final_module)
    external = binding.Linkage.external

    def lowered(run, module):
        wanted = level()
        if wanted is None or wanted >= int(config.OPT) or not _ours(module, external):
            return run()
        saved = config.OPT
        config.OPT = type(saved)(wanted)
        try:
            return run()
        finally:
            config.OPT = saved

    def optimize_functions(self, ll_module):
        return lowered(lambda: _ORIGINAL["functions"](self, ll_module), ll_module)

    def optimize_final_module(self):
        return lowered(lambda: _ORIGINAL["final"](self), self._final_module)

    cls._optimize_functions = optimize_functions
    cls._optimize_final_module = optimize_final_module
    return True


def _ours(module, external):
    """Whether an LLVM module's own functions are srcdiff's generated ones."""
    return any(MARK in fn.name for fn in module.functions
               if not fn.is_declaration and fn.linkage == external)

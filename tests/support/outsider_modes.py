"""One program in one mode against central differences (tests/compat/test_outsider_programs.py).

compat_modes.py's modes (grad, value_and_grad, unoptimized, jvp, hvp) plus ``checkpoint``
(``checkpoint="sqrt"``), ``verify`` (``verify=True``: SRCDIFF_VERIFY's run-time checks) and
``numba`` (``backend="numba"``). ``outcome`` returns ``(kind, message)`` as compat_modes does.
"""

import copy
import zlib

import numpy as np

import compat_modes as cm
import srcdiff as sd
from fd import assert_close
from tangents import random_like

EXTRA = {"checkpoint": {"checkpoint": "sqrt"}, "verify": {"verify": True},
         "numba": {"backend": "numba"}}
MODES = cm.MODES + tuple(EXTRA)


def outcome(fn, args, mode, wrt=None):
    if mode not in EXTRA:
        return cm.outcome(fn, args, mode, wrt)
    pos = cm.default_wrt(args) if wrt is None else tuple(wrt)
    try:
        rng = np.random.default_rng(zlib.crc32(fn.__name__.encode()))
        directions = tuple(random_like(args[k], rng) for k in pos)
        expected = cm._fd_gradients(fn, args, pos, directions)
        if expected is None:
            return "skip", "one-sided or two-step differences disagree"
        got = sd.grad(fn, wrt=pos, **EXTRA[mode])(*copy.deepcopy(args))
        assert_close(got, expected)
    except sd.SrcdiffError as e:
        return "refused", str(e)
    except AssertionError as e:
        return "wrong", str(e)[:400]
    except Exception as e:  # noqa: BLE001 - classifying: a crash fails the test
        return "crash", f"{type(e).__name__}: {e}"[:400]
    return "right", ""


def assert_listed(name, mode, results, words, source_file):
    """``results`` (``outcome``'s, one per argument tuple) hold no wrong answer or crash, and
    are refused at every point iff ``words`` (of the listed refusal) is given, each message
    naming the construct and ``source_file``'s line; else some point is right."""
    bad = [f"{kind}: {msg}" for kind, msg in results if kind in ("wrong", "crash")]
    assert not bad, f"{name} ({mode}): " + "\n".join(bad)
    refused = [msg for kind, msg in results if kind == "refused"]
    if words is None:
        assert not refused, f"{name} ({mode}) newly refused: {refused[0]}"
        assert any(kind == "right" for kind, _ in results), "every point skipped"
        return
    assert len(refused) == len(results), f"{name} ({mode}) no longer refused"
    for msg in refused:
        assert words in msg and f"{source_file}:" in msg, msg

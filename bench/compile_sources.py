"""Every generated source of a fixed set of functions and pipelines, in one file: the check
that a compile-time change leaves the generated code byte-identical (issue 16).

    PYTHONPATH=<tree> python bench/compile_sources.py OUT [--fuzz N]

Run it in two trees (main's worktree and a branch's) and compare the two files
(``cmp``). It prints, for each case, the source ``sd.source`` generates (or the refusal's
message, the path of the temporary module normalized): the corpus of tests/support/corpus.py
in the optimized, reference, verification and forward pipelines; compile_scale.py's
straight (300 and 2000 statements), loops (300 and 1000) and helpers families in the first
three; and the first N drafts (default 80) of the loops and arrays fuzz generators (seed 7)
in the first three.
"""

import argparse
import importlib.util
import os
import re
import sys
import tempfile
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [os.path.join(ROOT, "tests", "support"), os.path.join(ROOT, "tests", "property"),
                HERE]

import numpy as np  # noqa: E402

import compile_scale  # noqa: E402
import corpus  # noqa: E402
import gen_arrays  # noqa: E402
import gen_loops  # noqa: E402
import srcdiff as sd  # noqa: E402

PIPELINES = [{}, {"optimize": False}, {"verify": True}, {"mode": "forward"}]
SCALE = [("straight", 300), ("loops", 300), ("helpers", 200), ("straight", 2000),
         ("loops", 1000)]


def _load(folder, source, tag, name="f"):
    path = os.path.join(folder, tag + ".py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(source)
    spec = importlib.util.spec_from_file_location(tag, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return getattr(mod, name)


def _text(fn, wrt, args, options, folder):
    try:
        text = str(sd.source(fn, wrt, args=args, **options))
    except Exception as e:  # (a refusal is part of the output)
        text = "ERROR %s: %s" % (type(e).__name__, str(e)[:300])
    return re.sub(re.escape(folder), "<tmp>", text)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("--fuzz", type=int, default=80, help="drafts of each fuzz generator")
    opts = ap.parse_args(argv)
    warnings.simplefilter("ignore")
    folder = tempfile.mkdtemp(prefix="srcdiff_sources_")
    with open(opts.out, "w", encoding="utf-8") as out:
        def emit(tag, fn, wrt, args, options):
            out.write("=== %s %s\n%s\n" % (tag, options, _text(fn, wrt, args, options, folder)))

        for case in corpus.CASES:
            for options in PIPELINES:
                emit(case.name, case.fn, case.wrt, case.args, options)
        args = (np.linspace(-1, 1, 8), np.linspace(0.5, 1.5, 8), 0.3)
        for family, n in SCALE:
            source, _ = compile_scale.FAMILIES[family](n)
            fn = _load(folder, source, "scale_%s_%d" % (family, n))
            for options in PIPELINES[:3]:
                emit("%s%d" % (family, n), fn, (0, 1, 2), args, options)
        for gen, family in [(gen_loops, "loops"), (gen_arrays, "arrays")]:
            for i in range(opts.fuzz):
                p = gen.draft(7, i, 0)
                try:
                    fn = _load(folder, p.source, "fuzz_%s_%d" % (family, i), p.name)
                except Exception:  # (a draft that does not load is skipped in both trees)
                    continue
                for options in PIPELINES[:3]:
                    emit("%s%d" % (family, i), fn, p.wrt, p.args, options)


if __name__ == "__main__":
    main()

"""tools/run_tests.py: which files a run leaves out (``--exclude`` takes files and folders,
``make verify`` leaves out tests/numba) and how files are dealt to shards."""

import os
import sys

from paths import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
import run_tests  # noqa: E402


def test_exclude_takes_files_and_whole_folders():
    files = run_tests.test_files()
    kept = [f for f in files if not run_tests.excluded(
        f, ["tests/numba", "tests/property/test_random_idiom_programs.py"])]
    assert any(f.startswith("tests/numba/") for f in files)
    assert not any(f.startswith("tests/numba/") for f in kept)
    assert "tests/property/test_random_idiom_programs.py" not in kept
    assert len(kept) == len(files) - 1 - sum(f.startswith("tests/numba/") for f in files)
    # a folder's name is not a prefix of another's
    assert not run_tests.excluded("tests/numba_extra/test_x.py", ["tests/numba"])
    assert run_tests.excluded("tests/numba/test_x.py", ["tests/numba/"])


def test_plan_deals_the_longest_first_to_the_least_loaded_shard():
    shards = run_tests.plan(["a", "b", "c", "d"], {"a": 10, "b": 6, "c": 5, "d": 1}, 2)
    assert shards == [(["a", "d"], 11), (["b", "c"], 11)]


def test_verify_leaves_out_the_numba_tests():
    with open(os.path.join(ROOT, "Makefile")) as f:
        line = next(x for x in f if x.startswith("VERIFY_SKIP"))
    assert "tests/numba" in line.split()

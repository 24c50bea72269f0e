import os
import sys
import time

import pytest

# Helpers and case modules (tests/support) are imported by their names: ``from fd import ...``.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "support"))

# Every function srcdiff generates while the tests run is printed, parsed back and compared
# with the tree it was printed from (srcdiff.syntax.check_roundtrip); subprocesses (the
# command line tests) inherit the switch.
os.environ.setdefault("SRCDIFF_CHECK_ROUNDTRIP", "1")

@pytest.fixture(autouse=True)
def _golden_text_is_the_product(request, monkeypatch):
    """Golden files hold the code srcdiff ships: compare it with verification off, also in
    the CI run that sets SRCDIFF_VERIFY=1 for everything else."""
    if os.path.basename(str(request.node.fspath)).startswith("test_golden"):
        monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)


# ------------------------------------------------------------------ one seed per run
#
# Random tests explore: every run draws a new seed (from the clock) unless
# SRCDIFF_FUZZ_SEED is set, prints it in the header and under every failure, and
# hands it to the loop fuzzer (tests/property/fuzz.py reads SRCDIFF_FUZZ_SEED) and
# to Hypothesis. Replay a run with SRCDIFF_FUZZ_SEED=<seed> pytest ...


def _session_seed():
    env = os.environ.get("SRCDIFF_FUZZ_SEED", "").strip()
    if env:
        return int(env)
    return int(time.time() * 1000) % 1_000_000_007


SEED = _session_seed()
os.environ["SRCDIFF_FUZZ_SEED"] = str(SEED)
_HYPOTHESIS_SEED = [None]


def pytest_configure(config):
    # Hypothesis loads its "ci" profile when it sees a CI environment (CI=true,
    # GITHUB_ACTIONS, ...), and that profile sets derandomize=True: every CI run would
    # test the same examples forever. Keep whatever else the active profile says, but
    # draw examples from this run's seed (or --hypothesis-seed if given).
    try:
        import hypothesis.core
        from hypothesis import settings
    except ImportError:
        return
    settings.register_profile("srcdiff-explore", parent=settings.default, derandomize=False,
                              print_blob=True)
    settings.load_profile("srcdiff-explore")
    given = config.getoption("--hypothesis-seed", default=None)
    if given is None:
        hypothesis.core.global_force_seed = SEED
        _HYPOTHESIS_SEED[0] = SEED
    else:
        _HYPOTHESIS_SEED[0] = given


def _replay_hint():
    text = f"srcdiff random seed: {SEED} (replay with SRCDIFF_FUZZ_SEED={SEED})"
    if _HYPOTHESIS_SEED[0] is not None:
        text += f"; Hypothesis: derandomize=False, seed {_HYPOTHESIS_SEED[0]}"
    return text


def pytest_report_header(config):
    return _replay_hint()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        report.sections.append(("srcdiff random seed", _replay_hint()))

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

# Every function srcdiff generates while the tests run is printed, parsed back and compared
# with the tree it was printed from (srcdiff.syntax.check_roundtrip); subprocesses (the
# command line tests) inherit the switch.
os.environ.setdefault("SRCDIFF_CHECK_ROUNDTRIP", "1")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _golden_text_is_the_product(request, monkeypatch):
    """Golden files hold the code srcdiff ships: compare it with verification off, also in
    the CI run that sets SRCDIFF_VERIFY=1 for everything else."""
    if os.path.basename(str(request.node.fspath)).startswith("test_golden"):
        monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)

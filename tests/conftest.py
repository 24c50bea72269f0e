import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

# Every function srcdiff generates while the tests run is printed, parsed back and compared
# with the tree it was printed from (srcdiff.syntax.check_roundtrip); subprocesses (the
# command line tests) inherit the switch.
os.environ.setdefault("SRCDIFF_CHECK_ROUNDTRIP", "1")

"""red32 sweep: PYTHONPATH=. python tools/red32/run32.py MODULE [CASE_NAME ...] (MODES=grad,...
env): red30's runner (tools/red30/run30.py: each case's note after its name, totals per mode)
with this directory's case modules on the path."""
import os
import runpy
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
runpy.run_path(os.path.join(here, "..", "red30", "run30.py"), run_name="__main__")

"""Where things are: the repository, the test tree and the folders tests read by path.

Test modules live in stage folders (tests/front, tests/reverse, ...); the files they
read (golden files, command-line samples, the samples, README) stay where they were,
and are found from here.
"""

import os

SUPPORT = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(SUPPORT)
ROOT = os.path.dirname(TESTS)

GOLDEN = os.path.join(TESTS, "golden")
CLI_SAMPLES = os.path.join(TESTS, "cli_samples")
SAMPLES = os.path.join(ROOT, "samples")
README = os.path.join(ROOT, "README.md")

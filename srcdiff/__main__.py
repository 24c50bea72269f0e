"""``python -m srcdiff ...``: the command line (see srcdiff/cli.py)."""

import sys

from .cli import main

sys.exit(main())

"""``python -m srcdiff ...``: the command line (see srcdiff/cli/commands.py)."""

import sys

from srcdiff.cli.commands import main

sys.exit(main())

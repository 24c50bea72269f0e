from srcdiff.cli.commands import main  # noqa: F401  (the console script)

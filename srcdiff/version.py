"""The version of srcdiff (written into the header of every generated module)."""

__version__ = "0.1.0"

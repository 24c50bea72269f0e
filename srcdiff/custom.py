"""User-defined rules (SPEC §4): custom_vjp, register_vjp, rules()."""

from .rules import DEFAULT


def rules():
    """Every supported primitive as sorted ``(name, kind)`` pairs."""
    return DEFAULT.rules()

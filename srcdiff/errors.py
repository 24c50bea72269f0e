"""Errors that point at the user's source.

Every construct the compiler rejects raises :class:`SrcdiffError`. Its message
has the form::

    FILE:LINE:COL: error: WHAT
        the offending source line
        ^
    hint: WHAT TO DO INSTEAD

so that editors and terminals can jump to the location.
"""


class SrcdiffError(Exception):
    """The compiler cannot differentiate something; the message says where and why."""

    def __init__(self, message, *, filename=None, lineno=None, col=None, line=None, hint=None):
        self.message = message
        self.filename = filename
        self.lineno = lineno
        self.col = col
        self.line = line
        self.hint = hint
        super().__init__(self.render())

    def render(self):
        where = []
        if self.filename:
            where.append(str(self.filename))
        if self.lineno is not None:
            where.append(str(self.lineno))
            if self.col is not None:
                where.append(str(self.col + 1))
        head = (":".join(where) + ": " if where else "") + "error: " + self.message
        parts = [head]
        if self.line is not None:
            text = self.line.rstrip("\n")
            stripped = text.lstrip()
            indent = len(text) - len(stripped)
            parts.append("    " + stripped)
            if self.col is not None and self.col >= indent:
                parts.append("    " + " " * (self.col - indent) + "^")
        package = installed_package(self.filename)
        if package is not None:  # a library function srcdiff read the source of
            parts.append(f"note: this line is inside the installed package {package}: srcdiff "
                         f"has no rule for the {package} function called, so it read that "
                         "function's source, and cannot differentiate this line of it")
            parts.append(f"hint: register a rule for the {package} function with "
                         "sd.register_vjp(fn, rule) (or @sd.custom_vjp), write the computation "
                         "with NumPy calls, or wrap its result in sd.stop_gradient(...) if it "
                         "is a constant")
        elif self.hint:
            parts.append("hint: " + self.hint)
        return "\n".join(parts)

    def __str__(self):
        return self.render()


def installed_package(filename):
    """The top-level package of ``filename`` when it lies in an installed package's directory
    (site-packages, dist-packages) and is not srcdiff's own code; else None."""
    parts = str(filename or "").replace("\\", "/").split("/")
    for k, part in enumerate(parts[:-1]):
        if part in ("site-packages", "dist-packages"):
            package = parts[k + 1].split(".")[0]
            return None if package in ("srcdiff", "") else package
    return None


class NotComposable(SrcdiffError, TypeError):
    """A transform given what it cannot differentiate: another transform's result whose
    generated code it does not read (``sd.grad(sd.jvp(f))``), or a transform where a plain
    function is needed (``sd.hessian(sd.grad(f))``). A TypeError too (an argument of the
    wrong kind), as these were before they were SrcdiffErrors."""


class StaleGradient(SrcdiffError):
    """A global the generated code reads was rebound to something it was not compiled for
    (emit/live.py); the transforms compile again and retry the call once."""


class InternalError(RuntimeError):
    """A bug in srcdiff itself, found by one of its own consistency checks (not the user's
    code); the command line reports it as an internal error."""


FIXPOINT_LIMIT = 64  # rounds after which an analysis fixpoint is a compiler bug


def not_converged(what, limit):
    """The error of a fixpoint that did not converge. The facts every analysis fixpoint
    computes only grow (or only weaken), so they converge; one that has not after
    ``limit`` rounds is a compiler bug, and using its last round could silently give a
    wrong gradient."""
    return InternalError(f"srcdiff: the {what} fixpoint did not converge in {limit} rounds; "
                         "please report this function")


class VerificationError(InternalError):
    """Verification mode found the backward sweep reading a value the primal sweep did not
    have there: the generated gradient would have been wrong (a bug in srcdiff)."""

"""Adjoints of calls to user functions: differentiated from their own source."""


def adjoint_of_call(rev, op, g, atom, s):
    raise rev.error(op.stmt.value, f"calling the user function {op.label} is not "
                    "supported yet", hint="inline the helper into the differentiated function")

"""Names for the types the public API and the stage interfaces take and return."""

from typing import Any, Callable, Sequence, Tuple, Union

import gast

# which arguments (or local variables) to differentiate with respect to
Wrt = Union[int, str, Sequence[Union[int, str]]]
# names of variables treated as constants
Names = Union[str, Sequence[str]]
# a function srcdiff differentiates, and what a transform returns
Function = Callable[..., Any]
# the FunctionDef a generator made, the parsed user function, the compilation context
Generated = Tuple[gast.FunctionDef, Any, Any]

"""Reading the page's requests: the argument checks shared by every bridge operation."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

Json = dict[str, Any]
Work = Generator[Json, None, Json]
"""An operation: yields progress dicts, returns the result dict."""


class BadRequestError(ValueError):
    """The request itself is malformed: unknown operation or a wrong argument."""


def arg(args: Json, name: str, kind: type, default: Any = None, required: bool = False) -> Any:
    """The argument ``name`` of a request, checked to be of type ``kind`` (ints pass as floats)."""
    if name not in args or args[name] is None:
        if required:
            raise BadRequestError(f"missing argument {name!r}")
        return default
    value = args[name]
    if kind is float and type(value) is int:
        value = float(value)
    if type(value) is not kind:
        raise BadRequestError(
            f"argument {name!r} must be {kind.__name__}, got {type(value).__name__}"
        )
    return value

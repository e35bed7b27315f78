"""Plain records: what a dataclass gives the solver's and the verdict's results, without it.

Why not :mod:`dataclasses`: importing it costs 12 ms (it imports ``inspect``, which imports
``ast``, ``dis`` and ``tokenize``), and every class it makes 0.5-1 ms more, as it writes and
compiles each method. The records on the way to ``python -m sudoku_core solve`` (the search's
budget, stats and result, the verdict and its conflicts) were a third of that command's
start-up. A record names its fields once, in ``_fields`` (the order of its ``__init__``), and
gets from here what a dataclass would write: equality and ``repr`` over the fields, a hash and
no assignment when it is :class:`Frozen`, and pickling (``--jobs`` sends a budget to its
workers).

Examples:
    >>> class Point(Frozen):
    ...     _fields = ("x", "y")
    ...     __slots__ = _fields
    ...     def __init__(self, x: int, y: int = 0) -> None:
    ...         frozen_init(self, x, y)
    >>> Point(1), Point(1) == Point(1, 0), hash(Point(1)) == hash(Point(1, 0))
    (Point(x=1, y=0), True, True)
    >>> Point(1).x = 2
    Traceback (most recent call last):
    ...
    AttributeError: cannot assign to field 'x'
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid
if TYPE_CHECKING:
    from typing import Any


class Record:  # noqa: PLW1641  (unhashable on purpose, as said below)
    """A record whose fields are ``_fields``: equal to another of its class with equal fields,
    shown as ``Name(field=value, ...)``; mutable and unhashable, as a plain dataclass."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Record)
        return self._values() == other._values()

    # No __hash__: defining __eq__ sets it to None, so a mutable record is unhashable, as a
    # dataclass with eq and not frozen is.

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({shown})"

    def __reduce__(self) -> tuple[type[Record], tuple[Any, ...]]:
        """Pickled as its class and its fields, in the order ``__init__`` takes them."""
        return type(self), self._values()


class Frozen(Record):
    """A record that cannot change once made, and so can be hashed (a frozen dataclass)."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(self._values())

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")


_set_field = object.__setattr__


def frozen_init(record: Frozen, *values: object) -> None:
    """Set the fields of a :class:`Frozen` record being made, in the order of its ``_fields``
    (its ``__init__`` calls this). Values in order, not by keyword: a verdict took 3.1 us to
    make by keyword, 1.7 so (a dataclass's: 1.6)."""
    for name, value in zip(record._fields, values, strict=True):
        _set_field(record, name, value)

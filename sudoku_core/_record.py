"""Plain records: the one record style of sudoku_core, what a dataclass gives without it.

Every class of sudoku_core that holds data (a result, a step, a request's argument, a unit of
work) is a :class:`Record` or a :class:`Frozen` one; a record that must also be a tuple
(unpacked, sorted, compared with tuples) is a ``NamedTuple`` instead.

Why not :mod:`dataclasses`: importing it costs 12 ms (it imports ``inspect``, which imports
``ast``, ``dis`` and ``tokenize``; ``python -X importtime -c "import dataclasses"``: 12.2 ms
on these machines), and every class it makes 0.5-1 ms more, as it writes and compiles each
method. The records on the way to ``python -m sudoku_core solve`` (the search's budget, stats
and result, the verdict and its conflicts) would be a third of that command's start-up, and
one style for every record is simpler to read than two. A record names its fields once, in
``_fields`` (the order of its ``__init__``, whose parameters have the fields' names), and gets
from here what a dataclass would write: equality and ``repr`` over the fields (equality and
hash over ``_compared`` when only some fields identify it), a hash and no assignment when it
is :class:`Frozen`, pickling (``--jobs`` sends a budget to its workers) and :func:`replace`.

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
    from typing import Any, TypeVar

    R = TypeVar("R", bound="Record")


class Record:  # noqa: PLW1641  (unhashable on purpose, as said below)
    """A record whose fields are ``_fields``: equal to another of its class with equal fields,
    shown as ``Name(field=value, ...)``; mutable and unhashable, as a plain dataclass."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()
    _compared: tuple[str, ...] | None = None
    """The fields that equality and the hash look at, when not all of them (a dataclass's
    ``field(compare=False)`` for the others)."""

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def _key(self) -> tuple[Any, ...]:
        names = self._fields if self._compared is None else self._compared
        return tuple(getattr(self, name) for name in names)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Record)
        return self._key() == other._key()

    # No __hash__: defining __eq__ sets it to None, so a mutable record is unhashable, as a
    # dataclass with eq and not frozen is.

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({shown})"

    def __reduce__(self) -> tuple[Any, tuple[type[Record], tuple[Any, ...]]]:
        """Pickled as its class and its fields' values; unpickled without calling
        ``__init__`` (as a dataclass is), so its checks and keyword-only parameters do not
        matter."""
        return _rebuild, (type(self), self._values())


class Frozen(Record):
    """A record that cannot change once made, and so can be hashed (a frozen dataclass)."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(self._key())

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")


_set_field = object.__setattr__


def _rebuild(cls: type[R], values: tuple[Any, ...]) -> R:
    """A record of ``cls`` with these field values (what pickle calls)."""
    record = cls.__new__(cls)
    for name, value in zip(cls._fields, values, strict=True):
        _set_field(record, name, value)
    return record


def replace(record: R, **changes: Any) -> R:
    """A copy of ``record`` with some fields changed (:func:`dataclasses.replace`).

    Examples:
        >>> class Pair(Frozen):
        ...     _fields = ("a", "b")
        ...     __slots__ = _fields
        ...     def __init__(self, a: int, b: int) -> None:
        ...         frozen_init(self, a, b)
        >>> replace(Pair(1, 2), b=3)
        Pair(a=1, b=3)
    """
    unknown = set(changes) - set(record._fields)
    if unknown:
        raise TypeError(f"{type(record).__name__} has no field {sorted(unknown)[0]!r}")
    fields = {name: getattr(record, name) for name in record._fields}
    return type(record)(**(fields | changes))


def frozen_init(record: Frozen, *values: object) -> None:
    """Set the fields of a :class:`Frozen` record being made, in the order of its ``_fields``
    (its ``__init__`` calls this). Values in order, not by keyword: a verdict took 3.1 us to
    make by keyword, 1.7 so (a dataclass's: 1.6)."""
    for name, value in zip(record._fields, values, strict=True):
        _set_field(record, name, value)

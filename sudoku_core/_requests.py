"""Reading the page's requests: each argument's JSON value, checked against its declaration
(:class:`Argument`), becomes the typed value the library takes, once, here.

A grid argument becomes a :data:`~sudoku_core.grid.Grid` (through :func:`sudoku_core.parse`,
whose :class:`InvalidPuzzleError` keeps its line and column), pencil marks become 81 masks
(:func:`sudoku_core.formats.parse_marks`), a level a :class:`~sudoku_core.logic.steps.Level`,
and ``max_nodes`` with ``max_seconds`` one :class:`~sudoku_core.solver.Budget` (which alone
checks their values). The declarations themselves are :data:`sudoku_core.operations.OPERATIONS`.
"""

from __future__ import annotations

import math

from sudoku_core._record import Frozen, frozen_init
from sudoku_core.formats import parse, parse_marks
from sudoku_core.solver import Budget

TYPE_CHECKING = False  # not typing's: see sudoku_core.grid (the worker starts sooner too)
if TYPE_CHECKING:
    from collections.abc import Callable, Generator
    from typing import Any, TypeAlias

    Json: TypeAlias = dict[str, Any]
    Work: TypeAlias = Generator[Json, None, Json]
    """An operation at work: yields progress dicts, returns the result dict."""


class BadRequestError(ValueError):
    """The request itself is malformed: unknown operation or a wrong argument."""


KINDS: dict[str, tuple[type, str]] = {
    "grid": (str, "string"),
    "string": (str, "string"),
    "int": (int, "number"),
    "number": (float, "number"),
    "bool": (bool, "boolean"),
    "marks": (list, "(number | string | number[])[]"),
    "level": (str, "Level"),
    "symmetry": (str, "Symmetry"),
}
"""Every kind of argument: the JSON value's Python type, and its type in ``web/engine/protocol.js``
(``Level`` and ``Symmetry`` are the page's names for the two string unions).

``grid`` is puzzle text (any form :func:`sudoku_core.parse` reads), read into a grid;
``marks`` a list of 81 cells of pencil marks, read into masks; ``level`` and ``symmetry``
strings from a fixed list (a level's name in any case)."""

BUDGET_NAMES = ("max_nodes", "max_seconds")
"""The two arguments that make one search :class:`~sudoku_core.solver.Budget`, passed to the
operation as ``budget``."""


class Argument(Frozen):
    """One argument of an operation: its name, kind (:data:`KINDS`), default, and limits.

    ``default`` is what an absent (or null) argument means; ``required`` ones have none.
    ``minimum`` and ``maximum`` bound a number here; ``choices`` (a tuple, or a function that
    returns one, for lists that live in modules the worker imports only when needed) bound a
    string. ``checked_by`` names the library function or class that checks the value instead
    (its rules live there alone). ``doc`` is a few words for the table in docs/web.md.
    """

    _fields = (
        "name",
        "kind",
        "default",
        "required",
        "minimum",
        "maximum",
        "choices",
        "checked_by",
        "doc",
    )
    __slots__ = _fields
    name: str
    kind: str
    default: Any
    required: bool
    minimum: int | None
    maximum: int | None
    choices: tuple[str, ...] | Callable[[], tuple[str, ...]]
    checked_by: str
    doc: str

    def __init__(
        self,
        name: str,
        kind: str,
        default: Any = None,
        *,
        required: bool = False,
        minimum: int | None = None,
        maximum: int | None = None,
        choices: tuple[str, ...] | Callable[[], tuple[str, ...]] = (),
        checked_by: str = "",
        doc: str = "",
    ) -> None:
        if kind not in KINDS:
            raise ValueError(f"unknown kind of argument {kind!r}")
        frozen_init(self, name, kind, default, required, minimum, maximum, choices, checked_by, doc)

    @property
    def options(self) -> tuple[str, ...]:
        """The strings this argument may be (empty: any)."""
        return self.choices if isinstance(self.choices, tuple) else self.choices()

    @property
    def js_type(self) -> str:
        """Its type in ``web/engine/protocol.js``: a union of the choices' literals, or the kind's."""
        if self.kind == "string" and self.options:
            return " | ".join(f'"{choice}"' for choice in self.options)
        return KINDS[self.kind][1]

    def read(self, value: object) -> Any:
        """The typed value of this argument from its JSON ``value`` (None: absent)."""
        if value is None:
            if self.required:
                raise BadRequestError(f"missing argument {self.name!r}")
            return self.default
        if self.kind == "marks":
            return _read_marks(self.name, value)
        kind = KINDS[self.kind][0]
        if kind is float and type(value) is int:
            value = float(value)
        if type(value) is not kind:
            raise BadRequestError(
                f"argument {self.name!r} must be {kind.__name__}, got {type(value).__name__}"
            )
        if isinstance(value, float) and not math.isfinite(value):  # JSON may say NaN, Infinity
            raise BadRequestError(f"argument {self.name!r} must be a finite number, got {value}")
        if isinstance(value, int | float):
            self._check_range(value)
        if self.kind == "grid":
            return None if value == "" and not self.required else parse(value)
        if self.kind == "level":
            return _read_level(self.name, value)
        if self.options and value not in self.options:
            choices = ", ".join(self.options)
            raise BadRequestError(f"argument {self.name!r} must be one of {choices}, got {value!r}")
        return value

    def _check_range(self, value: float) -> None:
        low, high = self.minimum, self.maximum
        if low is not None and high is not None and not low <= value <= high:
            raise BadRequestError(f"{self.name} must be between {low} and {high}, got {value}")
        if low is not None and value < low:
            raise BadRequestError(f"{self.name} must be at least {low}, got {value}")
        if high is not None and value > high:
            raise BadRequestError(f"{self.name} must be at most {high}, got {value}")


def _read_marks(name: str, value: object) -> list[int]:
    if not isinstance(value, list):
        raise BadRequestError(
            f"argument {name!r}: must be a list of 81 cells, got {type(value).__name__}"
        )
    try:
        return parse_marks(value)
    except ValueError as error:
        raise BadRequestError(f"argument {name!r}: {error}") from None


def _read_level(name: str, value: object) -> Any:
    from sudoku_core.grader import parse_level  # here: it loads the technique engine

    try:
        return parse_level(str(value))
    except ValueError as error:
        raise BadRequestError(f"argument {name!r}: {error}") from None


def read_request(op: str, arguments: tuple[Argument, ...], args: Json) -> Json:
    """The typed values of a request's arguments, by name, as the operation takes them.

    Refuses an argument ``op`` does not take, naming it (a misspelt ``max_second`` would
    otherwise mean "no budget" in silence), then reads each one (:meth:`Argument.read`).
    ``max_nodes`` and ``max_seconds`` become one ``budget`` (None when both are absent).

    Examples:
        >>> read_request("check", (Argument("grid", "grid"),), {"grid": "", "max_second": 1})
        Traceback (most recent call last):
        ...
        sudoku_core._requests.BadRequestError: unknown argument 'max_second' for check; it takes grid
        >>> read_request("count", (Argument("limit", "int", 10, minimum=1),), {})
        {'limit': 10}
    """
    known = {argument.name for argument in arguments}
    unknown = sorted(set(args) - known)
    if unknown:
        names = ", ".join(repr(name) for name in unknown)
        takes = ", ".join(sorted(known)) or "no arguments"
        plural = "s" if len(unknown) > 1 else ""
        raise BadRequestError(f"unknown argument{plural} {names} for {op}; it takes {takes}")
    values = {argument.name: argument.read(args.get(argument.name)) for argument in arguments}
    if BUDGET_NAMES[0] in values:
        values["budget"] = _budget(values.pop(BUDGET_NAMES[0]), values.pop(BUDGET_NAMES[1]))
    return values


def _budget(nodes: int | None, seconds: float | None) -> Budget | None:
    if nodes is None and seconds is None:
        return None
    try:
        return Budget(nodes=nodes, seconds=seconds)
    except ValueError as error:
        raise BadRequestError(f"max_nodes and max_seconds must be positive: {error}") from None

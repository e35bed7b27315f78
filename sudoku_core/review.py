"""A review of a player's own solve: each move labelled with what justified it at that moment.

The player's moves come in order (:class:`Move`): a digit placed, a candidate removed, a digit
erased, each with the play time it was made at when known. The review replays them on a
*logical state*: the givens, the player's correct digits still on the board, and the
candidates the player has correctly removed so far (with every candidate a placed digit rules
out). Wrong digits and removed answers stay out of it, so the state is always one the solution
passes through, and the labels say what *could* be known when the move was made:

- a placement of the solution's digit is labelled with the hardest technique of the grader's
  simplest-first route from that state to the cell holding its digit (a Naked or Hidden
  Single directly; otherwise the route's harder steps first): the grader's own rule for
  "how hard was this", asked of one cell. When no technique of the catalogue leads there (only
  trial and error would) the move was *not yet justified*: a guess. A digit that differs from
  the solution is *wrong*.
- an elimination is labelled the same way (the route until the candidate is gone), *already
  seen* when a placed digit in a peer rules it out, or *a true candidate lost* when it is the
  cell's answer.
- moves made with help (a hint applied, Reveal, Solve) move the state on but are not the
  player's own: they are labelled *with help* and never counted as found. So are the moves the
  player made after reading a hint that named them (*hinted*: the page knows which hint it
  showed): found with the hint's help, not by themselves.
- a move the player *undid* (and then made another instead, or not yet redid) is reviewed where
  it was made but leaves the state as it was: a wrong digit placed, or a true candidate struck,
  and undone is still a mistake made (``wrong``, ``lost``), and anything else undone is neither
  found nor counted.

Which pencil-mark moves are eliminations is the page's call, made before the moves get here
(web/teach/review-model.js): striking a digit from a cell's centre marks counts only while the
centre marks are complete candidates (Fill candidates made them, every empty cell is marked, or
the player says so: the rule of web/teach/marks-meaning.js). HoDoKu and sudoku.coach players
strike candidates from full lists, and then every strike is a claim "this digit cannot go
here"; SudokuPad players write centre marks as notes ("1 or 7 here") and rub them out as they
think, and reading those as claims would report answers "lost" that were never claimed out.
Corner marks are notes always.

The summary counts the techniques the player used, the guesses and the mistakes, splits the
play time into three *phases* by the share of the empty cells filled correctly when the move
was made (opening: under a third, middle: under two thirds, endgame: the rest; by cells filled
rather than by moves or by time, because marking styles differ tenfold in moves and the time
is what is measured), names the hardest step the player found by themselves, and puts the
grader's path beside it.

:func:`review_in_slices` does the work in slices (it yields after each technique tried, as the
grader does) within a :class:`~sudoku_core.solver.Budget`: ``seconds`` of work, ``nodes``
technique searches; moves past the budget are labelled *not checked*. :func:`review` runs it to
the end.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Generator, Sequence
from typing import Any, Final, Literal

from sudoku_core._record import Frozen, frozen_init
from sudoku_core._slices import relay, run_to_end
from sudoku_core.explain.words import a_technique, plural
from sudoku_core.formats import GridLike, as_grid
from sudoku_core.grader import Grade, iter_rate
from sudoku_core.grid import CELLS, PEERS, UNITS_OF, Cell, Digit, Grid, cell_name
from sudoku_core.logic.board import CELL_BIT, UNIT_BITS, Board, Candidate, cellset
from sudoku_core.logic.solving_path import iter_find_step
from sudoku_core.logic.steps import TECHNIQUES
from sudoku_core.solver import Budget
from sudoku_core.verdict import unique_solution_in_slices

__all__ = [
    "MAX_MOVES",
    "Label",
    "LabelKind",
    "Move",
    "MoveKind",
    "Phase",
    "Review",
    "check_moves",
    "format_moves",
    "parse_moves",
    "review",
    "review_in_slices",
]

MoveKind = Literal["place", "eliminate", "erase"]
LabelKind = Literal[
    "technique",
    "guess",
    "wrong",
    "seen",
    "lost",
    "helped",
    "erase",
    "repeat",
    "undone",
    "unchecked",
]
"""What a move was: justified by a ``technique``; a ``guess`` (not yet justified); a
``wrong`` digit; an elimination ``seen`` already (a placed peer rules it out); a true
candidate ``lost``; made with ``help``; an ``erase``; a ``repeat`` of what the state already
holds; ``undone`` (and neither wrong nor lost); ``unchecked`` (past the budget)."""

MAX_MOVES: Final = 5000
"""The most moves one review takes: far more than a solve with every candidate struck by hand
(about 600), and a bound on the request."""
PHASES: Final = ("opening", "middle", "endgame")
_MOVE = re.compile(r"r([1-9])c([1-9])(?:([=-])([1-9])|(x))([!h]?)(~?)(?:@(\d{1,7}(?:\.\d{1,3})?))?")


class Move(Frozen):
    """One move of the player's: ``place`` ``digit`` in ``cell``, ``eliminate`` it from the
    cell's candidates, or ``erase`` the cell's digit (``digit`` 0). ``seconds``: the play time
    it was made at (None: unknown). ``helped``: made by a hint, Reveal or Solve; ``hinted``:
    made by the player after reading a hint that named it; ``undone``: taken back by Undo."""

    _fields = ("kind", "cell", "digit", "seconds", "helped", "hinted", "undone")
    __slots__ = _fields
    kind: MoveKind
    cell: Cell
    digit: Digit
    seconds: float | None
    helped: bool
    hinted: bool
    undone: bool

    def __init__(
        self,
        kind: MoveKind,
        cell: Cell,
        digit: Digit = 0,
        *,
        seconds: float | None = None,
        helped: bool = False,
        hinted: bool = False,
        undone: bool = False,
    ) -> None:
        frozen_init(self, kind, cell, digit, seconds, helped, hinted and not helped, undone)

    @property
    def text(self) -> str:
        """The move in the review's notation: ``r1c3=5``, ``r1c3-5``, ``r1c3x``; ``!`` when
        helped, ``h`` when hinted, ``~`` when undone, ``@seconds`` when known."""
        name = cell_name(self.cell)
        body = {"place": f"{name}={self.digit}", "eliminate": f"{name}-{self.digit}"}
        help_mark = "!" if self.helped else "h" if self.hinted else ""
        text = body.get(self.kind, f"{name}x") + help_mark + ("~" if self.undone else "")
        return text if self.seconds is None else f"{text}@{self.seconds:g}"


def parse_moves(text: str) -> tuple[Move, ...]:
    """The moves of a text in the review's notation, separated by spaces or commas.

    Raises ValueError naming the first token that is not a move, or when there are more than
    :data:`MAX_MOVES`.

    Examples:
        >>> [m.text for m in parse_moves("r1c3=5@12.5 r2c2-7h, r1c3x! r9c9=1~")]
        ['r1c3=5@12.5', 'r2c2-7h', 'r1c3x!', 'r9c9=1~']
        >>> parse_moves("r1c3=0")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: move 1 'r1c3=0' is not a move: write r1c3=5 (place), ...
    """
    tokens = text.replace(",", " ").split()
    if len(tokens) > MAX_MOVES:
        raise ValueError(f"{len(tokens)} moves: a review takes at most {MAX_MOVES}")
    moves = []
    for i, token in enumerate(tokens, 1):
        found = _MOVE.fullmatch(token)
        if found is None:
            raise ValueError(
                f"move {i} {token[:20]!r} is not a move: write r1c3=5 (place), r1c3-5 (remove a"
                " candidate) or r1c3x (erase), then ! if helped or h if made after a hint,"
                " ~ if undone, and @seconds"
            )
        row, col, sign, digit, _, helped, undone, seconds = found.groups()
        cell = (int(row) - 1) * 9 + int(col) - 1
        kind: MoveKind = "erase" if sign is None else "place" if sign == "=" else "eliminate"
        moves.append(
            Move(
                kind,
                cell,
                int(digit or 0),
                seconds=None if seconds is None else float(seconds),
                helped=helped == "!",
                hinted=helped == "h",
                undone=bool(undone),
            )
        )
    return tuple(moves)


def format_moves(moves: Sequence[Move]) -> str:
    """The moves as text that :func:`parse_moves` reads back."""
    return " ".join(m.text for m in moves)


class Label(Frozen):
    """What one move was (:data:`LabelKind`), in a sentence. ``technique``: the hardest step
    of the route that justified it (or the single that placed it); ``steps``: the route's
    length (1: the technique applied directly). ``phase``: when it was made (:data:`PHASES`)."""

    _fields = ("index", "move", "kind", "technique", "steps", "phase", "text")
    __slots__ = _fields
    index: int
    move: Move
    kind: LabelKind
    technique: str | None
    steps: int
    phase: str
    text: str

    def __init__(
        self,
        index: int,
        move: Move,
        kind: LabelKind,
        *,
        technique: str | None = None,
        steps: int = 0,
        phase: str = PHASES[0],
        text: str = "",
    ) -> None:
        frozen_init(self, index, move, kind, technique, steps, phase, text)

    @property
    def own(self) -> bool:
        """A step the player found by themselves."""
        return self.kind == "technique" and not (self.move.helped or self.move.hinted)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        info = TECHNIQUES[self.technique] if self.technique else None
        return {
            "index": self.index,
            "move": self.move.text,
            "cell": self.move.cell,
            "digit": self.move.digit,
            "kind": self.kind,
            "technique": self.technique,
            "level": info.level.value if info else None,
            "steps": self.steps,
            "phase": self.phase,
            "text": self.text,
        }


class Phase(Frozen):
    """One phase of the solve: its moves and the play time spent in it (None: unknown)."""

    _fields = ("name", "moves", "seconds")
    __slots__ = _fields
    name: str
    moves: int
    seconds: float | None

    def __init__(self, name: str, moves: int, seconds: float | None) -> None:
        frozen_init(self, name, moves, seconds)


class Review(Frozen):
    """The labels of every move, the summary, and the grader's grade of the puzzle."""

    _fields = ("labels", "grade", "complete", "seconds")
    __slots__ = _fields
    labels: tuple[Label, ...]
    grade: Grade
    complete: bool
    """False when the budget ran out (the rest are ``unchecked``)."""
    seconds: float

    def __init__(
        self, labels: tuple[Label, ...], grade: Grade, complete: bool, seconds: float
    ) -> None:
        frozen_init(self, labels, grade, complete, seconds)

    def count(self, kind: LabelKind) -> int:
        """How many moves were of a kind."""
        return sum(1 for label in self.labels if label.kind == kind)

    @property
    def undone_mistakes(self) -> int:
        """How many of the wrong digits and lost candidates the player undid."""
        return sum(1 for label in self.labels if label.move.undone and label.kind != "undone")

    @property
    def used(self) -> dict[str, int]:
        """The techniques the player used by themselves and how often, hardest first."""
        found = Counter(label.technique for label in self.labels if label.own and label.technique)
        return dict(sorted(found.items(), key=lambda item: _hardness(item[0]), reverse=True))

    @property
    def hardest(self) -> Label | None:
        """The hardest step the player found by themselves (the first of the hardest)."""
        own = [label for label in self.labels if label.own and label.technique]
        return max(own, key=lambda label: _hardness(label.technique or ""), default=None)

    @property
    def phases(self) -> tuple[Phase, ...]:
        """The moves and play time of each phase: a move's time is the time since the
        previous timed move, counted in the phase the move was made in."""
        moves = Counter(label.phase for label in self.labels)
        spent: dict[str, float] = {}
        last = 0.0
        for label in self.labels:
            at = label.move.seconds
            if at is None:
                continue
            spent[label.phase] = spent.get(label.phase, 0.0) + max(0.0, at - last)
            last = max(last, at)
        timed = any(label.move.seconds is not None for label in self.labels)
        return tuple(
            Phase(name, moves[name], round(spent.get(name, 0.0), 1) if timed else None)
            for name in PHASES
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: the labels, the summary and the grader's path beside it."""
        hardest = self.hardest
        grade = self.grade
        bottleneck = grade.bottleneck
        return {
            "labels": [label.to_dict() for label in self.labels],
            "complete": self.complete,
            "summary": {
                "used": self.used,
                "guesses": self.count("guess"),
                "wrong": self.count("wrong"),
                "lost": self.count("lost"),
                "undone": self.undone_mistakes,
                "helped": self.count("helped"),
                "phases": [
                    {"name": p.name, "moves": p.moves, "seconds": p.seconds} for p in self.phases
                ],
                "hardest": hardest.to_dict() if hardest else None,
            },
            "grader": {
                "level": grade.level.value,
                "score": grade.score,
                "histogram": dict(
                    sorted(grade.histogram.items(), key=lambda i: _hardness(i[0]), reverse=True)
                ),
                "steps": len(grade.path),
                "hardest": bottleneck.technique if bottleneck else None,
            },
            "seconds": round(self.seconds, 3),
        }


def _hardness(technique: str) -> tuple[int, int, float]:
    """The grader's order of hardness: level, then score, then rating."""
    info = TECHNIQUES[technique]
    return info.level.rank, info.score, info.rating


def single_at(board: Board, cell: Cell, digit: Digit) -> str | None:
    """The single that places ``digit`` in ``cell`` on ``board`` now, named as the catalogue's
    singles finders (:mod:`sudoku_core.logic.singles`) name it, tried in their order: the
    last empty cell of a unit (Full House), the cell's last candidate (Naked Single), the
    digit's last place in a unit (Hidden Single); None when it is none of them. It asks about
    one cell where the finders look for the first single anywhere.

    Examples:
        >>> board = Board.from_grid((0,) + (2, 3, 4, 5, 6, 7, 8, 9) + (0,) * 72)
        >>> single_at(board, 0, 1), single_at(board, 9, 1)
        ('Full House', None)
    """
    if board.values[cell] or not board.has(cell, digit):
        return None
    bit = CELL_BIT[cell]
    if any(board.unsolved & UNIT_BITS[u] == bit for u in UNITS_OF[cell]):
        return "Full House"
    if board.cands[cell] == 1 << (digit - 1):
        return "Naked Single"
    if any(board.where[digit] & UNIT_BITS[u] == bit for u in UNITS_OF[cell]):
        return "Hidden Single"
    return None


class _State:
    """The logical state: the givens, the player's correct digits, the candidates they have
    correctly removed. A fresh :class:`Board` of it for each route (a route changes its board,
    and a finder's memo belongs to one board)."""

    def __init__(self, givens: Grid, start: Grid | None, solution: Grid) -> None:
        self.givens = givens
        self.grid = [
            g or (s if start and start[c] == s else 0)
            for c, (g, s) in enumerate(zip(givens, solution, strict=True))
        ]
        self.struck: set[Candidate] = set()
        self.empty_at_start = sum(1 for c in CELLS if not givens[c])

    def board(self) -> Board:
        board = Board.from_grid(self.grid)
        for cell, digit in self.struck:
            if not board.values[cell]:
                board.eliminate(cell, digit)
        board.givens = cellset(c for c in CELLS if self.givens[c])
        return board

    def phase(self) -> str:
        filled = sum(1 for c in CELLS if self.grid[c] and not self.givens[c])
        share = filled / self.empty_at_start if self.empty_at_start else 1.0
        return PHASES[0] if share < 1 / 3 else PHASES[1] if share < 2 / 3 else PHASES[2]


_Route = Generator[None, None, "tuple[str, int] | None"]


def _route(board: Board, move: Move) -> _Route:
    """The grader's simplest-first steps from ``board`` until the move is made (the cell
    holds its digit, or the candidate is gone): the hardest technique and the number of
    steps, or None when no technique goes on before that (only trial and error would)."""
    used: list[str] = []
    while True:
        if move.kind == "place":
            if board.values[move.cell] == move.digit:
                break
            single = single_at(board, move.cell, move.digit)
            if single is not None:
                used.append(single)
                break
        elif not board.has(move.cell, move.digit):
            break
        step = yield from iter_find_step(board, unique=True)
        if step is None:
            return None
        used.append(step.technique)
        step.apply(board)
    return max(used, key=_hardness), len(used)


def _doing(move: Move) -> str:
    name = cell_name(move.cell)
    if move.kind == "place":
        return f"Placed {move.digit} in {name}"
    if move.kind == "eliminate":
        return f"Removed {move.digit} from {name}"
    return f"Erased {name}"


def _justified(move: Move, technique: str, steps: int) -> str:
    """The label's words. A longer route is the grader's simplest-first walk, not the player's
    shortest way there: say whose route it is, and that its technique is the hardest on it."""
    if steps <= 1:
        return f"{_doing(move)}: {a_technique(technique)}."
    return (
        f"{_doing(move)}: the grader's route there takes {plural(steps, 'step')},"
        f" none harder than {a_technique(technique)}."
    )


class _Budget:
    """What is left of a :class:`Budget`: seconds of work, and ``nodes`` technique searches."""

    def __init__(self, budget: Budget | None) -> None:
        self.deadline = None
        if budget is not None and budget.seconds is not None:
            self.deadline = time.perf_counter() + budget.seconds
        self.searches = None if budget is None else budget.nodes

    def spent(self) -> bool:
        if self.searches is not None and self.searches <= 0:
            return True
        return self.deadline is not None and time.perf_counter() > self.deadline

    def count(self) -> None:
        if self.searches is not None:
            self.searches -= 1


def check_moves(givens: Grid, moves: Sequence[Move]) -> None:
    """Raise ValueError naming the first move on a given's cell (a player cannot make one).

    Examples:
        >>> check_moves((5,) + (0,) * 80, parse_moves("r1c2=3 r1c1-4"))
        Traceback (most recent call last):
        ...
        ValueError: move 2 (r1c1-4): r1c1 is a given
    """
    for i, move in enumerate(moves, 1):
        if givens[move.cell]:
            raise ValueError(f"move {i} ({move.text}): {cell_name(move.cell)} is a given")


def review_in_slices(
    givens: Grid,
    moves: Sequence[Move],
    budget: Budget | None = None,
    *,
    start: Grid | None = None,
    tick_nodes: int = 500,
) -> Generator[dict[str, Any], None, Review]:
    """The review of ``moves`` on the puzzle ``givens`` in slices: yields ``{"moves": i,
    "of": n}`` between pieces of work (the uniqueness check, the grade, then each technique
    tried), returns the :class:`Review`. ``start``: the player's digits where the moves begin
    (a game opened from a link with progress, or older than its recorded moves): its correct
    digits are in the state from the first move on, and are not labelled. A puzzle without
    exactly one solution raises :class:`~sudoku_core.errors.InvalidPuzzleError`; a move on a
    given's cell, ValueError."""
    started = time.perf_counter()
    n = len(moves)
    check_moves(givens, moves)
    progress: dict[str, Any] = {"moves": 0, "of": n}
    solution = yield from relay(
        unique_solution_in_slices(givens, purpose="cannot review", tick_nodes=tick_nodes),
        lambda _: progress,
    )
    grade, _ = yield from relay(iter_rate(givens, solution), lambda _: progress)
    state = _State(givens, start, solution)
    left = _Budget(budget)
    labels: list[Label] = []
    for i, move in enumerate(moves):
        phase = state.phase()
        progress = {"moves": i, "of": n}
        if left.spent():
            labels.append(
                Label(i, move, "unchecked", phase=phase, text=f"{_doing(move)}: not checked.")
            )
            continue
        if move.undone:
            labels.append(_undone(solution, move, index=i, phase=phase))
            continue
        label = yield from _label(state, solution, move, index=i, phase=phase, left=left)
        labels.append(label)
        _advance(state, solution, move)
        yield progress
    return Review(tuple(labels), grade, not left.spent(), time.perf_counter() - started)


def _undone(solution: Grid, move: Move, *, index: int, phase: str) -> Label:
    """The label of a move the player undid: a mistake made still (a wrong digit, a true
    candidate struck: put back, it was never lost, but striking it was the mistake), else a
    move that left nothing behind."""
    cell, digit, doing = move.cell, move.digit, _doing(move)
    if move.kind == "place" and digit != solution[cell]:
        return Label(index, move, "wrong", phase=phase, text=f"{doing}: a wrong digit, undone.")
    if move.kind == "eliminate" and digit == solution[cell]:
        text = f"{doing}: a true candidate struck (it is the cell's answer), undone."
        return Label(index, move, "lost", phase=phase, text=text)
    return Label(index, move, "undone", phase=phase, text=f"{doing}, then undone.")


def _label(
    state: _State, solution: Grid, move: Move, *, index: int, phase: str, left: _Budget
) -> Generator[dict[str, Any], None, Label]:
    """The label of one move on the state before it."""
    cell, digit = move.cell, move.digit
    doing = _doing(move)
    if move.kind == "erase":
        what = "a wrong digit" if state.grid[cell] != solution[cell] else "a correct digit"
        return Label(index, move, "erase", phase=phase, text=f"{doing} ({what}).")
    if move.kind == "place" and digit != solution[cell]:
        return Label(index, move, "wrong", phase=phase, text=f"{doing}: a wrong digit.")
    if move.kind == "eliminate" and digit == solution[cell]:
        text = f"{doing}: a true candidate lost (it is the cell's answer)."
        return Label(index, move, "lost", phase=phase, text=text)
    if move.kind == "place" and state.grid[cell] == digit:
        return Label(index, move, "repeat", phase=phase, text=f"{doing}: it was there already.")
    if move.kind == "eliminate":
        seen = next((p for p in PEERS[cell] if state.grid[p] == digit), None)
        if seen is not None:
            text = f"{doing}: already seen (the {digit} in {cell_name(seen)})."
            return Label(index, move, "seen", phase=phase, text=text)
        if state.grid[cell] or (cell, digit) in state.struck:
            return Label(index, move, "repeat", phase=phase, text=f"{doing}: it was gone already.")
    if move.helped:
        return Label(index, move, "helped", phase=phase, text=f"{doing} with help.")
    if move.hinted:
        text = f"{doing} with help (after a hint)."
        return Label(index, move, "helped", phase=phase, text=text)
    left.count()
    routed = yield from relay(_route(state.board(), move), lambda _: {"moves": index})
    if routed is None:
        text = f"{doing}: not yet justified (a guess)."
        return Label(index, move, "guess", phase=phase, text=text)
    technique, steps = routed
    text = _justified(move, technique, steps)
    return Label(index, move, "technique", technique=technique, steps=steps, phase=phase, text=text)


def _advance(state: _State, solution: Grid, move: Move) -> None:
    """The state after a move: a correct digit placed or erased, a wrong candidate struck."""
    cell, digit = move.cell, move.digit
    if move.kind == "place" and digit == solution[cell]:
        state.grid[cell] = digit
    elif move.kind == "erase":
        state.grid[cell] = 0
    elif move.kind == "eliminate" and digit != solution[cell]:
        state.struck.add((cell, digit))


def review(
    puzzle: GridLike,
    moves: Sequence[Move] | str,
    budget: Budget | None = None,
    *,
    start: GridLike | None = None,
) -> Review:
    """The review of a player's moves (a sequence, or text for :func:`parse_moves`) on a
    puzzle with one solution, from the player's digits ``start`` (None: the givens alone).

    Examples:
        >>> puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
        >>> done = review(puzzle, "r1c2=2 r1c2x r1c2=1")
        >>> [label.kind for label in done.labels]
        ['wrong', 'erase', 'technique']
        >>> done.labels[2].text
        "Placed 1 in r1c2: the grader's route there takes 11 steps, none harder than a Locked Triple."
    """
    if isinstance(moves, str):
        moves = parse_moves(moves)
    begin = None if start is None else as_grid(start)
    return run_to_end(review_in_slices(as_grid(puzzle), moves, budget, start=begin, tick_nodes=0))

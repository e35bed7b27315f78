"""The bank's SQLite file: one row per puzzle, stored once whatever its transformation.

Why SQLite: it is in the standard library, one file to copy or publish, safe against a killed
process (a transaction is on disk or not at all), and it answers "50 Medium puzzles" or "how
many need an X-Wing" with an index instead of a scan of text files.

- ``puzzles.canonical`` is the minlex form (:mod:`sudoku_core.canonical`) with a UNIQUE index:
  a puzzle met again rotated, relabelled or with its bands swapped is not stored twice.
- ``runs`` names each command's work by the options that decide it (kind, level, symmetry and
  first seed; or the input file and its sha256), and ``units_done`` lists the units whose
  results are committed. Units are committed in order, each in one transaction with its
  ``units_done`` row, so a run killed at any moment keeps every unit it finished and the same
  command, run again, starts at the first unit not done.
- Before a row is written its puzzle is checked again by the solver: one solution, and the
  stored solution is a valid grid that keeps the givens (about 0.3 ms a puzzle). A worker's bug (or a tampered worker
  on a cluster) cannot put a wrong puzzle in the bank.
- A file is identified before anything is written to it, on a read-only connection: a bank of
  this version (its ``meta`` schema row and every table and column below), an empty file (a
  new bank, for the commands that write), or something else, which is refused untouched. The
  commands that only read open the file read-only (SQLite's ``mode=ro``), so they cannot change
  it whatever it holds.
- What is read is checked as it is read, since anything can edit a SQLite file: a row that
  does not decode (its JSON, its puzzle against its stored solution) is skipped and named by
  its id in :attr:`Bank.damaged`, and the rest is read as usual.
- Writing uses SQLite's write-ahead log (commits without waiting for readers); closing folds it
  back in and returns the file to a rollback journal, so a bank at rest is one file and a
  read-only command leaves nothing beside it.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

from sudoku_core.bank.work import Record
from sudoku_core.formats import parse
from sudoku_core.logic import LEVELS
from sudoku_core.solver import count_solutions, is_solution

__all__ = ["SCHEMA_VERSION", "Bank", "BankError", "verify_record"]

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS puzzles (
    id INTEGER PRIMARY KEY,
    canonical TEXT NOT NULL UNIQUE,
    puzzle TEXT NOT NULL,
    solution TEXT NOT NULL,
    level TEXT NOT NULL,
    score INTEGER NOT NULL,
    rating REAL NOT NULL,
    pearl REAL NOT NULL,
    diamond REAL NOT NULL,
    hardest TEXT,
    techniques TEXT NOT NULL,
    givens INTEGER NOT NULL,
    source TEXT NOT NULL,
    seed INTEGER,
    options TEXT,
    line INTEGER,
    run INTEGER NOT NULL REFERENCES runs (id)
);
CREATE INDEX IF NOT EXISTS puzzles_by_level ON puzzles (level, id);
CREATE INDEX IF NOT EXISTS puzzles_by_run ON puzzles (run);
CREATE TABLE IF NOT EXISTS units_done (
    run INTEGER NOT NULL REFERENCES runs (id),
    unit INTEGER NOT NULL,
    PRIMARY KEY (run, unit)
);
CREATE TABLE IF NOT EXISTS rejected (
    run INTEGER NOT NULL REFERENCES runs (id),
    unit INTEGER NOT NULL,
    message TEXT NOT NULL
);
"""

_COLUMNS = (
    "canonical", "puzzle", "solution", "level", "score", "rating", "pearl", "diamond",
    "hardest", "techniques", "givens", "source", "seed", "options", "line",
)  # fmt: skip

_TABLES = {
    "meta": {"key", "value"},
    "runs": {"id", "key"},
    "puzzles": {"id", "run", *_COLUMNS},
    "units_done": {"run", "unit"},
    "rejected": {"run", "unit", "message"},
}
"""Each table of a bank and the columns it must have: what identifies a file as a bank."""

_LEVEL_NAMES = frozenset(level.value for level in LEVELS)


class BankError(Exception):
    """The file is not a bank this version can use, or a record failed its checks."""


def verify_record(record: Record) -> Record:
    """``record`` if its puzzle has exactly one solution, the stored one, and its canonical form
    has the puzzle's givens; else :class:`BankError` (which stops the run: nothing wrong is
    stored).

    The canonical form itself is not computed again here (5 ms against the solver's 0.3 ms):
    the client writes for every worker of a cluster, and re-deriving it would make the client
    the bottleneck. A wrong form could only let a duplicate in, never a wrong puzzle."""
    puzzle = parse(record["puzzle"])
    solution = parse(record["solution"])
    if count_solutions(puzzle, 2) != 1 or not is_solution(solution, puzzle):
        raise BankError(f"refused {record['puzzle']}: not unique, or the solution is wrong")
    canonical = record["canonical"]
    if len(canonical) != 81 or 81 - canonical.count(".") != 81 - record["puzzle"].count("."):
        raise BankError(f"refused {record['puzzle']}: its canonical form is wrong")
    return record


class Bank:
    """An open bank file; ``create=False`` for the commands that only read one: they open it
    read-only, and refuse a file that does not exist (a mistyped name must not leave an empty
    bank behind and report nothing) or holds no bank."""

    def __init__(self, path: str | Path, *, create: bool = True) -> None:
        self.path = Path(path)
        self.writable = create
        self.damaged: list[str] = []
        """What reading skipped: one message a damaged row, naming its id."""
        if not create and not self.path.is_file():
            raise BankError(f"{self.path}: no such bank")
        if create and not self.path.exists() and not self.path.parent.is_dir():
            raise BankError(f"{self.path}: no such folder {self.path.parent}")
        is_bank = self.path.exists() and self._identify()
        if not create and not is_bank:
            raise BankError(f"{self.path}: not a puzzle bank (an empty file)")
        try:
            if not create:
                self.db = self._connect_read_only()
                self.db.text_factory = bytes  # decoded row by row: a damaged byte skips its row
                return
            self.db = sqlite3.connect(self.path, isolation_level=None)
            self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute("PRAGMA foreign_keys = ON")
            if not is_bank:  # a new file: the whole schema, or nothing if this is killed
                self.db.executescript(
                    f"BEGIN; {_SCHEMA} INSERT OR IGNORE INTO meta "
                    f"VALUES ('schema', '{SCHEMA_VERSION}'); COMMIT;"
                )
        except sqlite3.DatabaseError as error:
            raise BankError(f"{self.path}: not a puzzle bank ({error})") from None

    def _connect_read_only(self) -> sqlite3.Connection:
        """A connection that cannot write the file (nor create it), nor anything beside it.

        A file in write-ahead-log mode (another program's, or a bank an earlier version left
        so) with no ``-wal`` file beside it has nobody writing it: it is opened ``immutable``,
        since even a read-only connection would make the ``-wal`` and ``-shm`` files SQLite
        reads such a file with, and leave them behind. With a ``-wal`` file (a writer at work,
        or one killed) the read goes through it, as it must to see the last commits."""
        options = "mode=ro"
        with self.path.open("rb") as handle:
            header = handle.read(20)
        in_wal_mode = header.startswith(b"SQLite format 3\x00") and header[18:20] == b"\x02\x02"
        if in_wal_mode and not self.path.with_name(self.path.name + "-wal").exists():
            options += "&immutable=1"
        return sqlite3.connect(f"{self.path.resolve().as_uri()}?{options}", uri=True)

    def _identify(self) -> bool:
        """True for a bank of this version, False for an SQLite file without tables (an empty
        file is one); else :class:`BankError`. Read-only: nothing is written to find out."""
        try:
            db = self._connect_read_only()
            try:
                tables = {name: _columns(db, name) for name in _tables(db)}
                version = None
                if _TABLES["meta"] <= tables.get("meta", set()):
                    row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
                    version = None if row is None else str(row[0])
            finally:
                db.close()
        except (sqlite3.DatabaseError, UnicodeDecodeError) as error:  # not SQLite; damaged
            raise BankError(f"{self.path}: not a puzzle bank ({error})") from None
        if not tables:
            return False
        if version is not None and version != str(SCHEMA_VERSION):
            raise BankError(
                f"{self.path}: bank schema {version}; this version reads {SCHEMA_VERSION}"
            )
        if version is None or any(not need <= tables.get(t, set()) for t, need in _TABLES.items()):
            raise BankError(f"{self.path}: not a puzzle bank (an SQLite file of other tables)")
        return True

    def close(self) -> None:
        """Close. After writing, first move the write-ahead log into the file and return it to a
        rollback journal, so the file alone is the bank (a copy of ``bank.sqlite`` without its
        ``-wal`` file would miss the last commits) and a read-only open makes no ``-wal`` or
        ``-shm`` file beside it. While another connection has the file open the journal stays
        as it is (without waiting): the last writer to close returns it."""
        try:
            if self.writable:
                self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                self.db.execute("PRAGMA busy_timeout = 0")
                with suppress(sqlite3.OperationalError):  # "locked": another one is open
                    self.db.execute("PRAGMA journal_mode = DELETE")
        finally:
            self.db.close()

    def __enter__(self) -> Bank:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # Runs and units

    def run_id(self, options: dict[str, Any]) -> int:
        """The run that ``options`` (what decides the work) name, created if new."""
        key = json.dumps(options, sort_keys=True)
        self.db.execute("INSERT OR IGNORE INTO runs (key) VALUES (?)", (key,))
        return int(self.db.execute("SELECT id FROM runs WHERE key = ?", (key,)).fetchone()[0])

    def units_done(self, run: int) -> int:
        """How many units of ``run`` are committed (they are committed in order: 0, 1, ...)."""
        return int(
            self.db.execute("SELECT COUNT(*) FROM units_done WHERE run = ?", (run,)).fetchone()[0]
        )

    def stored(self, run: int) -> int:
        """How many puzzles ``run`` has stored."""
        return int(
            self.db.execute("SELECT COUNT(*) FROM puzzles WHERE run = ?", (run,)).fetchone()[0]
        )

    def commit_unit(
        self, run: int, unit: int, records: list[Record], limit: int | None = None
    ) -> tuple[int, list[str]]:
        """Store ``records`` and mark ``unit`` done, in one transaction; returns (puzzles
        stored, messages of rejected records). A puzzle already in the bank, in any
        transformation, is skipped.

        With ``limit``, storing stops when ``run`` has that many puzzles, and a unit cut short
        is *not* marked done: a later run with a larger count does it again (its first puzzles
        are then skipped as already stored) and goes on with its other seeds, so 10-then-20
        stores the same puzzles as 20 at once."""
        checked = [verify_record(record) for record in records if "error" not in record]
        rejected = [record["error"] for record in records if "error" in record]
        added = 0
        self.db.execute("BEGIN IMMEDIATE")  # the order check inside: two writers cannot both pass
        try:
            if self.units_done(run) != unit:
                raise BankError(
                    f"unit {unit} of run {run} is not the next one: is another command "
                    "writing this run into the same bank?"
                )
            have = self.stored(run)
            cut = False
            for record in checked:
                if limit is not None and have + added >= limit:
                    cut = True
                    break
                added += self._insert(run, record)
            if not cut:
                self.db.executemany(
                    "INSERT INTO rejected VALUES (?, ?, ?)", [(run, unit, m) for m in rejected]
                )
                self.db.execute("INSERT INTO units_done VALUES (?, ?)", (run, unit))
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:  # not after COMMIT returned (Ctrl+C at that moment)
                self.db.execute("ROLLBACK")
            raise
        return added, [] if cut else rejected

    def _insert(self, run: int, record: Record) -> int:
        """1 if the puzzle was stored, 0 if its canonical form was already there."""
        row = [record.get(name) for name in _COLUMNS]
        row[_COLUMNS.index("techniques")] = json.dumps(record["techniques"], sort_keys=True)
        if record.get("options") is not None:
            row[_COLUMNS.index("options")] = json.dumps(record["options"], sort_keys=True)
        cursor = self.db.execute(
            f"INSERT OR IGNORE INTO puzzles ({', '.join(_COLUMNS)}, run) "
            f"VALUES ({', '.join('?' * len(_COLUMNS))}, ?)",
            (*row, run),
        )
        return cursor.rowcount

    # Reading

    def rows(
        self, level: str | None = None, limit: int | None = None, *, generated: bool = False
    ) -> Iterator[dict[str, Any]]:
        """Stored puzzles in the order they were stored, optionally of one level, optionally
        only generated ones (they have a seed), at most ``limit`` of them.

        Each row is checked as it is read (:func:`_damage`: its JSON, and its puzzle against
        its stored solution, which must be valid and keep every given, a few microseconds); a
        damaged one is skipped and said in :attr:`damaged`, and does not count."""
        query = "SELECT * FROM puzzles WHERE 1"
        params: list[Any] = []
        if level is not None:
            query += " AND level = ?"
            params.append(level)
        if generated:
            query += " AND seed IS NOT NULL"
        cursor = self.db.execute(query + " ORDER BY id", params)
        names = [column[0] for column in cursor.description]
        given = 0
        for values in cursor:
            if limit is not None and given >= limit:
                break
            row = dict(zip(names, values, strict=True))
            problem = _damage(row, whole=True)
            if problem is not None:
                self.damaged.append(f"row {row['id']}: {problem}; skipped")
                continue
            given += 1
            yield row

    def stats(self) -> dict[str, Any]:
        """Counts per level, per technique (puzzles whose path uses it, and whose hardest
        step it is) and per number of givens; a damaged row is skipped (:attr:`damaged`)."""
        levels = Counter[str]()
        uses = Counter[str]()
        hardest = Counter[str]()
        givens = Counter[int]()
        cursor = self.db.execute("SELECT id, level, techniques, hardest, givens FROM puzzles")
        names = [column[0] for column in cursor.description]
        for values in cursor:
            row = dict(zip(names, values, strict=True))
            problem = _damage(row, whole=False)
            if problem is not None:
                self.damaged.append(f"row {row['id']}: {problem}; skipped")
                continue
            levels[row["level"]] += 1
            uses.update(row["techniques"].keys())
            if row["hardest"]:
                hardest[row["hardest"]] += 1
            givens[row["givens"]] += 1
        rejected = int(self.db.execute("SELECT COUNT(*) FROM rejected").fetchone()[0])
        return {
            "puzzles": sum(levels.values()),
            "levels": dict(levels),
            "techniques": dict(uses.most_common()),
            "hardest": dict(hardest.most_common()),
            "givens": dict(sorted(givens.items())),
            "rejected": rejected,
        }


def _tables(db: sqlite3.Connection) -> list[str]:
    return [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]


def _columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {name for (name,) in db.execute("SELECT name FROM pragma_table_info(?)", (table,))}


def _damage(row: dict[str, Any], *, whole: bool) -> str | None:
    """What is wrong with a row read from the file (None: nothing), decoding its JSON columns in
    place. ``whole``: the row has every column, and its puzzle is checked against its stored
    solution too (the cheap half of :func:`verify_record`: uniqueness is not searched again).
    Text read as bytes (a read-only bank) is decoded here first, so a damaged byte names its
    row instead of stopping the read."""
    for column, value in row.items():
        if isinstance(value, bytes):
            try:
                row[column] = value.decode("utf-8")
            except UnicodeDecodeError:
                return f"its {column} is not UTF-8 text"
    if row["level"] not in _LEVEL_NAMES:
        return f"its level {row['level']!r} is not a level"
    if not isinstance(row["givens"], int) or not 0 <= row["givens"] <= 81:
        return f"its number of givens {row['givens']!r} is not one"
    if row["hardest"] is not None and not isinstance(row["hardest"], str):
        return f"its hardest technique {row['hardest']!r} is not a name"
    try:
        techniques = json.loads(row["techniques"])
    except (TypeError, ValueError) as error:
        return f"its techniques are not JSON ({error})"
    if not isinstance(techniques, dict) or not all(
        isinstance(name, str) and isinstance(count, int) for name, count in techniques.items()
    ):
        return "its techniques are not counts by name"
    row["techniques"] = techniques
    if not whole:
        return None
    try:
        options = json.loads(row["options"]) if row["options"] is not None else None
    except (TypeError, ValueError) as error:
        return f"its options are not JSON ({error})"
    if options is not None and not isinstance(options, dict):
        return "its options are not an object"
    row["options"] = options
    if not (
        isinstance(row["puzzle"], str)
        and isinstance(row["solution"], str)
        and is_solution(row["solution"], row["puzzle"])
    ):
        return "its puzzle does not agree with its stored solution"
    return None

// @ts-check
// The messages between solver-client.js (page) and solver-worker.js (worker), and the bridge's
// operations with their arguments, progress and results (`Ops`), in one place so that
// `SolverClient.request(op, args)` is typed by its op name. Only plain data crosses: strings,
// numbers, booleans, arrays and plain objects (grids as 81-char strings, "." or "0" empty).
// The ops are declared in sudoku_core/operations.py (OPERATIONS), which tests/test_operations.py
// holds these types to: each op's args and result fields; the results are the Python to_dict()s.

/** @typedef {import("../puzzles/puzzle-info.js").Level} Level */
/** @typedef {import("../puzzles/puzzle-info.js").Symmetry} Symmetry */

// --- what the operations take and give --------------------------------------------------------
/**
 * @typedef {{max_seconds?: number, max_nodes?: number}} Budget
 *   How long a search may run before it gives up (gave_up / GaveUpError); absent: no limit.
 * @typedef {{nodes: number, guesses: number, seconds: number}} SearchStats
 * @typedef {{digit: number, kind: "row" | "column" | "box", number: number, cells: number[], message: string}} ConflictInfo
 *   One digit repeated in one unit (validate.Conflict.to_dict()); `number` is 1..9.
 * @typedef {"invalid" | "no_solution" | "unique" | "multiple" | "gave_up"} VerdictStatus
 * @typedef {{status: VerdictStatus, message: string, puzzle: string, givens: number, too_few_givens: boolean,
 *   conflicts: ConflictInfo[], solution: string | null, solutions: string[], differences: number[],
 *   stats: SearchStats}} Verdict
 *   verdict.Verdict.to_dict(): `check` and `solve` answer with it (solve's solution included).
 * @typedef {{verdict: Verdict, mistakes: number[] | null}} MistakesResult
 *   `mistakes`: the player's cells that differ from the unique solution (null when there is none).
 * @typedef {{count: number, limit: number, complete: boolean, gave_up: boolean, invalid: boolean,
 *   stats: SearchStats}} CountResult
 * @typedef {{puzzle: string, solution: string, seed: number, givens: number, symmetry: Symmetry,
 *   minimal: boolean | null, target_met: boolean, timed_out: boolean, tries: number, seconds: number,
 *   message: string}} Generated
 *   generator.Generated.to_dict().
 * @typedef {{er: number, ep: number, ed: number}} Rating
 *   Sudoku Explainer-style ratings of the hardest step.
 * @typedef {{cell: number, name: string, digit: number}} CellDigit
 * @typedef {{from: [number, number], to: [number, number], strong: boolean, from_cells?: number[],
 *   to_cells?: number[]}} StepLink
 *   One edge of a chain, candidate ([cell, digit]) to candidate, strong or weak as the chain uses
 *   it (logic.steps.Link.to_dict()). A group node (grouped chains: a digit in 2-3 cells of a
 *   box-line crossing) is named by its first cell, with all its cells in from_cells / to_cells.
 * @typedef {{technique: string, level: Level, score: number, rating: number, text: string,
 *   placements: CellDigit[], eliminations: CellDigit[], cells: number[], candidates: [number, number][],
 *   units: string[], links?: StepLink[], base?: string[], cover?: string[], fins?: number[],
 *   colours?: number[][], als?: number[][], summary?: string}} Step
 *   One logical step (logic.steps.Step.to_dict()); `text` is its standard notation (the expert's
 *   line), `summary` the step in words ("Naked Pair: remove 1 from r1c7 and r1c9"), sent with a
 *   grade's path and bottleneck and with a hint. For drawing (always sent by this engine, empty
 *   when the technique has none): links, a chain's edges in order (strong first, alternating);
 *   base and cover, a fish's units by name ("row 3"; units holds the base too); fins, its fin
 *   cells; colours, a colouring step's colour classes (cells), two per cluster; als (ALS steps,
 *   when the engine sends it), the cells of each almost locked set.
 * @typedef {{puzzle: string, solution: string, level: Level, score: number, rating: Rating,
 *   histogram: Record<string, number>, bottleneck: Step | null, steps: number, logical: boolean,
 *   seconds: number, message: string, path?: Step[]}} Grade
 *   grader.Grade.to_dict(); `path` only when asked for.
 * @typedef {Generated & {difficulty: Level, level: Level, score: number, puzzle_seed: number,
 *   rating: Rating, histogram: Record<string, number>}} GradedPuzzle
 *   graded.GradedPuzzle.to_dict(): Generated plus the grade (`seed` makes it again).
 * @typedef {{kind: "mistake" | "missing_candidate" | "remove_first" | "step" | "solved", message: string,
 *   mistakes: {cell: number, name: string}[], missing: (CellDigit & {unit: string})[],
 *   remove: {cell: number, name: string, digit: number, seen: number, seen_name: string}[],
 *   levels: {nudge: string, pattern: string, effect: string, notation?: string}, step: Step | null}} Hint
 *   hints.Hint.to_dict(). `levels`: plain words at three levels (a step's from sudoku_core.explain)
 *   and `notation`, the step in the standard notation (the expert's line; empty without a step).
 *   `missing` (kind missing_candidate, only when the marks were sent as
 *   "complete"): each needed candidate the marks lack, with the unit its levels name ("row 1").
 * @typedef {{found: boolean, puzzles: number, seed: number, technique?: string, level?: Level,
 *   puzzle?: string, digits?: string, candidates?: string[], solution?: string, step?: Step,
 *   others?: Step[]}} DrillResult
 *   drills.Drill.to_dict() when `found`: a position whose next step is the technique (`digits`,
 *   the givens and the digits placed since; `candidates`, 81 strings of digits; `others`, the
 *   technique's other instances there, when it has more); `puzzles`, how many generated puzzles
 *   were walked (`seed` is the first one's).
 * @typedef {{index: number, move: string, cell: number, digit: number, kind: "technique" | "guess" | "wrong"
 *   | "seen" | "lost" | "helped" | "erase" | "repeat" | "undone" | "unchecked", technique: string | null,
 *   level: Level | null, steps: number, phase: "opening" | "middle" | "endgame", text: string}} ReviewLabel
 *   review.Label.to_dict(): one move and what justified it then, in a sentence (`steps`: the
 *   grader's route to it; 1: the technique applied directly).
 * @typedef {{labels: ReviewLabel[], complete: boolean, summary: {used: Record<string, number>,
 *   guesses: number, wrong: number, lost: number, undone: number, helped: number,
 *   phases: {name: string, moves: number, seconds: number | null}[], hardest: ReviewLabel | null},
 *   grader: {level: Level, score: number, histogram: Record<string, number>, steps: number,
 *   hardest: string | null}, seconds: number}} ReviewResult
 *   review.Review.to_dict(): every move's label, the summary (techniques the player used by
 *   themselves, hardest first; `undone`, how many of the wrong digits and lost candidates were
 *   undone), and the grader's path beside it; `complete` false when the
 *   budget ran out (the rest are "unchecked").
 * @typedef {{tries: number, best: number | null, givens: number, seconds?: number}} GenerateProgress
 * @typedef {{tries: number, level: Level, last?: Level, best?: number | null, givens?: number,
 *   seconds?: number}} GradedProgress
 *   While a candidate is made: generate's progress plus the level sought; after each one graded:
 *   `last`, its level.
 * @typedef {{holding: Symmetry[], nearest: Symmetry | null, breaks: number[], missing: number[], message: string}} GivenSymmetry
 *   setter.GivenSymmetry.to_dict(): the symmetries of the givens' pattern, else the nearest one,
 *   the givens that break it and the empty cells that would complete it.
 * @typedef {Verdict & {clues: [number, number][], single_clues: [number, number][],
 *   fewest_proven: boolean | null, repair_message: string | null, redundant: number[] | null,
 *   symmetry: GivenSymmetry}} Study
 *   setter.Study.to_dict(): the verdict; for several solutions (from 17 givens) the fewest givens
 *   to add ([cell, digit], checked unique) and every single given that would do; for one
 *   solution the givens that could each go alone; the symmetry always.
 * @typedef {{puzzle: string, givens: number, removed: number[], symmetry: Symmetry[]}} MinimalChoice
 *   setter.Minimal.to_dict(): a minimal puzzle inside the one asked about.
 * @typedef {{number: number, level: Level, score: number, seed: number, puzzle: string, solution: string}} BookletPuzzle
 *   booklet.BookletPuzzle.to_dict(): `generate_graded(difficulty=level, seed=seed)` makes it again.
 * @typedef {{givens: string, entries: string, centre: number[], corner: number[], title: string,
 *   author: string, source: string}} ReadPosition
 *   A puzzle read from any format (formats.Position.to_dict()): grids as 81-character lines ("."
 *   empty), marks as 81 masks (bit d-1 for digit d), `source` where it came from in words.
 * @typedef {Record<string, never>} NoProgress
 *   The op answers in one slice.
 */

/**
 * Every operation by name: its arguments, the progress it reports, its result.
 * @typedef {{
 *   version: {args: Record<string, never>, progress: NoProgress, result: {version: string}},
 *   parse: {args: {text: string}, progress: NoProgress,
 *     result: {grid: string, givens: number, conflicts: ConflictInfo[]}},
 *   format: {args: {grid: string, to?: "line" | "grid" | "board", empty?: string}, progress: NoProgress,
 *     result: {text: string}},
 *   read: {args: {text: string}, progress: NoProgress, result: ReadPosition},
 *   export: {args: {grid: string, entries?: string, centre?: (number | string | number[])[],
 *     corner?: (number | string | number[])[], to: "line" | "grid" | "fpuzzles" | "sudokupad" | "sudokuwiki" | "coach"
 *     | "hodoku" | "ss" | "sdk" | "sdx", title?: string, author?: string},
 *     progress: NoProgress, result: {text: string}},
 *   conflicts: {args: {grid: string}, progress: NoProgress, result: {conflicts: ConflictInfo[]}},
 *   check: {args: {grid: string} & Budget, progress: SearchStats, result: Verdict},
 *   solve: {args: {grid: string} & Budget, progress: SearchStats, result: Verdict},
 *   find_mistakes: {args: {grid: string, entries: string} & Budget, progress: SearchStats, result: MistakesResult},
 *   count_solutions: {args: {grid: string, limit?: number} & Budget, progress: SearchStats & {count: number},
 *     result: CountResult},
 *   generate: {args: {seed?: number, symmetry?: Symmetry, max_givens?: number, minimal?: boolean,
 *     givens?: string, max_tries?: number, max_seconds?: number}, progress: GenerateProgress, result: Generated},
 *   grade: {args: {grid: string, path?: boolean}, progress: {steps: number, score: number, level: Level},
 *     result: Grade},
 *   hint: {args: {grid: string, digits?: string, candidates?: (number | string | number[])[],
 *     marks?: "complete" | "notes"},
 *     progress: {work: number}, result: Hint},
 *   generate_graded: {args: {difficulty: Level, seed?: number, symmetry?: Symmetry, max_seconds?: number},
 *     progress: GradedProgress, result: GradedPuzzle},
 *   drill: {args: {technique: string, seed?: number, max_seconds?: number},
 *     progress: {puzzles: number, positions: number}, result: DrillResult},
 *   review: {args: {grid: string, moves: string, digits?: string} & Budget, progress: {moves: number, of?: number},
 *     result: ReviewResult},
 *   study: {args: {grid: string} & Budget, progress: Record<string, number | string>, result: Study},
 *   minimize: {args: {grid: string, choices?: number, seed?: number},
 *     progress: Record<string, number | string>, result: {choices: MinimalChoice[]}},
 *   booklet: {args: {count?: number, levels?: string, seed?: number},
 *     progress: {made: number, count: number, level: Level}, result: {puzzles: BookletPuzzle[]}},
 * }} Ops
 */
/** @typedef {keyof Ops} OpName */

// --- page -> worker ---------------------------------------------------------------------------
/**
 * @typedef {{type: "request", id: number, op: OpName, args: Record<string, unknown>}} RequestMessage
 *   Start `op` (a sudoku_core.bridge operation); queued behind the boot and any earlier request.
 * @typedef {{type: "cancel", id: number}} CancelMessage
 *   Abandon request `id` (queued or running); always answered: by the request's one terminal
 *   reply ("cancelled", or its result/error when it finished in the same slice), or by
 *   "already-finished" when its terminal reply had already gone.
 * @typedef {{type: "interrupt-buffer", buffer: SharedArrayBuffer}} InterruptBufferMessage
 *   Only when the page is cross-origin isolated: Pyodide's interrupt buffer (write 2 to interrupt).
 * @typedef {RequestMessage | CancelMessage | InterruptBufferMessage} ToWorker
 */

// --- worker -> page ---------------------------------------------------------------------------
/**
 * @typedef {"runtime" | "engine" | "ready" | "failed"} Stage
 * @typedef {{type: "stage", stage: "runtime" | "engine", message: string}} StageMessage
 *   Boot progress, in order: runtime (Pyodide), engine (sudoku-core wheel and import).
 * @typedef {{type: "ready", version: string, pyodide: string, bootMs: number, stages?: Record<string, number>,
 *   startedAt?: number, from?: "snapshot" | "kept-snapshot" | "wheel", verified?: "sha256" | "precache" | "skipped",
 *   unverified?: string}} ReadyMessage
 *   Sent once, after `import sudoku_core.bridge` worked and its `version` op answered. `stages`:
 *   ms from the boot's start to the end of each stage (lists, verify, snapshot, runtime, wheel,
 *   import); `startedAt`: when the boot began, in ms since the epoch (performance.timeOrigin plus
 *   now: the page compares it with its own origin, so the bench sees how late the worker began); `from`: the engine came from the build's memory snapshot (inflated now, or kept
 *   inflated from an earlier visit), or Python booted and
 *   loaded the wheel (no snapshot in the build, or it could not be restored); `verified`: how
 *   the executing files were checked (hashed here, the service worker's precache, or not at all:
 *   no manifest or no SubtleCrypto, `unverified` saying which, for the person).
 * @typedef {{type: "failed", error: ErrorInfo}} FailedMessage
 *   The boot failed; the worker answers every request with an error from now on.
 * @typedef {{type: "accepted", id: number}} AcceptedMessage
 *   The worker has received request `id` (proof of life; requests are acknowledged between slices).
 * @typedef {{type: "progress", id: number, progress: Record<string, unknown>}} ProgressMessage
 *   Sent at most every PROGRESS_MS while a request runs; also a heartbeat. The shape is the op's
 *   `Ops[op]["progress"]`: the worker passes the bridge's dict through unchanged.
 * @typedef {{type: "result", id: number, result: unknown}} ResultMessage
 *   The shape is the op's `Ops[op]["result"]`.
 * @typedef {{type: "error", id: number, error: ErrorInfo}} ErrorMessage
 * @typedef {{type: "cancelled", id: number}} CancelledMessage
 * @typedef {{type: "already-finished", id: number}} AlreadyFinishedMessage
 *   The answer to a cancel that came after request `id`'s terminal reply (not a second one).
 * @typedef {StageMessage | ReadyMessage | FailedMessage | AcceptedMessage | ProgressMessage | ResultMessage
 *   | ErrorMessage | CancelledMessage | AlreadyFinishedMessage} FromWorker
 *
 * @typedef {{type: string, message: string, line?: number, column?: number}} ErrorInfo
 *   `type` is the Python exception's class name (InvalidPuzzleError, BadRequestError, ...) or a
 *   name of ours: BootError, BootTimeout, WorkerCrashed, EngineUnavailable, PythonError.
 */

// The worker's pace (SLICE_MS, PROGRESS_MS) is defined in solver-worker.js itself: an import of
// this file would be one more request, one after the other, before the worker could start.
export {};

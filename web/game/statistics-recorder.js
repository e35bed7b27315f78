// @ts-check
// The game on the board, told to the statistics (statistics-store.js) after each change: a game
// counts from its first move in Play mode on a puzzle with givens (then it is "started"; one
// the player gave up with Solve stays started, not solved); a grid only Solve filled, or one
// still being created, is not a game the player played. A game from before the statistics were
// kept counts once it is played here (one opened already solved does not: statistics.js).

import { EMPTY_GRID } from "../board/grid.js";
import { decodeMove } from "../board/cell-layers.js";
import { board, state } from "../app/page-state.js";
import { currentGameId } from "./autosave.js";
import { elapsedMs } from "./game-timer.js";
import { gameEvents } from "./game-view.js";

/**
 * statistics-store.js and the statistics under it (statistics.js), loaded at the first game to
 * record: the page's start has no use for them. Records wait for it in the order they were told.
 * @type {Promise<typeof import("./statistics-store.js")> | null}
 */
let store = null;

/** Tell the statistics about the game on the board, if it is one the player has played. */
function tell() {
  const { history, hints, reveals, solved } = state.progress;
  if (board.mode !== "play" || board.givens === EMPTY_GRID) return;
  const played = history.moves.slice(0, history.at).some((move) => decodeMove(move)?.kind !== "solve");
  if (!played && !solved) return;
  const info = state.info;
  const level = info && !info.claimed ? info.level ?? null : null; // a link's claim is not a fact
  const game = { id: currentGameId(), level, daily: info?.daily ?? null, ms: elapsedMs(), hints, reveals, solved };
  store ??= import("./statistics-store.js");
  store.then((m) => m.recordPlayed(game), () => {
    store = null; // not loaded (a file missing from a partial upload): the next change tries again
  });
}

/** Record every game played from now on (app.js, not in embed mode). */
export function wireStatisticsRecorder() {
  gameEvents.addEventListener("change", tell);
  gameEvents.addEventListener("info", tell);
}

// @ts-check
// The page's own keys, wherever the focus is (except in a text field or a dialog): Ctrl+Z undo,
// Ctrl+Y / Ctrl+Shift+Z redo, H hint, P pause, ? the list of shortcuts. The board handles its own
// keys (digits, tools, moving, selecting) and leaves these alone.

import { byId, typingIn } from "./dom.js";

const dialog = /** @type {HTMLDialogElement} */ (byId("shortcuts-dialog"));

/**
 * @param {{undo: () => void, redo: () => void, hint: () => void, pause: () => void}} actions
 */
export function wireShortcuts(actions) {
  byId("shortcuts").addEventListener("click", () => dialog.showModal());
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.altKey || typingIn(event.target) || document.querySelector("dialog[open]")) return;
    const key = event.key.toLowerCase();
    const ctrl = event.ctrlKey || event.metaKey;
    /** @type {(() => void) | null} */
    let action = null;
    if (ctrl && key === "z") action = event.shiftKey ? actions.redo : actions.undo;
    else if (ctrl && key === "y") action = actions.redo;
    else if (!ctrl && event.key === "?") action = () => dialog.showModal();
    else if (!ctrl && !event.shiftKey && key === "h") action = actions.hint;
    else if (!ctrl && !event.shiftKey && key === "p") action = actions.pause;
    if (!action) return;
    event.preventDefault();
    action();
  });
}

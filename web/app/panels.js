// @ts-check
// The side panel's tabs (Games, Learn, Share: WAI-ARIA tabs, one Tab stop, arrows and Home/End
// between them) and the More menu beside Hint (a disclosure: Escape, a click elsewhere or a
// choice closes it, and the focus goes back to its button). Nothing else of the page moves when
// either opens: the board keeps its place.
//
// A panel is no Tab stop of its own (no tabindex): each has controls, and Tab goes from its tab
// to the first of them. A focused panel taller than the sheet had its ring, and the tab bar above
// it, scrolled out of view (WAI-ARIA tabs make a panel focusable only when it has no controls).

import { byId } from "./dom.js";

/** @typedef {"games" | "learn" | "share"} PanelName */

/** The tabs, in order (read at wire time). @type {HTMLButtonElement[]} */
let tabs = [];

/**
 * Show a panel (and select its tab).
 * @param {PanelName} name @param {{focus?: boolean}} [options]
 */
export function showPanel(name, options = {}) {
  for (const tab of tabs) {
    const selected = tab.id === `tab-${name}`;
    tab.setAttribute("aria-selected", String(selected));
    tab.tabIndex = selected ? 0 : -1;
    const panel = byId(/** @type {string} */ (tab.getAttribute("aria-controls")));
    panel.hidden = !selected;
    if (selected && options.focus) tab.focus();
  }
}

/** The panel a control lives in, so that it can be shown first (null: not in a panel). @param {Element} element */
export function panelOf(element) {
  const panel = element.closest('[role="tabpanel"]');
  return panel ? /** @type {PanelName} */ (panel.id.replace(/^panel-/, "")) : null;
}

/** The tabs' clicks and keys. */
export function wirePanels() {
  tabs = /** @type {HTMLButtonElement[]} */ ([...document.querySelectorAll('.tabs [role="tab"]')]);
  const nameOf = (/** @type {HTMLButtonElement} */ tab) => /** @type {PanelName} */ (tab.id.replace(/^tab-/, ""));
  for (const tab of tabs) {
    tab.addEventListener("click", () => showPanel(nameOf(tab)));
    tab.addEventListener("keydown", (event) => {
      const at = tabs.indexOf(tab);
      const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      showPanel(nameOf(tabs[(to + tabs.length) % tabs.length]), { focus: true });
    });
  }
}

/**
 * A button that opens a small menu of buttons under it.
 * @param {HTMLElement} button @param {HTMLElement} menu
 */
export function wireMenu(button, menu) {
  const close = (/** @type {boolean} */ refocus) => {
    if (menu.hidden) return;
    menu.hidden = true;
    button.setAttribute("aria-expanded", "false");
    if (refocus) button.focus();
  };
  button.addEventListener("click", () => {
    if (!menu.hidden) {
      close(false);
      return;
    }
    menu.hidden = false;
    button.setAttribute("aria-expanded", "true");
    /** @type {HTMLButtonElement | null} */ (menu.querySelector("button:not(:disabled)"))?.focus();
  });
  menu.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    const items = /** @type {HTMLButtonElement[]} */ ([...menu.querySelectorAll("button:not(:disabled)")]);
    const at = items.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
    items[(at + (event.key === "ArrowDown" ? 1 : -1) + items.length) % items.length]?.focus();
  });
  // a choice closes the menu (its own click handler runs first: it was added before this one)
  menu.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("button")) close(menu.contains(document.activeElement));
  });
  document.addEventListener("pointerdown", (event) => {
    if (event.target instanceof Node && !menu.contains(event.target) && !button.contains(event.target)) close(false);
  });
  menu.addEventListener("focusout", (event) => {
    const to = event.relatedTarget;
    if (to instanceof Node && !menu.contains(to) && to !== button) close(false);
  });
}

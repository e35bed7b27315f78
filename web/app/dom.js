// @ts-check
// Looking up the page's elements: index.html is the contract, so a missing id fails loudly at
// start-up (with the id) instead of as "cannot read properties of null" on the first click.

/**
 * The element with this id, as the type the caller names (index.html defines it).
 * @template {HTMLElement} T
 * @param {string} id
 * @returns {T}
 */
export function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing from index.html`);
  return /** @type {T} */ (el);
}

/**
 * Whether keys pressed in `target` are text being typed (a text field, a select, an editable
 * element): the page's own shortcuts and Ctrl+V leave those alone.
 * @param {EventTarget | null} target
 */
export function typingIn(target) {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
    || (target instanceof HTMLInputElement && !["checkbox", "radio", "button", "submit", "file", "range", "color"].includes(target.type));
}

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

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

/**
 * Save `text` as a file named `name` (the browser's download; a text file ends with a newline).
 * @param {string} text @param {string} name
 */
export function saveTextFile(text, name) {
  const blob = new Blob([text.endsWith("\n") ? text : `${text}\n`], { type: "text/plain" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // the download has its bytes by then; revoking at once can cancel it in some browsers
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

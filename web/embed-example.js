// @ts-check
// The example host page (embed-example.html): lists what the embedded studio tells its host, and
// starts the puzzle again on request, and writes each code sample from the element under it (its
// data-sudoku-* attributes as written in the page), so a sample always shows what the page does.
// Everything else is embed.js's work.
{
  const studio = /** @type {HTMLElement} */ (document.getElementById("studio"));
  const events = /** @type {HTMLOListElement} */ (document.getElementById("events"));
  const forget = /** @type {HTMLButtonElement} */ (document.getElementById("forget"));
  const KEPT = 50;

  for (const code of document.querySelectorAll("code[data-snippet-of]")) {
    const element = document.getElementById(/** @type {HTMLElement} */ (code).dataset.snippetOf ?? "");
    if (!element) continue;
    // embed.js marks an element it has mounted (data-sudoku-mounted): not the host's to write
    const attributes = [...element.attributes].filter((a) => a.name.startsWith("data-sudoku-") && a.name !== "data-sudoku-mounted");
    const lines = attributes.map((a, i) => `${i ? "     " : "<div "}${a.name}="${a.value.replaceAll("&", "&amp;").replaceAll('"', "&quot;")}"`);
    const script = code.textContent?.startsWith("<script") ? `<script src="…/embed.js" defer></script>\n` : "";
    code.textContent = `${script}${lines.join("\n")}></div>`;
  }

  /** @param {string} text */
  const note = (text) => {
    const item = document.createElement("li");
    item.textContent = `${new Date().toLocaleTimeString()}: ${text}`;
    events.prepend(item);
    while (events.children.length > KEPT) events.lastElementChild?.remove();
    events.dataset.count = String(Number(events.dataset.count ?? "0") + 1);
  };

  /** @param {unknown} progress */
  const filled = (progress) => {
    const entries = /** @type {{entries?: unknown}} */ (progress ?? {}).entries;
    return typeof entries === "string" ? entries.replaceAll(".", "").length : 0;
  };

  const detail = (/** @type {Event} */ event) => /** @type {Record<string, unknown>} */ (/** @type {CustomEvent} */ (event).detail);
  studio.addEventListener("sudoku-embed-ready", () => note("ready"));
  studio.addEventListener("sudoku-embed-change", (e) => {
    const n = filled(detail(e).progress);
    note(`change: ${n} cell${n === 1 ? "" : "s"} filled by the player`);
  });
  studio.addEventListener("sudoku-embed-solved", () => note("solved!"));
  studio.addEventListener("sudoku-embed-error", (e) => note(`error (${String(detail(e).code)}): ${String(detail(e).message)}`));

  forget.addEventListener("click", () => {
    try {
      localStorage.removeItem(studio.dataset.sudokuKeep ?? "");
    } catch {
      // no storage here: nothing was kept
    }
    const puzzle = studio.dataset.sudokuPuzzle ?? "";
    /** @type {any} */ (window).SudokuEmbed.mount(studio, { puzzle, controls: studio.dataset.sudokuControls, keep: studio.dataset.sudokuKeep });
    note("started again");
  });
}

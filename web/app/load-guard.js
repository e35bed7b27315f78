// @ts-check
// The page's first module (no imports; module scripts run in document order, so it listens before
// the others run or fail): when one of them cannot be loaded, it says why on the page. The build
// pins every module with an import map's `integrity` (build.py, pin_page_scripts): a corrupt,
// stale or tampered copy is refused by the browser before it runs, and the page would otherwise
// stay on "Loading" with no reason given. (Opened as a file or in a sandboxed frame no module
// runs, this one neither: index.html's own text in #no-module says why.)
{
  /** @param {Event} event */
  const refused = (event) => {
    const script = event.target;
    if (!(script instanceof HTMLScriptElement) || script.type !== "module") return;
    const box = document.getElementById("no-module");
    if (!box) return;
    box.hidden = false;
    box.dataset.problem = "scripts";
    box.textContent = "This page's scripts could not be loaded, or one of them does not match this build "
      + "(it failed its integrity check: a corrupt, stale or tampered copy). Build the site and copy it "
      + "to the server again, then reload.";
  };
  document.addEventListener("error", refused, true); // a script's error event does not bubble
}

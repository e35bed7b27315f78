// @ts-check
// Embed mode's layout as early as a module can run: this one imports nothing and comes first in
// <head>, so it runs as soon as the page is parsed, before app.js's imports have loaded, and the
// full page does not flash in a host's frame. It marks <html> (`data-embed`, and
// `data-transparent` for `?transparent`: the page's background is left unpainted, so the host's
// shows through), and asks for embed-frame.js (which does the rest) at once: app.js imports it
// only in embed mode, so the build does not preload it.
{
  const params = new URLSearchParams(location.search);
  if (params.has("embed")) {
    document.documentElement.dataset.embed = "true";
    if (params.has("transparent")) document.documentElement.dataset.transparent = "true";
    for (const name of ["./embed-frame.js", "./embed-protocol.js"]) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      // beside this module (a link's href is read against the page's address, not the module's);
      // checked by the import map's integrity, as every module of the page
      link.href = new URL(name, import.meta.url).href;
      document.head.append(link);
    }
  }
}

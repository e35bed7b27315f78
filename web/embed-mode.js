// @ts-check
// Embed mode's layout as early as a module can run: this one imports nothing and comes first in
// <head>, so it runs as soon as the page is parsed, before app.js's imports have loaded, and the
// full page does not flash in a host's frame. It only marks <html>; embed-frame.js does the rest.
{
  if (new URLSearchParams(location.search).has("embed")) document.documentElement.dataset.embed = "true";
}

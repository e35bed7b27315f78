// @ts-check
// Embed mode's layout before the first paint: a classic script in <head> (modules run after the
// page is parsed, too late to keep the full page from flashing in a host's frame). It only marks
// <html>; embed-frame.js does the rest.
{
  if (new URLSearchParams(location.search).has("embed")) document.documentElement.dataset.embed = "true";
}

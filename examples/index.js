// Links to the examples as "another site": the page on the other loopback name, the widgets and API from this one.
const here = new URL(location.href);
const other = new URL(location.href);
other.hostname = here.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
// Both names are listed: the page's, to call the API, and the server's, for the page to load it.
for (const el of document.querySelectorAll('[data-page-origin]')) el.textContent = `${other.origin},${here.origin}`;
for (const a of document.querySelectorAll('[data-other-origin]')) a.href = `${other.origin}/examples/?kg=${encodeURIComponent(here.origin)}`;
// On the other origin (?kg=), the cards keep the server.
const kg = here.searchParams.get('kg');
if (kg) {
  for (const a of document.querySelectorAll('a.card')) {
    const url = new URL(a.getAttribute('href'), location.href);
    url.searchParams.set('kg', kg);
    a.href = url.href;
  }
}

// The page's own script (a file, not inline: the server's Content-Security-Policy forbids inline scripts).
// `?kg=https://kg.example.org` points the widget at another knowledge-graph server (kg-embed.js; the
// server lists this page's origin in KG_CORS_ORIGINS).
const api = new URLSearchParams(location.search).get('kg');

const status = document.getElementById('widget-status');
customElements.whenDefined('kg-snomed-admin').then(() => {
  status.textContent = `Catalogue served by ${api || location.origin}.`;
});

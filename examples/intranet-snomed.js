// The page's own script (a file, not inline: the server's Content-Security-Policy forbids inline scripts).
// `?api=https://kg.example.org` points the widget at another knowledge-graph server (listed in its KG_CORS_ORIGINS).
const widget = document.querySelector('kg-snomed-admin');
const api = new URLSearchParams(location.search).get('api');
if (api) widget.setAttribute('api-base', api);

const status = document.getElementById('widget-status');
customElements.whenDefined('kg-snomed-admin').then(() => {
  status.textContent = `Catalogue served by ${api || location.origin}.`;
});

// The page's own script (a file, not inline: the server's Content-Security-Policy forbids inline scripts).
// `?api=https://kg.example.org` points the widget at another knowledge-graph server (listed in its KG_CORS_ORIGINS).
const widget = document.querySelector('kg-relation-editor');
const api = new URLSearchParams(location.search).get('api');
if (api) widget.setAttribute('api-base', api);

const status = document.getElementById('widget-status');
const event = document.getElementById('widget-event');
customElements.whenDefined('kg-relation-editor').then(() => {
  status.textContent = `Relations served by ${api || location.origin}.`;
});

// The widget handles its own list and form; what lies outside it (a node page, the graph) is the page's call.
widget.addEventListener('kg-relation-change', (e) => {
  event.textContent = `Relation ${e.detail.change}.`;
});
widget.addEventListener('kg-navigate', (e) => {
  event.textContent = `The widget asked for ${e.detail.path}: this intranet has no node pages yet.`;
});
widget.addEventListener('kg-graph-open', (e) => {
  event.textContent = `Graph requested for node ${e.detail.focusNodeId ?? 'all'}${e.detail.relationType ? ` (${e.detail.relationType})` : ''}.`;
});

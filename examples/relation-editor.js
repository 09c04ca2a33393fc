// The page's own script (a file, not inline: the server's Content-Security-Policy forbids inline scripts).
// kg-embed.js loads the widgets and, with ?kg=<origin>, points api-base at that server.
const widget = document.querySelector('kg-relation-editor');
const api = widget.getAttribute('api-base');

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

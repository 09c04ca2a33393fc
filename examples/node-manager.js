// The page's own script (a file, not inline: the server's Content-Security-Policy forbids inline scripts).
// kg-embed.js loads the widgets and, with ?kg=<origin>, points api-base at that server.
const widget = document.querySelector('kg-node-manager');
const api = widget.getAttribute('api-base');

const status = document.getElementById('widget-status');
customElements.whenDefined('kg-node-manager').then(() => {
  status.textContent = `Knowledge base served by ${api || location.origin}.`;
});

const events = document.getElementById('events');
function log(name, detail) {
  const item = document.createElement('li');
  const label = document.createElement('strong');
  label.textContent = name;
  const body = document.createElement('code');
  body.textContent = JSON.stringify(detail);
  item.append(label, ' ', body);
  events.prepend(item);
  while (events.children.length > 5) events.lastElementChild.remove();
}

// Create Relation leaves the widget: this page has no relation form, so it offers the workbench's.
widget.addEventListener('kg-navigate', (event) => {
  log('kg-navigate', event.detail);
  const base = api || location.origin;
  const link = document.createElement('a');
  link.href = `${base}${event.detail.path}`;
  link.textContent = 'open in the workbench';
  events.firstElementChild.append(' — ', link);
});
widget.addEventListener('kg-node-change', (event) => log('kg-node-change', event.detail));

// View Graph: the graph explorer element, focused on the node, in a dialog.
const dialog = document.getElementById('graph-dialog');
const slot = document.getElementById('graph-slot');
widget.addEventListener('kg-graph-open', (event) => {
  log('kg-graph-open', event.detail);
  const explorer = document.createElement('kg-graph-explorer');
  explorer.setAttribute('api-base', widget.getAttribute('api-base') || '');
  if (event.detail.focusNodeId) explorer.setAttribute('focus-node-id', event.detail.focusNodeId);
  explorer.setAttribute('readonly', '');
  slot.replaceChildren(explorer);
  dialog.showModal();
});
document.getElementById('graph-close').addEventListener('click', () => dialog.close());
dialog.addEventListener('close', () => slot.replaceChildren());

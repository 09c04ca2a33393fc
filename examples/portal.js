// The portal's own script (a file: the server's Content-Security-Policy forbids inline scripts).
// It drives <kg-graph-explorer> through its attributes and listens to its events, which bubble
// out of the element's shadow root.
const explorer = document.getElementById('explorer');
const selected = document.getElementById('selected');
const events = document.getElementById('events');
const focusButton = document.getElementById('focus-selected');
let selection = null;

function log(name, detail) {
  const item = document.createElement('li');
  const label = document.createElement('strong');
  label.textContent = name;
  const body = document.createElement('code');
  body.textContent = JSON.stringify(detail);
  item.append(label, ' ', body);
  events.prepend(item);
  while (events.children.length > 6) events.lastElementChild.remove();
}

explorer.addEventListener('kg-node-select', (event) => {
  selection = event.detail;
  selected.textContent = `${selection.name} (${selection.nodeType})`;
  selected.classList.remove('muted');
  focusButton.disabled = false;
  log('kg-node-select', event.detail);
});
explorer.addEventListener('kg-relation-change', (event) => log('kg-relation-change', event.detail));
// The portal has no node editor of its own: it records where the explorer wanted to go.
explorer.addEventListener('kg-navigate', (event) => log('kg-navigate', event.detail));

document.getElementById('layout').addEventListener('change', (event) => explorer.setAttribute('layout', event.target.value));
focusButton.addEventListener('click', () => {
  if (selection) explorer.setAttribute('focus-node-id', selection.nodeId);
});
document.getElementById('show-all').addEventListener('click', () => explorer.removeAttribute('focus-node-id'));
document.getElementById('controls').addEventListener('submit', (event) => event.preventDefault());

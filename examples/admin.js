// The page's own script (a file, not inline: the server's Content-Security-Policy forbids inline scripts).
// Three tabs, one per widget; the hash keeps the open tab across reloads.
const links = [...document.querySelectorAll('[data-tab]')];
const panels = { users: document.getElementById('users'), roles: document.getElementById('roles'), audit: document.getElementById('audit') };

function show(tab) {
  const name = tab in panels ? tab : 'users';
  for (const [key, panel] of Object.entries(panels)) panel.hidden = key !== name;
  for (const link of links) {
    if (link.dataset.tab === name) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}

for (const link of links) {
  link.addEventListener('click', (event) => {
    event.preventDefault();
    history.replaceState(null, '', `#${link.dataset.tab}`);
    show(link.dataset.tab);
  });
}
show(location.hash.slice(1));

// Signed out, each admin widget shows its own sign-in: the header badge steps aside until then.
const badge = document.querySelector('.topbar__session');
document.addEventListener('kg-session-change', (event) => {
  badge.hidden = !event.detail.user;
});

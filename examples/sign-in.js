// The page's own script (a file, not inline: the server's Content-Security-Policy forbids inline scripts).
// It shows the last kg-session-change event, which bubbles out of the widget's shadow root.
const out = document.getElementById('session-event');
const greeting = document.getElementById('greeting');
document.addEventListener('kg-session-change', (event) => {
  out.textContent = JSON.stringify(event.detail, null, 2);
  const user = event.detail.user;
  greeting.textContent = user ? `Welcome back, ${user.username}.` : 'Sign in to use the clinical knowledge graph.';
});

// The intranet search is decoration on this example page.
document.querySelector('header form')?.addEventListener('submit', (event) => event.preventDefault());

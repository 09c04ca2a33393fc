// The portal's own script (a file: the server's Content-Security-Policy forbids inline scripts).
//
// A real portal signed its user in with the hospital's identity provider itself and holds that
// user's token (an access or ID token, a JWT). It hands it to any kg-* element; the knowledge-graph
// server checks it against the provider (signature, issuer, audience, expiry) and opens a session
// of its own, which every widget on the page then shares:
//
//   element.providerToken = token;                                                 // a property, or
//   element.dispatchEvent(new CustomEvent('kg-provider-token', { detail: { token } }));   // an event
//
// The token never goes into a URL. Here it is pasted into the textarea, to try the hand-off by hand.
const widget = document.getElementById('kg-sign-in');
const input = document.getElementById('provider-token');
document.getElementById('hand-over').addEventListener('click', () => {
  const token = input.value.trim();
  if (!token) return;
  widget.dispatchEvent(new CustomEvent('kg-provider-token', { detail: { token } }));
  input.value = '';
});

const out = document.getElementById('session-event');
document.addEventListener('kg-session-change', (event) => {
  out.textContent = JSON.stringify(event.detail, null, 2);
});

// The portal's own session, under the bare key `accessToken` that the spec once gave the widgets:
// it must survive the knowledge-graph elements signing in and out (their keys are kg:<api-base>:…).
if (!localStorage.getItem('accessToken')) localStorage.setItem('accessToken', 'portal-own-session');
document.getElementById('portal-session').textContent = `portal session: ${localStorage.getItem('accessToken')}`;

// The second element's server: ?kg2=, a server on this machine like ?kg= (see kg-embed.js).
const kg2 = (new URLSearchParams(location.search).get('kg2') ?? '').replace(/\/+$/, '');
if (kg2 && !/^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(kg2)) throw new Error(`?kg2= must be a server on this machine, not ${kg2}`);
document.querySelector('[data-second-server]').setAttribute('api-base', kg2 || location.origin);

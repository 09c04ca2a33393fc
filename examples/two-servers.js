import { serverFromParam } from './kg-origin.js';

// The portal's own session, under the bare key `accessToken` that the spec once gave the widgets:
// it must survive the knowledge-graph elements signing in and out (their keys are kg:<api-base>:…).
if (!localStorage.getItem('accessToken')) localStorage.setItem('accessToken', 'portal-own-session');
document.getElementById('portal-session').textContent = `portal session: ${localStorage.getItem('accessToken')}`;

// The second element's server: ?kg2=, allowed like ?kg= (kg-origin.js: this server or one it lists).
const kg2 = await serverFromParam('kg2');
document.querySelector('[data-second-server]').setAttribute('api-base', kg2 || location.origin);

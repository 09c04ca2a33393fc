// How these example pages load the widgets. A real page writes the two lines from docs/EMBEDDING.md:
//   <script type="module" src="https://kg.example.org/widgets/kg-elements.js"></script>
//   <kg-graph-explorer api-base="https://kg.example.org"></kg-graph-explorer>
// Here the knowledge-graph server is a parameter, so every example also runs as "another site":
//   /examples/portal.html?kg=http://127.0.0.1:3000 opened as http://localhost:3000/examples/portal.html
// (the server, started with KG_EXAMPLES=1, must list both origins in KG_CORS_ORIGINS: the page's so
// that it may call the API, the other so that the page may load it). Without ?kg= it is this page's server.
// <meta name="kg-bundle" content="kg-graph-explorer.js"> picks the bundle file (default kg-elements.js;
// a per-element entry, or kg-elements.classic.js, which is added as a classic script).
// ?kg= may name only this page's server or an origin that server lists in KG_CORS_ORIGINS
// (kg-origin.js): anything else throws here, before a script is loaded.
import { serverFromParam } from './kg-origin.js';

const kg = await serverFromParam('kg');

// An element marked data-second-server keeps the server its page gives it (two-servers.html).
if (kg) for (const el of document.querySelectorAll('[api-base]:not([data-second-server])')) el.setAttribute('api-base', kg);
// Links between the examples keep the server.
if (kg) {
  for (const a of document.querySelectorAll('a[href$=".html"], a[href="./"]')) {
    const url = new URL(a.getAttribute('href'), location.href);
    url.searchParams.set('kg', kg);
    a.href = url.href;
  }
}

const file = document.querySelector('meta[name="kg-bundle"]')?.content || 'kg-elements.js';
const src = `${kg}/widgets/${file}`;
if (file.endsWith('.classic.js')) {
  const script = document.createElement('script');
  script.src = src;
  document.head.append(script);
} else {
  await import(src);
}

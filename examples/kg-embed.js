// How these example pages load the widgets. A real page writes the two lines from docs/EMBEDDING.md:
//   <script type="module" src="https://kg.example.org/widgets/kg-elements.js"></script>
//   <kg-graph-explorer api-base="https://kg.example.org"></kg-graph-explorer>
// Here the knowledge-graph server is a parameter, so every example also runs as "another site":
//   /examples/portal.html?kg=http://127.0.0.1:3000 opened as http://localhost:3000/examples/portal.html
// (the server must list the page's origin in KG_CORS_ORIGINS). Without ?kg= it is this page's server.
// <meta name="kg-bundle" content="kg-graph-explorer.js"> picks the bundle file (default kg-elements.js;
// a per-element entry, or kg-elements.classic.js, which is added as a classic script).
const kg = (new URLSearchParams(location.search).get('kg') ?? '').replace(/\/+$/, '');
// Only a server on this machine: these pages run on the knowledge-graph server's own origin, where
// its session lives, so a script from any other host must not load here (the server's policy for
// /examples/ says the same).
if (kg && !/^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(kg)) throw new Error(`?kg= must be a server on this machine (http://localhost:PORT or http://127.0.0.1:PORT), not ${kg}`);

if (kg) for (const el of document.querySelectorAll('[api-base]')) el.setAttribute('api-base', kg);
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

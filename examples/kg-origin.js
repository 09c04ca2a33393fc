// Which knowledge-graph server a ?kg= (or ?kg2=) parameter may name. These pages run on the
// knowledge-graph server's own origin, where its session lives, so they load a script only from
// this origin or from one the server lists in KG_CORS_ORIGINS (/examples/allowed-origins.json);
// the server's policy for /examples/ allows exactly those too.
const listed = fetch(new URL('/examples/allowed-origins.json', location.href))
  .then((res) => (res.ok ? res.json() : { origins: [] }))
  .then((body) => (Array.isArray(body.origins) ? body.origins : []));

/** The origin named by the page's `param` ('' when there is none); throws for one not allowed. */
export async function serverFromParam(param) {
  const named = (new URLSearchParams(location.search).get(param) ?? '').replace(/\/+$/, '');
  if (!named) return '';
  const allowed = [location.origin, ...(await listed)];
  if (!allowed.includes(named)) {
    throw new Error(`?${param}= must name this server or one listed in its KG_CORS_ORIGINS (${allowed.join(', ')}), not ${named}`);
  }
  return named;
}

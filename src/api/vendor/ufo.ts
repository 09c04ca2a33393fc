/**
 * Stands in for ufo in the builds (an alias in vite.config.ts and vite.widgets.config.ts): ofetch
 * imports only `withBase` and `withQuery` from it, and with them ufo's URL parser and encoders
 * (~1.5 KB gzip in every widget). Our calls never pass `baseURL` and pass flat queries of strings,
 * numbers and booleans (api/client.ts drops empty values), which URLSearchParams encodes the same way.
 */
type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;

const hasProtocol = (input: string) => /^[a-z][a-z\d+.-]*:/i.test(input) || input.startsWith('//');

export function withBase(input: string, base: string): string {
  if (!base || base === '/' || hasProtocol(input)) return input;
  const trimmed = base.replace(/\/+$/, '');
  if (input === trimmed || input.startsWith(`${trimmed}/`)) return input;
  return `${trimmed}/${input.replace(/^\/+/, '')}`;
}

export function withQuery(input: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v === null ? '' : String(v));
  }
  const q = params.toString();
  if (!q) return input;
  const [beforeHash, hash] = input.split('#', 2) as [string, string | undefined];
  return `${beforeHash}${beforeHash.includes('?') ? '&' : '?'}${q}${hash === undefined ? '' : `#${hash}`}`;
}

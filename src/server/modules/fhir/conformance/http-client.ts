/**
 * The runner's one way to the server: real HTTP (fetch) to a FHIR base URL, as a terminology client
 * would call it, with the bearer token of a signed-in user.
 */
export interface Target {
  /** The FHIR base, e.g. http://127.0.0.1:3000/fhir. */
  base: string;
  /** Sent as `Authorization: Bearer …` (reads need nodes.read, loading the setup system.config). */
  token?: string;
}

export interface Answer {
  status: number;
  /** The parsed JSON body, or undefined when it was not JSON. */
  body: unknown;
  text: string;
}

const FHIR_JSON = 'application/fhir+json';

export async function send(target: Target, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${target.base}${path}`, {
    method,
    headers: {
      accept: FHIR_JSON,
      ...(body !== undefined ? { 'content-type': FHIR_JSON } : {}),
      ...(target.token ? { authorization: `Bearer ${target.token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, text };
}

import { invalid } from '../outcome';

/**
 * An operation's inputs by name, each a list (FHIR parameters repeat: tx-resource, designation…): the
 * query's parameters (GET) or a Parameters resource's (POST), a value[x] or a resource each.
 */
export class OperationInput {
  private readonly values = new Map<string, unknown[]>();

  add(name: string, value: unknown) {
    this.values.set(name, [...(this.values.get(name) ?? []), value]);
  }
  has(name: string): boolean {
    return this.values.has(name);
  }
  all(name: string): unknown[] {
    return this.values.get(name) ?? [];
  }
  first(name: string): unknown {
    return this.values.get(name)?.[0];
  }
  names(): string[] {
    return [...this.values.keys()];
  }

  string(...names: string[]): string | undefined {
    for (const name of names) {
      const v = this.first(name);
      if (v === undefined) continue;
      if (typeof v !== 'string' || v === '') throw invalid(`The parameter ${name} must be a non-empty string`, name);
      return v;
    }
    return undefined;
  }
  boolean(name: string): boolean | undefined {
    const v = this.first(name);
    if (v === undefined) return undefined;
    if (v === true || v === 'true') return true;
    if (v === false || v === 'false') return false;
    throw invalid(`The parameter ${name} must be true or false`, name);
  }
  integer(name: string, max: number): number | undefined {
    const v = this.first(name);
    if (v === undefined) return undefined;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < 0) throw invalid(`The parameter ${name} must be a whole number ≥ 0`, name);
    return Math.min(n, max);
  }
  object<T>(name: string, what: string): T | undefined {
    const v = this.first(name);
    if (v === undefined) return undefined;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalid(`The parameter ${name} must be a ${what}`, name);
    return v as T;
  }
}

/** A GET's query may carry a Coding as system|code (the token form some clients send). */
function fromQuery(name: string, value: string): unknown {
  if ((name === 'coding' || name === 'codingA' || name === 'codingB') && value.includes('|')) {
    const i = value.lastIndexOf('|');
    return { system: value.slice(0, i), code: value.slice(i + 1) };
  }
  return value;
}

/** The inputs of a GET (the query) or a POST (a Parameters resource); anything else is refused. */
export function operationInput(method: string, query: Record<string, unknown>, body: unknown): OperationInput {
  const input = new OperationInput();
  for (const [name, raw] of Object.entries(query)) {
    if (name === '_format') continue;
    for (const value of Array.isArray(raw) ? raw : [raw]) if (typeof value === 'string') input.add(name, fromQuery(name, value));
  }
  if (method === 'GET') return input;
  const params = body as { resourceType?: unknown; parameter?: unknown };
  if (params?.resourceType !== 'Parameters') throw invalid('POST an operation with a Parameters resource', 'Parameters');
  if (params.parameter !== undefined && !Array.isArray(params.parameter)) throw invalid('Parameters.parameter: must be an array', 'Parameters.parameter');
  ((params.parameter ?? []) as Record<string, unknown>[]).forEach((p, i) => {
    if (typeof p?.name !== 'string') throw invalid(`Parameters.parameter[${i}].name: is required`, `Parameters.parameter[${i}].name`);
    const key = Object.keys(p).find((k) => k.startsWith('value') || k === 'resource');
    if (key) input.add(p.name, p[key]);
  });
  return input;
}

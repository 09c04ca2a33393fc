import { MESSAGES } from '../contract/texts/common';
import { AppError } from './app-error';

/**
 * Bounds on the shape of client input, checked before anything walks it recursively.
 *
 * A request body of nested arrays 5,000 deep (10 KB) overflowed the stack of the NUL check (a 500)
 * and kept a core busy for seconds: every recursive walk (the NUL check, zod, the JSON parser's
 * prototype scan, a backup's restore) costs stack and time per level. These helpers never recurse,
 * so they can run first on input of any shape; anything past the bound is a 400 `too_deep`.
 */

/** Nesting allowed in JSON bodies and query objects under /api (the deepest real payload is ~6). */
export const API_MAX_DEPTH = 64;
/** A bound on the values in one walk: arrays and objects hold at most this many items all together. */
export const DEFAULT_MAX_NODES = 1_000_000;

export const tooDeep = () => new AppError(400, 'too_deep', MESSAGES.generic.tooDeep);

/**
 * The nesting depth of raw JSON text, counted without parsing: `[` and `{` outside strings
 * open a level, `]` and `}` close one. Stops as soon as the depth passes `limit` and answers
 * limit + 1, so a hostile body costs one pass over at most its own bytes. Malformed text is
 * left to JSON.parse (this only counts brackets).
 */
export function jsonTextDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // a backslash escapes the next character (\" does not end the string)
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return limit + 1;
      }
    } else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}

export interface WalkBounds {
  /** Levels of arrays/objects allowed (the top value is level 1 when it is one). */
  maxDepth: number;
  /** Values (array items and object properties, all levels) allowed in the whole walk. */
  maxNodes?: number;
}

/**
 * Visits every value of an already parsed structure (JSON, a query object, a manifest read
 * from an archive) with an explicit stack, never recursion, and throws the 400 `too_deep`
 * before going past `maxDepth` levels or `maxNodes` values. `visit` gets each value with its
 * depth and its key in the parent; answering false skips that value's children.
 * Only plain data is walked: typed arrays and Buffers count as leaves.
 */
export function boundedWalk(value: unknown, bounds: WalkBounds, visit?: (value: unknown, depth: number, key: string | number | null) => boolean | void): void {
  const maxNodes = bounds.maxNodes ?? DEFAULT_MAX_NODES;
  const stack: { value: unknown; depth: number; key: string | number | null }[] = [{ value, depth: 0, key: null }];
  let nodes = 0;
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (visit && visit(item.value, item.depth, item.key) === false) continue;
    const v = item.value;
    if (!v || typeof v !== 'object' || ArrayBuffer.isView(v)) continue;
    const depth = item.depth + 1;
    if (depth > bounds.maxDepth) throw tooDeep();
    if (Array.isArray(v)) {
      nodes += v.length;
      if (nodes > maxNodes) throw tooDeep();
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], depth, key: i });
    } else {
      const keys = Object.keys(v);
      nodes += keys.length;
      if (nodes > maxNodes) throw tooDeep();
      for (let i = keys.length - 1; i >= 0; i--) stack.push({ value: (v as Record<string, unknown>)[keys[i]], depth, key: keys[i] });
    }
  }
}

/** Throws the 400 `too_deep` when `value` nests deeper than `maxDepth` or holds more than `maxNodes` values. */
export function assertBounded(value: unknown, bounds: WalkBounds): void {
  boundedWalk(value, bounds);
}

/**
 * The depth bound for a URL: the one of the longest configured prefix that contains it (`/api` →
 * 64, `/fhir` → 256), else `fallback`. Prefixes match whole segments: `/api` covers `/api` and
 * `/api/nodes`, not `/apis`.
 */
export function depthLimitFor(url: string, limits: Readonly<Record<string, number>>, fallback: number): number {
  const pathname = url.split('?', 1)[0];
  let best: string | null = null;
  for (const prefix of Object.keys(limits)) {
    const p = prefix.replace(/\/+$/, '');
    const covers = p === '' || pathname === p || pathname.startsWith(`${p}/`);
    if (covers && (best === null || p.length > best.replace(/\/+$/, '').length)) best = prefix;
  }
  return best === null ? fallback : limits[best];
}

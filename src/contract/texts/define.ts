/**
 * The one i18n layer's contract side (DESIGN §9): the spec's English texts stay in the texts
 * modules, and each module's object is declared with `defineTexts(namespace, english)`. That gives
 * every text a message id, `namespace.key` (nested objects and arrays add `.key` / `.index`), named
 * by screen and purpose — the public ids a portal overrides through an element's `texts` property.
 *
 * The object keeps its shape and its English values, so call sites read `T.title` as before. Each
 * read asks the installed translator (src/i18n/runtime.ts, browser only) for the active language's
 * text and falls back to the English source; without a translator (the server, tooling, unit tests)
 * it is the English source. Texts with values are `icu(names, english)`: the English function stays
 * the source (the server uses it as is) and `english('{name}', …)` is its ICU message unless an
 * explicit ICU message (plurals, number formats) is given.
 *
 * Zod-free and dependency-free, so the server and every bundle can import it.
 */
export type TextValue = string | number;
export type Translator = (id: string, values?: Record<string, TextValue>) => string | undefined;

const ICU = Symbol('kg.icu');
/** The message id of a declared `icu(…)` text (set by defineTexts), so the server can send it. */
const ID = Symbol('kg.id');
interface IcuSource {
  names: readonly string[];
  english: (...args: never[]) => string;
  message?: string;
}
type IcuText<F> = F & { readonly [ICU]: IcuSource };

/**
 * A text with values: `icu(['name'], (name: string) => \`Role "${name}" activated\`)`.
 * `message` is the ICU form when it cannot be derived by calling `english` with `{name}` markers
 * (the English function branches, pluralises or formats numbers).
 */
/*#__NO_SIDE_EFFECTS__*/
export function icu<F extends (...args: never[]) => string>(names: readonly string[], english: F, message?: string): IcuText<F> {
  return Object.assign(((...args: never[]) => english(...args)) as unknown as F, { [ICU]: { names, english, message } });
}

let translator: Translator | null = null;
/** Installed by the browser runtime; `null` restores the English sources. */
export function setTranslator(next: Translator | null): void {
  translator = next;
}

/** Every namespace given to defineTexts, with its English source (for the catalogue, tests and docs). */
const sources = new Map<string, Record<string, unknown>>();

function icuMessageOf(source: IcuSource): string {
  return source.message ?? (source.english as (...a: string[]) => string)(...source.names.map((n) => `{${n}}`));
}

function translated(id: string, english: string): string {
  return (translator && translator(id)) ?? english;
}

function localise<S>(prefix: string, english: S): S {
  if (typeof english === 'string') return english;
  if (typeof english === 'function' && ICU in english) {
    const { names, english: fn } = (english as unknown as IcuText<(...a: never[]) => string>)[ICU];
    const wrapped = (...args: unknown[]) => {
      const values = Object.fromEntries(names.map((n, i) => [n, args[i] as TextValue]));
      return (translator && translator(prefix, values)) ?? fn(...(args as never[]));
    };
    return Object.assign(wrapped, { [ICU]: (english as unknown as IcuText<() => string>)[ICU], [ID]: prefix }) as S;
  }
  if (english && typeof english === 'object') {
    const out = {} as Record<string, unknown>;
    for (const [key, value] of Object.entries(english)) {
      const id = `${prefix}.${key}`;
      if (typeof value === 'string') Object.defineProperty(out, key, { enumerable: true, get: () => translated(id, value) });
      // A list of texts (instructions) is read whole: each read gives the active language's items.
      else if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
        Object.defineProperty(out, key, { enumerable: true, get: () => value.map((v: string, i) => translated(`${id}.${i}`, v)) });
      else Object.defineProperty(out, key, { enumerable: true, value: localise(id, value) });
    }
    return Object.freeze(out) as S;
  }
  return english;
}

/**
 * Declares a texts module's object under `namespace` (a screen or purpose: `roleAdmin`,
 * `nodeUpload`, `messages`). Returns an object of the same shape whose texts follow the active
 * language; numbers, booleans and plain functions pass through untouched.
 *
 * Marked free of side effects for the bundler: a texts object nobody reads is dropped with what
 * it imports (its registration only matters to the tests and tooling, which import every module).
 */
/*#__NO_SIDE_EFFECTS__*/
export function defineTexts<const S extends Record<string, unknown>>(namespace: string, english: S): S {
  sources.set(namespace, english);
  return localise(namespace, english);
}

/**
 * Two texts objects read as one (a dialog's texts with its buttons', declared apart so a list
 * bundles only the buttons): each key keeps its own id and follows the active language, which a
 * spread would lose (it copies today's texts).
 */
/*#__NO_SIDE_EFFECTS__*/
export function joinTexts<A extends object, B extends object>(a: A, b: B): A & B {
  return Object.freeze(Object.defineProperties({}, { ...Object.getOwnPropertyDescriptors(a), ...Object.getOwnPropertyDescriptors(b) })) as A & B;
}

/** The English catalogue: every message id → its ICU message (the spec's texts verbatim). */
export function englishCatalogue(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === 'string') out[prefix] = value;
    else if (typeof value === 'function' && ICU in value) out[prefix] = icuMessageOf((value as IcuText<() => string>)[ICU]);
    else if (Array.isArray(value)) value.forEach((v, i) => walk(`${prefix}.${i}`, v));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(`${prefix}.${k}`, v);
  };
  for (const [namespace, english] of sources) walk(namespace, english);
  return out;
}

/** Each namespace's English source as declared (the catalogue tests walk it for texts that cannot be translated). */
export function textSources(): ReadonlyMap<string, Record<string, unknown>> {
  return sources;
}

/** True for an `icu(…)` text (a function whose message the catalogues translate). */
export const isIcuText = (value: unknown): boolean => typeof value === 'function' && ICU in value;

/** The namespaces declared so far (a test checks each texts module is listed in src/i18n/sources.ts). */
export function textNamespaces(): string[] {
  return [...sources.keys()];
}

let byEnglish: Map<string, string> | null = null;
let byId: Record<string, string> | null = null;
let sourcesSeen = 0;
function indexes(): { byEnglish: Map<string, string>; byId: Record<string, string> } {
  if (!byEnglish || !byId || sourcesSeen !== sources.size) {
    byId = englishCatalogue();
    byEnglish = new Map();
    // The first id wins when two screens share a text: either translation fits.
    for (const [id, text] of Object.entries(byId)) if (!text.includes('{') && !byEnglish.has(text)) byEnglish.set(text, id);
    sourcesSeen = sources.size;
  }
  return { byEnglish, byId };
}

/** The English ICU message of an id, or undefined when no loaded texts module declares it. */
export function englishForId(id: string): string | undefined {
  return indexes().byId[id];
}

/**
 * A text that arrived in English — a server message (the server speaks the spec's English) or a
 * validation message captured when a schema was built — in the active language when it is one of
 * the declared texts; other texts (names, the server's free-form details) are returned unchanged.
 */
export function localiseEnglish(text: string): string {
  if (!translator) return text;
  const id = indexes().byEnglish.get(text);
  return (id && translator(id)) ?? text;
}

/** A declared text by id with its values: what the server sends so a client words it in its language. */
export interface TextRef {
  id: string;
  values?: Record<string, TextValue | null>;
}

/**
 * What the server says (a job's progress or failure): the English it has always sent as `message`,
 * and the same sentence as declared texts (`text`: ids + values, in order, joined by a space) when
 * every part is one. A client shows `text` in its language (`sayInLanguage`); `message` stays for
 * API users and for a client that does not know an id.
 */
export interface Said {
  message: string;
  text?: TextRef[];
}

/** A declared text as the server says it: a plain text (`T.key`) or an `icu(…)` text with its arguments. */
export function said(text: string): Said;
export function said<A extends unknown[]>(text: (...args: A) => string, ...args: A): Said;
export function said(text: string | ((...args: never[]) => string), ...args: unknown[]): Said {
  if (typeof text === 'string') {
    const id = indexes().byEnglish.get(text);
    return { message: text, text: id ? [{ id }] : undefined };
  }
  const message = (text as (...a: unknown[]) => string)(...args);
  const source = (text as Partial<IcuText<() => string>>)[ICU];
  const id = (text as { [ID]?: string })[ID];
  if (!source || !id) return { message, text: undefined };
  return { message, text: [{ id, values: Object.fromEntries(source.names.map((n, i) => [n, (args[i] ?? null) as TextValue | null])) }] };
}

/** Two or more sayings as one sentence ("The import failed … The import stopped after …"). */
export function joinSaid(...parts: Said[]): Said {
  const message = parts.map((p) => p.message).join(' ');
  return { message, text: parts.every((p) => p.text) ? parts.flatMap((p) => p.text ?? []) : undefined };
}

/**
 * What the server said, in the active language: its ids and values worded by the catalogue, or
 * (an id this client does not know, English active) its English, itself translated when it is a
 * declared plain text.
 */
export function sayInLanguage(said: { message?: string; text?: readonly TextRef[] | null }): string | undefined {
  if (said.text?.length && translator) {
    const parts = said.text.map((ref) => translator?.(ref.id, ref.values as Record<string, TextValue> | undefined));
    if (parts.every((p) => p !== undefined)) return parts.join(' ');
  }
  return said.message === undefined ? undefined : localiseEnglish(said.message);
}

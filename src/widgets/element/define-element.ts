import r2wc from '@r2wc/react-to-web-component';
import { createElement, Fragment, Suspense, useMemo, type ComponentType } from 'react';
import { kgEvent, type KgDomEventName, type KgDomEvents } from '../../contract/dom-events';
import { setTextOverrides } from '../../i18n/runtime';
import { parseAttribute, type AttributeType } from './attributes';
import { exchangeProviderToken, seedSession } from './session';
import { useElementLocale } from '../hooks/use-element-locale';

/**
 * React component → `kg-*` custom element: r2wc with an open shadow root, the widget's CSS in
 * that shadow root (a constructable stylesheet; a <style> where those are missing), callback
 * props turned into kg-* DOM events (bubbles + composed) and a `customElements.get` guard so
 * that loading the bundle twice is harmless.
 *
 * Every spec passed to defineElement is also recorded (`definedElements()`), so build tooling
 * (per-widget entries, custom-elements.json, the .d.ts, bench/bundle) reads the element list
 * from src/widgets/elements.ts, the one place where elements are listed.
 */
export type { AttributeType } from './attributes';
type Fn = (...args: never[]) => unknown;

/** The kg-* event names whose detail type matches the callback prop `P[K]`. */
type EventFor<P, K extends keyof P> = {
  [E in KgDomEventName]: NonNullable<P[K]> extends (detail: KgDomEvents[E]) => void ? E : never;
}[KgDomEventName];

export interface ElementSpec<P extends object> {
  tag: `kg-${string}`;
  /** The React component (may be `lazy(...)`, so its code loads when the first element connects). */
  component: ComponentType<P>;
  css: string;
  /**
   * camelCase prop → attribute type; the attribute is the kebab-case name (apiBase → api-base).
   * `undefined` makes a JS-only property (objects such as `data`: no attribute, no JSON round trip).
   */
  attributes?: { [K in keyof P & string]?: NonNullable<P[K]> extends Fn ? never : AttributeType };
  /** Callback prop → the kg-* event the element dispatches with the callback's argument as detail. */
  events?: { [K in keyof P & string]?: EventFor<P, K> };
}

/** What every kg-* element accepts besides its spec's props: a session handed over by the page. */
export interface SessionSeed {
  accessToken: string;
  refreshToken?: string | null;
}

/** The event a host page dispatches on a kg-* element with `{ detail: { token } }` to hand its provider token over. */
export const PROVIDER_TOKEN_EVENT = 'kg-provider-token';

// r2wc keeps props and its render method under these registry symbols.
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');
type R2wcCallbacks = {
  connectedCallback(this: HTMLElement): void;
  attributeChangedCallback(this: HTMLElement, name: string, old: string | null, value: string | null): void;
};
type R2wcInternals = { [PROPS]: Record<string, unknown>; [RENDER]: () => void; container: ShadowRoot };

const canAdopt =
  typeof ShadowRoot !== 'undefined' && 'adoptedStyleSheets' in ShadowRoot.prototype && typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype;
const sheets = new Map<string, CSSStyleSheet>();

function adoptStyles(root: ShadowRoot, css: string): void {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

function wrap<P extends object>(spec: ElementSpec<P>) {
  const events = Object.entries(spec.events ?? {}) as [string, KgDomEventName][];
  function KgElementRoot(props: P & { container?: ShadowRoot | HTMLElement }) {
    const { container, ...rest } = props;
    const host = container instanceof ShadowRoot ? container.host : container;
    const locale = useElementLocale(host);
    const callbacks = useMemo(
      () => Object.fromEntries(events.map(([prop, name]) => [prop, (detail: never) => host?.dispatchEvent(kgEvent(name, detail))])),
      [host],
    );
    return createElement(
      Fragment,
      null,
      canAdopt ? null : createElement('style', null, spec.css),
      // Keyed by the language: a switch renders the widget again, every text in the new language.
      locale.ready ? createElement(Suspense, { key: locale.key, fallback: null }, createElement(spec.component, { ...(rest as P), ...callbacks })) : null,
    );
  }
  KgElementRoot.displayName = `KgElement(${spec.tag})`;
  return KgElementRoot;
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);

const recorded: ElementSpec<object>[] = [];

/** The specs given to defineElement so far, in order (for build tooling; see the file comment). */
export function definedElements(): readonly ElementSpec<object>[] {
  return recorded;
}

/** Defines the element unless a element of that name exists already; returns the registered class. */
export function defineElement<P extends object>(spec: ElementSpec<P>): CustomElementConstructor | undefined {
  if (!recorded.some((s) => s.tag === spec.tag)) recorded.push(spec as unknown as ElementSpec<object>);
  if (typeof customElements === 'undefined') return undefined; // tooling loads elements.ts outside a browser
  const existing = customElements.get(spec.tag);
  if (existing) return existing;
  const types = (spec.attributes ?? {}) as Record<string, AttributeType | undefined>;
  const attributeProps = new Map(
    Object.entries(types)
      .filter((entry): entry is [string, AttributeType] => entry[1] !== undefined)
      .map(([prop, type]) => [kebab(prop), { prop, type }]),
  );
  const Base = r2wc(wrap(spec), { shadow: 'open', props: types as Record<string, AttributeType> });

  class KgElement extends Base {
    constructor() {
      super();
      // The host page may hand its user's provider token over as an event too (see providerToken).
      this.addEventListener(PROVIDER_TOKEN_EVENT, (event) => {
        const token = (event as CustomEvent<{ token?: unknown } | undefined>).detail?.token;
        if (typeof token === 'string') this.providerToken = token;
      });
      const self = this as unknown as R2wcInternals;
      if (canAdopt) adoptStyles(self.container, spec.css);
      // r2wc skips empty attributes (readonly="") when it reads them; read them all again.
      for (const [attr, { prop, type }] of attributeProps) {
        const value = this.getAttribute(attr);
        if (value !== null) self[PROPS][prop] = parseAttribute(type, value);
      }
    }

    connectedCallback() {
      // A property the page set before the bundle loaded is an own property that hides the
      // class's setter: take it off and set it again through the setter.
      for (const prop of [...Object.keys(types), 'session', 'texts', 'providerToken']) {
        if (Object.prototype.hasOwnProperty.call(this, prop)) {
          const value = (this as unknown as Record<string, unknown>)[prop];
          delete (this as unknown as Record<string, unknown>)[prop];
          (this as unknown as Record<string, unknown>)[prop] = value;
        }
      }
      (Base.prototype as unknown as R2wcCallbacks).connectedCallback.call(this);
    }

    /**
     * r2wc ignores an attribute that is removed or emptied, so the prop kept its old value.
     * Here removal makes the prop undefined and an empty value is parsed like any other.
     */
    attributeChangedCallback(name: string, old: string | null, value: string | null) {
      const known = attributeProps.get(name);
      if (!known) return (Base.prototype as unknown as R2wcCallbacks).attributeChangedCallback.call(this, name, old, value);
      const self = this as unknown as R2wcInternals;
      const next = value === null ? undefined : parseAttribute(known.type, value);
      if (Object.is(self[PROPS][known.prop], next) && known.type !== 'json') return;
      self[PROPS][known.prop] = next;
      self[RENDER]();
    }

    /**
     * `element.session = { accessToken, refreshToken? }` hands the page's tokens to the shared
     * session of this element's api-base: every widget on that base uses them (no sign-in form).
     * Write-only; the signed-in user arrives with kg-session-change (from kg-sign-in).
     */
    /**
     * `element.texts = { 'roleAdmin.title': 'Rollen', … }`: message id → text or ICU message, over
     * the catalogue in every language (the ids are listed in the element references).
     */
    set texts(texts: Record<string, string> | null) {
      this.#texts = texts;
      void setTextOverrides(this, texts);
    }

    get texts(): Record<string, string> | null {
      return this.#texts;
    }

    #texts: Record<string, string> | null = null;

    /**
     * `element.providerToken = '<JWT>'`: an access or ID token from the hospital's identity provider
     * (the portal signed its user in). The server checks it and gives this element's api-base a
     * session of its own (POST /api/auth/token-exchange); the widget then needs no sign-in.
     * Write-only; a refused token leaves the sign-in prompt, and `kg-session-change` reports the user.
     */
    set providerToken(token: string | null) {
      if (!token) return;
      void exchangeProviderToken(this.getAttribute('api-base') ?? '', token);
    }

    set session(seed: SessionSeed | null) {
      const apiBase = this.getAttribute('api-base') ?? '';
      // A static import: the session code is in the shared core chunk with this file anyway, and a
      // dynamic import of a module in the same chunk made the bundle build its namespace object.
      seedSession(apiBase, seed);
    }
  }
  customElements.define(spec.tag, KgElement);
  return KgElement;
}

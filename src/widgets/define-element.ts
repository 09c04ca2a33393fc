import r2wc from '@r2wc/react-to-web-component';
import { createElement, Fragment, Suspense, useMemo, type ComponentType } from 'react';
import { kgEvent, type KgDomEventName, type KgDomEvents } from '../contract/dom-events';

/**
 * React component → `kg-*` custom element: r2wc with an open shadow root, the widget's CSS in
 * that shadow root (a constructable stylesheet; a <style> where those are missing), callback
 * props turned into kg-* DOM events (bubbles + composed) and a `customElements.get` guard so
 * that loading the bundle twice is harmless.
 */
type AttributeType = 'string' | 'number' | 'boolean' | 'json';
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
  /** camelCase prop → attribute type; the attribute is the kebab-case name (apiBase → api-base). */
  attributes?: { [K in keyof P & string]?: NonNullable<P[K]> extends Fn ? never : AttributeType };
  /** Callback prop → the kg-* event the element dispatches with the callback's argument as detail. */
  events?: { [K in keyof P & string]?: EventFor<P, K> };
}

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
    const callbacks = useMemo(
      () => Object.fromEntries(events.map(([prop, name]) => [prop, (detail: never) => host?.dispatchEvent(kgEvent(name, detail))])),
      [host],
    );
    return createElement(
      Fragment,
      null,
      canAdopt ? null : createElement('style', null, spec.css),
      createElement(Suspense, { fallback: null }, createElement(spec.component, { ...(rest as P), ...callbacks })),
    );
  }
  KgElementRoot.displayName = `KgElement(${spec.tag})`;
  return KgElementRoot;
}

/** Defines the element unless a element of that name exists already; returns the registered class. */
export function defineElement<P extends object>(spec: ElementSpec<P>): CustomElementConstructor {
  const existing = customElements.get(spec.tag);
  if (existing) return existing;
  const Base = r2wc(wrap(spec), { shadow: 'open', props: spec.attributes as Record<string, AttributeType> });
  class KgElement extends Base {
    constructor() {
      super();
      const root = (this as unknown as { container: ShadowRoot }).container;
      if (canAdopt) adoptStyles(root, spec.css);
    }
  }
  customElements.define(spec.tag, KgElement);
  return KgElement;
}

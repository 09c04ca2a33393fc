import { useEffect, useState, type RefObject } from 'react';

/**
 * The live attributes of the custom element around a component (null outside a shadow root,
 * undefined until known).
 * r2wc ignores an attribute that is removed or set to '' (so focus-node-id could never be
 * cleared, and a bare `readonly` would not count); reading the attributes here fixes both.
 */
export function useHostAttributes(ref: RefObject<HTMLElement | null>, names: readonly string[]): Record<string, string | null> | null | undefined {
  // undefined until the first check after mounting; null when not inside an element.
  const [values, setValues] = useState<Record<string, string | null> | null | undefined>(undefined);
  const key = names.join(',');
  useEffect(() => {
    const root = ref.current?.getRootNode();
    const host = typeof ShadowRoot !== 'undefined' && root instanceof ShadowRoot ? root.host : null;
    if (!host) return setValues(null);
    const read = () => setValues(Object.fromEntries(key.split(',').map((n) => [n, host.getAttribute(n)])));
    read();
    const observer = new MutationObserver(read);
    observer.observe(host, { attributes: true, attributeFilter: key.split(',') });
    return () => observer.disconnect();
  }, [ref, key]);
  return values;
}

/** A boolean attribute: present and not "false". */
export const attributeFlag = (value: string | null | undefined) => value != null && value !== 'false';

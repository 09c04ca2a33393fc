import type { User } from './users';

/**
 * CustomEvents that kg-* elements dispatch (bubbles + composed). The host and embedding
 * pages listen for these names; `detail` has the type given here.
 */
export interface KgDomEvents {
  'kg-navigate': { path: string };
  'kg-session-change': { user: Pick<User, 'id' | 'username' | 'role'> | null };
}
export type KgDomEventName = keyof KgDomEvents;

export function kgEvent<K extends KgDomEventName>(name: K, detail: KgDomEvents[K]): CustomEvent<KgDomEvents[K]> {
  return new CustomEvent(name, { detail, bubbles: true, composed: true });
}

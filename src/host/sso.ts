import { useEffect, useState } from 'react';
import { completeSsoSignIn, ssoApi, ssoInfoFor, takeSsoFragment } from '../api/sso';
import type { SsoInfo } from '../contract';
import { api, sessionActor } from './session';

/**
 * The host's side of single sign-on: a page reached from the provider's redirect carries a
 * one-time code in its fragment, traded here for the session (then the session is checked as after
 * any sign-in); the sign-in page asks what the server offers. Sign-out also ends the sign-in at the
 * provider when it offers RP-initiated logout.
 */
const redeem = completeSsoSignIn(api);
let redeemed = redeem === null;
void redeem?.then((ok) => {
  redeemed = true;
  if (ok) sessionActor.send({ type: 'session.restore' });
  for (const listener of listeners) listener();
});
const listeners = new Set<() => void>();

export interface SsoView {
  /** undefined while asking the server. */
  info: SsoInfo | null | undefined;
  /** A code from the provider is being traded for the session. */
  pending: boolean;
  /** Why the last sign-in with the provider failed (a code; SSO_TEXTS.errors has the words). */
  error: string | null;
}

export function useSso(): SsoView {
  const [info, setInfo] = useState<SsoInfo | null | undefined>(undefined);
  const [, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    void ssoInfoFor(api).then((value) => {
      if (live) setInfo(value);
    });
    const listener = () => setTick((n) => n + 1);
    listeners.add(listener);
    return () => {
      live = false;
      listeners.delete(listener);
    };
  }, []);
  return { info, pending: !redeemed, error: takeSsoFragment().error };
}

/**
 * Sign-out of a session that may have come from the provider: ends it here and, when the provider
 * offers it, sends the browser to the provider's sign-out (which comes back to /login).
 */
export async function endProviderSession(refreshToken: string | null): Promise<string | null> {
  const info = await ssoInfoFor(api);
  if (!info?.enabled || !refreshToken) return null;
  try {
    return (await ssoApi(api).logout(refreshToken)).endSessionUrl;
  } catch {
    return null;
  }
}

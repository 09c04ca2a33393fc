import { useEffect, useState } from 'react';
import { apiClient } from '../../api/client';
import { ssoInfoFor, ssoStartUrl, takeSsoFragment } from '../../api/sso';
import type { SsoInfo } from '../../contract';

/**
 * What the compact sign-in offers besides the password form: the identity provider's button
 * ("Sign in with {name}") when the server has single sign-on, whether the password form shows at
 * all (KG_LOCAL_LOGIN), and why the last sign-in with the provider came back without a session.
 */
export function useSsoOffer(apiBase: string) {
  const [info, setInfo] = useState<SsoInfo | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void ssoInfoFor(apiClient({ base: apiBase })).then((value) => {
      if (live) setInfo(value);
    });
    return () => {
      live = false;
    };
  }, [apiBase]);
  const provider = info?.enabled ? info : null;
  return {
    known: info !== undefined,
    provider,
    localLogin: info?.localLogin ?? true,
    error: takeSsoFragment().error,
    start: () => window.location.assign(ssoStartUrl(apiClient({ base: apiBase }))),
  };
}

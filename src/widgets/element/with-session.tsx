import type { ReactNode } from 'react';
import type { User } from '../../contract/admin/users';
import { BlockSpinner } from '../../ui/feedback/Spinner';
import { useSession } from './session';
import { lazyPart } from './lazy-part';
import { SIGN_IN_TEXTS } from '../../contract/texts/auth';

// The sign-in form and its styles load only when there is no session (bench/bundle); until
// they arrive the session spinner stays.
const { Part: SignInPrompt } = lazyPart(() => import('../sign-in/SignInPrompt'), (m) => m.SignInPrompt, <BlockSpinner label={SIGN_IN_TEXTS.checkingLabel} />);

export interface WithSessionProps {
  apiBase: string;
  /** The host passes its signed-in user; an element leaves it out and uses the page's shared session. */
  user?: User | null;
  /** Names what the sign-in is for ("Sign in to manage users."). */
  signInPrompt: string;
  children: (user: User) => ReactNode;
}

/** Renders the screen for the signed-in user; without a session, a compact sign-in (DESIGN §5). */
export function WithSession({ apiBase, user, signInPrompt, children }: WithSessionProps) {
  if (user) return <>{children(user)}</>;
  return (
    <SharedSession apiBase={apiBase} signInPrompt={signInPrompt}>
      {children}
    </SharedSession>
  );
}

function SharedSession({ apiBase, signInPrompt, children }: Omit<WithSessionProps, 'user'>) {
  const { phase, user } = useSession(apiBase);
  if (phase === 'loading') return <BlockSpinner label={SIGN_IN_TEXTS.checkingLabel} />;
  if (!user || phase === 'signingIn') {
    return <SignInPrompt apiBase={apiBase} signInPrompt={signInPrompt} />;
  }
  return <>{children(user)}</>;
}

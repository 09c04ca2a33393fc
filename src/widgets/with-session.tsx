import type { ReactNode } from 'react';
import type { User } from '../contract/users';
import { BlockSpinner } from '../ui/Spinner';
import { useSession } from './session';
import { SignIn } from './sign-in/SignIn';

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
  if (phase === 'loading') return <BlockSpinner label="Checking session" />;
  if (!user || phase === 'signingIn') {
    return (
      <div className="kg-widget__signin">
        <p className="kg-widget__signin-text">{signInPrompt}</p>
        <SignIn apiBase={apiBase} />
      </div>
    );
  }
  return <>{children(user)}</>;
}

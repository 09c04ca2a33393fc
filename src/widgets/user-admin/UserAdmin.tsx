import type { User } from '../../contract/admin/users';
import { AccessDenied } from '../parts/admin';
import { WidgetFrame } from '../element/widget-frame';
import { WithSession } from '../element/with-session';
import { USER_TEXTS } from '../../contract/texts/admin/users';
import { UserManagement } from './UserManagement';

export interface UserAdminProps {
  /** Server origin ('' = this page's origin). */
  apiBase?: string;
  /** The signed-in user when the host mounts the component; the element uses the page's shared session. */
  user?: User | null;
  /** Set by the element wrapper: the styles for its shadow root. */
  css?: string;
}

/**
 * User Management (spec §2): for users whose role grants users.read; everyone else sees the
 * spec's refusal. The server enforces the same rule on every call.
 */
export function UserAdmin({ apiBase = '', user, css }: UserAdminProps) {
  return (
    <WidgetFrame className="kg-admin kg-user-admin" css={css}>
      <WithSession apiBase={apiBase} user={user} signInPrompt={USER_TEXTS.signIn}>
        {(current) => (current.permissions?.includes('users.read') ? <UserManagement apiBase={apiBase} me={current} /> : <AccessDenied text={USER_TEXTS.denied} />)}
      </WithSession>
    </WidgetFrame>
  );
}

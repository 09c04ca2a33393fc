import type { User } from '../../contract/admin/users';
import { AccessDenied } from '../parts/admin';
import { WidgetFrame } from '../element/widget-frame';
import { WithSession } from '../element/with-session';
import { RoleManagement } from './RoleManagement';
import { ROLE_TEXTS } from '../../contract/texts/admin/roles';

export interface RoleAdminProps {
  /** Server origin ('' = this page's origin). */
  apiBase?: string;
  /** The signed-in user when the host mounts the component; the element uses the page's shared session. */
  user?: User | null;
  /** Set by the element wrapper: the styles for its shadow root. */
  css?: string;
}

/** Role Management (spec §2): for users whose role grants roles.manage; everyone else sees the spec's refusal. */
export function RoleAdmin({ apiBase = '', user, css }: RoleAdminProps) {
  return (
    <WidgetFrame className="kg-admin kg-role-admin" css={css}>
      <WithSession apiBase={apiBase} user={user} signInPrompt={ROLE_TEXTS.signIn}>
        {(current) => (current.permissions?.includes('roles.manage') ? <RoleManagement apiBase={apiBase} me={current} /> : <AccessDenied text={ROLE_TEXTS.denied} />)}
      </WithSession>
    </WidgetFrame>
  );
}

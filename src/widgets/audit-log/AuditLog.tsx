import { AUDIT_LOG_TEXTS as T } from '../../contract/texts/admin/audit';
import type { User } from '../../contract/admin/users';
import { AccessDenied } from '../parts/admin';
import { WidgetFrame } from '../element/widget-frame';
import { WithSession } from '../element/with-session';
import { AuditLogScreen } from './AuditLogScreen';

export interface AuditLogProps {
  /** Server origin ('' = this page's origin). */
  apiBase?: string;
  /** The signed-in user when the host mounts the component; the element uses the page's shared session. */
  user?: User | null;
  /** Set by the element wrapper: the styles for its shadow root. */
  css?: string;
}

/**
 * The audit log for users whose role grants system.logs; everyone else sees the
 * refusal. Retention and Purge now also need system.maintenance. The server enforces both.
 */
export function AuditLog({ apiBase = '', user, css }: AuditLogProps) {
  return (
    <WidgetFrame className="kg-admin kg-audit-log" css={css}>
      <WithSession apiBase={apiBase} user={user} signInPrompt={T.signIn}>
        {(current) =>
          current.permissions?.includes('system.logs') ? (
            <AuditLogScreen key={current.id} apiBase={apiBase} canPurge={current.permissions.includes('system.maintenance')} />
          ) : (
            <AccessDenied text={T.denied} />
          )
        }
      </WithSession>
    </WidgetFrame>
  );
}

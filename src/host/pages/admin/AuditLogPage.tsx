import { AuditLog } from '../../../widgets/audit-log';
import { useCurrentUser } from '../../session';

/** /admin/audit: the audit log widget's component with the host's session (RequireAuth checked system.logs). */
export function AuditLogPage() {
  return <AuditLog user={useCurrentUser()} />;
}

import { AuditLog } from '../../widgets/audit-log/AuditLog';
import { useCurrentUser } from '../session';
import '../../ui/controls.css';
import '../../widgets/admin.css';
import '../../widgets/audit-log/audit-log.css';

/** /admin/audit: the audit log widget's component with the host's session (RequireAuth checked system.logs). */
export function AuditLogPage() {
  return <AuditLog user={useCurrentUser()} />;
}

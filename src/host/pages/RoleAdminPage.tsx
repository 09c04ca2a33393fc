import { RoleAdmin } from '../../widgets/role-admin/RoleAdmin';
import { useCurrentUser } from '../session';
import '../../ui/controls.css';
import '../../widgets/admin.css';
import '../../widgets/role-admin/role-admin.css';

/** /admin/roles: the Role Management widget's component with the host's session (RequireAuth checked roles.manage). */
export function RoleAdminPage() {
  return <RoleAdmin user={useCurrentUser()} />;
}

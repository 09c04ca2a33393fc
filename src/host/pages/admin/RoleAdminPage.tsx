import { RoleAdmin } from '../../../widgets/role-admin';
import { useCurrentUser } from '../../session';

/** /admin/roles: the Role Management widget's component with the host's session (RequireAuth checked roles.manage). */
export function RoleAdminPage() {
  return <RoleAdmin user={useCurrentUser()} />;
}

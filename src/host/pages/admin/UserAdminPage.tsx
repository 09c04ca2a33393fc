import { UserAdmin } from '../../../widgets/user-admin';
import { useCurrentUser } from '../../session';

/** /admin/users: the User Management widget's component with the host's session (RequireAuth checked users.read). */
export function UserAdminPage() {
  return <UserAdmin user={useCurrentUser()} />;
}

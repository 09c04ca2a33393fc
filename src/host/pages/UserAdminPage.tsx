import { UserAdmin } from '../../widgets/user-admin/UserAdmin';
import { useCurrentUser } from '../session';
import '../../ui/controls.css';
import '../../widgets/admin.css';
import '../../widgets/user-admin/user-admin.css';

/** /admin/users: the User Management widget's component with the host's session (RequireAuth checked users.read). */
export function UserAdminPage() {
  return <UserAdmin user={useCurrentUser()} />;
}

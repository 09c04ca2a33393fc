import type { TaxonomyKind } from '../../contract/taxonomy';
import { TypeAdmin } from '../../widgets/type-admin/TypeAdmin';
import { useCurrentUser } from '../session';
import '../../ui/controls.css';
import '../../widgets/admin.css';
import '../../widgets/type-admin/type-admin.css';

/** /node-types and /relation-types: the type management widget's component with the host's session (RequireAuth checked system.config). */
export function TypeAdminPage({ kind }: { kind: TaxonomyKind }) {
  return <TypeAdmin kind={kind} user={useCurrentUser()} />;
}

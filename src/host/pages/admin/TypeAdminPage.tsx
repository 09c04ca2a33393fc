import type { TaxonomyKind } from '../../../contract/knowledge/taxonomy';
import { TypeAdmin } from '../../../widgets/type-admin';
import { useCurrentUser } from '../../session';

/** /node-types and /relation-types: the type management widget's component with the host's session (RequireAuth checked system.config). */
export function TypeAdminPage({ kind }: { kind: TaxonomyKind }) {
  return <TypeAdmin kind={kind} user={useCurrentUser()} />;
}

import { SnomedAdmin } from '../../widgets/snomed-admin';
import { useCurrentUser } from '../session';

/** /snomed: the SNOMED CT Management widget's component with the host's session (RequireAuth checked system.config). */
export function SnomedPage() {
  return <SnomedAdmin user={useCurrentUser()} />;
}

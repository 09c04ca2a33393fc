import { SnomedAdmin } from '../../widgets/snomed-admin/SnomedAdmin';
import { useCurrentUser } from '../session';
import '../../ui/controls.css';
import '../../ui/files.css';
import '../../widgets/admin.css';
import '../../widgets/node-upload/node-upload.css';
import '../../widgets/snomed-admin/snomed-admin.css';

/** /snomed: the SNOMED CT Management widget's component with the host's session (RequireAuth checked system.config). */
export function SnomedPage() {
  return <SnomedAdmin user={useCurrentUser()} />;
}

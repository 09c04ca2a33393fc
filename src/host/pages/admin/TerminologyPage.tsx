import { useNavigate } from 'react-router';
import { TerminologyAdmin } from '../../../widgets/terminology-admin';
import { useCurrentUser } from '../../session';

/** /admin/terminology: the Terminology widget's component with the host's session (RequireAuth checked system.config). */
export function TerminologyPage() {
  const navigate = useNavigate();
  return <TerminologyAdmin user={useCurrentUser()} onNavigate={({ path }) => void navigate(path)} />;
}

import { useNavigate } from 'react-router';
import { Analytics } from '../../../widgets/analytics';
import { useCurrentUser } from '../../session';

/** /admin/analytics: the analytics widget's component with the host's session (RequireAuth checked analytics.view). */
export function AnalyticsPage() {
  const navigate = useNavigate();
  return <Analytics user={useCurrentUser()} onNavigate={({ path }) => void navigate(path)} />;
}

import { useCallback, useState } from 'react';
import { MESSAGES } from '../../contract';
import { LIMITS } from '../../contract/limits';
import { ErrorState, Spinner, Toast } from '../../ui';
import { useToast } from '../../widgets/use-toast';
import { NodesIcon, RelationsIcon, TagIcon, UsersIcon } from '../../ui/icons';
import { GraphFab } from '../graph/GraphFab';
import { useAfterGraphCloses } from '../graph/open-graph';
import { useCurrentUser } from '../session';
import { abilitiesOf } from './dashboard/can';
import { NodeSection } from './dashboard/NodeSection';
import { RelationSection } from './dashboard/RelationSection';
import { useStats } from './use-stats';
import '../../ui/controls.css';
import './dashboard.css';
import './dashboard/dashboard-sections.css';

const CARDS = [
  { key: 'nodeCount', label: 'Total Nodes', Icon: NodesIcon, tone: 'blue' },
  { key: 'relationCount', label: 'Total Relations', Icon: RelationsIcon, tone: 'pink' },
  { key: 'userCount', label: 'Total Users', Icon: UsersIcon, tone: 'green' },
  { key: 'nodeTypeCount', label: 'Node Types', Icon: TagIcon, tone: 'amber' },
] as const;

/**
 * Dashboard (spec §2): welcome text, the four totals, the Knowledge Nodes and Relations
 * sections (grid or table each) and the floating graph button. Everything reloads when the
 * window regains focus.
 */
export function DashboardPage() {
  const user = useCurrentUser();
  const { stats, loading, failed, reload: reloadStats } = useStats();
  const can = abilitiesOf(user);
  const { toast, show, close } = useToast();
  // Deleting a node removes its relations; deleting a relation can change a node's hasRelations.
  const [nodesKey, setNodesKey] = useState(0);
  const [relationsKey, setRelationsKey] = useState(0);
  const afterNodeDelete = useCallback(() => {
    setRelationsKey((k) => k + 1);
    reloadStats();
  }, [reloadStats]);
  const afterRelationDelete = useCallback(() => {
    setNodesKey((k) => k + 1);
    reloadStats();
  }, [reloadStats]);
  useAfterGraphCloses(() => {
    setNodesKey((k) => k + 1);
    setRelationsKey((k) => k + 1);
    reloadStats();
  });
  return (
    <div className="kg-dashboard">
      <h2 className="kg-dashboard__welcome">Welcome, {user.username}</h2>
      {failed && <ErrorState text={MESSAGES.dashboard.loadFailed} onRetry={reloadStats} />}
      <ul className="kg-stats" aria-busy={loading}>
        {CARDS.map(({ key, label, Icon, tone }) => (
          <li key={key} className="kg-stat" data-tone={tone} data-testid={`stat-${key}`}>
            <span className="kg-stat__icon">
              <Icon />
            </span>
            <span className="kg-stat__text">
              <span className="kg-stat__label">{label}</span>
              <span className="kg-stat__value">
                {stats ? stats[key].toLocaleString() : loading ? <Spinner size={22} label={`Loading ${label}`} /> : '—'}
              </span>
            </span>
          </li>
        ))}
      </ul>

      <NodeSection can={can} notify={show} onDeleted={afterNodeDelete} refreshKey={nodesKey} />
      <RelationSection can={can} notify={show} onDeleted={afterRelationDelete} refreshKey={relationsKey} />
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
      <GraphFab />
    </div>
  );
}

import { useCallback, useState } from 'react';
import { MESSAGES } from '../../contract';
import { LIMITS } from '../../contract/limits';
import { ErrorState, Spinner, Toast } from '../../ui';
import { useToast } from '../../widgets';
import { NodesIcon, RelationsIcon, TagIcon, UsersIcon } from '../../ui/icons';
import { GraphFab } from '../graph/GraphFab';
import { SHELL_TEXTS } from '../../contract/texts/shell';
import { useAfterGraphCloses } from '../graph/open-graph';
import { useCurrentUser } from '../session';
import { abilitiesOf } from './dashboard/can';
import { DASHBOARD_TEXTS } from '../../contract/texts/dashboard';
import { NodeSection } from './dashboard/NodeSection';
import { RelationSection } from './dashboard/relations/RelationSection';
import { useStats } from './use-stats';
import '../../ui/controls.css';
import './dashboard.css';
import './dashboard/dashboard-sections.css';
import { formatNumber } from '../../i18n/runtime';

/** The four totals; each label is read when shown (the active language). */
const CARDS = [
  { key: 'nodeCount', get label(): string { return DASHBOARD_TEXTS.stats.nodeCount; }, Icon: NodesIcon, tone: 'blue' },
  { key: 'relationCount', get label(): string { return DASHBOARD_TEXTS.stats.relationCount; }, Icon: RelationsIcon, tone: 'pink' },
  { key: 'userCount', get label(): string { return DASHBOARD_TEXTS.stats.userCount; }, Icon: UsersIcon, tone: 'green' },
  { key: 'nodeTypeCount', get label(): string { return DASHBOARD_TEXTS.stats.nodeTypeCount; }, Icon: TagIcon, tone: 'amber' },
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
      <h2 className="kg-dashboard__welcome">{SHELL_TEXTS.welcome(user.username)}</h2>
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
                {stats ? formatNumber(stats[key]) : loading ? <Spinner size={22} label={DASHBOARD_TEXTS.loadingStat(label)} /> : '—'}
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

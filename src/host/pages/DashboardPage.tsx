import { MESSAGES } from '../../contract';
import { Alert, Spinner } from '../../ui';
import { NodesIcon, RelationsIcon, TagIcon, UsersIcon } from '../../ui/icons';
import { GraphFab } from '../graph/GraphFab';
import { useCurrentUser } from '../session';
import { useStats } from './use-stats';
import './dashboard.css';

const CARDS = [
  { key: 'nodeCount', label: 'Total Nodes', Icon: NodesIcon, tone: 'blue' },
  { key: 'relationCount', label: 'Total Relations', Icon: RelationsIcon, tone: 'pink' },
  { key: 'userCount', label: 'Total Users', Icon: UsersIcon, tone: 'green' },
  { key: 'nodeTypeCount', label: 'Node Types', Icon: TagIcon, tone: 'amber' },
] as const;

/** Dashboard (spec §2): welcome text and the four totals. */
export function DashboardPage() {
  const user = useCurrentUser();
  const { stats, loading, failed } = useStats();
  return (
    <div className="kg-dashboard">
      <h2 className="kg-dashboard__welcome">Welcome, {user.username}</h2>
      {failed && <Alert severity="error">{MESSAGES.dashboard.loadFailed}</Alert>}
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

      {/*
        LATER: the Knowledge Nodes and Relations sections (grid/table toggles, Add New Node /
        Add New Relation, search, paging) go here (spec §2 Dashboard). They mount the
        node-manager / relation-editor widgets once those exist; their View Relations / View in
        Knowledge Graph actions call openGraph({ focusNodeId, relationType }) from ../graph/open-graph.
      */}
      <section className="kg-dashboard__later" aria-label="Knowledge Nodes and Relations">
        <p>Knowledge Nodes and Relations sections are coming soon.</p>
      </section>
      <GraphFab />
    </div>
  );
}

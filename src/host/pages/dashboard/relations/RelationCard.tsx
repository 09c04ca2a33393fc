import { DASHBOARD_TEXTS } from '../../../../contract/texts/dashboard';
import type { Relation } from '../../../../contract/knowledge/relations';
import { Chip } from '../../../../ui';
import { ArrowDownIcon } from '../../../../ui/icons';
import type { DashboardAbilities } from '../can';
import { RelationActions, type RelationActionHandlers } from './RelationActions';
import { relationName, sourceName, targetName } from './relation-view';

/** One end: its name and its type as a chip in the type's stored colour, like the node chips. */
function End({ label, name, type, color }: { label: string; name: string; type?: string; color?: string }) {
  return (
    <div className="kg-dash-end">
      <span className="kg-dash-card__meta-label">{label}</span>
      <span className="kg-dash-end__name">{name}</span>
      {type && (
        <Chip tint={color} className="kg-dash-end__chip">
          {type}
        </Chip>
      )}
    </div>
  );
}

/** Spec §2 relation card: name (or 'Unnamed Relation'), type chip, both ends with their types, description. */
export function RelationCard({ relation: r, can, handlers }: { relation: Relation; can: DashboardAbilities; handlers: RelationActionHandlers }) {
  const name = relationName(r);
  return (
    <article className="kg-dash-card" aria-label={name} data-testid="relation-card">
      <header className="kg-dash-card__head">
        <h3 className="kg-dash-card__title">{name}</h3>
        <Chip color="secondary">{r.relationType}</Chip>
      </header>
      <div className="kg-dash-ends">
        <End label={DASHBOARD_TEXTS.source} name={sourceName(r)} type={r.sourceNode?.nodeType} color={r.sourceNode?.nodeTypeColor} />
        <ArrowDownIcon className="kg-dash-ends__arrow" />
        <End label={DASHBOARD_TEXTS.target} name={targetName(r)} type={r.targetNode?.nodeType} color={r.targetNode?.nodeTypeColor} />
      </div>
      {r.description && <p className="kg-dash-card__text">{r.description}</p>}
      <footer className="kg-dash-card__actions">
        <RelationActions relation={r} can={can} handlers={handlers} />
      </footer>
    </article>
  );
}

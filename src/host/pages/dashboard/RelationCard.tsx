import type { Relation } from '../../../contract/relations';
import { Chip } from '../../../ui';
import { ArrowDownIcon } from '../../../ui/icons';
import type { DashboardAbilities } from './can';
import { RelationActions, type RelationActionHandlers } from './RelationActions';
import { relationName, sourceName, targetName } from './relation-view';

function End({ label, name, type }: { label: string; name: string; type?: string }) {
  return (
    <div className="kg-dash-end">
      <span className="kg-dash-card__meta-label">{label}</span>
      <span className="kg-dash-end__name">{name}</span>
      {type && <span className="kg-dash-end__type">{type}</span>}
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
        <End label="Source" name={sourceName(r)} type={r.sourceNode?.nodeType} />
        <ArrowDownIcon className="kg-dash-ends__arrow" />
        <End label="Target" name={targetName(r)} type={r.targetNode?.nodeType} />
      </div>
      {r.description && <p className="kg-dash-card__text">{r.description}</p>}
      <footer className="kg-dash-card__actions">
        <RelationActions relation={r} can={can} handlers={handlers} />
      </footer>
    </article>
  );
}

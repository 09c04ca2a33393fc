import { DASHBOARD_TEXTS } from '../../../../contract/texts/dashboard';
import type { Relation } from '../../../../contract/knowledge/relations';
import { IconButton } from '../../../../ui';
import { EditIcon, TrashIcon } from '../../../../ui/icons';
import { GraphIcon } from '../../../../ui/icons';
import type { DashboardAbilities } from '../can';

export interface RelationActionHandlers {
  onViewInGraph: (relation: Relation) => void;
  onEdit: (relation: Relation) => void;
  onDelete: (relation: Relation) => void;
}

/** A relation's actions (card and table row): View in Knowledge Graph, Edit, Delete. */
export function RelationActions({ relation, can, handlers }: { relation: Relation; can: DashboardAbilities; handlers: RelationActionHandlers }) {
  return (
    <div className="kg-dash-actions">
      <IconButton label={DASHBOARD_TEXTS.viewInGraph} onClick={() => handlers.onViewInGraph(relation)}>
        <GraphIcon />
      </IconButton>
      {can.updateRelation && (
        <IconButton label={DASHBOARD_TEXTS.edit} onClick={() => handlers.onEdit(relation)}>
          <EditIcon />
        </IconButton>
      )}
      {can.deleteRelation && (
        <IconButton label={DASHBOARD_TEXTS.delete} className="kg-dash-actions__delete" onClick={() => handlers.onDelete(relation)}>
          <TrashIcon />
        </IconButton>
      )}
    </div>
  );
}

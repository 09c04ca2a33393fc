import type { ReactNode } from 'react';
import type { GraphRelation } from '../../../contract/knowledge/graph';
import { GRAPH_MESSAGES } from '../../../contract/texts/graph';
import { Button } from '../../../ui/Button';
import { EditIcon } from '../../../ui/icons';
import { SelectField } from '../../../ui/form/Select';
import type { Anchor } from '../../../machines/graph-explorer/graph-explorer.machine';
import { TrashIcon } from '../icons';
import { Popover } from './Popover';
import { RelationHead, relationPopoverLabel } from './RelationHead';
import { EvidenceList } from '../../parts/evidence';
import { GRAPH_VIEW_TEXTS as V } from '../../../contract/texts/graph';

export type EdgePopoverStep = 'viewing' | 'typeForm' | 'saving' | 'confirming' | 'deleting';

export interface EdgePopoverProps {
  relation: GraphRelation;
  sourceName: string;
  targetName: string;
  anchor: Anchor;
  step: EdgePopoverStep;
  readonly: boolean;
  /** The actions the signed-in role may take (Edit Relation Type, Delete Relation). */
  can: { edit: boolean; remove: boolean };
  /** The relation types the relation may take: those whose rule fits its ends, and its current one. */
  relationTypes: readonly string[];
  /** Said in the type form when no other type is offered: why none fits. */
  noneFitsText: string;
  /** The server's refusal of the last save (a rule's 400, a duplicate's 409), shown at the field. */
  error: string | null;
  chosenType: string;
  /** The record's comment count and a link to its discussion (a slot, like presence). */
  discussion?: ReactNode;
  /** Open proposals to change or delete it (review mode; a slot: ProposalCards). */
  proposals?: ReactNode;
  onClose: () => void;
  onEditType: () => void;
  onChooseType: (type: string) => void;
  onSaveType: () => void;
  onDelete: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec §2: relation type, name or 'No name', description or 'No description'; Edit Relation Type, Delete Relation. */
export function EdgePopover(p: EdgePopoverProps) {
  const { relation: r } = p;
  const busy = p.step === 'saving' || p.step === 'deleting';
  const choices = p.relationTypes.filter((t) => t !== r.relationType);
  return (
    <Popover anchor={p.anchor} label={relationPopoverLabel(r)} onClose={p.onClose} busy={busy}>
      <RelationHead relation={r} sourceName={p.sourceName} targetName={p.targetName} />
      <p className="kg-graph-popover__text">{r.description || GRAPH_MESSAGES.noDescription}</p>
      {r.evidence && r.evidence.length > 0 && <EvidenceList evidence={r.evidence} />}
      {p.proposals}
      {p.discussion}

      {p.step === 'viewing' && !p.readonly && (p.can.edit || p.can.remove) && (
        <div className="kg-graph-popover__actions kg-graph-popover__actions--text">
          {p.can.edit && (
            <Button variant="outlined" startIcon={<EditIcon size={16} />} onClick={p.onEditType}>
              {GRAPH_MESSAGES.editRelationType}
            </Button>
          )}
          {p.can.remove && (
            <Button variant="text" className="kg-graph-danger-text" startIcon={<TrashIcon size={16} />} onClick={p.onDelete}>
              {GRAPH_MESSAGES.deleteRelation}
            </Button>
          )}
        </div>
      )}

      {(p.step === 'typeForm' || p.step === 'saving') && (
        <form
          className="kg-graph-typeform"
          aria-label={GRAPH_MESSAGES.editRelationType}
          onSubmit={(e) => {
            e.preventDefault();
            if (p.chosenType && !busy) p.onSaveType();
          }}
        >
          {choices.length > 0 ? (
            // The shared select: a bare <select> with appearance: none had no arrow.
            <SelectField
              label={V.newRelationType}
              placeholder={V.chooseRelationType}
              value={p.chosenType}
              disabled={busy}
              onChange={p.onChooseType}
              options={choices.map((t) => ({ value: t, label: t }))}
              error={p.error}
            />
          ) : (
            <p className="kg-graph-typeform__none" role="status">
              {p.noneFitsText}
            </p>
          )}
          <div className="kg-graph-confirm__buttons">
            <Button variant="text" onClick={p.onCancel} disabled={busy}>
              {V.cancel}
            </Button>
            {choices.length > 0 && (
              <Button type="submit" disabled={!p.chosenType || busy} loading={p.step === 'saving'}>
                {p.step === 'saving' ? V.saving : V.save}
              </Button>
            )}
          </div>
        </form>
      )}

      {(p.step === 'confirming' || p.step === 'deleting') && (
        <div className="kg-graph-confirm" role="alertdialog" aria-label={GRAPH_MESSAGES.deleteRelation}>
          <p>{V.deleteRelationQuestion}</p>
          <div className="kg-graph-confirm__buttons">
            <Button variant="text" onClick={p.onCancel} disabled={busy}>
              {V.cancel}
            </Button>
            <Button variant="danger" onClick={p.onConfirm} disabled={busy} loading={p.step === 'deleting'}>
              {p.step === 'deleting' ? V.deleting : V.delete}
            </Button>
          </div>
        </div>
      )}
    </Popover>
  );
}

import type { ReactNode } from 'react';
import type { GraphNode } from '../../../contract/knowledge/graph';
import { GRAPH_MESSAGES } from '../../../contract/texts/graph';
import { Button } from '../../../ui/Button';
import { EditIcon } from '../../../ui/icons';
import type { Anchor } from '../../../machines/graph-explorer/graph-explorer.machine';
import { AddLinkIcon, ExpandIcon, FocusIcon, TrashIcon } from '../icons';
import { Popover } from './Popover';
import { formatDateTime } from '../../../i18n/runtime';
import { GRAPH_VIEW_TEXTS as V } from '../../../contract/texts/graph';

export type NodePopoverStep = 'viewing' | 'confirming' | 'deleting';

export interface NodePopoverProps {
  node: GraphNode;
  color: string;
  anchor: Anchor;
  step: NodePopoverStep;
  readonly: boolean;
  /** The actions the signed-in role may take (Add Relation, Edit Node, Delete Node). */
  can: { relate: boolean; edit: boolean; remove: boolean };
  /** Relations a hub cap holds back. */
  capped: number;
  /** Whether this node is already the focus of the view. */
  isFocus: boolean;
  /** Who else has the node open (a slot: the explorer passes it when it has a server). */
  presence?: ReactNode;
  /** The record's comment count and a link to its discussion (a slot, like presence). */
  discussion?: ReactNode;
  /** Open proposals to change or delete it (review mode; a slot: ProposalCards). */
  proposals?: ReactNode;
  onClose: () => void;
  onAddRelation: () => void;
  onEditNode: () => void;
  onDelete: () => void;
  onConfirm: () => void;
  onCancel: () => void;
  onShowMore: () => void;
  onFocus: () => void;
}

export const formatDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : formatDateTime(d, { year: 'numeric', month: 'short', day: 'numeric' });
};

/** Spec §2: name, type, SNOMED code, description, created date; Add Relation, Edit Node, Delete Node. */
export function NodePopover(p: NodePopoverProps) {
  const { node } = p;
  const busy = p.step === 'deleting';
  return (
    <Popover anchor={p.anchor} label={node.name} onClose={p.onClose} busy={busy}>
      <div className="kg-graph-popover__head">
        <span className="kg-graph-dot" style={{ background: p.color }} aria-hidden="true" />
        <h3 className="kg-graph-popover__title">{node.name}</h3>
      </div>
      {p.presence}
      <dl className="kg-graph-facts">
        <dt>{V.type}</dt>
        <dd>{node.nodeType}</dd>
        <dt>{V.snomed}</dt>
        <dd className="kg-graph-facts__code">{node.snomedCode || '—'}</dd>
        <dt>{V.created}</dt>
        <dd>{formatDate(node.createdAt)}</dd>
        <dt>{V.relations}</dt>
        <dd>{node.degree}</dd>
      </dl>
      <p className="kg-graph-popover__text">{node.description || GRAPH_MESSAGES.noDescription}</p>
      {p.proposals}
      {p.discussion}
      {p.capped > 0 && (
        <Button variant="text" startIcon={<ExpandIcon size={16} />} onClick={p.onShowMore} disabled={busy}>
          {V.showMore(p.capped)}
        </Button>
      )}
      {p.step === 'viewing' ? (
        <div className="kg-graph-popover__actions" role="group" aria-label={V.nodeActions}>
          {!p.isFocus && (
            <button type="button" className="kg-icon-btn" aria-label={V.focusNode} title={V.focusNode} onClick={p.onFocus}>
              <FocusIcon />
            </button>
          )}
          {!p.readonly && p.can.relate && (
            <button type="button" className="kg-icon-btn" aria-label={V.addRelation} title={V.addRelation} onClick={p.onAddRelation}>
              <AddLinkIcon />
            </button>
          )}
          {!p.readonly && p.can.edit && (
            <button type="button" className="kg-icon-btn" aria-label={V.editNode} title={V.editNode} onClick={p.onEditNode}>
              <EditIcon size={20} />
            </button>
          )}
          {!p.readonly && p.can.remove && (
            <button type="button" className="kg-icon-btn kg-icon-btn--danger" aria-label={V.deleteNode} title={V.deleteNode} onClick={p.onDelete}>
              <TrashIcon size={20} />
            </button>
          )}
        </div>
      ) : (
        <div className="kg-graph-confirm" role="alertdialog" aria-label={V.deleteNode}>
          <p>{V.deleteNodeQuestion(node.name)}</p>
          <div className="kg-graph-confirm__buttons">
            <Button variant="text" onClick={p.onCancel} disabled={busy}>
              {V.cancel}
            </Button>
            <Button variant="danger" onClick={p.onConfirm} disabled={busy} loading={busy}>
              {busy ? V.deleting : V.delete}
            </Button>
          </div>
        </div>
      )}
    </Popover>
  );
}

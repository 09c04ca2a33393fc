import type { MouseEvent, ReactNode } from 'react';
import { RELATION_TEXTS as T } from '../../contract/texts/relations';
import type { Relation } from '../../contract/knowledge/relations';
import { IconButton } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/table/DataTable';
import { EditIcon, RelationsIcon, TrashIcon } from '../../ui/icons';
import type { SortState } from '../../ui/table/table-sort';
import { formatDate } from '../format';
import { isPlainClick } from '../../ui/RouteLink';

export interface RelationActions {
  canUpdate: boolean;
  canDelete: boolean;
  onEdit: (r: Relation) => void;
  onGraph: (r: Relation) => void;
  onDelete: (r: Relation) => void;
  /** A node link was followed (the page goes to /nodes/view/{id}). */
  onOpenNode: (nodeId: string) => void;
}

export interface RelationTableProps extends RelationActions {
  rows: readonly Relation[];
  narrow: boolean;
  sort: SortState;
  onSortChange: (sort: SortState) => void;
  busy: boolean;
  /** What an empty list says (spec §2: 'No relations found', or 'No relations match your search'). */
  empty: ReactNode;
}

/** Name falls back to the type (spec §2). */
export const displayName = (r: Relation) => r.relationName || r.relationType;

function NodeLink({ id, name, onOpenNode }: { id: string; name: string; onOpenNode: (id: string) => void }) {
  if (!id || !name) return <span className="kg-relations__unknown">{T.unknownNode}</span>;
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    // A plain click stays in the app (or tells the embedding page); modified clicks open the href.
    if (!isPlainClick(e)) return;
    e.preventDefault();
    onOpenNode(id);
  };
  return (
    <a className="kg-relations__node" href={`/nodes/view/${encodeURIComponent(id)}`} onClick={follow}>
      {name}
    </a>
  );
}

function Actions({ r, canUpdate, canDelete, onEdit, onGraph, onDelete }: { r: Relation } & Omit<RelationActions, 'onOpenNode'>) {
  const name = displayName(r);
  return (
    <span className="kg-relations__actions">
      {canUpdate && (
        <IconButton label={`${T.edit}: ${name}`} title={T.edit} onClick={() => onEdit(r)}>
          <EditIcon />
        </IconButton>
      )}
      <IconButton label={`${T.viewInGraph}: ${name}`} title={T.viewInGraph} onClick={() => onGraph(r)}>
        <RelationsIcon />
      </IconButton>
      {canDelete && (
        <IconButton label={`${T.delete}: ${name}`} title={T.delete} className="kg-icon-btn--danger" onClick={() => onDelete(r)}>
          <TrashIcon />
        </IconButton>
      )}
    </span>
  );
}

const TypeChip = ({ r }: { r: Relation }) => <span className="kg-chip kg-chip--secondary kg-relations__type">{r.relationType}</span>;

/** The relations page: a server-sorted table, or cards on narrow screens. */
export function RelationTable({ rows, narrow, sort, onSortChange, busy, empty, onOpenNode, ...actions }: RelationTableProps) {
  if (narrow) {
    if (rows.length === 0) return <div className="kg-admin__empty">{empty}</div>;
    return (
      <ul className="kg-admin__cards kg-relations__cards" aria-label={T.title} aria-busy={busy || undefined}>
        {rows.map((r) => (
          <li key={r.id} className="kg-admin-card kg-relation-card">
            <div className="kg-admin-card__head">
              <p className="kg-relation-card__name">{displayName(r)}</p>
              <TypeChip r={r} />
            </div>
            <p className="kg-relation-card__ends">
              <NodeLink id={r.sourceNodeId} name={r.sourceNodeName} onOpenNode={onOpenNode} />
              {/* A symmetric type's one relation reads both ways. */}
              <span className="kg-relation-card__arrow" aria-label={r.symmetric ? T.endsAnd : T.endsTo}>
                {r.symmetric ? '↔' : '→'}
              </span>
              <NodeLink id={r.targetNodeId} name={r.targetNodeName} onOpenNode={onOpenNode} />
            </p>
            <div className="kg-admin-card__chips">
              <span className="kg-relation-card__date">{formatDate(r.createdAt, '')}</span>
              <Actions r={r} {...actions} />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  const columns: Column<Relation>[] = [
    { key: 'relationName', header: T.colName, render: (r) => <span className="kg-relations__name">{displayName(r)}</span>, sortValue: displayName },
    {
      key: 'relationType',
      header: T.colType,
      render: (r) => (
        <>
          <TypeChip r={r} />
          {r.symmetric && (
            <span className="kg-relations__symmetric" title={T.symmetricHint}>
              {' '}↔
            </span>
          )}
        </>
      ),
      sortValue: (r) => r.relationType,
    },
    { key: 'source', header: T.colSource, render: (r) => <NodeLink id={r.sourceNodeId} name={r.sourceNodeName} onOpenNode={onOpenNode} /> },
    { key: 'target', header: T.colTarget, render: (r) => <NodeLink id={r.targetNodeId} name={r.targetNodeName} onOpenNode={onOpenNode} /> },
    { key: 'createdAt', header: T.colCreated, render: (r) => <span className="kg-admin__date">{formatDate(r.createdAt, '')}</span>, sortValue: (r) => r.createdAt, width: '130px' },
    { key: 'actions', header: T.colActions, align: 'right', render: (r) => <Actions r={r} {...actions} />, width: '140px' },
  ];
  return (
    <DataTable
      label={T.title}
      className="kg-relations-table"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      sort={sort}
      onSortChange={onSortChange}
      empty={empty}
      busy={busy}
      maxHeight="min(70vh, 680px)"
    />
  );
}

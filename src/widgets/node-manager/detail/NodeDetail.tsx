import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { apiClient } from '../../../api/client';
import type { KnowledgeNode } from '../../../contract/knowledge/nodes';
import { attachmentsApi, nodesApi } from '../../../api/knowledge/nodes';
import { concerns, deletionOf } from '../../../api/live/live-interest';
import { isNotFound } from '../../../api/not-found';
import type { ChangeMessage } from '../../../contract/live/live-changes';
import { LIVE_TEXTS } from '../../../contract/texts/common';
import { LIMITS } from '../../../contract/limits';
import { confirmDeleteMachine } from '../../../machines/confirm-delete.machine';
import { Button } from '../../../ui/Button';
import { DeletionDialog } from '../../parts/deletion';
import { ArrowLeftIcon } from '../../../ui/icons';
import { ErrorState, NotFoundState } from '../../../ui/feedback/LoadStates';
import { BlockSpinner } from '../../../ui/feedback/Spinner';
import { Toast } from '../../../ui/feedback/Toast';
import { useLiveChanges } from '../../hooks/use-live-changes';
import { useLoad } from '../../hooks/use-load';
import { useOnChange } from '../../hooks/use-on-change';
import { useToast } from '../../hooks/use-toast';
import { NodeAttachments } from './NodeAttachments';
import { NodeDetailHeader, NodeFacts } from './NodeDetailParts';
import { nodeChangedFields, type NodeAbilities } from '../node-format';
import { NodeRelationsList } from './NodeRelationsList';
import { SnomedDriftNotice } from './SnomedDriftNotice';
import { SNOMED_DRIFT_TEXTS } from '../../../contract/texts/snomed';
import { HistoryPart, RecordTabs } from '../../parts/history';
import { NODE_TEXTS as T } from '../../../contract/texts/nodes';
import { useLatest } from '../../../ui/use-latest';
import { Presence } from '../../parts/presence';
import { Discussion } from '../../parts/discussion';
import { PendingProposals, type NavigateTo } from '../../parts/proposals';
import { PROPOSAL_TEXTS } from '../../../contract/texts/knowledge/proposals';
import { ConceptBrowserDialog } from '../../parts/snomed-concept';

export interface NodeDetailProps {
  apiBase: string;
  nodeId: string;
  can: NodeAbilities;
  /** Embedded alone: a 'Back to Knowledge Nodes' button (the host has its own Back button). */
  onBack?: () => void;
  /** The way back from a node that does not exist (always shown there); `listHref` makes it a link. */
  onBackToList: () => void;
  listHref?: string;
  onOpenNode: (nodeId: string) => void;
  onAddRelation: (nodeId: string) => void;
  onViewGraph: (nodeId: string) => void;
  /** Another screen of the app (the pending proposals' link to the queue or My proposals); absent: no link. */
  onNavigate?: NavigateTo;
  onEdit: (nodeId: string) => void;
  /** Deleted: called at once (for kg-node-change) … */
  onDeleted: (nodeId: string) => void;
  /** … and 1.5 s later, after the toast has been seen: back to the list (spec §2). */
  onLeaveAfterDelete: () => void;
  /** Changing it reloads the node. */
  refreshKey?: number;
}

/** Node detail (spec §2): the node's fields, attachments, relations, creator, and its actions. */
export function NodeDetail({ apiBase, nodeId, can, onBack, onBackToList, listHref, onOpenNode, onAddRelation, onViewGraph, onNavigate, onEdit, onDeleted, onLeaveAfterDelete, refreshKey }: NodeDetailProps) {
  const api = useMemo(() => apiClient({ base: apiBase }), [apiBase]);
  const nodes = useMemo(() => nodesApi(api), [api]);
  const files = useMemo(() => attachmentsApi(api), [api]);
  const { toast, show, close } = useToast();
  const data = useLoad(() => Promise.all([nodes.get(nodeId), nodes.relations(nodeId)]));
  useOnChange(refreshKey, data.reload);

  // Live changes: this node, its relations (any relation or node deletion may be one of them) and
  // type renames reload it; its deletion elsewhere says who deleted it (not after our own Delete).
  // The SNOMED concept open in the hierarchy browser (the node's code or a suggested replacement).
  const [browsing, setBrowsing] = useState<string | null>(null);
  const [deletedElsewhere, setDeletedElsewhere] = useState<{ nodeId: string; change: ChangeMessage } | null>(null);
  const deletedHere = useRef(false);
  useLiveChanges(
    api,
    (c) => concerns(c, { types: ['relation', 'node_type'], records: [{ type: 'node', id: nodeId }] }) || (c.entityType === 'node' && c.action === 'delete'),
    (changes) => {
      const gone = deletionOf(changes, 'node', nodeId);
      if (gone && !deletedHere.current) setDeletedElsewhere({ nodeId, change: gone });
      else if (!gone) void data.reload();
    },
  );

  const deletion = useActorRef(confirmDeleteMachine, { input: { remove: nodes.remove, fallback: T.detailDeleteFailed } });
  const deleteError = useSelector(deletion, (s) => s.context.error);
  const latest = useLatest({ show, onDeleted, onLeaveAfterDelete });
  const leaving = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    const sub = deletion.on('delete.done', ({ target }) => {
      deletedHere.current = true;
      latest.current.show(T.deleted);
      latest.current.onDeleted(target.id);
      leaving.current = setTimeout(() => latest.current.onLeaveAfterDelete(), LIMITS.redirectAfterDeleteMs);
    });
    // Review mode kept the delete as a proposal: the node stays, and the pending list shows it.
    const proposed = deletion.on('delete.proposed', () => latest.current.show(PROPOSAL_TEXTS.sent));
    return () => {
      sub.unsubscribe();
      proposed.unsubscribe();
      clearTimeout(leaving.current);
    };
  }, [deletion, latest]);
  useEffect(() => {
    if (deleteError) show(T.detailDeleteFailed, 'error');
  }, [deleteError, show]);

  const back = onBack && (
    <Button variant="text" startIcon={<ArrowLeftIcon />} className="kg-node-detail__back" onClick={onBack}>
      {T.backToList}
    </Button>
  );

  if (deletedElsewhere?.nodeId === nodeId) {
    return <NotFoundState title={T.notFound} text={LIVE_TEXTS.nodeDeleted(deletedElsewhere.change.actor?.username ?? null)} backLabel={T.backToList} onBack={onBackToList} href={listHref} />;
  }
  if (data.status === 'loading') return <BlockSpinner label={T.detailLoading} />;
  if (data.status === 'error' && isNotFound(data.error)) {
    return <NotFoundState title={T.notFound} text={T.notFoundText} backLabel={T.backToList} onBack={onBackToList} href={listHref} />;
  }
  if (data.status === 'error' || !data.data) {
    return (
      <div className="kg-admin__screen kg-node-detail">
        {back}
        <ErrorState text={T.detailFailed} retryLabel={T.retry} onRetry={() => void data.reload()} />
      </div>
    );
  }
  const [node, relations] = data.data;
  return (
    <div className="kg-admin__screen kg-node-detail">
      {back}
      <article className="kg-card kg-node-detail__main" aria-labelledby="kg-node-detail-title">
        <NodeDetailHeader
          node={node}
          can={can}
          hasRelations={relations.length > 0}
          onAddRelation={() => onAddRelation(node.id)}
          onViewGraph={() => onViewGraph(node.id)}
          onEdit={() => onEdit(node.id)}
          onDelete={() => deletion.send({ type: 'delete.open', target: { id: node.id, name: node.name, version: node.version, seen: node } })}
        />
        <Presence api={api} kind="node" id={node.id} mode="viewing" className="kg-node-detail__presence" />
        {node.snomedDrift && (
          <SnomedDriftNotice
            api={api}
            code={node.snomedCode ?? ''}
            drift={node.snomedDrift}
            onBrowse={setBrowsing}
            onReplace={async (r) => {
              try {
                await nodes.replaceSnomedCode(node.id, r.id, node.version);
                show(SNOMED_DRIFT_TEXTS.replaced(r.id));
                await data.reload();
              } catch {
                show(SNOMED_DRIFT_TEXTS.replaceFailed, 'error');
              }
            }}
            canResolve={can.update}
            onPickAnother={() => onEdit(node.id)}
            onAccept={async () => {
              try {
                await nodes.acceptSnomedDrift(node.id);
                show(SNOMED_DRIFT_TEXTS.accepted);
                await data.reload();
              } catch {
                show(SNOMED_DRIFT_TEXTS.acceptFailed, 'error');
              }
            }}
          />
        )}
        <NodeFacts node={node} onBrowseSnomed={setBrowsing} />
        <PendingProposals api={api} nodeId={node.id} permissions={api.session.currentUser?.permissions ?? []} onNavigate={onNavigate} />
      </article>
      <RecordTabs
        label={node.name}
        details={
          <div className="kg-node-detail__columns">
            <NodeAttachments nodeId={node.id} attachments={node.attachments} calls={files} onFailed={() => show(T.downloadFailed, 'error')} />
            <NodeRelationsList nodeId={node.id} relations={relations} onOpenNode={onOpenNode} />
            <Discussion api={api} type="node" id={node.id} />
          </div>
        }
        history={() => <HistoryPart.Part api={api} kind="nodes" recordId={node.id} canRestore={can.update} onRestored={() => void data.reload()} />}
      />

      <DeletionDialog deletion={deletion} title={T.deleteTitle} confirmLabel={T.delete} busyLabel={T.deleting} compare={(now, seen) => nodeChangedFields(now as KnowledgeNode, seen as KnowledgeNode)}>
        <p>{T.deleteQuestion}</p>
      </DeletionDialog>
      <ConceptBrowserDialog api={api} conceptId={browsing} onClose={() => setBrowsing(null)} />
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
    </div>
  );
}

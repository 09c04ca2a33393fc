import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Graph } from '../../contract/knowledge/graph';
import type { KgDomEvents } from '../../contract/dom-events';
import type { GraphLayout } from '../../contract/texts/graph';
import { graphExplorerMachine, type GraphExplorerPorts } from '../../machines/graph-explorer/graph-explorer.machine';
import { apiPorts, dataPorts, proposalsSeen } from './model/ports';
import { useLatest } from '../../ui/use-latest';

export interface ExplorerOptions {
  apiBase: string;
  data: Graph | null | undefined;
  focusNodeId: string | null;
  relationType: string | null;
  layout: GraphLayout | undefined;
  readonly: boolean;
  userId: string | undefined;
  /** The signed-in user's permissions: whether open proposals are drawn (model/ports.ts). */
  permissions: readonly string[];
  onRelationChange?: (detail: KgDomEvents['kg-relation-change']) => void;
  onProposalsDecided?: (detail: KgDomEvents['kg-proposals-decided']) => void;
  onBusyChange?: (busy: boolean) => void;
}

/**
 * Runs the graph explorer machine for a component: ports on the API (or on the `data` the page
 * gave), attribute changes → machine events, a reload when the tab becomes visible again
 * (spec §4), machine notifications → the component's callbacks.
 */
export function useGraphExplorer(o: ExplorerOptions) {
  const latest = useLatest(o);
  const sourceKey = o.data ?? o.apiBase;
  const sourcePorts = useMemo(
    () => (o.data ? dataPorts(o.data) : apiPorts(
          o.apiBase,
          () => latest.current.userId,
          () => proposalsSeen(latest.current.permissions),
        )),
    // One set of ports per source: the data the page gave, else the API base.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sourceKey],
  );
  const portsRef = useLatest(sourcePorts);
  // Stable ports that always use the current source (the machine keeps the object it started with).
  const [ports] = useState<GraphExplorerPorts>(() => ({
    loadGraph: (f) => portsRef.current.loadGraph(f),
    loadTypes: () => portsRef.current.loadTypes(),
    changeRelationType: (id, t, version) => portsRef.current.changeRelationType(id, t, version),
    deleteRelation: (id) => portsRef.current.deleteRelation(id),
    deleteNode: (id) => portsRef.current.deleteNode(id),
    updateNode: (id, v, version) => portsRef.current.updateNode(id, v, version),
    loadProposals: () => portsRef.current.loadProposals?.() ?? Promise.resolve([]),
    decideProposal: async (id, decision, reason) => {
      const decide = portsRef.current.decideProposal;
      if (!decide) throw new Error('read-only');
      const result = await decide(id, decision, reason);
      // The page's own counts (the host's review badge) follow at once, not only on a live message.
      if (decision !== 'withdraw') latest.current.onProposalsDecided?.({ action: decision, proposalIds: [id] });
      return result;
    },
  }));

  const actor = useActorRef(graphExplorerMachine, {
    input: { ports, focusNodeId: o.focusNodeId, relationType: o.relationType, layout: o.layout, readonly: o.readonly || !!o.data },
  });

  // Attribute changes after the start.
  const started = useRef({ focus: o.focusNodeId, relationType: o.relationType, layout: o.layout, source: sourceKey });
  useEffect(() => {
    const s = started.current;
    if (s.focus === o.focusNodeId && s.relationType === o.relationType && s.source === sourceKey) return;
    started.current = { ...s, focus: o.focusNodeId, relationType: o.relationType, source: sourceKey };
    actor.send({ type: 'graph.focus', focusNodeId: o.focusNodeId, relationType: o.relationType });
  }, [actor, o.focusNodeId, o.relationType, sourceKey]);
  useEffect(() => {
    if (o.layout && o.layout !== started.current.layout) {
      started.current.layout = o.layout;
      actor.send({ type: 'layout.set', layout: o.layout });
    }
  }, [actor, o.layout]);

  // Spec §4: reload when the browser tab becomes visible again.
  useEffect(() => {
    if (o.data) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'graph.reload' });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [actor, o.data]);

  useEffect(() => {
    const sub = actor.on('relation.changed', (e) => latest.current.onRelationChange?.({ relationId: e.relationId, change: e.change, relationType: e.relationType }));
    return () => sub.unsubscribe();
  }, [actor, latest]);

  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  useEffect(() => latest.current.onBusyChange?.(busy), [busy, latest]);

  return actor;
}
export type ExplorerActor = ReturnType<typeof useGraphExplorer>;

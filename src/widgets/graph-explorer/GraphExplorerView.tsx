import { useSelector } from '@xstate/react';
import { useMemo, useRef, useState } from 'react';
import type { KgDomEvents } from '../../contract/dom-events';
import { GRAPH_FIGURES, GRAPH_MESSAGES } from '../../contract/texts/graph';
import { LIVE_TEXTS } from '../../contract/texts/common';
import { Alert } from '../../ui/feedback/Alert';
import { Button } from '../../ui/Button';
import { Chip } from '../../ui/Chip';
import { LiveNotice } from '../../ui/feedback/LiveNotice';
import { Spinner } from '../../ui/feedback/Spinner';
import { Toast } from '../../ui/feedback/Toast';
import { FilterBar } from './FilterBar';
import { GraphCanvas, type GraphCanvasHandle } from './canvas/GraphCanvas';
import { GraphPopovers } from './popovers/GraphPopovers';
import { buildView, typesIn } from './model/graph-model';
import { EditNodeDialog } from './popovers/EditNodeDialog';
import { download } from './canvas/export-png';
import { ExpandIcon } from './icons';
import { typeColors } from './canvas/labels';
import { createZoomStore, Toolbar } from './Toolbar';
import type { ExplorerActor } from './use-graph-explorer';
import type { GraphLive } from './use-graph-live';
import { GRAPH_PROPOSAL_TEXTS as P, GRAPH_VIEW_TEXTS as V } from '../../contract/texts/graph';
import { overlayOf, proposedActions, withProposed } from '../../machines/graph-explorer/proposal-items';

export interface GraphExplorerViewProps {
  actor: ExplorerActor;
  /** Live changes: whether the graph changed elsewhere since it was loaded, and how to reload. */
  live?: GraphLive;
  showTitle: boolean;
  hubLimit: number;
  onNodeSelect?: (detail: KgDomEvents['kg-node-select']) => void;
  onNavigate?: (detail: KgDomEvents['kg-navigate']) => void;
  onClose?: () => void;
  /** The signed-in user's permissions: the popovers offer only the actions the role may take. */
  permissions: readonly string[];
  /** The server whose presence the node popover shows (absent: a graph handed in as data). */
  presenceBase?: string;
  /** The signed-in user (a proposal's proposer withdraws it and never approves it). */
  userId?: string;
}

/** The explorer's screen (spec §2 "Graph dialog"): header, toolbar, filters, hint, canvas, popovers, footer. */
export function GraphExplorerView({ actor, live, showTitle, hubLimit, onNodeSelect, onNavigate, onClose, permissions, presenceBase, userId }: GraphExplorerViewProps) {
  const snapshot = useSelector(actor, (s) => s);
  const c = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const loading = snapshot.matches('loading') || snapshot.matches({ ready: { data: 'reloading' } });
  const canvas = useRef<GraphCanvasHandle>(null);
  const [zoom] = useState(createZoomStore);
  const [initError, setInitError] = useState<string | null>(null);

  const loaded = c.graph;
  // Open proposals (review mode) drawn over the graph: new items added, changed ones marked.
  const overlay = useMemo(() => (loaded ? overlayOf(loaded, c.proposals) : null), [loaded, c.proposals]);
  const graph = useMemo(() => (loaded && overlay ? withProposed(loaded, overlay) : loaded), [loaded, overlay]);
  const proposed = useMemo(() => (overlay ? proposedActions(overlay) : new Map()), [overlay]);
  const typeOrder = useMemo(() => {
    const present = graph ? typesIn(graph) : { nodeTypes: [], relationTypes: [] };
    return {
      nodeTypes: [...c.nodeTypes, ...present.nodeTypes.filter((t) => !c.nodeTypes.includes(t))],
      relationTypes: [...new Set([...c.relationTypes, ...present.relationTypes])].sort((a, b) => a.localeCompare(b)),
      presentNodeTypes: present.nodeTypes,
      presentRelationTypes: present.relationTypes,
    };
  }, [graph, c.nodeTypes, c.relationTypes]);
  const colors = useMemo(() => typeColors(c.nodeTypes, typeOrder.presentNodeTypes, c.nodeTypeColors), [c.nodeTypes, typeOrder.presentNodeTypes, c.nodeTypeColors]);
  const view = useMemo(
    () =>
      graph
        ? buildView(graph, { nodeTypes: c.filters.nodeTypes, relationTypes: c.filters.relationTypes, hideIncoming: c.hideIncoming, hideOutgoing: c.hideOutgoing, hubLimit, expanded: c.expanded })
        : null,
    [graph, c.filters, c.hideIncoming, c.hideOutgoing, hubLimit, c.expanded],
  );
  const findOptions = useMemo(() => (view ? view.nodes.map((n) => ({ id: n.id, name: n.name, nodeType: n.nodeType, color: colors.get(n.nodeType) ?? '#607d8b' })) : []), [view, colors]);

  const focusNode = graph?.focus ? graph.nodes.find((n) => n.id === graph.focus) : undefined;
  const selectNode = (id: string) => {
    const n = graph?.nodes.find((x) => x.id === id);
    if (n) onNodeSelect?.({ nodeId: n.id, name: n.name, nodeType: n.nodeType });
  };
  const popover = c.popover;
  const cappedHubs = view ? view.capped.size : 0;
  const focusCapped = view && graph?.focus ? (view.capped.get(graph.focus) ?? 0) : 0;

  const exportPng = async () => {
    const blob = await canvas.current?.exportPng().catch(() => null);
    if (blob) download(blob, `knowledge-graph-${new Date().toISOString().slice(0, 10)}.png`);
  };

  return (
    <div className="kg-graph__layout" data-state={snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready'} aria-busy={loading || busy}>
      <header className="kg-graph__header">
        <div className="kg-graph__titles">
          {showTitle && <h2 className="kg-graph__title">{GRAPH_MESSAGES.title}</h2>}
          <p className="kg-graph__subtitle" data-testid="graph-subtitle">
            {focusNode
              ? GRAPH_MESSAGES.relationsFor(focusNode.name)
              : view
                ? `${GRAPH_MESSAGES.summary(view.nodes.length, view.relations.length, view.relations.length + view.heldBack, view.heldBack, hubLimit)}${graph?.truncated ? ` ${GRAPH_MESSAGES.truncated(graph.nodes.length, graph.totalNodes)}` : ''}`
                : ' '}
          </p>
        </div>
        <div className="kg-graph__chips">
          {focusNode && <Chip color="primary">{GRAPH_MESSAGES.focusingOn(focusNode.name)}</Chip>}
          {c.presetRelationType && <Chip color="secondary">{GRAPH_MESSAGES.relationChip(c.presetRelationType)}</Chip>}
        </div>
      </header>

      <Toolbar
        zoom={zoom}
        layout={c.layout}
        loading={loading}
        findOptions={findOptions}
        onZoomIn={() => canvas.current?.zoomBy(GRAPH_FIGURES.buttonZoom.in)}
        onZoomOut={() => canvas.current?.zoomBy(GRAPH_FIGURES.buttonZoom.out)}
        onReset={() => canvas.current?.fit()}
        onRefresh={() => actor.send({ type: 'graph.reload' })}
        onLayout={(layout) => actor.send({ type: 'layout.set', layout })}
        onFind={(id) => {
          canvas.current?.centerOn(id);
          selectNode(id);
        }}
        onExport={exportPng}
      />
      <FilterBar
        nodeTypes={typeOrder.nodeTypes}
        relationTypes={typeOrder.relationTypes}
        colors={colors}
        selectedNodeTypes={c.filters.nodeTypes}
        selectedRelationTypes={c.filters.relationTypes}
        onNodeType={(name) => actor.send({ type: 'filter.nodeType', name })}
        onRelationType={(name) => actor.send({ type: 'filter.relationType', name })}
        onClear={() => actor.send({ type: 'filter.clear' })}
      />
      <div className="kg-graph__hints">
        <p className="kg-graph__hint">{GRAPH_MESSAGES.hint}</p>
        {proposed.size > 0 && (
          <p className="kg-graph__legend" title={P.legendHint} data-testid="graph-proposed-legend">
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
              <circle cx="8" cy="8" r="6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeDasharray="3 2.2" />
            </svg>
            <span>{P.legend}</span>
          </p>
        )}
      </div>

      {live?.stale && <LiveNotice className="kg-graph__live" text={LIVE_TEXTS.graphChanged} reloadLabel={LIVE_TEXTS.reload} onReload={live.reload} />}
      {(c.error || initError) && <Alert severity="error">{initError ?? c.error}</Alert>}

      <div className="kg-graph__stage">
        {view && (
          <GraphCanvas
            handleRef={canvas}
            view={view}
            proposed={proposed}
            layout={c.layout}
            colors={colors}
            typeOrder={typeOrder.nodeTypes}
            loadCount={c.loadCount}
            selectedNode={popover?.kind === 'node' ? popover.id : null}
            selectedLink={popover?.kind === 'edge' ? popover.id : null}
            paused={!!c.editing}
            onNodeClick={(nodeId, anchor) => {
              selectNode(nodeId);
              actor.send({ type: 'node.open', nodeId, anchor });
            }}
            onNodeDoubleClick={(nodeId) => actor.send({ type: 'node.edit', nodeId })}
            onLinkClick={(relationId, anchor) => actor.send({ type: 'edge.open', relationId, anchor })}
            onBackgroundClick={() => actor.send({ type: 'popover.close' })}
            onZoom={zoom.set}
            onInitError={setInitError}
          />
        )}
        {loading && (
          <div className="kg-graph__overlay" role="status">
            <Spinner size={36} label="" />
            <span>{GRAPH_MESSAGES.loading}</span>
          </div>
        )}
        {view && !loading && view.nodes.length === 0 && <div className="kg-graph__overlay kg-graph__overlay--quiet">{V.noNodesMatch}</div>}
      </div>

      <GraphPopovers actor={actor} view={view} colors={colors} relationTypes={typeOrder.relationTypes} onNavigate={onNavigate} permissions={permissions} presenceBase={presenceBase} userId={userId} />

      <footer className="kg-graph__footer">
        {graph?.focus ? (
          <div className="kg-graph__footer-actions" role="group" aria-label={V.focusedView}>
            <Button variant={c.hideIncoming ? 'secondary' : 'outlined'} aria-pressed={c.hideIncoming} disabled={busy} onClick={() => actor.send({ type: 'direction.toggle', which: 'incoming' })}>
              {GRAPH_MESSAGES.removeIncoming}
            </Button>
            <Button variant={c.hideOutgoing ? 'secondary' : 'outlined'} aria-pressed={c.hideOutgoing} disabled={busy} onClick={() => actor.send({ type: 'direction.toggle', which: 'outgoing' })}>
              {GRAPH_MESSAGES.removeOutgoing}
            </Button>
            {focusCapped > 0 && (
              <Button variant="text" startIcon={<ExpandIcon size={16} />} disabled={busy} onClick={() => actor.send({ type: 'hub.expand', nodeId: graph.focus! })}>
                {V.showMore(focusCapped)}
              </Button>
            )}
          </div>
        ) : (
          <span className="kg-graph__footer-note">{cappedHubs > 0 ? V.cappedHubs(cappedHubs, hubLimit) : ''}</span>
        )}
        {onClose && (
          <Button variant="text" disabled={busy} onClick={onClose}>
            {V.close}
          </Button>
        )}
      </footer>

      {c.editing && (
        <EditNodeDialog
          key={c.editing.id}
          node={c.editing}
          nodeTypes={typeOrder.nodeTypes}
          saving={snapshot.matches({ ready: { ui: { editing: 'saving' } } })}
          error={c.formError}
          readOnly={!permissions.includes('nodes.update')}
          onSave={(values) => actor.send({ type: 'node.edit.save', values })}
          onCancel={() => actor.send({ type: 'node.edit.cancel' })}
          conflict={c.editConflict}
          onAdopt={(theirs) => actor.send({ type: 'conflict.adopt', theirs })}
          onDismissConflict={() => actor.send({ type: 'conflict.dismiss' })}
        />
      )}
      <Toast toast={c.toast} onClose={() => actor.send({ type: 'toast.close' })} duration={GRAPH_FIGURES.toastMs} />
    </div>
  );
}

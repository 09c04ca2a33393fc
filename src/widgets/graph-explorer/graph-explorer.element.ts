import { lazy } from 'react';
import type { ElementSpec } from '../element/define-element';
import { shadowCss } from '../styles/widget-css';
import type { GraphExplorerProps } from './GraphExplorer';
import { styles } from './graph-explorer.styles';

type ElementProps = Omit<GraphExplorerProps, 'user' | 'showTitle' | 'onBusyChange' | 'onClose'>;

/**
 * <kg-graph-explorer api-base="…" focus-node-id="…" relation-type="…" layout="force" readonly="true" hub-limit="25">
 * The interactive knowledge graph (global, or focused on a node). Events (bubbles + composed):
 * kg-node-select { nodeId, name, nodeType }, kg-navigate { path, state? } (Add Relation, Edit Node),
 * kg-relation-change { relationId, change: 'updated' | 'deleted', relationType? }.
 * The `data` JS property (not an attribute) shows a given { focus, nodes, relations } read-only.
 * The component's code loads when the first element connects; force-graph loads after it.
 */
export const graphExplorerElement: ElementSpec<ElementProps> = {
  tag: 'kg-graph-explorer',
  component: lazy(() => import('./GraphExplorer').then((m) => ({ default: m.GraphExplorer }))),
  css: shadowCss(styles),
  attributes: {
    apiBase: 'string',
    focusNodeId: 'string',
    relationType: 'string',
    layout: 'string',
    readonly: 'boolean',
    hubLimit: 'number',
    // No type: r2wc passes a property as it is (no attribute, no JSON round trip of a large graph).
    data: undefined,
  },
  events: { onNodeSelect: 'kg-node-select', onNavigate: 'kg-navigate', onRelationChange: 'kg-relation-change', onProposalsDecided: 'kg-proposals-decided' },
};

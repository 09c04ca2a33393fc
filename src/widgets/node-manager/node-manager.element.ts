import { createElement, lazy } from 'react';
import type { ElementSpec } from '../element/define-element';
import type { NodeManagerProps } from './NodeManager';

type Props = Omit<NodeManagerProps, 'user' | 'css'>;

/**
 * <kg-node-manager api-base="https://kg.example.org" [view="list|detail|create|edit"] [node-id="…"] [readonly]>:
 * the Knowledge Nodes list, node detail and the node form (docs/elements/kg-node-manager.md).
 * Without `view` it switches screens itself; with `view` the page drives it from kg-navigate.
 * Events: kg-navigate { path, state? }, kg-graph-open { focusNodeId }, kg-node-change { nodeId, change }.
 * Signed out it shows a compact sign-in. The component and its styles load when the first element connects.
 */
export const nodeManagerElement: ElementSpec<Props> = {
  tag: 'kg-node-manager',
  component: lazy(() =>
    import('./node-manager.loaded').then((m) => ({
      default: (props: Props) => createElement(m.Component, { ...props, css: m.css }),
    })),
  ),
  css: ':host{display:block}',
  attributes: { apiBase: 'string', view: 'string', nodeId: 'string', readonly: 'boolean' },
  events: { onNavigate: 'kg-navigate', onGraphOpen: 'kg-graph-open', onNodeChange: 'kg-node-change' },
};

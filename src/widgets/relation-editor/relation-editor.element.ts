import { createElement, lazy } from 'react';
import type { ElementSpec } from '../element/define-element';
import type { RelationEditorProps } from './RelationEditor';

type Props = Omit<RelationEditorProps, 'user' | 'css' | 'sourceNodeId' | 'returnTo' | 'onCancel'> & {
  /** The node-id attribute: the preset source node of the create view. */
  nodeId?: string;
};

/**
 * <kg-relation-editor api-base="https://kg.example.org">: the relations list and the relation
 * form (spec §2). Without `view` it keeps its own view (list ⇄ form); with `view` the page
 * drives it and follows its kg-navigate events. The component and its styles load when the
 * first element connects.
 */
export const relationEditorElement: ElementSpec<Props> = {
  tag: 'kg-relation-editor',
  component: lazy(() =>
    import('./relation-editor.loaded').then((m) => ({
      default: ({ nodeId, view, ...props }: Props) =>
        createElement(m.Component, { ...props, view: view || undefined, sourceNodeId: nodeId || undefined, css: m.css }),
    })),
  ),
  css: ':host{display:block}',
  attributes: { apiBase: 'string', view: 'string', relationId: 'string', nodeId: 'string', readonly: 'boolean', ruleViolations: 'boolean' },
  events: { onNavigate: 'kg-navigate', onGraphOpen: 'kg-graph-open', onRelationChange: 'kg-relation-change' },
};

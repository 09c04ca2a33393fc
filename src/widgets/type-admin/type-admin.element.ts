import { createElement, lazy } from 'react';
import type { ElementSpec } from '../element/define-element';
import type { TypeAdminProps } from './TypeAdmin';
import { parseKind } from './type-list';

type Props = Omit<TypeAdminProps, 'user' | 'css' | 'kind'> & { kind?: string };

/**
 * <kg-type-admin api-base="https://kg.example.org" kind="relation">: Node Type Management
 * (kind="node", the default) or Relation Type Management (spec §2). Signed out it shows a compact
 * sign-in; admins manage the types, other readers see the list read-only. The component and its
 * styles load when the first element connects.
 */
export const typeAdminElement: ElementSpec<Props> = {
  tag: 'kg-type-admin',
  component: lazy(() =>
    import('./type-admin.loaded').then((m) => ({
      default: ({ kind, ...props }: Props) => createElement(m.Component, { ...props, kind: parseKind(kind), css: m.css }),
    })),
  ),
  css: ':host{display:block}',
  attributes: { apiBase: 'string', kind: 'string' },
};

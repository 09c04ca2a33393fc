import { createElement, lazy } from 'react';
import type { ElementSpec } from '../define-element';
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
    Promise.all([import('./TypeAdmin'), import('./type-admin.styles')]).then(([m, styles]) => ({
      default: ({ kind, ...props }: Props) => createElement(m.TypeAdmin, { ...props, kind: parseKind(kind), css: styles.default }),
    })),
  ),
  css: ':host{display:block}',
  attributes: { apiBase: 'string', kind: 'string' },
};

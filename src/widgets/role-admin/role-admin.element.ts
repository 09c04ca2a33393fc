import { createElement, lazy } from 'react';
import type { ElementSpec } from '../element/define-element';
import type { RoleAdminProps } from './RoleAdmin';

type Props = Omit<RoleAdminProps, 'user' | 'css'>;

/**
 * <kg-role-admin api-base="https://kg.example.org">: Role Management for administrators
 * (spec §2). Signed out it shows a compact sign-in; without roles.manage, the spec's refusal.
 * The component and its styles load when the first element connects.
 */
export const roleAdminElement: ElementSpec<Props> = {
  tag: 'kg-role-admin',
  component: lazy(() =>
    import('./role-admin.loaded').then((m) => ({
      default: (props: Props) => createElement(m.Component, { ...props, css: m.css }),
    })),
  ),
  css: ':host{display:block}',
  attributes: { apiBase: 'string' },
};

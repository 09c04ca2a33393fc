import { createElement, lazy } from 'react';
import type { ElementSpec } from '../element/define-element';
import type { UserAdminProps } from './UserAdmin';

type Props = Omit<UserAdminProps, 'user' | 'css'>;

/**
 * <kg-user-admin api-base="https://kg.example.org">: User Management for administrators
 * (spec §2). Signed out it shows a compact sign-in; without users.read, the spec's refusal.
 * The component and its styles load when the first element connects.
 */
export const userAdminElement: ElementSpec<Props> = {
  tag: 'kg-user-admin',
  component: lazy(() =>
    import('./user-admin.loaded').then((m) => ({
      default: (props: Props) => createElement(m.Component, { ...props, css: m.css }),
    })),
  ),
  css: ':host{display:block}',
  attributes: { apiBase: 'string' },
};

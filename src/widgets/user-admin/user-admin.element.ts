import { createElement, lazy } from 'react';
import type { ElementSpec } from '../define-element';
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
    Promise.all([import('./UserAdmin'), import('./user-admin.styles')]).then(([m, styles]) => ({
      default: (props: Props) => createElement(m.UserAdmin, { ...props, css: styles.default }),
    })),
  ),
  css: ':host{display:block}',
  attributes: { apiBase: 'string' },
};

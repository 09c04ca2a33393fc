import { createElement, lazy } from 'react';
import type { ElementSpec } from '../element/define-element';
import type { AuditLogProps } from './AuditLog';

type Props = Omit<AuditLogProps, 'user' | 'css'>;

/**
 * <kg-audit-log api-base="https://kg.example.org">: the audit log for users with system.logs
 *. Signed out it shows a compact sign-in; without the permission, a refusal. The
 * component and its styles load when the first element connects.
 */
export const auditLogElement: ElementSpec<Props> = {
  tag: 'kg-audit-log',
  component: lazy(() =>
    import('./audit-log.loaded').then((m) => ({
      default: (props: Props) => createElement(m.Component, { ...props, css: m.css }),
    })),
  ),
  css: ':host{display:block}',
  attributes: { apiBase: 'string' },
};

import { createElement, lazy } from 'react';
import type { ElementSpec } from '../element/define-element';
import type { TerminologyAdminProps } from './TerminologyAdmin';

type Props = Omit<TerminologyAdminProps, 'user' | 'css'>;

/**
 * <kg-terminology api-base="https://kg.example.org">: the FHIR terminology resources for users with
 * system.config (docs/elements/kg-terminology.md): list, upload, concepts, "Add to the graph". Signed
 * out it shows a compact sign-in; without the permission, a refusal. "View the nodes" dispatches
 * kg-navigate { path }. The component and its styles load when the first element connects.
 */
export const terminologyElement: ElementSpec<Props> = {
  tag: 'kg-terminology',
  component: lazy(() =>
    import('./terminology-admin.loaded').then((m) => ({
      default: (props: Props) => createElement(m.Component, { ...props, css: m.css }),
    })),
  ),
  css: ':host{display:block}',
  attributes: { apiBase: 'string' },
  events: { onNavigate: 'kg-navigate' },
};

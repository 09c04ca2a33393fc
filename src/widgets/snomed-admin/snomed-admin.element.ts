import { createElement, lazy } from 'react';
import type { ElementSpec } from '../element/define-element';
import type { SnomedAdminProps } from './SnomedAdmin';

type Props = Omit<SnomedAdminProps, 'user' | 'css'>;

/**
 * <kg-snomed-admin api-base="https://kg.example.org">: SNOMED CT Management (spec §2). Signed
 * out it shows a compact sign-in. The component and its styles load when the first element connects.
 */
export const snomedAdminElement: ElementSpec<Props> = {
  tag: 'kg-snomed-admin',
  component: lazy(() =>
    import('./snomed-admin.loaded').then((m) => ({
      default: (props: Props) => createElement(m.Component, { ...props, css: m.css }),
    })),
  ),
  css: ':host{display:block}',
  attributes: { apiBase: 'string' },
};

import { createElement, lazy } from 'react';
import type { ElementSpec } from '../define-element';
import type { SnomedAdminProps } from './SnomedAdmin';

type Props = Omit<SnomedAdminProps, 'user' | 'css'>;

/**
 * <kg-snomed-admin api-base="https://kg.example.org">: SNOMED CT Management (spec §2). Signed
 * out it shows a compact sign-in. The component and its styles load when the first element connects.
 */
export const snomedAdminElement: ElementSpec<Props> = {
  tag: 'kg-snomed-admin',
  component: lazy(() =>
    Promise.all([import('./SnomedAdmin'), import('./snomed-admin.styles')]).then(([m, styles]) => ({
      default: (props: Props) => createElement(m.SnomedAdmin, { ...props, css: styles.default }),
    })),
  ),
  css: ':host{display:block}',
  attributes: { apiBase: 'string' },
};

import { createElement, lazy } from 'react';
import type { ElementSpec } from '../element/define-element';
import type { ReviewQueueProps } from './ReviewQueue';

type Props = Omit<ReviewQueueProps, 'user' | 'css'>;

/**
 * <kg-review-queue api-base="https://kg.example.org">: review mode's queue for users with
 * changes.review (docs/elements/kg-review-queue.md): filters, each proposal's changes before and
 * after, approve or reject one or many, the three-way comparison of an outdated proposal, and a
 * discussion on each. Signed out it shows a compact sign-in; without the permission, a refusal. The
 * component and its styles load when the first element connects.
 */
export const reviewQueueElement: ElementSpec<Props> = {
  tag: 'kg-review-queue',
  component: lazy(() =>
    import('./review-queue.loaded').then((m) => ({
      default: (props: Props) => createElement(m.Component, { ...props, css: m.css }),
    })),
  ),
  css: ':host{display:block}',
  attributes: { apiBase: 'string' },
  events: { onDecided: 'kg-proposals-decided' },
};

import { lazy } from 'react';
import type { ElementSpec } from '../element/define-element';
import type { SignInProps } from './SignIn';
import theme from '../../ui/theme.css?inline';
import hostReset from '../styles/host-reset.css?inline';
import css from './sign-in.css?inline';

/**
 * <kg-sign-in api-base="https://kg.example.org">: compact sign-in / session badge.
 * Dispatches `kg-session-change` ({ user: { id, username, role } | null }) once the session is
 * known and whenever it changes. The component's code loads when the first element connects.
 */
export const signInElement: ElementSpec<SignInProps> = {
  tag: 'kg-sign-in',
  component: lazy(() => import('./SignIn').then((m) => ({ default: m.SignIn }))),
  // The tokens are declared on :host, so a page's own --kg-* variables on an ancestor do not collide.
  css: theme + hostReset + css,
  attributes: { apiBase: 'string' },
  events: { onSessionChange: 'kg-session-change' },
};

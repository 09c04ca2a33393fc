import { defineTexts, icu } from './define';

/**
 * The spec's user-facing texts (§2, §5, §8) in one place so that the client and the server
 * say the same words. Server-only messages (for rules the spec left to the client) live here too.
 */
export const MESSAGES = defineTexts('messages', {
  auth: {
    loginFailed: 'Login failed',
    registrationFailed: 'Registration failed',
    passwordsDoNotMatch: 'Passwords do not match',
    passwordTooShort: 'Password must be at least 6 characters',
    invalidCredentials: 'Invalid username/email or password',
    accountInactive: 'This account has been deactivated. Please contact an administrator.',
    sessionExpired: 'Your session has expired. Please sign in again.',
    notAuthenticated: 'Authentication required. Please sign in.',
    forbidden: 'You do not have permission to perform this action.',
    usernameTaken: 'This username is already taken',
    emailTaken: 'An account with this email already exists',
    /** Registration says one thing for either, so it does not tell which accounts exist. */
    accountTaken: 'This username or email is already in use',
    tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
    noToken: 'No authentication token found. Please log in again.',
    passwordVerificationFailed: 'Password verification failed',
    incorrectPassword: 'The password is incorrect',
  },
  profile: {
    usernameRequired: 'Username is required',
    usernameTaken: 'This username is already taken',
    usernameCheckFailed: 'Unable to check username availability',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    mobileInvalid: 'Please enter a valid mobile number',
    passwordTooShort: 'Password must be at least 6 characters long',
    passwordsDoNotMatch: 'Passwords do not match',
    currentPasswordRequired: 'Password is required',
    updateFailed: 'Failed to update profile',
    updated: 'Profile updated successfully!',
    verifyPrompt: 'Please enter your current password to continue updating your profile.',
  },
  access: {
    usersDenied: 'You do not have permission to access this page.',
    rolesDenied: 'Access Denied. Only administrators can access role management.',
  },
  generic: {
    internal: 'Something went wrong on the server. Please try again.',
    notFound: 'Not found',
    invalidInput: 'Invalid input',
    network: 'Cannot reach the server. Check your connection and try again.',
    /** A request body or query nested past the server's bound (server input-bounds.ts). */
    tooDeep: 'The request is nested too deeply or holds too many values.',
  },
  dashboard: {
    loadFailed: 'Failed to load data',
  },
  /** Leaving a form with unsaved changes: the app's confirm; browsers word the tab-close prompt themselves. */
  unsaved: {
    title: 'Leave without saving?',
    text: 'You have unsaved changes. If you leave this page, they will be lost.',
    stay: 'Stay',
    leave: 'Leave',
  },
});

/**
 * Success messages after a save: deletes already say so, saves did not. Zod-free,
 * shared by the host pages and the widgets. Graph edits use the same words (texts/graph.ts).
 */
export const SAVE_MESSAGES = defineTexts('saved', {
  nodeCreated: 'Node created successfully',
  nodeUpdated: 'Node updated successfully',
  relationCreated: 'Relation created successfully',
  relationUpdated: 'Relation updated successfully',
});

export const nodeSavedMessage = (mode: 'create' | 'edit') => (mode === 'create' ? SAVE_MESSAGES.nodeCreated : SAVE_MESSAGES.nodeUpdated);

export const relationSavedMessage = (mode: 'create' | 'edit') => (mode === 'create' ? SAVE_MESSAGES.relationCreated : SAVE_MESSAGES.relationUpdated);

export const CAPPED_TOTAL_TEXTS = defineTexts('cappedTotal', {
  moreThan: icu(['total'], (total: number) => `more than ${total.toLocaleString('en')}`, 'more than {total, number}'),
});

export const moreThanText = (total: number) => CAPPED_TOTAL_TEXTS.moreThan(total);

/** The pager's total text: "more than 1,000" when capped, else nothing (the pager shows the number). */
export const cappedTotalText = (total: number, capped: boolean | undefined) => (capped ? moreThanText(total) : undefined);

/** Texts of the live-change notices (English catalogue). */
export const LIVE_TEXTS = defineTexts('liveChanges', {
  nodeDeleted: icu(['actor'], (actor: string | null) => (actor ? `This node was deleted by ${actor}.` : 'This node was deleted.'), '{actor, select, none {This node was deleted.} other {This node was deleted by {actor}.}}'),
  relationDeleted: icu(['actor'], (actor: string | null) => (actor ? `This relation was deleted by ${actor}.` : 'This relation was deleted.'), '{actor, select, none {This relation was deleted.} other {This relation was deleted by {actor}.}}'),
  graphChanged: 'The graph has changed since it was loaded.',
  changed: 'Changed elsewhere.',
  reload: 'Reload',
});

/** The presentational primitives' own words (pagination, close buttons, spinners). */
export const UI_TEXTS = defineTexts('ui', {
  close: 'Close',
  cancel: 'Cancel',
  loading: 'Loading',
  retry: 'Retry',
  rowsPerPage: 'Rows per page:',
  range: icu(['from', 'to', 'total'], (from: string, to: string, total: string) => `${from}–${to} of ${total}`),
  previousPage: 'Previous page',
  nextPage: 'Next page',
  /** The delete confirmation's busy button and its typed-word field ("Type DELETE to confirm"). */
  deleting: 'Deleting...',
  typeToConfirm: icu(['word'], (word: string) => `Type ${word} to confirm`),
  /** A searchable picker's defaults (a screen passes its own) and its clear button. */
  combobox: { loading: 'Loading...', noResults: 'No options', idle: 'Type to search' },
  clearField: icu(['label'], (label: string) => `Clear ${label}`),
  /** An empty list that filters emptied: resets every filter of that list. */
  clearFilters: 'Clear filters',
});
